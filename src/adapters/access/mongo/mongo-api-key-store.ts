/** API key records in MongoDB: _id is the public key id; the SHA-256 hash has a unique index. */
import type { Collection, Db, Filter } from 'mongodb';
import type { ApiKeyRecord, KeyScope } from '../../../domain/access/api-key.js';
import { KEY_SCOPES } from '../../../domain/access/api-key.js';
import type { PlanId, PlanLimits } from '../../../domain/access/plans.js';
import type { ApiKeyChanges, ApiKeyQuery, ApiKeyStore } from '../../../application/access/ports/api-key-store.js';
import { DuplicateKeyError } from '../../../application/shared/storage-errors.js';
import { isDuplicateKey } from '../../shared/mongo/mongo-errors.js';
import { MongoStore } from '../../shared/mongo/mongo-kit.js';

interface ApiKeyDocument {
  _id: string;
  name: string;
  hash: string;
  plan: PlanId;
  customLimits?: PlanLimits;
  // Absent on records stored before scopes, owners and rotation chains: read as their defaults.
  scopes?: KeyScope[];
  ownerId?: string | null;
  quotaId?: string;
  rotatedFrom?: string | null;
  rotatedTo?: string;
  start?: string;
  last4?: string;
  revokedReason?: string;
  requestFingerprint?: string;
  allowedOrigins?: string[];
  banLiftedAt?: Date;
  createdAt: Date;
  revokedAt: Date | null;
  expiresAt: Date | null;
}

export class MongoApiKeyStore extends MongoStore implements ApiKeyStore {
  private readonly keys: Collection<ApiKeyDocument>;

  constructor(
    private readonly db: Db,
    timeoutMs: number,
  ) {
    super(timeoutMs);
    this.keys = db.collection<ApiKeyDocument>('api_keys');
  }

  static async ensureIndexes(db: Db): Promise<void> {
    const keys = db.collection('api_keys');
    await keys.createIndex({ hash: 1 }, { unique: true, name: 'hash_unique' });
    await keys.createIndex({ createdAt: 1, _id: 1 }, { name: 'created_at_id' });
    // Browser keys by origin, for preflights (a multikey index; keys without origins are not in it).
    await keys.createIndex({ allowedOrigins: 1 }, { name: 'allowed_origins', sparse: true });
  }

  add(record: ApiKeyRecord): Promise<void> {
    return this.run(async () => {
      const { id, scopes, allowedOrigins, ...rest } = record;
      try {
        await this.keys.insertOne({
          _id: id,
          scopes: [...scopes],
          ...rest,
          ...(allowedOrigins && { allowedOrigins: [...allowedOrigins] }),
        });
      } catch (error) {
        throw isDuplicateKey(error) ? new DuplicateKeyError() : error;
      }
    });
  }

  findByHash(hash: string): Promise<ApiKeyRecord | null> {
    return this.run(async () => toRecord(await this.keys.findOne({ hash })));
  }

  findById(id: string): Promise<ApiKeyRecord | null> {
    return this.run(async () => toRecord(await this.keys.findOne({ _id: id })));
  }

  list(query: ApiKeyQuery): Promise<ApiKeyRecord[]> {
    const now = new Date(query.nowMs);
    const and: Filter<ApiKeyDocument>[] = [];
    if (query.plan !== undefined) and.push({ plan: query.plan });
    if (query.ownerId !== undefined) and.push({ ownerId: query.ownerId });
    if (query.origin !== undefined) and.push({ allowedOrigins: query.origin });
    if (query.status === 'revoked') and.push({ revokedAt: { $ne: null, $lte: now } });
    if (query.status === 'active' || query.status === 'expired') {
      and.push({ $or: [{ revokedAt: null }, { revokedAt: { $gt: now } }] });
      and.push(
        query.status === 'expired' ? { expiresAt: { $ne: null, $lte: now } } : { $or: [{ expiresAt: null }, { expiresAt: { $gt: now } }] },
      );
    }
    const { after } = query;
    if (after) and.push({ $or: [{ createdAt: { $gt: after.createdAt } }, { createdAt: after.createdAt, _id: { $gt: after.id } }] });
    return this.run(async () => {
      const documents = await this.keys
        .find(and.length > 0 ? { $and: and } : {})
        .sort({ createdAt: 1, _id: 1 })
        .limit(query.limit)
        .toArray();
      return documents.map((document) => toRecord(document) as ApiKeyRecord);
    });
  }

  update(id: string, changes: ApiKeyChanges): Promise<ApiKeyRecord | null> {
    const { customLimits, scopes, allowedOrigins, ...rest } = changes;
    const unset = {
      ...(customLimits === null && { customLimits: true as const }),
      ...(allowedOrigins === null && { allowedOrigins: true as const }),
    };
    const update = {
      $set: {
        ...rest,
        ...(customLimits && { customLimits }),
        ...(scopes && { scopes: [...scopes] }),
        ...(allowedOrigins && { allowedOrigins: [...allowedOrigins] }),
      },
      ...(Object.keys(unset).length > 0 && { $unset: unset }),
    };
    return this.run(async () => toRecord(await this.keys.findOneAndUpdate({ _id: id }, update, { returnDocument: 'after' })));
  }

  ping(): Promise<void> {
    return this.pingDb(this.db);
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
    scopes: document.scopes ?? [...KEY_SCOPES],
    ownerId: document.ownerId ?? null,
    quotaId: document.quotaId ?? document._id,
    rotatedFrom: document.rotatedFrom ?? null,
    ...(document.rotatedTo !== undefined && { rotatedTo: document.rotatedTo }),
    ...(document.start !== undefined && { start: document.start }),
    ...(document.last4 !== undefined && { last4: document.last4 }),
    ...(document.revokedReason !== undefined && { revokedReason: document.revokedReason }),
    ...(document.requestFingerprint !== undefined && { requestFingerprint: document.requestFingerprint }),
    ...(document.allowedOrigins !== undefined && { allowedOrigins: [...document.allowedOrigins] }),
    ...(document.banLiftedAt !== undefined && { banLiftedAt: document.banLiftedAt }),
    createdAt: document.createdAt,
    revokedAt: document.revokedAt ?? null,
    expiresAt: document.expiresAt ?? null,
  };
}
