/**
 * A search as MongoDB reads it: the filter as one query (each field an equality or `$in`, the name
 * a range on its folded form, the time filters ranges), a stored order as a sort with the index
 * that keeps it, and a page's position as a range in that order. Only operators every MongoDB and
 * the test server share: no `$geoNear`, `$text` or expressions.
 */
import { Long, type Db, type Document, type Sort } from 'mongodb';
import {
  foldName,
  PET_FILTERS,
  shuffleOf,
  type FilterRow,
  type OrderPosition,
  type PetFilter,
  type StoredOrder,
} from '../../../domain/adoption/pet-search.js';
import type { Pet, PetId } from '../../../domain/adoption/pet.js';
import { firstCodeFrom, type NearbyCode } from '../../../domain/shared/place.js';
import type { DistancePosition, LocatedPet } from '../../../application/adoption/ports/pet-repository.js';
import { LIVE } from './mongo-outbox.js';

/** The fields a pet's document carries for searches only, kept from its name and id. */
export interface SearchFields {
  /** The name folded (foldName): a name prefix is a range on it. */
  nameKey: string;
  /** Its place in the shuffle (shuffleOf): a seeded random order walks it. */
  shuffle: number;
}

export function searchFields(pet: Pick<Pet, 'id' | 'name'>): SearchFields {
  return { nameKey: foldName(pet.name), shuffle: shuffleOf(pet.id) };
}

/** The indexes searches use: one per order (the filter is checked on the documents it walks), and one per narrow filter. */
export async function ensureSearchIndexes(db: Db): Promise<void> {
  const pets = db.collection('pets');
  await pets.createIndex({ publishedAt: -1, _id: -1 }, { name: 'published_id' });
  await pets.createIndex({ updatedAt: 1, _id: 1 }, { name: 'updated_id' });
  await pets.createIndex({ shuffle: 1, _id: 1 }, { name: 'shuffle_id' });
  // Near a place: the postal code of where each animal is (its foster home's, else its organization's).
  await pets.createIndex({ 'place.postalCode': 1, _id: 1 }, { name: 'place_postal_code_id' });
  await pets.createIndex({ nameKey: 1, _id: 1 }, { name: 'name_id' });
  await pets.createIndex({ ownerId: 1, _id: 1 }, { name: 'owner_id' });
}

/**
 * Migration: pets stored before searches get their search fields. Idempotent: run at every start,
 * it finds nothing once done (a write sets them with the rest of the pet).
 */
export async function backfillSearchFields(db: Db): Promise<void> {
  const pets = db.collection('pets');
  for (;;) {
    const batch = await pets
      .find({ shuffle: { $exists: false } }, { projection: { _id: 1, name: 1 }, limit: 1_000, useBigInt64: true })
      .toArray();
    if (batch.length === 0) return;
    await pets.bulkWrite(
      batch.map((document) => ({
        updateOne: {
          filter: { _id: document._id },
          update: { $set: searchFields({ id: Number(document._id as unknown as bigint), name: String(document.name) }) },
        },
      })),
    );
  }
}

/** A value as the stored field holds it. */
function stored(value: string | number, as: FilterRow['storedAs']): unknown {
  if (as === 'long') return Long.fromNumber(value as number);
  if (as === 'date') return new Date(value);
  return value;
}

/** The condition of one filter on its stored fields (either of two fields holding one of the values). */
function conditionOf(filterRow: FilterRow, given: unknown): Document {
  const on = (condition: unknown): Document => {
    const [only] = filterRow.stored;
    if (filterRow.stored.length === 1 && only !== undefined) return { [only]: condition };
    return { $or: filterRow.stored.map((name) => ({ [name]: condition })) };
  };
  switch (filterRow.kind) {
    case 'any':
      return on({ $in: (given as readonly (string | number)[]).map((value) => stored(value, filterRow.storedAs)) });
    case 'flag':
      return on(filterRow.storedAs === 'exists' ? { $exists: given } : given);
    case 'prefix':
      return on({ $gte: given, $lt: `${String(given)}\uffff` });
    case 'since':
      return on({ $gte: stored(given as string, filterRow.storedAs) });
  }
}

