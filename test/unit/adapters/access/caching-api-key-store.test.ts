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
