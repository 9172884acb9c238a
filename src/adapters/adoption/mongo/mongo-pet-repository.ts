// Over 300 lines: one store's every operation (ids, adds, references, reads, searches, writes), each a method of its own.
/**
 * Pets in MongoDB. The id is the document's _id (an int64), taken from a counter document and
 * recorded in `pet_ids` (unique on _id) before any pet is stored under it: an id handed out twice (a
 * counter behind the data, or a counter increment that was not atomic) meets a duplicate key there,
 * moves the counter past the highest id taken and is drawn again. So ids are unique by construction,
 * including ids reserved for a create that is stored later (see `reserveId`).
 */
import { Long, type Collection, type Db } from 'mongodb';
import type { Pet, PetDraft, PetId } from '../../../domain/adoption/pet.js';
import { MAX_ID, petOf } from '../../../domain/adoption/pet.js';
import { referenceKey, type PetReference } from '../../../domain/adoption/pet-reference.js';
import type {
  DistancePosition,
  LocatedPet,
  PetRepository,
  PetSearchQuery,
  ReservedAdd,
} from '../../../application/adoption/ports/pet-repository.js';
import type { NearbyCode } from '../../../domain/shared/place.js';
import type { PetFilter } from '../../../domain/adoption/pet-search.js';
import {
  afterOf,
  backfillSearchFields,
  ensureSearchIndexes,
  nearestInRounds,
  queryOf,
  searchFields,
  sortOf,
  type SearchFields,
} from './mongo-pet-search.js';
import type { FeedEvent } from '../../../domain/adoption/feed-event.js';
import { changeWithEvents, ensureOutboxIndex, LIVE, MongoOutbox, MongoOutboxStore, withEvents, type OutboxFields } from './mongo-outbox.js';
import { isDuplicateKey } from '../../shared/mongo/mongo-errors.js';
import { petFromStored, READ_INT64 as READ, storedPetFields, toSafeNumber, type StoredPetFields } from './mongo-values.js';
import { updateAtVersion } from '../../shared/mongo/mongo-kit.js';

interface PetDocument extends StoredPetFields, OutboxFields, Partial<SearchFields> {
  _id: Long | bigint;
  /** referenceKey of its owner and reference, when it has one. */
  referenceKey?: string;
}

interface TakenIdDocument {
  _id: Long | bigint;
  /** The TTL index forgets taken ids after a while; by then the counter is far past them. */
  takenAt: Date;
}

/** Longer than any Idempotency-Key is kept (7 days at most), so a reserved id is held while a retry may use it. */
const TAKEN_ID_TTL_SECONDS = 8 * 86_400;

interface CounterDocument {
  _id: string;
  seq: Long | bigint;
}

const COUNTER_ID = 'pets';
const MAX_ATTEMPTS = 20;

export class MongoPetRepository extends MongoOutboxStore<PetDocument> implements PetRepository {
  private readonly pets: Collection<PetDocument>;
  private readonly counters: Collection<CounterDocument>;
  private readonly takenIds: Collection<TakenIdDocument>;
  protected readonly outbox: MongoOutbox<PetDocument>;

  /** `timeoutMs` bounds each call, a whole add (counter, insert and any retry) included. */
  constructor(
    private readonly db: Db,
    timeoutMs: number,
  ) {
    super(timeoutMs);
    this.pets = db.collection<PetDocument>('pets');
    this.counters = db.collection<CounterDocument>('counters');
    this.takenIds = db.collection<TakenIdDocument>('pet_ids');
    this.outbox = new MongoOutbox(
      this.pets,
      timeoutMs,
      (recordId) => Long.fromString(recordId),
      (id) => String(id),
    );
  }

  /** Listing by status in id order walks this index; unfiltered listing walks _id. Idempotent. */
  static async ensureIndexes(db: Db): Promise<void> {
    await db.collection('pets').createIndex({ status: 1, _id: 1 }, { name: 'status_id' });
    // The repair sweep reads held pets only.
    await db.collection('pets').createIndex({ heldBy: 1, _id: 1 }, { name: 'held_id' });
    // One animal per owner and reference: pushes of one reference at once store one animal.
    await db.collection('pets').createIndex({ referenceKey: 1 }, { unique: true, sparse: true, name: 'reference_unique' });
    await ensureOutboxIndex(db.collection('pets'));
    await ensureSearchIndexes(db);
    await db.collection('pet_ids').createIndex({ takenAt: 1 }, { expireAfterSeconds: TAKEN_ID_TTL_SECONDS, name: 'taken_ttl' });
  }

