// Over 300 lines: a search in one place, each filter declared once (its row, its test) beside the orders results come in.
/**
 * Finding animals: what a search may ask of an animal's record (each filter a set of accepted
 * values, or a yes/no), and the orders results come in, each total and stable (ties broken by id),
 * so that paging by position never repeats or skips an animal that did not change.
 */
import type { Pet, PetId } from './pet.js';
import type { PetStatus } from './pet-status.js';
import type { AgeGroup, Sex, Size } from './pet-record.js';
import { SPECIES, speciesById } from './species.js';
import { ValidationError } from '../shared/errors.js';

export interface PetFilter {
  readonly status?: readonly PetStatus[];
  /** Only these animals (at most a page of them). */
  readonly ids?: readonly PetId[];
  readonly species?: readonly string[];
  /** The primary or the secondary breed is one of these. */
  readonly breed?: readonly string[];
  readonly sex?: readonly Sex[];
  readonly ageGroup?: readonly AgeGroup[];
  readonly size?: readonly Size[];
  readonly coat?: readonly string[];
  /** The primary or the secondary colour is one of these. */
  readonly color?: readonly string[];
  readonly goodWithChildren?: boolean;
  readonly goodWithDogs?: boolean;
  readonly goodWithCats?: boolean;
  readonly houseTrained?: boolean;
  readonly specialNeeds?: boolean;
  readonly hasPhoto?: boolean;
  /** The owners (organizations) whose animals these are. */
  readonly ownerIds?: readonly string[];
  /** The name, folded (foldName), starts with this. */
  readonly namePrefix?: string;
  /** Published at or after this instant (ISO 8601, UTC). */
  readonly publishedAfter?: string;
  /** Changed at or after this instant. */
  readonly updatedSince?: string;
  /** The postal code of the animal's place (its foster home's, else its organization's) is one of these (US): a search near a place. */
  readonly postalCodes?: readonly string[];
  /** The animal's reference comes from one of these shelter software systems (its `reference.source`). */
  readonly source?: readonly string[];
}

/**
 * A name as it is searched: without accents, in lower case, spaces collapsed. `Zoë` and `zoe`
 * fold alike; a prefix of the folded name finds the animal.
 */
