/** In-memory API key store, indexed by id and by hash (one lookup per request). */
import { keyStatus, type ApiKeyRecord } from '../../../domain/access/api-key.js';
import type { ApiKeyChanges, ApiKeyQuery, ApiKeyStore } from '../../../application/access/ports/api-key-store.js';
import { HashIndexedRecords } from '../../shared/memory/memory-kit.js';

export class MemoryApiKeyStore implements ApiKeyStore {
  private readonly records = new HashIndexedRecords<ApiKeyRecord>();

  async add(record: ApiKeyRecord): Promise<void> {
    this.records.add(record);
  }

  async findByHash(hash: string): Promise<ApiKeyRecord | null> {
    return this.records.byHashOf(hash);
  }

  findByHashInMemory(hash: string): ApiKeyRecord | null {
    return this.records.byHashOf(hash);
  }

  findById(id: string): Promise<ApiKeyRecord | null> {
    return Promise.resolve(this.records.byIdOf(id));
  }

  list(query: ApiKeyQuery): Promise<ApiKeyRecord[]> {
    const { after } = query;
    const matching = this.records
      .all()
      .filter(
        (r) =>
          (query.status === undefined || keyStatus(r, query.nowMs) === query.status) &&
          (query.plan === undefined || r.plan === query.plan) &&
          (query.ownerId === undefined || r.ownerId === query.ownerId) &&
          (query.origin === undefined || (r.allowedOrigins?.includes(query.origin) ?? false)) &&
          (after === undefined || compareCreation(r, after) > 0),
      )
      .sort(compareCreation);
    return Promise.resolve(matching.slice(0, query.limit));
  }

  update(id: string, changes: ApiKeyChanges): Promise<ApiKeyRecord | null> {
    const record = this.records.byIdOf(id);
    if (!record) return Promise.resolve(null);
    const { customLimits, allowedOrigins, ...rest } = changes;
    const updated: { -readonly [K in keyof ApiKeyRecord]: ApiKeyRecord[K] } = { ...record, ...rest };
    if (customLimits === null) delete updated.customLimits;
    else if (customLimits !== undefined) updated.customLimits = customLimits;
    if (allowedOrigins === null) delete updated.allowedOrigins;
    else if (allowedOrigins !== undefined) updated.allowedOrigins = [...allowedOrigins];
    this.records.put(updated);
    return Promise.resolve(updated);
  }

  ping(): Promise<void> {
    return Promise.resolve();
  }
}

/** Creation order: by createdAt, then by id. */
function compareCreation(a: Pick<ApiKeyRecord, 'createdAt' | 'id'>, b: Pick<ApiKeyRecord, 'createdAt' | 'id'>): number {
  return a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}
