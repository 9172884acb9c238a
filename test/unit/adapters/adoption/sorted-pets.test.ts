import { describe, expect, it } from 'vitest';
import { SortedPets } from '../../../../src/adapters/adoption/memory/sorted-pets.js';
import { petOf, type Pet } from '../../../../src/domain/adoption/pet.js';
import { compareInOrder, positionOf, STORED_ORDERS, type OrderPosition } from '../../../../src/domain/adoption/pet-search.js';
import { aPetDraft } from '../../../support/builders.js';

/** 3,000 animals, some published at one instant (ties), some never. */
function animals(): Pet[] {
  return Array.from({ length: 3_000 }, (_, i) => {
    const at = new Date(Date.UTC(2026, 0, 1) + ((i * 7_919) % 1_000) * 1_000).toISOString();
    return petOf(i + 1, { ...aPetDraft(), publishedAt: i % 10 === 0 ? null : at, updatedAt: at });
  });
}

describe('animals kept sorted in chunks', () => {
  it.each(STORED_ORDERS.filter((order) => order !== 'id'))(
    'walks %s in order from any position, after adds and removes, as a sorted array would',
    (order) => {
      const list = new SortedPets(order);
      const all = animals();
      for (const pet of all) list.add(pet);
      // Remove every third: chunks shrink, some empty.
      const kept = all.filter((pet) => pet.id % 3 !== 0);
      for (const pet of all) if (pet.id % 3 === 0) list.remove(pet);
      const expected = [...kept].sort((a, b) => compareInOrder(order, positionOf(a, order), positionOf(b, order)));
      const walked = (from?: OrderPosition) => {
        const seen: number[] = [];
        list.walk(from, (pet) => seen.push(pet.id) > 0);
        return seen;
      };
      expect(walked()).toEqual(expected.map((pet) => pet.id));
      // The walk stops when the visitor says so.
      const firstTen: number[] = [];
      list.walk(undefined, (pet) => firstTen.push(pet.id) < 10);
      expect(firstTen).toEqual(expected.slice(0, 10).map((pet) => pet.id));
      for (const index of [0, 1, 511, 512, 1_024, 1_500, expected.length - 1]) {
        const from = positionOf(expected[index] as Pet, order);
        expect(walked(from)).toEqual(expected.slice(index + 1).map((pet) => pet.id));
      }
    },
  );
});
