// Test data for the benches: what shelters write of an animal.
import type { PetRecord } from '../src/domain/adoption/pet-record.js';
import { SPECIES } from '../src/domain/adoption/species.js';

/** A full record, as a shelter describes an animal (its own description of 600 characters). */
export function fullRecord(i: number): PetRecord {
  const dog = SPECIES[0] as (typeof SPECIES)[number];
  return {
    species: 'dog',
    breeds: { primary: dog.breeds[i % dog.breeds.length] as string, secondary: null, mixed: i % 2 === 0 },
    sex: i % 2 === 0 ? 'female' : 'male',
    ageGroup: 'young',
    birthDate: { date: '2025-03-14', exact: false },
    size: 'large',
    coat: 'Short',
    colors: { primary: dog.colors[i % dog.colors.length] as string, secondary: null },
    goodWith: { children: true, dogs: i % 3 === 0, cats: null },
    attributes: {
      spayedNeutered: true,
      houseTrained: true,
      specialNeeds: false,
      specialNeedsDetails: null,
      shotsCurrent: true,
      microchipped: true,
    },
    description: `${i}: ${'Loves long walks, naps in the sun and greets every visitor at the door; knows sit, down and paw. '.repeat(6)}`,
    adoptionFee: { amount: 15_000, currency: 'USD' },
    tags: ['playful', 'house-trained', `litter-${i % 50}`],
    location: i % 4 === 0 ? { postalCode: '10001', city: 'New York', region: 'NY', country: 'US' } : null,
  };
}
