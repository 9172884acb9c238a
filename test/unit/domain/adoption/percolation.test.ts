/**
 * Percolation's index terms: a saved search that matches an animal always shares a term with it,
 * whatever the search's place, radius, species and organizations and wherever the animal is (every
 * ZIP code within 500 miles of seven hubs, Alaska and Hawaii among them); a search is indexed under
 * few terms; an alert is one per entry into the matches.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CELL_SIZES,
  cellOf,
  cellsAround,
  entersMatches,
  MAX_CELLS,
  petTerms,
  searchTerms,
  type Percolated,
} from '../../../../src/domain/adoption/percolation.js';
import { newPetDraft, petOf, type Pet } from '../../../../src/domain/adoption/pet.js';
import { matcherOf, type PetFilter } from '../../../../src/domain/adoption/pet-search.js';
import { KM_PER_MILE, type Coordinates } from '../../../../src/domain/shared/geo.js';
import { gazetteer } from '../../../support/gazetteer.js';

const T0 = new Date(Date.UTC(2026, 11, 1)).toISOString();
const HUBS = ['94110', '10001', '60601', '33101', '99501', '96813', '98101'];
const position = (code: string) => gazetteer.position('US', code) as Coordinates;
/** Every code within 500 miles of a hub: where searches are centred and animals are. */
const CODES = [...new Set(HUBS.flatMap((hub) => gazetteer.near('US', position(hub), 500 * KM_PER_MILE).map((near) => near.postalCode)))];

function animal(code: string | null, species: string | null, owner: string): Pet {
  const home = code === null ? null : gazetteer.find('US', code);
  return petOf(1, newPetDraft({ name: 'Rex', categoryId: 1, status: 'available', species }, owner, T0, home));
}

/** A saved search as the use case makes it: the postal codes within reach resolved from its place and radius. */
function search(near: { code: string; miles: number } | null, filter: Omit<PetFilter, 'postalCodes'>): Percolated {
  if (near === null) return { filter, reach: null };
  const reach = { center: position(near.code), radiusKm: near.miles * KM_PER_MILE };
  return { filter: { ...filter, postalCodes: gazetteer.near('US', reach.center, reach.radiusKm).map((one) => one.postalCode) }, reach };
}

const shares = (a: readonly string[], b: readonly string[]) => a.some((term) => b.includes(term));
const termsOfAnimal = (pet: Pet) => petTerms(pet, pet.place === null ? null : position(pet.place.postalCode));

