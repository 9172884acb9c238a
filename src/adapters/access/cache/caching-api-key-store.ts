/**
 * Keeps key lookups in the process for a short time, so authentication costs no database round trip
 * at steady state. A key revoked elsewhere (another instance, the key tool) stops working here within
 * `ttlMs`; a revocation made through this instance takes effect at once.
 */
import type { ApiKeyRecord } from '../../../domain/access/api-key.js';
import type { ApiKeyChanges, ApiKeyQuery, ApiKeyStore } from '../../../application/access/ports/api-key-store.js';
import type { Clock } from '../../../application/shared/ports/clock.js';

interface Entry {
  readonly record: ApiKeyRecord | null;
  readonly expiresAtMs: number;
}

export class CachingApiKeyStore implements ApiKeyStore {
  private readonly byHash = new Map<string, Entry>();

  constructor(
    private readonly inner: ApiKeyStore,
    private readonly clock: Clock,
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  /** A cached lookup while it is fresh, as findByHash would answer it. */
  findByHashInMemory(hash: string): ApiKeyRecord | null | undefined {
    const cached = this.byHash.get(hash);
    return cached && cached.expiresAtMs > this.clock.nowMs() ? cached.record : undefined;
  }

  async findByHash(hash: string): Promise<ApiKeyRecord | null> {
    const now = this.clock.nowMs();
    const cached = this.byHash.get(hash);
    if (cached && cached.expiresAtMs > now) return cached.record;
    const record = await this.inner.findByHash(hash);
    this.byHash.delete(hash);
    if (this.byHash.size >= this.maxEntries) {
      // Maps iterate in insertion order: drop the oldest entry.
      const oldest = this.byHash.keys().next();
      if (!oldest.done) this.byHash.delete(oldest.value);
    }
    this.byHash.set(hash, { record, expiresAtMs: now + this.ttlMs });
    return record;
  }

  async add(record: ApiKeyRecord): Promise<void> {
    try {
      await this.inner.add(record);
    } finally {
      // Stored here or, when the hash was taken, by someone else meanwhile: either way a cached miss is wrong now.
      this.byHash.delete(record.hash);
    }
  }

  findById(id: string): Promise<ApiKeyRecord | null> {
    return this.inner.findById(id);
  }

  list(query: ApiKeyQuery): Promise<ApiKeyRecord[]> {
    return this.inner.list(query);
  }

  async update(id: string, changes: ApiKeyChanges): Promise<ApiKeyRecord | null> {
    const updated = await this.inner.update(id, changes);
    // Any change may change what the key may do (revocation, expiry, plan, limits, scopes).
    for (const [hash, entry] of this.byHash) if (entry.record?.id === id) this.byHash.delete(hash);
    return updated;
  }

  ping(): Promise<void> {
    return this.inner.ping();
  }
}
