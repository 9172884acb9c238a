/**
 * The search on every PetRepository: each filter of PET_FILTERS alone and in combinations, in every
 * stored order, paged from every position, counted, and near a place, gives exactly the animals the
 * domain's matcher and order give, on seeded animals whose records vary in every searched field.
 * Run on memory and on MongoDB, it holds the memory matcher and the MongoDB query to one meaning.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { PetRepository } from '../../../src/application/adoption/ports/pet-repository.js';
import type { Pet } from '../../../src/domain/adoption/pet.js';
import {
  compareInOrder,
  matcherOf,
  PET_FILTERS,
  positionOf,
  STORED_ORDERS,
  type FilterRow,
  type PetFilter,
  type StoredOrder,
} from '../../../src/domain/adoption/pet-search.js';
import { PET_STATUSES } from '../../../src/domain/adoption/pet-status.js';
import { AGE_GROUPS, SEXES, SIZES } from '../../../src/domain/adoption/pet-record.js';
import { aPetDraft } from '../../support/builders.js';
import type { PetRepositoryHarness } from './pet-repository.contract.js';

/** A small deterministic generator, so that both stores see the same animals. */
function generator(seed: number): { pick<T>(values: readonly T[]): T; chance(p: number): boolean } {
  let state = seed >>> 0;
  const next = () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 0x1_0000_0000;
  };
  return { pick: (values) => values[Math.floor(next() * values.length)] as (typeof values)[number], chance: (p) => next() < p };
}

const SPECIES = ['cat', 'dog', 'rabbit'];
const BREEDS = ['Tabby', 'Siamese', 'Beagle', 'Poodle', 'Lop'];
const COATS = ['Short', 'Long', 'Curly'];
const COLORS = ['Black', 'White', 'Orange', 'Gray'];
const OWNERS = ['owner_a', 'owner_b', 'owner_c'];
const NAMES = ['Zoë', 'Zorro', 'Max', 'Maxine', 'Bella', 'Bo'];
const CODES = ['94110', '94103', '10001', '60601'];
const SOURCES = ['shelterluv', 'petpoint'];
/** Each seeded reference's id, new each time (a reference is unique per owner). */
let referenced = 0;
const INSTANTS = ['2026-01-01T00:00:00.000Z', '2026-03-01T00:00:00.000Z', '2026-06-01T00:00:00.000Z', '2026-09-01T00:00:00.000Z'];
const maybe = <T>(random: ReturnType<typeof generator>, value: T): T | null => (random.chance(0.25) ? null : value);
const flag = (random: ReturnType<typeof generator>) => random.pick([true, false, null]);

function seededDraft(random: ReturnType<typeof generator>) {
  const code = random.pick(CODES);
  return aPetDraft({
    status: random.pick(PET_STATUSES),
    name: random.pick(NAMES),
    species: maybe(random, random.pick(SPECIES)),
    breeds: maybe(random, { primary: random.pick(BREEDS), secondary: random.chance(0.5) ? random.pick(BREEDS) : null, mixed: false }),
    sex: maybe(random, random.pick(SEXES)),
    ageGroup: maybe(random, random.pick(AGE_GROUPS)),
    size: maybe(random, random.pick(SIZES)),
    coat: maybe(random, random.pick(COATS)),
    colors: maybe(random, { primary: random.pick(COLORS), secondary: random.chance(0.5) ? random.pick(COLORS) : null }),
    goodWith: { children: flag(random), dogs: flag(random), cats: flag(random) },
    attributes: {
      spayedNeutered: null,
      houseTrained: flag(random),
      specialNeeds: flag(random),
      specialNeedsDetails: null,
      shotsCurrent: null,
      microchipped: null,
    },
    photos: random.chance(0.4) ? [{ id: `ph_${random.pick(['a', 'b', 'c'])}`, width: 10, height: 10 }] : [],
    ownerId: random.pick(OWNERS),
    publishedAt: random.chance(0.2) ? null : random.pick(INSTANTS),
    updatedAt: random.pick(INSTANTS),
    place: maybe(random, { postalCode: code, city: 'City', region: 'CA', country: 'US', kind: 'organization' as const }),
    reference: random.chance(0.5) ? { source: random.pick(SOURCES), id: `A-${++referenced}` } : null,
  });
}

