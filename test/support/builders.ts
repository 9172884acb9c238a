/** Object mothers for test data. */
import type { NewPet } from '../../src/domain/pet.js';
import type { PetDraft } from '../../src/domain/pet.js';

let counter = 0;

export function aNewPet(overrides: Partial<NewPet> = {}): NewPet {
  counter += 1;
  return { name: `Pet ${counter}`, categoryId: 1 + (counter % 5), ...overrides };
}

export function aPetDraft(overrides: Partial<PetDraft> = {}): PetDraft {
  return { status: 'available', ...aNewPet(), ...overrides };
}