  /**
   * Migration: pets stored before versions, times and owners were recorded get version 1, the times
   * of this start (the first time they are known), no owner (see LEGACY_PET_OWNER) and no hold.
   * Idempotent: run at every start, it finds nothing once done.
   */
  static async backfillUnversionedPets(db: Db): Promise<void> {
    const now = new Date();
    await db
      .collection('pets')
      .updateMany(
        { version: { $exists: false } },
        { $set: { version: 1, createdAt: now, updatedAt: now, statusChangedAt: now, adoptedAt: null, ownerId: null, heldBy: null } },
      );
  }

  /** Migration: pets stored before searches get their search fields (see backfillSearchFields). */
  static backfillSearchFields(db: Db): Promise<void> {
    return backfillSearchFields(db);
  }

  add(draft: PetDraft, outbox: (pet: Pet) => readonly FeedEvent[]): Promise<Pet> {
    return this.run(async () => {
      for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
        const id = await this.takeId();
        const pet = { id, ...draft };
        try {
          await this.pets.insertOne({ ...toDocument(pet), ...withEvents(outbox(pet)) });
          return pet;
        } catch (error) {
          if (!isDuplicateKey(error)) throw error;
          await this.catchUpCounter();
        }
      }
      throw new Error(`Could not allocate a unique pet id in ${MAX_ATTEMPTS} attempts`);
    });
  }

  reserveId(): Promise<PetId> {
    return this.run(async () => {
      for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
        const id = await this.takeId();
        // Pets restored from a backup may predate the ids taken: then move on.
        if (!(await this.pets.findOne({ _id: Long.fromNumber(id) }, { projection: { _id: 1 } }))) return id;
        await this.catchUpCounter();
      }
      throw new Error(`Could not reserve a unique pet id in ${MAX_ATTEMPTS} attempts`);
    });
  }

  addReserved(pet: Pet, outbox: readonly FeedEvent[]): Promise<ReservedAdd> {
    return this.run(async () => {
      try {
        await this.pets.insertOne({ ...toDocument(pet), ...withEvents(outbox) });
        return { pet, created: true };
      } catch (error) {
        if (!isDuplicateKey(error)) throw error;
      }
      // An earlier attempt with this reserved id landed: that is the pet.
      const stored = await this.pets.findOne({ _id: Long.fromNumber(pet.id), ...LIVE }, READ);
      if (!stored) throw new Error(`Pet ${pet.id} was reported as stored but cannot be read`);
      return { pet: toPet(stored), created: false };
    });
  }

  addReferenced(draft: PetDraft & { readonly reference: PetReference }, outbox: (pet: Pet) => readonly FeedEvent[]): Promise<ReservedAdd> {
    return this.run(async () => {
      const ownerId = draft.ownerId ?? '';
      for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
        const id = await this.takeId();
        const pet = petOf(id, draft);
        try {
          await this.pets.insertOne({ ...toDocument(pet), ...withEvents(outbox(pet)) });
          return { pet, created: true };
        } catch (error) {
          if (!isDuplicateKey(error)) throw error;
        }
        // The reference is taken (another push stored it first), or the id was: then draw again.
        const existing = await this.findReferenced(ownerId, draft.reference);
        if (existing) return { pet: existing, created: false };
        await this.catchUpCounter();
      }
      throw new Error(`Could not allocate a unique pet id in ${MAX_ATTEMPTS} attempts`);
    });
  }

  findByReference(ownerId: string, reference: PetReference): Promise<Pet | null> {
    return this.run(() => this.findReferenced(ownerId, reference));
  }

  private async findReferenced(ownerId: string, reference: PetReference): Promise<Pet | null> {
    const document = await this.pets.findOne({ referenceKey: referenceKey(ownerId, reference), ...LIVE }, READ);
    return document ? toPet(document) : null;
  }

  findById(id: PetId): Promise<Pet | null> {
    return this.run(async () => {
      const document = await this.pets.findOne({ _id: Long.fromNumber(id), ...LIVE }, READ);
      return document ? toPet(document) : null;
    });
  }

  search(query: PetSearchQuery): Promise<Pet[]> {
    return this.run(async () => {
      const parts = [queryOf(query.filter)];
      if (query.after !== undefined) parts.push(afterOf(query.order, query.after));
      if (query.shuffleBelow !== undefined) parts.push({ shuffle: { $lt: query.shuffleBelow } });
      const documents = await this.pets
        .find(parts.length === 1 ? (parts[0] as object) : { $and: parts }, READ)
        .sort(sortOf(query.order))
        .limit(query.limit)
        .toArray();
      return documents.map(toPet);
    });
  }

  nearest(filter: PetFilter, codes: readonly NearbyCode[], after: DistancePosition | null, limit: number): Promise<LocatedPet[]> {
    return nearestInRounds(
      async (postalCodes, max) =>
        (
          await this.run(() =>
            this.pets
              .find(queryOf({ ...filter, postalCodes }), { ...READ, projection: { _id: 1, 'place.postalCode': 1 } })
              .limit(max)
              .toArray(),
          )
        ).map((document) => ({ id: toSafeNumber(document._id as bigint, 'pet id'), postalCode: document.place?.postalCode ?? '' })),
      codes,
      after,
      limit,
    );
  }

  count(filter: PetFilter, max: number): Promise<number> {
    return this.run(() => this.pets.countDocuments(queryOf(filter), { limit: max }));
  }

  update(pet: Pet, expectedVersion: number, outbox: readonly FeedEvent[], expectedClaim = pet.claimedBy): Promise<boolean> {
    return this.run(async () => {
      const { _id, ...fields } = toDocument(pet);
      // null also matches a pet stored before claims were (no field).
      return updateAtVersion(this.pets, _id, expectedVersion, changeWithEvents(fields, outbox), { ...LIVE, claimedBy: expectedClaim });
    });
  }

  /** A tombstone keeps the removed pet's events until the relay has them; reads no longer see it. */
  remove(id: PetId, expectedVersion: number, outbox: readonly FeedEvent[]): Promise<boolean> {
    return this.run(async () => {
      const _id = Long.fromNumber(id);
      if (outbox.length === 0) {
        return (await this.pets.deleteOne({ _id, version: expectedVersion, claimedBy: null, ...LIVE })).deletedCount === 1;
      }
      // The tombstone gives its reference up: a push of it again makes a new animal.
      const update = { ...changeWithEvents({ removed: true, heldBy: null }, outbox), $unset: { referenceKey: '' } };
      return updateAtVersion(this.pets, _id, expectedVersion, update, { ...LIVE, claimedBy: null });
    });
  }

  listAtHome(ownerId: string, afterId: PetId, limit: number): Promise<Pet[]> {
    return this.run(async () => {
      const documents = await this.pets
        .find({ ownerId, location: null, _id: { $gt: Long.fromNumber(afterId) }, ...LIVE }, READ)
        .sort({ _id: 1 })
        .limit(limit)
        .toArray();
      return documents.map(toPet);
    });
  }

  listHeld(afterId: PetId, limit: number): Promise<Pet[]> {
    return this.run(async () => {
      const documents = await this.pets
        .find({ $or: [{ heldBy: { $ne: null } }, { claimedBy: { $ne: null } }], _id: { $gt: Long.fromNumber(afterId) }, ...LIVE }, READ)
        .sort({ _id: 1 })
        .limit(limit)
        .toArray();
      return documents.map(toPet);
    });
  }

  ping(): Promise<void> {
    return this.pingDb(this.db);
  }

  /** An id nobody else was given: drawn from the counter, then recorded as taken (unique). */
  private async takeId(): Promise<number> {
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      const id = await this.nextId();
      try {
        await this.takenIds.insertOne({ _id: Long.fromNumber(id), takenAt: new Date() });
        return id;
      } catch (error) {
        if (!isDuplicateKey(error)) throw error;
        await this.catchUpCounter();
      }
    }
    throw new Error(`Could not take a unique pet id in ${MAX_ATTEMPTS} attempts`);
  }

  private async nextId(): Promise<number> {
    const counter = await this.counters.findOneAndUpdate(
      { _id: COUNTER_ID },
      { $inc: { seq: Long.fromNumber(1) } },
      { upsert: true, returnDocument: 'after', ...READ },
    );
    if (!counter) throw new Error('The pet id counter could not be read');
    const id = toSafeNumber(counter.seq as bigint, 'pet id counter');
    if (id > MAX_ID) throw new Error('Pet ids are exhausted');
    return id;
  }

  private async catchUpCounter(): Promise<void> {
    const [[highestPet], [highestTaken]] = await Promise.all([
      this.pets
        .find({}, { ...READ, projection: { _id: 1 } })
        .sort({ _id: -1 })
        .limit(1)
        .toArray(),
      this.takenIds
        .find({}, { ...READ, projection: { _id: 1 } })
        .sort({ _id: -1 })
        .limit(1)
        .toArray(),
    ]);
    const highest = [highestPet?._id, highestTaken?._id].filter((id) => id !== undefined).map((id) => BigInt(id as bigint));
    if (highest.length === 0) return;
    const seq = Long.fromBigInt(highest.reduce((a, b) => (a > b ? a : b)));
    // Only ever forward: the filter makes this a no-op when another instance moved it further.
    await this.counters.updateOne({ _id: COUNTER_ID, seq: { $lt: seq } }, { $set: { seq } });
  }
}

function toDocument(pet: Pet): PetDocument {
  const document: PetDocument = { _id: Long.fromNumber(pet.id), ...storedPetFields(pet), ...searchFields(pet) };
  // Unique among an owner's animals (a sparse index: animals without one are not in it).
  if (pet.reference !== null) document.referenceKey = referenceKey(pet.ownerId ?? '', pet.reference);
  return document;
}

function toPet(document: PetDocument): Pet {
  return petFromStored(document._id, document);
}
