/** In-memory API key store, indexed by id and by hash (one lookup per request). */
import type { ApiKeyRecord } from '../../domain/api-key.js';
import { DuplicateKeyError, type ApiKeyChanges, type ApiKeyStore } from '../../application/ports/api-key-store.js';

export class MemoryApiKeyStore implements ApiKeyStore {
  private readonly byId = new Map<string, ApiKeyRecord>();
  private readonly byHash = new Map<string, ApiKeyRecord>();

  add(record: ApiKeyRecord): Promise<void> {
    if (this.byId.has(record.id) || this.byHash.has(record.hash)) return Promise.reject(new DuplicateKeyError());
    this.byId.set(record.id, record);
    this.byHash.set(record.hash, record);
    return Promise.resolve();
  }

  async findByHash(hash: string): Promise<ApiKeyRecord | null> {
    return this.byHash.get(hash) ?? null;
  }

  findById(id: string): Promise<ApiKeyRecord | null> {
    return Promise.resolve(this.byId.get(id) ?? null);
  }

  list(): Promise<ApiKeyRecord[]> {
    return Promise.resolve([...this.byId.values()].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()));
  }

  update(id: string, changes: ApiKeyChanges): Promise<boolean> {
    const record = this.byId.get(id);
    if (!record) return Promise.resolve(false);
    const { customLimits, ...rest } = changes;
    const updated: { -readonly [K in keyof ApiKeyRecord]: ApiKeyRecord[K] } = { ...record, ...rest };
    if (customLimits === null) delete updated.customLimits;
    else if (customLimits !== undefined) updated.customLimits = customLimits;
    this.byId.set(id, updated);
    this.byHash.set(updated.hash, updated);
    return Promise.resolve(true);
  }

  ping(): Promise<void> {
    return Promise.resolve();
  }
}
