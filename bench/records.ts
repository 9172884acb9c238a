// Test data for the benches: what shelters write of an animal.
import type { PetRecord } from '../src/domain/adoption/pet-record.js';
import { SPECIES } from '../src/domain/adoption/species.js';
import { ZipCodeGazetteer } from '../src/adapters/shared/places/zip-code-gazetteer.js';
import type { Place } from '../src/domain/shared/place.js';

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

const gazetteer = new ZipCodeGazetteer();

/** How many shelters the search benches' animals belong to (bench/search.ts, SIDE_SCENARIO=searchNear). */
export const SEARCH_SHELTERS = 2_000;

/** A deterministic stream of numbers in [0, 1) from `seed`. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => (state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0) / 2 ** 32;
}

/** Every ZIP code that has a position, in order. */
export function locatedCodes(): string[] {
  const located: string[] = [];
  for (let n = 0; n < 100_000; n++) {
    const code = String(n).padStart(5, '0');
    if (gazetteer.position('US', code) !== null) located.push(code);
  }
  return located;
}

/** The postal codes of `count` shelters, spread over the country: every n-th ZIP code that has a position. */
export function shelterCodes(count: number): string[] {
  const located = locatedCodes();
  const step = located.length / count;
  return Array.from({ length: count }, (_, i) => located[Math.floor(i * step)] as string);
}

/**
 * An animal of a search world: of one of `codes.length` shelters (its owner and postal code), a mix
 * of species, ages and what it is good with, most of them available.
 */
export function searchRecord(
  i: number,
  codes: readonly string[],
): { readonly owner: string; readonly home: Place | null; readonly record: PetRecord } {
  const shelter = i % codes.length;
  const species = SPECIES[[0, 0, 0, 1, 1, 1, 2, 3][i % 8] as number] as (typeof SPECIES)[number];
  return {
    owner: `org_${shelter}`,
    home: shelterPlace(codes, shelter),
    record: {
      ...fullRecord(i),
      species: species.id,
      breeds: { primary: species.breeds[i % species.breeds.length] as string, secondary: null, mixed: i % 2 === 0 },
      ageGroup: (['baby', 'young', 'adult', 'senior'] as const)[(i >> 3) % 4] as 'young',
      coat: species.coats[0] ?? null,
      colors: { primary: species.colors[i % species.colors.length] as string, secondary: null },
      goodWith: { children: [true, false, null][(i >> 2) % 3] as boolean | null, dogs: null, cats: null },
      // Four in five at their shelter; the fifth in a foster home, at the next shelter's postal code.
      location: (i >> 5) % 5 === 0 ? shelterPlace(codes, (shelter + 1) % codes.length) : null,
    },
  };
}

/** The place of shelter `n` of a search world (`org_<n>`): its postal code's. */
export function shelterPlace(codes: readonly string[], n: number): Place | null {
  return gazetteer.find('US', codes[n] as string);
}