/** Two values a filter may be given, one common and one rarer, or both flags. */
function valuesOf(filterRow: FilterRow, pets: readonly Pet[]): unknown[] {
  switch (filterRow.kind) {
    case 'any': {
      const seen = [
        ...new Set(pets.flatMap((pet) => [filterRow.read(pet), filterRow.second?.(pet) ?? null]).filter((value) => value !== null)),
      ];
      return [seen.slice(0, 1), seen.slice(1, 3), ['not-a-value-anyone-has']];
    }
    case 'flag':
      return [true, false];
    case 'prefix':
      return ['zo', 'max', 'b', 'nobody'];
    case 'since':
      return [INSTANTS[1], INSTANTS[3]];
  }
}

export function describePetSearchContract(adapter: string, harness: PetRepositoryHarness): void {
  describe(`PetRepository search contract: ${adapter}`, () => {
    let repo: PetRepository;
    let pets: Pet[];

    beforeAll(async () => {
      repo = await harness.fresh();
      const random = generator(20261202);
      pets = [];
      for (let i = 0; i < 90; i++) pets.push(await repo.add(seededDraft(random), () => []));
      // As the store keeps them (what it returns is what a search must match).
      pets = (await Promise.all(pets.map((pet) => repo.findById(pet.id)))) as Pet[];
    });

    const expected = (filter: PetFilter, order: StoredOrder) =>
      pets
        .filter(matcherOf(filter))
        .sort((a, b) => compareInOrder(order, positionOf(a, order), positionOf(b, order)))
        .map((pet) => pet.id);
    const found = async (filter: PetFilter, order: StoredOrder) =>
      (await repo.search({ filter, order, limit: 1_000 })).map((pet) => pet.id);

    it('finds by each filter alone what the domain matches, in every stored order', async () => {
      let nonEmpty = 0;
      for (const filterRow of PET_FILTERS.filter((one) => one.key !== 'postalCodes')) {
        for (const value of valuesOf(filterRow, pets)) {
          const filter = { [filterRow.key]: value } as PetFilter;
          for (const order of STORED_ORDERS) {
            const want = expected(filter, order);
            if (want.length > 0) nonEmpty++;
            expect(await found(filter, order), `${filterRow.key}=${JSON.stringify(value)} by ${order}`).toEqual(want);
          }
        }
      }
      // The seeded records exercise the filters: most of these searches find something.
      expect(nonEmpty).toBeGreaterThan(150);
    }, 120_000);

    it('finds by filters together what the domain matches, and counts them', async () => {
      const random = generator(7);
      const rows = PET_FILTERS.filter((one) => one.key !== 'postalCodes' && one.key !== 'ids');
      for (let i = 0; i < 60; i++) {
        const filter: Record<string, unknown> = {};
        for (let k = 0; k < 1 + (i % 3); k++) {
          const filterRow = random.pick(rows);
          filter[filterRow.key] = random.pick(valuesOf(filterRow, pets).slice(0, 2));
        }
        const order = random.pick(STORED_ORDERS);
        const want = expected(filter, order);
        expect(await found(filter as PetFilter, order), `${JSON.stringify(filter)} by ${order}`).toEqual(want);
        expect(await repo.count(filter as PetFilter, 1_000)).toBe(want.length);
      }
    }, 120_000);

    it('pages from every position of every order to the same list, with none repeated or skipped', async () => {
      const filter: PetFilter = { status: ['available', 'pending'] };
      for (const order of STORED_ORDERS) {
        const all = expected(filter, order);
        const paged: number[] = [];
        let after: Pet | undefined;
        for (;;) {
          const page = await repo.search({ filter, order, limit: 7, ...(after && { after: positionOf(after, order) }) });
          paged.push(...page.map((pet) => pet.id));
          if (page.length < 7) break;
          after = page.at(-1);
        }
        expect(paged, order).toEqual(all);
      }
    });

    it('finds near a place what the domain matches, nearest first, then by id', async () => {
      const codes = [
        { postalCode: '94110', km: 0 },
        { postalCode: '94103', km: 3 },
        { postalCode: '60601', km: 3 },
      ];
      for (const filter of [{}, { species: ['cat'] }, { goodWithChildren: true }] as PetFilter[]) {
        const km = new Map(codes.map((code) => [code.postalCode, code.km]));
        const want = pets
          .filter((pet) => pet.place !== null && km.has(pet.place.postalCode) && matcherOf(filter)(pet))
          .map((pet) => ({ id: pet.id, postalCode: pet.place?.postalCode ?? '', km: km.get(pet.place?.postalCode ?? '') ?? 0 }))
          .sort((a, b) => a.km - b.km || a.id - b.id);
        expect(await repo.nearest(filter, codes, null, 1_000), JSON.stringify(filter)).toEqual(want);
      }
    });
  });
}