describe('percolation terms', () => {
  it(`has ${CODES.length} codes to place searches and animals at`, () => {
    expect(CODES.length).toBeGreaterThan(5_000);
  });

  it('never misses: a search that matches an animal shares a term with it (near or not, any radius, species, organizations)', () => {
    const code = fc.constantFrom(...CODES);
    let matched = 0;
    fc.assert(
      fc.property(
        fc.option(fc.record({ code, miles: fc.oneof(fc.integer({ min: 1, max: 50 }), fc.integer({ min: 1, max: 500 })) }), { nil: null }),
        fc.option(fc.subarray(['dog', 'cat', 'rabbit'], { minLength: 1 }), { nil: undefined }),
        fc.option(fc.subarray(['acct_a', 'acct_b', 'acct_c'], { minLength: 1 }), { nil: undefined }),
        fc.option(code, { nil: null }),
        fc.constantFrom('dog', 'cat', 'rabbit', null),
        fc.constantFrom('acct_a', 'acct_b', 'acct_c'),
        fc.nat(),
        (near, species, ownerIds, petCode, petSpecies, owner, pick) => {
          const saved = search(near, { ...(species && { species }), ...(ownerIds && { ownerIds }) });
          // Half the animals are put within the search's reach, where a match is likely.
          const within = saved.filter.postalCodes;
          const at = within !== undefined && within.length > 0 && pick % 2 === 0 ? (within[pick % within.length] as string) : petCode;
          const pet = animal(at, petSpecies, owner);
          if (!matcherOf(saved.filter)(pet)) return;
          matched++;
          expect(shares(searchTerms(saved), termsOfAnimal(pet))).toBe(true);
        },
      ),
      { numRuns: 1_000, seed: 72 },
    );
    // The property is not vacuous: many of the pairs match.
    expect(matched).toBeGreaterThan(200);
  });

  it('finds every code of a circle in the cells it touches, at every size, for the largest radius at every hub', () => {
    for (const hub of HUBS) {
      const reach = { center: position(hub), radiusKm: 500 * KM_PER_MILE };
      const inside = gazetteer.near('US', reach.center, reach.radiusKm);
      for (const size of CELL_SIZES) {
        const cells = new Set(cellsAround(reach, size));
        expect(
          inside.filter((near) => !cells.has(cellOf(position(near.postalCode), size))),
          `${hub} at ${size}°`,
        ).toEqual([]);
      }
    }
  });

  it("finds every point of a circle's edge in the cells it touches, at every latitude up to 80° and every size", () => {
    const rad = Math.PI / 180;
    const R = 6_371.008_8;
    /** The point `km` from `from` on the bearing `degrees` (on the sphere the distances are measured on). */
    const destination = (from: Coordinates, km: number, degrees: number): Coordinates => {
      const [lat1, lng1, bearing, d] = [from.lat * rad, from.lng * rad, degrees * rad, km / R];
      const lat2 = Math.asin(Math.sin(lat1) * Math.cos(d) + Math.cos(lat1) * Math.sin(d) * Math.cos(bearing));
      const lng2 = lng1 + Math.atan2(Math.sin(bearing) * Math.sin(d) * Math.cos(lat1), Math.cos(d) - Math.sin(lat1) * Math.sin(lat2));
      return { lat: lat2 / rad, lng: ((((lng2 / rad + 180) % 360) + 360) % 360) - 180 };
    };
    const missed: string[] = [];
    for (const lat of [0, 30, 61, 70, 80, -45]) {
      for (const km of [5, 40, 805, 2_000]) {
        const center = { lat, lng: -150 };
        for (const size of CELL_SIZES) {
          const cells = new Set(cellsAround({ center, radiusKm: km }, size));
          for (let bearing = 0; bearing < 360; bearing += 2.5) {
            const edge = destination(center, km * (1 - 1e-9), bearing);
            if (!cells.has(cellOf(edge, size))) missed.push(`${lat}° ${km} km ${size}° bearing ${bearing}`);
          }
        }
      }
    }
    expect(missed).toEqual([]);
  });

  it(`indexes a search under its organizations first, then its place's cells (at most ${MAX_CELLS}), then its species, else any`, () => {
    expect(searchTerms(search({ code: '94110', miles: 25 }, { ownerIds: ['acct_a'], species: ['cat'] }))).toEqual(['owner:acct_a']);
    const near = searchTerms(search({ code: '94110', miles: 25 }, { species: ['cat'] }));
    expect(near.length).toBeGreaterThan(0);
    expect(near.length).toBeLessThanOrEqual(MAX_CELLS);
    expect(near.every((term) => term.startsWith('cell:'))).toBe(true);
    expect(searchTerms(search(null, { species: ['cat', 'dog'] }))).toEqual(['species:cat', 'species:dog']);
    expect(searchTerms(search(null, { goodWithChildren: true }))).toEqual(['any']);
    for (const hub of HUBS) {
      for (const miles of [1, 25, 100, 500]) {
        expect(searchTerms(search({ code: hub, miles }, {})).length, `${hub}, ${miles} miles`).toBeLessThanOrEqual(MAX_CELLS);
      }
    }
  });

  it('names an animal by its organization, species and cell at every size, and one without a place or species by fewer', () => {
    const pet = animal('94110', 'cat', 'acct_a');
    expect(termsOfAnimal(pet)).toEqual([
      'any',
      'owner:acct_a',
      'species:cat',
      ...CELL_SIZES.map((size) => cellOf(position('94110'), size)),
    ]);
    expect(termsOfAnimal(animal(null, null, 'acct_a'))).toEqual(['any', 'owner:acct_a']);
    // An animal stored before owners were recorded has no organization to be found under.
    expect(termsOfAnimal({ ...animal(null, 'cat', 'acct_a'), ownerId: null })).toEqual(['any', 'species:cat']);
  });

  it('wraps cells at the antimeridian, and takes every column near a pole', () => {
    const east = { lat: 52, lng: 179.9 };
    const cells = cellsAround({ center: east, radiusKm: 50 }, 1);
    expect(cells).toContain(cellOf({ lat: 52, lng: -179.9 }, 1));
    expect(cells).toContain(cellOf(east, 1));
    expect(cellOf({ lat: 0, lng: 180 }, 1)).toBe(cellOf({ lat: 0, lng: -180 }, 1));
    // One row of 20° cells reaches the pole: all 18 of its columns.
    expect(cellsAround({ center: { lat: 89.9, lng: 0 }, radiusKm: 50 }, 20)).toHaveLength(18);
  });
});

