/**
 * Lists and finds animals, one page at a time, with an opaque cursor for the next: by id (the
 * default, the order partners sync in), newest first, by last change, in a seeded random order, or
 * by distance from a place. Every order is total (ties broken by id) and a page starts after the
 * last animal of the one before, so an animal that did not change while paging is seen exactly once.
 */
import type { Pet, PetId } from '../../../domain/adoption/pet.js';
import { idRangeMessage, isValidId } from '../../../domain/adoption/pet.js';
import {
  checkFilterValues,
  foldName,
  positionOf,
  shuffleOf,
  type OrderPosition,
  type PetFilter,
  type PetSort,
  type StoredOrder,
} from '../../../domain/adoption/pet-search.js';
import { ValidationError } from '../../../domain/shared/errors.js';
import { instantOf, parseInstant } from '../../../domain/shared/instant.js';
import { servedDistance, type DistanceUnit } from '../../../domain/shared/geo.js';
import type { NearPlace } from '../../../domain/shared/place.js';
import type { NearbyPlaces } from '../../shared/services/nearby-places.js';
import type { PetRepository } from '../ports/pet-repository.js';
import type { HomePlaces, OrganizationSummary } from '../ports/home-places.js';
import { pageLimit } from '../../shared/cursor.js';
import { decodePosition, encodePosition, SEED, type Position } from './search-cursor.js';

export { PAGE_LIMIT } from '../../shared/cursor.js';

/** How many ids one list may ask for: one page's worth. */
export const MAX_IDS = 100;
/** A total is exact up to this many; beyond, it says "at least" this many. */
export const TOTAL_BOUND = 1_000;

export { PET_SORTS, type PetSort } from '../../../domain/adoption/pet-search.js';

export interface ListPetsInput {
  readonly limit?: number;
  readonly cursor?: string;
  /** Only these pets (the replacement for fetching one by id). */
  readonly ids?: readonly number[];
  /** What the animals must be; `namePrefix` as typed (folded here). */
  readonly filter?: Omit<PetFilter, 'ids' | 'postalCodes'>;
  /** A postal code (`94110`, `94110,US`) or `lat,lng`. */
  readonly near?: string;
  /** `25`, `25mi`, `40km`: miles unless it says km. Only with `near`. */
  readonly radius?: string;
  readonly sort?: PetSort;
  /** The random order's seed; one is chosen when none is given. */
  readonly seed?: string;
  /** Count the animals the search finds (exact up to TOTAL_BOUND). */
  readonly total?: boolean;
  /** Each animal's organization summarised in the same answer. */
  readonly expandOrganization?: boolean;
}

export interface PetPage {
  readonly pets: Pet[];
  /** Present when more pets follow this page. */
  readonly nextCursor: string | null;
  /** With `near`: each animal's distance, in `unit`, rounded to a whole unit. */
  readonly distances: ReadonlyMap<PetId, number> | null;
  readonly unit: DistanceUnit | null;
  /** The random order's seed (the one given, or the one chosen). */
  readonly seed: string | null;
  readonly total: { readonly value: number; readonly exact: boolean } | null;
  /** With `expandOrganization`: the page's organizations that have a profile, by id. */
  readonly organizations: ReadonlyMap<string, OrganizationSummary> | null;
}

type Near = NearPlace;

const NO_FILTER: PetFilter = {};

export class ListPets {
  constructor(
    private readonly pets: PetRepository,
    private readonly nearby: NearbyPlaces,
    private readonly homes: HomePlaces,
    private readonly newSeed: () => string = () => Math.random().toString(36).slice(2, 12),
  ) {}

  async execute(input: ListPetsInput): Promise<PetPage> {
    const limit = pageLimit(input.limit);
    if (input.ids !== undefined) checkIds(input.ids);
    const sort = input.sort ?? 'id';
    if (sort === 'distance' && input.near === undefined)
      throw new ValidationError('sort', 'sort=distance needs near: the place to measure from');
    if (input.seed !== undefined && sort !== 'random') throw new ValidationError('seed', 'seed is for sort=random only');
    if (input.seed !== undefined && !SEED.test(input.seed)) {
      throw new ValidationError('seed', 'seed must be 1 to 64 letters, digits, - or _');
    }
    const near = this.nearby.from(input.near, input.radius);
    const filter = input.filter === undefined && input.ids === undefined && near === null ? NO_FILTER : this.filterOf(input, near, sort);
    const position = input.cursor === undefined ? null : decodePosition(input.cursor, sort);
    const seed = sort === 'random' ? (position?.seed ?? input.seed ?? this.newSeed()) : null;
    // One extra row tells whether another page exists without a count query.
    let found: Pet[];
    let wrappedFrom = Infinity;
    /** Each animal's distance from the place, in km, when the search is near one. */
    let kmOf = (pet: Pet): number => near?.kmOf.get(pet.place?.postalCode ?? '') ?? 0;
    if (near !== null && sort === 'distance') {
      const nearest = await this.byDistance(filter, near, position, limit + 1);
      found = [...nearest.keys()];
      kmOf = (pet) => nearest.get(pet) ?? 0;
    } else if (seed !== null) ({ pets: found, wrappedFrom } = await this.shuffled(filter, seedPoint(seed), position, limit + 1));
    else {
      const after = position === null ? {} : { after: { id: position.id, ...(position.value !== undefined && { value: position.value }) } };
      found = await this.pets.search({ filter, order: sort as StoredOrder, ...after, limit: limit + 1 });
    }
    const pets = found.slice(0, limit);
    const last = pets.at(-1);
    const wrapped = position?.wrapped === true || pets.length - 1 >= wrappedFrom;
    const nextCursor =
      found.length > limit && last !== undefined ? encodePosition(this.positionAfter(last, sort, kmOf(last), seed, wrapped)) : null;
    const total = input.total === true ? await this.totalOf(filter, near, sort) : null;
    const organizations =
      input.expandOrganization === true
        ? await this.homes.summaries(pets.map((pet) => pet.ownerId).filter((id): id is string => id !== null))
        : null;
    return {
      organizations,
      pets,
      nextCursor,
      distances: near && new Map(pets.map((pet) => [pet.id, servedDistance(kmOf(pet), near.unit)])),
      unit: near?.unit ?? null,
      seed,
      total,
    };
  }

