/** Adds a pet: applies the domain rules and defaults, then stores it under a new id. */
import { draftPet, type NewPet, type Pet } from '../../domain/pet.js';
import type { PetRepository } from '../ports/pet-repository.js';

export class CreatePet {
  constructor(private readonly pets: PetRepository) {}

  async execute(input: NewPet): Promise<Pet> {
    return this.pets.add(draftPet(input));
  }
}
