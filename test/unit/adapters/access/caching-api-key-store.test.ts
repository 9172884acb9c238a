import { describe, expect, it } from 'vitest';
import { CachingApiKeyStore } from '../../../../src/adapters/access/cache/caching-api-key-store.js';
import { MemoryApiKeyStore } from '../../../../src/adapters/access/memory/memory-api-key-store.js';
import { hashKey } from '../../../../src/application/access/services/key-secrets.js';
import type { ApiKeyRecord } from '../../../../src/domain/access/api-key.js';
import { DuplicateKeyError } from '../../../../src/application/shared/storage-errors.js';
import { FakeClock } from '../../../support/fake-clock.js';
import { anApiKeyRecord } from '../../../support/builders.js';

class CountingStore extends MemoryApiKeyStore {
  lookups = 0;
  override findByHash(hash: string) {
    this.lookups++;
    return super.findByHash(hash);
  }
}

const record: ApiKeyRecord = anApiKeyRecord({ id: 'key_cached', hash: hashKey('shelter-key-0000000000001'), createdAt: new Date(0) });

describe('CachingApiKeyStore', () => {
  it('answers repeated lookups from memory until the TTL passes', async () => {
    const inner = new CountingStore();
    const clock = new FakeClock();
    const store = new CachingApiKeyStore(inner, clock, 30_000);
    await inner.add(record);
    for (let i = 0; i < 100; i++) expect((await store.findByHash(record.hash))?.id).toBe('key_cached');
    expect(inner.lookups).toBe(1);
    clock.advance(30_000);
    await store.findByHash(record.hash);
    expect(inner.lookups).toBe(2);
  });

  it('tells from memory only what findByHash would answer from memory: nothing before a lookup or after the TTL', async () => {
    const inner = new CountingStore();
    const clock = new FakeClock();
    const store = new CachingApiKeyStore(inner, clock, 30_000);
    await inner.add(record);
    expect(store.findByHashInMemory(record.hash)).toBeUndefined();
    const found = await store.findByHash(record.hash);
    expect(store.findByHashInMemory(record.hash)).toBe(found);
    expect(store.findByHashInMemory(hashKey('shelter-key-0000000000002'))).toBeUndefined();
    clock.advance(30_000);
    expect(store.findByHashInMemory(record.hash)).toBeUndefined();
    await store.update(record.id, { revokedAt: new Date(clock.ms) });
    expect(store.findByHashInMemory(record.hash)).toBeUndefined();
    expect(inner.lookups).toBe(1);
  });

  it('sees a revocation made elsewhere once the TTL passes, and its own at once', async () => {
    const inner = new CountingStore();
    const clock = new FakeClock();
    const store = new CachingApiKeyStore(inner, clock, 30_000);
    await inner.add(record);
    await store.findByHash(record.hash);
    await inner.update(record.id, { revokedAt: new Date(clock.ms) }); // another instance
    expect((await store.findByHash(record.hash))?.revokedAt).toBeNull();
    clock.advance(30_000);
    expect((await store.findByHash(record.hash))?.revokedAt).not.toBeNull();

    await inner.update(record.id, { revokedAt: null });
    clock.advance(30_000);
    await store.findByHash(record.hash);
    await store.update(record.id, { revokedAt: new Date(clock.ms) }); // this instance
    expect((await store.findByHash(record.hash))?.revokedAt).not.toBeNull();
  });

  it('forgets a cached miss when an add finds the key already stored by another instance meanwhile', async () => {
    const shared = new MemoryApiKeyStore();
    const here = new CachingApiKeyStore(shared, new FakeClock(), 30_000);
    const elsewhere = new CachingApiKeyStore(shared, new FakeClock(), 30_000);
    // Two instances starting with the same API_KEYS: both look the key up, find none, and add it.
    expect(await here.findByHash(record.hash)).toBeNull();
    expect(await elsewhere.findByHash(record.hash)).toBeNull();
    await elsewhere.add(record);
    await expect(here.add(record)).rejects.toThrow(DuplicateKeyError);
    expect((await here.findByHash(record.hash))?.id).toBe('key_cached');
  });

  it('stays bounded', async () => {
    const inner = new CountingStore();
    const store = new CachingApiKeyStore(inner, new FakeClock(), 30_000, 10);
    await inner.add(record);
    await store.findByHash(record.hash);
    expect(inner.lookups).toBe(1);
    for (let i = 0; i < 50; i++) await store.findByHash(hashKey(`unknown-${i}`));
    // The oldest entries went first: the key is looked up again.
    await store.findByHash(record.hash);
    expect(inner.lookups).toBe(52);
  });
});