  /** The filter a search asks for, checked: values no animal can have refused, instants in UTC, names folded. */
  private filterOf(input: ListPetsInput, near: Near | null, sort: PetSort): PetFilter {
    const given = { ...input.filter };
    checkFilterValues(given);
    // Instants compared as the store keeps them: UTC, in milliseconds.
    for (const field of ['publishedAfter', 'updatedSince'] as const) {
      const text = given[field];
      if (text === undefined) continue;
      const ms = parseInstant(text);
      if (ms === null) throw new ValidationError(field, `query parameter '${field}' is not a date-time that exists`);
      given[field] = instantOf(ms);
    }
    return {
      ...given,
      ...(given.namePrefix !== undefined && { namePrefix: foldName(given.namePrefix) }),
      ...(input.ids !== undefined && { ids: input.ids }),
      ...(near !== null && sort !== 'distance' && { postalCodes: near.postalCodes }),
    };
  }

  /**
   * By distance: the page's animals as ids and distances, nearest first, from the store; then the
   * page's animals read whole, each with its distance.
   */
  private async byDistance(filter: PetFilter, near: Near, after: Position | null, wanted: number): Promise<Map<Pet, number>> {
    const page = await this.pets.nearest(filter, near.codes, after === null ? null : { km: Number(after.value), id: after.id }, wanted);
    if (page.length === 0) return new Map();
    const byId = new Map(
      (await this.pets.search({ filter: { ids: page.map((row) => row.id) }, order: 'id', limit: page.length })).map((pet) => [pet.id, pet]),
    );
    // An animal changed or removed between the two reads is left out: the next page starts after the last one shown.
    const found = new Map<Pet, number>();
    for (const row of page) {
      const pet = byId.get(row.id);
      if (pet !== undefined && pet.place?.postalCode === row.postalCode) found.set(pet, row.km);
    }
    return found;
  }

  /**
   * A seeded random order: the seed chooses a point in the shuffle (a fixed mix of every animal's
   * id); the order runs from there to the end, then from the start up to the point. `wrappedFrom`
   * is the index of the first animal found past the end.
   */
  private async shuffled(
    filter: PetFilter,
    point: number,
    after: Position | null,
    wanted: number,
  ): Promise<{ pets: Pet[]; wrappedFrom: number }> {
    const pets: Pet[] = [];
    if (after?.wrapped !== true) {
      // From the point itself: id 0 comes before every animal at the point's value.
      const from: OrderPosition = after === null ? { id: 0, value: point } : { id: after.id, value: after.value ?? point };
      pets.push(...(await this.pets.search({ filter, order: 'shuffle', after: from, limit: wanted })));
    }
    const wrappedFrom = pets.length;
    if (pets.length < wanted) {
      const from = after?.wrapped === true ? { after: { id: after.id, value: after.value ?? 0 } } : {};
      pets.push(...(await this.pets.search({ filter, order: 'shuffle', ...from, shuffleBelow: point, limit: wanted - pets.length })));
    }
    return { pets, wrappedFrom };
  }

  private positionAfter(pet: Pet, sort: PetSort, km: number, seed: string | null, wrapped: boolean): Position {
    switch (sort) {
      case 'distance':
        return { sort, id: pet.id, value: km };
      case 'random':
        return { sort, id: pet.id, value: shuffleOf(pet.id), seed: seed ?? '', wrapped };
      default: {
        const position = positionOf(pet, sort);
        return { sort, ...position };
      }
    }
  }

  private async totalOf(filter: PetFilter, near: Near | null, sort: PetSort): Promise<{ value: number; exact: boolean }> {
    const counted = await this.pets.count(
      near !== null && sort === 'distance' ? { ...filter, postalCodes: near.postalCodes } : filter,
      TOTAL_BOUND + 1,
    );
    return counted > TOTAL_BOUND ? { value: TOTAL_BOUND, exact: false } : { value: counted, exact: true };
  }
}

/** A seed's point in the shuffle: a 32-bit hash of its text (FNV-1a, then mixed). */
export function seedPoint(seed: string): number {
  let hash = 0x811c_9dc5;
  for (let i = 0; i < seed.length; i++) hash = Math.imul(hash ^ seed.charCodeAt(i), 0x0100_0193) >>> 0;
  return shuffleOf(hash);
}

function checkIds(ids: readonly number[]): void {
  if (ids.length === 0 || ids.length > MAX_IDS) {
    throw new ValidationError('id', `query parameter 'id' takes 1 to ${MAX_IDS} pet ids (id=1&id=2 or id=1,2)`);
  }
  if (!ids.every(isValidId)) throw new ValidationError('id', `query parameter 'id': each ${idRangeMessage('id')}`);
}