/** The query for the animals a filter asks for (live ones only), one condition per filter given (PET_FILTERS). */
export function queryOf(filter: PetFilter): Document {
  const all: Document[] = [LIVE];
  for (const filterRow of PET_FILTERS) {
    const given = filter[filterRow.key];
    if (given !== undefined) all.push(conditionOf(filterRow, given));
  }
  return all.length === 1 ? LIVE : { $and: all };
}

/** The sort of a stored order, with the id breaking ties as the domain's order does. */
export function sortOf(order: StoredOrder): Sort {
  switch (order) {
    case 'id':
      return { _id: 1 };
    case '-publishedAt':
      return { publishedAt: -1, _id: -1 };
    case 'updatedAt':
      return { updatedAt: 1, _id: 1 };
    case 'shuffle':
      return { shuffle: 1, _id: 1 };
  }
}

/** The animals after a position in an order. */
export function afterOf(order: StoredOrder, position: OrderPosition): Document {
  const id = Long.fromNumber(position.id);
  switch (order) {
    case 'id':
      return { _id: { $gt: id } };
    case '-publishedAt': {
      // Newest first, never published (null or missing) last: after a published one come the older ones and every unpublished one.
      if (position.value === null || position.value === undefined) return { publishedAt: null, _id: { $lt: id } };
      const at = new Date(position.value);
      return { $or: [{ publishedAt: { $lt: at } }, { publishedAt: at, _id: { $lt: id } }, { publishedAt: null }] };
    }
    case 'updatedAt': {
      const at = new Date(String(position.value));
      return { $or: [{ updatedAt: { $gt: at } }, { updatedAt: at, _id: { $gt: id } }] };
    }
    case 'shuffle': {
      const at = Number(position.value);
      return { $or: [{ shuffle: { $gt: at } }, { shuffle: at, _id: { $gt: id } }] };
    }
  }
}

/** The postal codes of a search by distance's first round. */
const FIRST_CODES = 32;
/** The most animals a round of postal codes may hold before it is read again in quarters. */
const LOCATE_MAX = 20_000;

/** The animals of some postal codes the filter asks for (at most `max`), as ids and codes, from the index on the place. */
export type FindInCodes = (postalCodes: string[], max: number) => Promise<{ id: PetId; postalCode: string }[]>;

/**
 * A search by distance as MongoDB reads it: a round of postal codes at a time, nearest first, until
 * the page is full: the first round of `FIRST_CODES` codes, each next twice as many. A round that
 * finds `LOCATE_MAX` is read again in quarters. Codes at one distance are never split between
 * rounds, so (distance, id) orders across rounds.
 */
export async function nearestInRounds(
  find: FindInCodes,
  codes: readonly NearbyCode[],
  after: DistancePosition | null,
  limit: number,
): Promise<LocatedPet[]> {
  const isAfter = (km: number, id: PetId) => after === null || km > after.km || (km === after.km && id > after.id);
  let start = after === null ? 0 : firstCodeFrom(codes, after.km);
  let size = FIRST_CODES;
  const located: LocatedPet[] = [];
  while (start < codes.length && located.length < limit) {
    let end = Math.min(codes.length, start + size);
    while (end < codes.length && (codes[end] as NearbyCode).km === (codes[end - 1] as NearbyCode).km) end++;
    const kmOf = new Map(codes.slice(start, end).map((code) => [code.postalCode, code.km]));
    const found = await find([...kmOf.keys()], LOCATE_MAX);
    if (found.length >= LOCATE_MAX && size > 1) {
      size = Math.max(1, size >> 2);
      continue;
    }
    for (const { id, postalCode } of found) {
      const km = kmOf.get(postalCode);
      if (km !== undefined && isAfter(km, id)) located.push({ id, postalCode, km });
    }
    start = end;
    size *= 2;
  }
  return located.sort((a, b) => a.km - b.km || a.id - b.id).slice(0, limit);
}
