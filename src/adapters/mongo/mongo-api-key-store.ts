/** API key records in MongoDB: _id is the public key id; the SHA-256 hash has a unique index. */
import type { Collection, Db } from 'mongodb';
import type { ApiKeyRecord } from '../../domain/api-key.js';
import type { PlanId, PlanLimits } from '../../domain/plans.js';
import { DuplicateKeyError, type ApiKeyChanges, type ApiKeyStore } from '../../application/ports/api-key-store.js';
import { guarded, isDuplicateKey } from './mongo-errors.js';

interface ApiKeyDocument {
  _id: string;
  name: string;
  hash: string;
  plan: PlanId;
  customLimits?: PlanLimits;
  createdAt: Date;
  revokedAt: Date | null;
  expiresAt: Date | null;
  lastUsedAt: Date | null;
}

export class MongoApiKeyStore implements ApiKeyStore {
  private readonly keys: Collection<ApiKeyDocument>;

  constructor(
    private readonly db: Db,
    private readonly timeoutMs: number,
  ) {
    this.keys = db.collection<ApiKeyDocument>('api_keys');
  }

  static async ensureIndexes(db: Db): Promise<void> {
    const keys = db.collection('api_keys');
    await keys.createIndex({ hash: 1 }, { unique: true, name: 'hash_unique' });
    await keys.createIndex({ createdAt: 1 }, { name: 'created_at' });
  }

  add(record: ApiKeyRecord): Promise<void> {
    return guarded(this.timeoutMs, async () => {
      const { id, ...rest } = record;
      try {
        await this.keys.insertOne({ _id: id, ...rest });
      } catch (error) {
        throw isDuplicateKey(error) ? new DuplicateKeyError() : error;
      }
    });
  }

  findByHash(hash: string): Promise<ApiKeyRecord | null> {
    return guarded(this.timeoutMs, async () => toRecord(await this.keys.findOne({ hash })));
  }

  findById(id: string): Promise<ApiKeyRecord | null> {
    return guarded(this.timeoutMs, async () => toRecord(await this.keys.findOne({ _id: id })));
  }

  list(): Promise<ApiKeyRecord[]> {
    return guarded(this.timeoutMs, async () => {
      const documents = await this.keys.find({}).sort({ createdAt: 1, _id: 1 }).toArray();
      return documents.map((document) => toRecord(document) as ApiKeyRecord);
    });
  }

  update(id: string, changes: ApiKeyChanges): Promise<boolean> {
    const { customLimits, ...rest } = changes;
    const update = {
      $set: { ...rest, ...(customLimits && { customLimits }) },
      ...(customLimits === null && { $unset: { customLimits: true as const } }),
    };
    return guarded(this.timeoutMs, async () => (await this.keys.updateOne({ _id: id }, update)).matchedCount > 0);
  }

  ping(): Promise<void> {
    return guarded(this.timeoutMs, async () => {
      await this.db.command({ ping: 1 });
    });
  }
}

function toRecord(document: ApiKeyDocument | null): ApiKeyRecord | null {
  if (!document) return null;
  return {
    id: document._id,
    name: document.name,
    hash: document.hash,
    plan: document.plan,
    ...(document.customLimits && { customLimits: { perMinute: document.customLimits.perMinute, perDay: document.customLimits.perDay } }),
    createdAt: document.createdAt,
    revokedAt: document.revokedAt ?? null,
    expiresAt: document.expiresAt ?? null,
    lastUsedAt: document.lastUsedAt ?? null,
  };
}