export function foldName(name: string): string {
  return name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

/**
 * How a filter meets an animal: `any` (one of the animal's values is among those asked for), `flag`
 * (the animal's yes/no is the one asked for; unknown never matches), `prefix` (its folded name starts
 * with the text), `since` (its instant is at or after the one asked for; none never matches).
 */
export type FilterKind = 'any' | 'flag' | 'prefix' | 'since';

/** What each kind of filter is given. */
interface Given {
  readonly any: readonly (string | number)[];
  readonly flag: boolean;
  readonly prefix: string;
  readonly since: string;
}

/** What each kind of filter reads of an animal. */
interface Read {
  readonly any: string | number | null;
  readonly flag: boolean | null;
  readonly prefix: string;
  readonly since: string | null;
}

/** One filter of a search of this kind. */
interface KindRow<K extends FilterKind> {
  readonly key: keyof PetFilter;
  readonly parameter: string;
  readonly kind: K;
  readonly read: (pet: Pet) => Read[K];
  /** `any` of two fields (a breed, a colour): the second value read. */
  readonly second?: (pet: Pet) => string | null;
  readonly stored: readonly string[];
  readonly storedAs?: 'long' | 'date' | 'exists';
}

/**
 * One filter of a search, declared once: its key in PetFilter, the query parameter that gives it,
 * what it reads of an animal (memory), and the stored fields that hold the same (MongoDB, with how a
 * value is stored there: `long` ids, `date` instants, a yes/no as whether the field `exists`).
 */
export type FilterRow = { [K in FilterKind]: KindRow<K> }[FilterKind];

/** A row without its key (the key it is listed under in ROWS); the parameter is the key unless `more` names another. */
const row = <K extends FilterKind>(
  kind: K,
  read: (pet: Pet) => Read[K],
  stored: readonly string[],
  more: {
    readonly parameter?: string;
    readonly storedAs?: 'long' | 'date' | 'exists';
    readonly second?: (pet: Pet) => string | null;
  } = {},
): Omit<KindRow<K>, 'key' | 'parameter'> & { readonly parameter?: string } => ({ kind, read, stored, ...more });

/** Each filter's row, by its key in PetFilter: a filter without a row fails to compile. */
const ROWS: { readonly [K in keyof PetFilter]-?: Omit<FilterRow, 'key' | 'parameter'> & { readonly parameter?: string } } = {
  status: row('any', (pet) => pet.status, ['status']),
  ids: row('any', (pet) => pet.id, ['_id'], { parameter: 'id', storedAs: 'long' }),
  species: row('any', (pet) => pet.species, ['species']),
  breed: row('any', (pet) => pet.breeds?.primary ?? null, ['breeds.primary', 'breeds.secondary'], {
    second: (pet) => pet.breeds?.secondary ?? null,
  }),
  sex: row('any', (pet) => pet.sex, ['sex']),
  ageGroup: row('any', (pet) => pet.ageGroup, ['ageGroup']),
  size: row('any', (pet) => pet.size, ['size']),
  coat: row('any', (pet) => pet.coat, ['coat']),
  color: row('any', (pet) => pet.colors?.primary ?? null, ['colors.primary', 'colors.secondary'], {
    second: (pet) => pet.colors?.secondary ?? null,
  }),
  goodWithChildren: row('flag', (pet) => pet.goodWith.children, ['goodWith.children']),
  goodWithDogs: row('flag', (pet) => pet.goodWith.dogs, ['goodWith.dogs']),
  goodWithCats: row('flag', (pet) => pet.goodWith.cats, ['goodWith.cats']),
  houseTrained: row('flag', (pet) => pet.attributes.houseTrained, ['attributes.houseTrained']),
  specialNeeds: row('flag', (pet) => pet.attributes.specialNeeds, ['attributes.specialNeeds']),
  hasPhoto: row('flag', (pet) => pet.photos.length > 0, ['photos.0'], { storedAs: 'exists' }),
  ownerIds: row('any', (pet) => pet.ownerId, ['ownerId'], { parameter: 'organizationId' }),
  namePrefix: row('prefix', (pet) => foldName(pet.name), ['nameKey'], { parameter: 'name' }),
  publishedAfter: row('since', (pet) => pet.publishedAt, ['publishedAt'], { storedAs: 'date' }),
  updatedSince: row('since', (pet) => pet.updatedAt, ['updatedAt'], { storedAs: 'date' }),
  postalCodes: row('any', (pet) => pet.place?.postalCode ?? null, ['place.postalCode'], { parameter: 'near' }),
  source: row('any', (pet) => pet.reference?.source ?? null, ['reference.source']),
};

/** Every filter a search may combine. `ids` and `postalCodes` are set by the search itself (`id=`, `near=`), not as filters. */
export const PET_FILTERS: readonly FilterRow[] = (Object.keys(ROWS) as (keyof PetFilter)[]).map(
  (key) => ({ ...ROWS[key], key, parameter: ROWS[key].parameter ?? key }) as FilterRow,
);

/**
 * A search's filters as its query parameters name them: PetFilter's, `organizationId` for the
 * owners, `name` for the name's start (as typed); `id` and `near` are the search's own.
 */
export type SearchParameters = Omit<PetFilter, 'ids' | 'postalCodes' | 'ownerIds' | 'namePrefix'> & {
  readonly organizationId?: PetFilter['ownerIds'];
  readonly name?: string;
};

/** The filter the parameters ask for; null when they ask for none. */
export function filterOf(parameters: SearchParameters): Omit<PetFilter, 'ids' | 'postalCodes'> | null {
  const { organizationId, name, ...same } = parameters;
  const filter = {
    ...same,
    ...(organizationId !== undefined && { ownerIds: organizationId }),
    ...(name !== undefined && { namePrefix: name }),
  };
  return Object.keys(filter).length === 0 ? null : filter;
}

type Test = (pet: Pet) => boolean;

/** The test of one row against what the filter gives it. */
function testOf(filterRow: FilterRow, given: Given[FilterKind]): Test {
  switch (filterRow.kind) {
    case 'any': {
      const accepted = new Set(given as Given['any']);
      const { read, second } = filterRow;
      if (second === undefined) {
        return (pet) => {
          const value = read(pet);
          return value !== null && accepted.has(value);
        };
      }
      return (pet) => {
        const value = read(pet);
        const other = second(pet);
        return (value !== null && accepted.has(value)) || (other !== null && accepted.has(other));
      };
    }
    case 'flag': {
      const { read } = filterRow;
      return (pet) => read(pet) === given;
    }
    case 'prefix': {
      const { read } = filterRow;
      const prefix = given as Given['prefix'];
      return (pet) => read(pet).startsWith(prefix);
    }
    case 'since': {
      const { read } = filterRow;
      const since = given as Given['since'];
      return (pet) => {
        const at = read(pet);
        return at !== null && at >= since;
      };
    }
  }
}

/** The test of a filter: each filter it gives holds (an unknown value never matches); made once per search, then run on every animal. */
export function matcherOf(filter: PetFilter): Test {
  const tests: Test[] = [];
  for (const filterRow of PET_FILTERS) {
    const given = filter[filterRow.key] as Given[FilterKind] | undefined;
    if (given !== undefined) tests.push(testOf(filterRow, given));
  }
  const [first, second, third] = tests;
  if (first === undefined) return everyPet;
  if (second === undefined) return first;
  // The commonest searches combine two or three filters: joined without a loop.
  if (third === undefined) return (pet) => first(pet) && second(pet);
  if (tests.length === 3) return (pet) => first(pet) && second(pet) && third(pet);
  return (pet) => {
    for (const test of tests) if (!test(pet)) return false;
    return true;
  };
}

const everyPet: Test = () => true;

/** Whether the animal is one the filter asks for. */
export function matchesFilter(pet: Pet, filter: PetFilter): boolean {
  return matcherOf(filter)(pet);
}

/** The orders a search may ask for: the stored ones, by distance from a place, and a seeded random one. */
export const PET_SORTS = ['id', '-publishedAt', 'updatedAt', 'distance', 'random'] as const;
export type PetSort = (typeof PET_SORTS)[number];

/**
 * The orders a store keeps: by id; newest first (by when first published, never-published last);
 * by last change; and one fixed shuffle (shuffleOf), which a seed enters at a point of its own.
 */
export const STORED_ORDERS = ['id', '-publishedAt', 'updatedAt', 'shuffle'] as const;
export type StoredOrder = (typeof STORED_ORDERS)[number];

/**
 * Where a page starts, in an order: after the animal with this id, which had this sort value
 * (an ISO instant or null for the time orders, the shuffle value for the shuffle; none by id).
 */
export interface OrderPosition {
  readonly id: PetId;
  readonly value?: string | number | null;
}

/**
 * The animal's place in the shuffle: a 32-bit mix of its id (the finaliser of MurmurHash3), the same
 * on every storage and for ever, so the shuffle is one order every store can keep an index of.
 */
export function shuffleOf(id: PetId): number {
  let h = (id ^ Math.floor(id / 0x1_0000_0000)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85eb_ca6b) >>> 0;
  h = Math.imul(h ^ (h >>> 13), 0xc2b2_ae35) >>> 0;
  return (h ^ (h >>> 16)) >>> 0;
}

/** The value an animal is sorted by in a stored order (none by id). */
export function orderValue(pet: Pet, order: StoredOrder): string | number | null | undefined {
  switch (order) {
    case 'id':
      return undefined;
    case '-publishedAt':
      return pet.publishedAt;
    case 'updatedAt':
      return pet.updatedAt;
    case 'shuffle':
      return shuffleOf(pet.id);
  }
}

/** Negative when `a` comes before `b` in the order. */
export function compareInOrder(order: StoredOrder, a: OrderPosition, b: OrderPosition): number {
  return compareKeys(order, a.id, a.value, b.id, b.value);
}

/** compareInOrder of two positions given as their ids and sort values (nothing allocated: a store compares on every write). */
export function compareKeys(
  order: StoredOrder,
  aId: PetId,
  aValue: string | number | null | undefined,
  bId: PetId,
  bValue: string | number | null | undefined,
): number {
  switch (order) {
    case 'id':
      return aId - bId;
    case '-publishedAt': {
      // Newest first, then the higher id; never published (null) after every published one.
      const x = aValue ?? null;
      const y = bValue ?? null;
      if (x !== y) return x === null ? 1 : y === null ? -1 : x > y ? -1 : 1;
      return bId - aId;
    }
    case 'updatedAt':
    case 'shuffle':
      if (aValue !== bValue) return (aValue as string | number) < (bValue as string | number) ? -1 : 1;
      return aId - bId;
  }
}

/** The position of an animal in an order. */
export function positionOf(pet: Pet, order: StoredOrder): OrderPosition {
  const value = orderValue(pet, order);
  return value === undefined ? { id: pet.id } : { id: pet.id, value };
}

/**
 * Refuses a filter value no animal can have: a species this API does not list, or a breed, coat or
 * colour that is not one of the species asked for (or of any species, when none is asked for).
 */
export function checkFilterValues(filter: PetFilter): void {
  const species = filter.species?.map((id) => {
    const known = speciesById(id);
    if (known === null) {
      throw new ValidationError(
        'species',
        `species ${JSON.stringify(id)} is not a species of this API; the valid values are at GET /v1/species`,
      );
    }
    return known;
  });
  const of = species ?? SPECIES;
  const check = (field: 'breed' | 'coat' | 'color', what: 'breeds' | 'coats' | 'colors', values: readonly string[] | undefined) => {
    for (const value of values ?? []) {
      if (!of.some((one) => one[what].includes(value))) {
        const where = species === undefined ? 'of any species' : `of ${species.map((one) => one.id).join(' or ')}`;
        throw new ValidationError(
          field,
          `${field} ${JSON.stringify(value)} is not one of the ${what} ${where}; the valid values are at GET /v1/species`,
        );
      }
    }
  };
  check('breed', 'breeds', filter.breed);
  check('coat', 'coats', filter.coat);
  check('color', 'colors', filter.color);
}
