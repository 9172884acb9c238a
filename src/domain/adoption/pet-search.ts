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
}

/**
 * A name as it is searched: without accents, in lower case, spaces collapsed. `Zoë` and `zoe`
 * fold alike; a prefix of the folded name finds the animal.
 */
export function foldName(name: string): string {
  return name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

const within = <T>(accepted: readonly T[] | undefined, value: T | null): boolean =>
  accepted === undefined || (value !== null && accepted.includes(value));
const either = (wanted: boolean | undefined, value: boolean | null): boolean => wanted === undefined || value === wanted;

/** Whether the animal is one the filter asks for: every filter given holds (an unknown value never matches). */
export function matchesFilter(pet: Pet, filter: PetFilter): boolean {
  return (
    within(filter.status, pet.status) &&
    within(filter.ids, pet.id) &&
    within(filter.species, pet.species) &&
    (filter.breed === undefined ||
      (pet.breeds !== null && (filter.breed.includes(pet.breeds.primary) || within(filter.breed, pet.breeds.secondary)))) &&
    within(filter.sex, pet.sex) &&
    within(filter.ageGroup, pet.ageGroup) &&
    within(filter.size, pet.size) &&
    within(filter.coat, pet.coat) &&
    (filter.color === undefined ||
      (pet.colors !== null && (filter.color.includes(pet.colors.primary) || within(filter.color, pet.colors.secondary)))) &&
    either(filter.goodWithChildren, pet.goodWith.children) &&
    either(filter.goodWithDogs, pet.goodWith.dogs) &&
    either(filter.goodWithCats, pet.goodWith.cats) &&
    either(filter.houseTrained, pet.attributes.houseTrained) &&
    either(filter.specialNeeds, pet.attributes.specialNeeds) &&
    (filter.hasPhoto === undefined || pet.photos.length > 0 === filter.hasPhoto) &&
    within(filter.ownerIds, pet.ownerId) &&
    (filter.namePrefix === undefined || foldName(pet.name).startsWith(filter.namePrefix)) &&
    (filter.publishedAfter === undefined || (pet.publishedAt !== null && pet.publishedAt >= filter.publishedAfter)) &&
    (filter.updatedSince === undefined || pet.updatedAt >= filter.updatedSince) &&
    (filter.postalCodes === undefined || (pet.place !== null && filter.postalCodes.includes(pet.place.postalCode)))
  );
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