/** A store that reads a key at once and answers when the test lets it: a late answer of a database. */
class HeldStore extends MemoryApiKeyStore {
  lookups = 0;
  private held: (() => void)[] = [];
  fail: Error | null = null;
  override async findByHash(hash: string) {
    this.lookups++;
    const read = super.findByHash(hash);
    await new Promise<void>((resolve) => this.held.push(resolve));
    if (this.fail) throw this.fail;
    return read;
  }
  /** Lets the held lookups answer, the latest first when `latestFirst`. */
  async release(latestFirst = false): Promise<void> {
    const held = this.held.splice(0);
    for (const resolve of latestFirst ? held.reverse() : held) {
      resolve();
      // Each answer reaches its caller before the next one is let go.
      for (let turn = 0; turn < 10; turn++) await Promise.resolve();
    }
  }
}

describe('CachingApiKeyStore, lookups under way', () => {
  it('makes one lookup for a burst on a key not cached yet, each caller getting its answer', async () => {
    const inner = new HeldStore();
    await inner.add(record);
    const store = new CachingApiKeyStore(inner, new FakeClock(), 30_000);
    const burst = Array.from({ length: 50 }, () => store.findByHash(record.hash));
    const other = store.findByHash(hashKey('shelter-key-0000000000002'));
    await inner.release();
    expect((await Promise.all(burst)).map((found) => found?.id)).toEqual(Array.from({ length: 50 }, () => 'key_cached'));
    expect(await other).toBeNull();
    expect(inner.lookups).toBe(2);
    expect(store.findByHashInMemory(record.hash)?.id).toBe('key_cached');
  });

  it('fails every caller of a failed lookup alike, caches nothing, and looks up again on the next call', async () => {
    const inner = new HeldStore();
    await inner.add(record);
    const store = new CachingApiKeyStore(inner, new FakeClock(), 30_000);
    inner.fail = new Error('the database is not answering');
    const burst = Array.from({ length: 3 }, () => store.findByHash(record.hash));
    await inner.release();
    for (const one of burst) await expect(one).rejects.toThrow('the database is not answering');
    expect(store.findByHashInMemory(record.hash)).toBeUndefined();
    inner.fail = null;
    const again = store.findByHash(record.hash);
    await inner.release();
    expect((await again)?.id).toBe('key_cached');
    expect(inner.lookups).toBe(2);
  });

  it('does not cache what a lookup begun before a change here read, and a lookup after the change reads anew', async () => {
    const inner = new HeldStore();
    await inner.add(record);
    const store = new CachingApiKeyStore(inner, new FakeClock(), 30_000);
    // This lookup reads the key unrevoked; the revocation made here lands before its answer does.
    const before = store.findByHash(record.hash);
    const revokedAt = new Date(0);
    await store.update(record.id, { revokedAt });
    const after = store.findByHash(record.hash);
    // The later lookup answers first: the earlier one's stale answer comes last.
    await inner.release(true);
    expect((await before)?.revokedAt).toBeNull();
    expect((await after)?.revokedAt).toEqual(revokedAt);
    expect(inner.lookups).toBe(2);
    // What stays cached is what the lookup after the change read.
    expect(store.findByHashInMemory(record.hash)?.revokedAt).toEqual(revokedAt);
  });

  it('does not cache a miss read before an add here', async () => {
    const inner = new HeldStore();
    const store = new CachingApiKeyStore(inner, new FakeClock(), 30_000);
    const before = store.findByHash(record.hash);
    await store.add(record);
    await inner.release();
    expect(await before).toBeNull();
    expect(store.findByHashInMemory(record.hash)).toBeUndefined();
    const after = store.findByHash(record.hash);
    await inner.release();
    expect((await after)?.id).toBe('key_cached');
  });

  it('keeps an answer for the TTL from when its lookup began', async () => {
    const inner = new HeldStore();
    await inner.add(record);
    const clock = new FakeClock();
    const store = new CachingApiKeyStore(inner, clock, 30_000);
    const found = store.findByHash(record.hash);
    clock.advance(10_000);
    await inner.release();
    await found;
    clock.advance(19_999);
    expect(store.findByHashInMemory(record.hash)?.id).toBe('key_cached');
    clock.advance(1);
    expect(store.findByHashInMemory(record.hash)).toBeUndefined();
  });
});
