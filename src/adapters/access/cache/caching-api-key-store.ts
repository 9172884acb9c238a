/**
 * Keeps key lookups in the process for a short time, so authentication costs no database round trip
 * at steady state. A key revoked elsewhere (another instance, the key tool) stops working here within
 * `ttlMs`; a revocation made through this instance takes effect at once. Lookups of one key made
 * while its first is under way wait for that one: a burst on a key not cached yet makes one database
 * call, not one per request.
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
  /** The lookups under way, by hash. */
  private readonly reading = new Map<string, Promise<ApiKeyRecord | null>>();
  /** Moves on at each change made here: a lookup begun before a change keeps its answer out of the cache. */
  private changes = 0;

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

  findByHash(hash: string): Promise<ApiKeyRecord | null> {
    const cached = this.byHash.get(hash);
    if (cached && cached.expiresAtMs > this.clock.nowMs()) return Promise.resolve(cached.record);
    return this.reading.get(hash) ?? this.read(hash);
  }

  private async read(hash: string): Promise<ApiKeyRecord | null> {
    const changesBefore = this.changes;
    const startedMs = this.clock.nowMs();
    const reading = this.inner.findByHash(hash);
    this.reading.set(hash, reading);
    try {
      const record = await reading;
      if (changesBefore === this.changes) this.keep(hash, record, startedMs + this.ttlMs);
      return record;
    } finally {
      if (this.reading.get(hash) === reading) this.reading.delete(hash);
    }
  }

  /** Caches `record` until `expiresAtMs`, reckoned from when its lookup began. */
  private keep(hash: string, record: ApiKeyRecord | null, expiresAtMs: number): void {
    this.byHash.delete(hash);
    if (this.byHash.size >= this.maxEntries) {
      // Maps iterate in insertion order: drop the oldest entry.
      const oldest = this.byHash.keys().next();
      if (!oldest.done) this.byHash.delete(oldest.value);
    }
    this.byHash.set(hash, { record, expiresAtMs });
  }

  async add(record: ApiKeyRecord): Promise<void> {
    try {
      await this.inner.add(record);
    } finally {
      // Stored here or, when the hash was taken, by someone else meanwhile: either way a cached miss is wrong now.
      this.forget(record.hash);
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
    for (const [hash, entry] of this.byHash) if (entry.record?.id === id) this.forget(hash);
    this.changes++;
    this.reading.clear();
    return updated;
  }

  /** Drops what is cached of `hash`, and lets no lookup under way cache its answer. */
  private forget(hash: string): void {
    this.byHash.delete(hash);
    this.reading.delete(hash);
    this.changes++;
  }

  ping(): Promise<void> {
    return this.inner.ping();
  }
}
