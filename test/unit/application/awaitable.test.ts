import { describe, expect, it } from 'vitest';
import { andThen, attempt, isPromise } from '../../../src/application/awaitable.js';
import { ListPets } from '../../../src/application/use-cases/list-pets.js';
import type { ApiKeyStore } from '../../../src/application/ports/api-key-store.js';
import { AdmitRequest } from '../../../src/application/use-cases/admit-request.js';
import { CachingApiKeyStore } from '../../../src/adapters/cache/caching-api-key-store.js';
import { MemoryApiKeyStore } from '../../../src/adapters/memory/memory-api-key-store.js';
import { MemoryPetRepository } from '../../../src/adapters/memory/memory-pet-repository.js';
import { MemoryRateLimiter } from '../../../src/adapters/memory/memory-rate-limiter.js';
import type { ApiKeyRecord } from '../../../src/domain/api-key.js';
import { ValidationError } from '../../../src/domain/errors.js';
import { PLAN_LIMITS } from '../../../src/domain/plans.js';
import { FakeClock } from '../../support/fake-clock.js';
import { settled } from '../../support/settled.js';

describe('Awaitable helpers', () => {
  it('andThen applies a function to a present value at once, and waits for a promise', async () => {
    expect(andThen(2, (n) => n * 3)).toBe(6);
    const later = andThen(Promise.resolve(2), (n) => n * 3);
    expect(isPromise(later)).toBe(true);
    expect(await later).toBe(6);
    expect(await andThen(Promise.reject(new Error('down')), () => 0, () => -1)).toBe(-1);
  });

  it('turns a throw into a rejected promise, an Error even when something else was thrown', async () => {
    const failed = settled(() => andThen(1, () => {
      throw new ValidationError('limit', 'bad limit');
    }));
    await expect(failed).rejects.toThrow(ValidationError);
    const odd = settled(() => attempt(() => {
      throw 'a string'; // eslint-disable-line @typescript-eslint/only-throw-error
    }));
    await expect(odd).rejects.toThrow('a string');
  });

  it('does not take null or a plain object for a promise', () => {
    expect(isPromise(null)).toBe(false);
    expect(isPromise({ id: 1 })).toBe(false);
    expect(isPromise(Promise.resolve(null))).toBe(true);
  });
});

describe('use cases on adapters that answer at once', () => {
  it('decides a rate limit at once', () => {
    const admit = new AdmitRequest(new MemoryRateLimiter(new FakeClock()), { threshold: 0, durationMs: 0, strikeWindowMs: 0 });
    const decision = settled(() => admit.execute({ kind: 'key', keyId: 'key_a' }, PLAN_LIMITS.free));
    expect(isPromise(decision)).toBe(false);
    expect(decision).toMatchObject({ outcome: 'admitted' });
  });

  it('lists a page at once, and refuses a bad limit or cursor with a rejected promise', async () => {
    const pets = new MemoryPetRepository();
    for (let i = 0; i < 3; i++) await pets.add({ name: `Pet ${i}`, categoryId: 1, status: 'available' });
    const list = new ListPets(pets);
    const page = settled(() => list.execute({ limit: 2 }));
    expect(isPromise(page)).toBe(false);
    expect(page).toMatchObject({ pets: [{ id: 1 }, { id: 2 }] });
    await expect(settled(() => list.execute({ limit: 0 }))).rejects.toThrow(/limit/);
    await expect(settled(() => list.execute({ cursor: '!!' }))).rejects.toThrow(/cursor/);
  });
});

describe('CachingApiKeyStore in front of a store that answers later', () => {
  /** A store whose lookups take a promise, as MongoDB's do. */
  const remote = (inner: MemoryApiKeyStore): ApiKeyStore => ({
    add: (record) => inner.add(record),
    findByHash: (hash) => Promise.resolve(inner.findByHash(hash)),
    findById: (id) => inner.findById(id),
    list: () => inner.list(),
    update: (id, changes) => inner.update(id, changes),
    ping: () => inner.ping(),
  });

  it('answers a cache hit at once and a miss with the inner store\'s promise', async () => {
    const inner = new MemoryApiKeyStore();
    const clock = new FakeClock();
    const record: ApiKeyRecord = {
      id: 'key_remote',
      name: 'Shelter',
      hash: 'f'.repeat(64),
      plan: 'free',
      createdAt: new Date(0),
      revokedAt: null,
      expiresAt: null,
      lastUsedAt: null,
    };
    await inner.add(record);
    const store = new CachingApiKeyStore(remote(inner), clock, 30_000);
    const miss = store.findByHash(record.hash);
    expect(isPromise(miss)).toBe(true);
    expect((await miss)?.id).toBe('key_remote');
    const hit = store.findByHash(record.hash);
    expect(isPromise(hit)).toBe(false);
    expect(hit).toBe(await miss);
  });
});
