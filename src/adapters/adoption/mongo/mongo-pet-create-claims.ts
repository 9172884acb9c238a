/**
 * Idempotency records in MongoDB, shared by every instance: a unique index on (API key id, key) makes
 * the claim atomic across instances, and a TTL index removes records after their retention time.
 */
import { Long, type Collection, type Db, type ObjectId } from 'mongodb';
import type { Pet } from '../../../domain/adoption/pet.js';
import type {
  ClaimResult,
  IdempotencyScope,
  PetCreateClaims,
  NewClaim,
  StoredPetCreate,
} from '../../../application/adoption/ports/pet-create-claims.js';
import { isDuplicateKey } from '../../shared/mongo/mongo-errors.js';
import { petFromStored, READ_INT64 as READ, storedPetFields, toSafeNumber, type StoredPetFields } from './mongo-values.js';
import { MongoStore } from '../../shared/mongo/mongo-kit.js';

interface StoredPet extends StoredPetFields {
  id: Long | bigint;
}

interface IdempotencyDocument {
  _id?: ObjectId;
  keyId: string;
  key: string;
  token: string;
  fingerprint: string;
  state: 'in_flight' | 'completed';
  /** The id reserved for the pet, kept across takeovers (absent on records written before it existed). */
  petId?: Long | bigint;
  pet?: StoredPet;
  lockedUntil: Date;
  /** The TTL index removes the document after this time (within about a minute). */
  expiresAt: Date;
}

const COLLECTION = 'idempotency_keys';
/** A claim can race with a takeover or a removal; a few rounds settle it. */
const MAX_ROUNDS = 5;

export class MongoPetCreateClaims extends MongoStore implements PetCreateClaims {
  private readonly records: Collection<IdempotencyDocument>;

  constructor(db: Db, timeoutMs: number) {
    super(timeoutMs);
    this.records = db.collection<IdempotencyDocument>(COLLECTION);
  }

  static async ensureIndexes(db: Db): Promise<void> {
    const records = db.collection(COLLECTION);
    await records.createIndex({ keyId: 1, key: 1 }, { unique: true, name: 'key_unique' });
    await records.createIndex({ expiresAt: 1 }, { expireAfterSeconds: 0, name: 'expires_ttl' });
  }

  claim(scope: IdempotencyScope, claim: NewClaim): Promise<ClaimResult> {
    const now = new Date(claim.nowMs);
    const fresh: IdempotencyDocument = {
      keyId: scope.apiKeyId,
      key: scope.key,
      token: claim.token,
      fingerprint: claim.fingerprint,
      state: 'in_flight',
      petId: Long.fromNumber(claim.petId),
      lockedUntil: new Date(claim.nowMs + claim.leaseMs),
      expiresAt: new Date(claim.nowMs + claim.ttlMs),
    };
    return this.run(async () => {
      for (let round = 1; round <= MAX_ROUNDS; round++) {
        try {
          await this.records.insertOne({ ...fresh });
          return { claimed: true, petId: claim.petId };
        } catch (error) {
          if (!isDuplicateKey(error)) throw error;
        }
        const existing = await this.records.findOne({ keyId: scope.apiKeyId, key: scope.key }, READ);
        if (!existing) continue; // removed meanwhile: insert again
        const expired = existing.expiresAt <= now;
        if (!expired && !(existing.state === 'in_flight' && existing.lockedUntil <= now))
          return { claimed: false, existing: toStored(existing) };
        // An attempt that gave up is taken over with its pet id (its write may have landed); only a
        // record past its retention starts afresh.
        const petId = !expired && existing.petId !== undefined ? toSafeNumber(existing.petId as bigint, 'pet id') : claim.petId;
        // Take it over only if nobody else did first (the token changes on every claim).
        const { matchedCount } = await this.records.replaceOne(
          { _id: existing._id, token: existing.token },
          { ...fresh, petId: Long.fromNumber(petId) },
        );
        if (matchedCount === 1) return { claimed: true, petId };
      }
      throw new Error(`Could not settle the Idempotency-Key claim in ${MAX_ROUNDS} rounds`);
    });
  }

  complete(scope: IdempotencyScope, token: string, pet: Pet, nowMs: number, ttlMs: number): Promise<void> {
    const stored: StoredPet = { id: Long.fromNumber(pet.id), ...storedPetFields(pet) };
    return this.run(async () => {
      // Only the attempt holding the claim completes it, once: a completed record is replayed as it is.
      await this.records.updateOne(
        { keyId: scope.apiKeyId, key: scope.key, token, state: 'in_flight' },
        { $set: { state: 'completed', pet: stored, lockedUntil: new Date(nowMs), expiresAt: new Date(nowMs + ttlMs) } },
      );
    });
  }

  release(scope: IdempotencyScope, token: string): Promise<void> {
    return this.run(async () => {
      await this.records.updateOne(
        { keyId: scope.apiKeyId, key: scope.key, token, state: 'in_flight' },
        { $set: { lockedUntil: new Date(0) } },
      );
    });
  }
}

function toStored(document: IdempotencyDocument): StoredPetCreate {
  if (document.state === 'in_flight' || !document.pet) return { state: 'in_flight', fingerprint: document.fingerprint };
  const { pet } = document;
  return {
    state: 'completed',
    fingerprint: document.fingerprint,
    pet: petFromStored(pet.id, pet),
  };
}