describe('an entry into the matches', () => {
  const cats = matcherOf({ species: ['cat'] });
  const cat = animal('94110', 'cat', 'acct_a');
  const dog = animal('94110', 'dog', 'acct_a');

  it('is a new animal that matches, or a change into a match; never a change that keeps matching, a leaving or a removal', () => {
    expect(entersMatches(cats, null, cat)).toBe(true);
    expect(entersMatches(cats, dog, cat)).toBe(true);
    expect(entersMatches(cats, cat, cat)).toBe(false);
    expect(entersMatches(cats, cat, dog)).toBe(false);
    expect(entersMatches(cats, null, dog)).toBe(false);
    expect(entersMatches(cats, cat, null)).toBe(false);
    expect(entersMatches(cats, dog, dog)).toBe(false);
  });
});

describe('the cells of a circle, at their edges', () => {
  const KM_PER_DEGREE = (6_371.008_8 * Math.PI) / 180;

  it('wraps columns at the antimeridian: a circle across it touches both sides, a point on it is in the first column', () => {
    const cells = cellsAround({ center: { lat: 10, lng: 179.9 }, radiusKm: 50 }, 1);
    expect(cells).toEqual(expect.arrayContaining(['cell:1:10:179', 'cell:1:10:-180']));
    expect(cells.every((cell) => Number(cell.split(':')[3]) >= -180 && Number(cell.split(':')[3]) < 180)).toBe(true);
    expect(cellOf({ lat: 10, lng: 180 }, 1)).toBe('cell:1:10:-180');
    expect(cellOf({ lat: 10, lng: -180.5 }, 1)).toBe('cell:1:10:179');
    expect(cellOf({ lat: 10, lng: 45.2 }, 20)).toBe('cell:20:0:2');
  });

  it('takes in a row the radius reaches exactly (10 m of margin)', () => {
    expect(cellsAround({ center: { lat: 37.5, lng: -122.5 }, radiusKm: 0.5 * KM_PER_DEGREE }, 1)).toContain('cell:1:38:-123');
  });

  it('is indexed at the finest size with at most MAX_CELLS cells, one with exactly that many included, and at the coarsest beyond', () => {
    let exact = 0;
    for (let km = 1; km < 400; km++) {
      const reach = { center: { lat: 37.75, lng: -122.41 }, radiusKm: km };
      const finest = cellsAround(reach, CELL_SIZES[0]);
      if (finest.length !== MAX_CELLS) continue;
      exact++;
      expect(searchTerms({ filter: { species: ['cat'] }, reach })).toEqual(finest);
    }
    expect(exact).toBeGreaterThan(0);
    // A reach too wide for every size but the coarsest is indexed under the coarsest's cells, never its species.
    const wide = { center: { lat: 60, lng: 10 }, radiusKm: 3_000 };
    const coarsest = CELL_SIZES.at(-1) as number;
    expect(cellsAround(wide, coarsest).length).toBeGreaterThan(MAX_CELLS);
    expect(searchTerms({ filter: { species: ['cat'] }, reach: wide })).toEqual(cellsAround(wide, coarsest));
  });
});
