/** Migration: where each pet stored before places were is (see PetPlace). */
import type { Db } from 'mongodb';
import { placeAt } from '../../../domain/adoption/pet.js';
import type { Place } from '../../../domain/shared/place.js';
import type { StoredPetFields } from './mongo-values.js';
import { READ_INT64 } from './mongo-values.js';

/**
 * Pets stored before places were get theirs, a foster animal its location's and one kept at its
 * organization the organization's (`homeOf`), without a new version: what they show is what they
 * were (shown) before. Idempotent: run at every start. The index near-searches used before
 * (`postal_code_id`, on the foster location) is left for the operator to drop (docs/operations.md).
 */
export async function backfillPlaces(db: Db, homeOf: (ownerId: string) => Promise<Place | null>): Promise<void> {
  const pets = db.collection<StoredPetFields & { _id: unknown }>('pets');
  const homes = new Map<string, Place | null>();
  for (;;) {
    const batch = await pets
      .find({ place: { $exists: false } }, { projection: { _id: 1, location: 1, ownerId: 1 }, limit: 1_000, ...READ_INT64 })
      .toArray();
    if (batch.length === 0) break;
    const writes = [];
    for (const document of batch) {
      const owner = document.ownerId ?? null;
      if (owner !== null && !homes.has(owner)) homes.set(owner, await homeOf(owner));
      const place = placeAt(document.location ?? null, owner === null ? null : (homes.get(owner) ?? null));
      writes.push({ updateOne: { filter: { _id: document._id, place: { $exists: false } }, update: { $set: { place } } } });
    }
    await pets.bulkWrite(writes);
  }
}
