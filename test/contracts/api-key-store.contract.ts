/** What every ApiKeyStore must do; run against each adapter. */
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { DuplicateKeyError, type ApiKeyStore } from '../../src/application/ports/api-key-store.js';
import type { ApiKeyRecord } from '../../src/domain/api-key.js';
import { hashKey, newKeyId, randomBase62 } from '../../src/application/key-secrets.js';

export interface ApiKeyStoreHarness {
  fresh(): Promise<ApiKeyStore>;
  close?(): Promise<void>;
}

function aRecord(overrides: Partial<ApiKeyRecord> = {}): ApiKeyRecord {
  return {
    id: newKeyId(),
    name: 'Shelter',
    hash: hashKey(randomBase62()),
    plan: 'pro',
    createdAt: new Date(Date.UTC(2026, 0, 1)),
    revokedAt: null,
    expiresAt: null,
    lastUsedAt: null,
    ...overrides,
  };
}

export function describeApiKeyStoreContract(adapter: string, harness: ApiKeyStoreHarness): void {
  describe(`ApiKeyStore contract: ${adapter}`, () => {
    let store: ApiKeyStore;

    beforeEach(async () => {
      store = await harness.fresh();
    });
    afterAll(async () => {
      await harness.close?.();
    });

    it('finds a record by hash and by id, as stored', async () => {
      const record = aRecord({ plan: 'enterprise', customLimits: { perMinute: 5000, perDay: 1_000_000 } });
      await store.add(record);
      expect(await store.findByHash(record.hash)).toEqual(record);
      expect(await store.findById(record.id)).toEqual(record);
      expect(await store.findByHash(hashKey('other'))).toBeNull();
      expect(await store.findById('key_missing')).toBeNull();
    });

    it('refuses a second record with the same hash or id, keeping the first', async () => {
      const record = aRecord();
      await store.add(record);
      await expect(store.add(aRecord({ hash: record.hash }))).rejects.toThrow(DuplicateKeyError);
      await expect(store.add(aRecord({ id: record.id }))).rejects.toThrow(DuplicateKeyError);
      expect(await store.list()).toEqual([record]);
    });

    it('lists oldest first', async () => {
      const later = aRecord({ createdAt: new Date(Date.UTC(2026, 5, 1)) });
      const earlier = aRecord({ createdAt: new Date(Date.UTC(2026, 1, 1)) });
      await store.add(later);
      await store.add(earlier);
      expect((await store.list()).map((r) => r.id)).toEqual([earlier.id, later.id]);
    });

    it('updates revocation, expiry and last use, and reports a missing id', async () => {
      const record = aRecord();
      await store.add(record);
      const at = new Date(Date.UTC(2026, 2, 3, 4, 5, 6, 7));
      expect(await store.update(record.id, { revokedAt: at, lastUsedAt: at, expiresAt: at })).toBe(true);
      expect(await store.findByHash(record.hash)).toEqual({ ...record, revokedAt: at, lastUsedAt: at, expiresAt: at });
      expect(await store.update('key_missing', { revokedAt: at })).toBe(false);
    });

    it('changes the plan and adds or removes custom limits', async () => {
      const record = aRecord({ plan: 'free' });
      await store.add(record);
      const limits = { perMinute: 5000, perDay: 2_000_000 };
      expect(await store.update(record.id, { plan: 'enterprise', customLimits: limits })).toBe(true);
      expect(await store.findById(record.id)).toEqual({ ...record, plan: 'enterprise', customLimits: limits });
      expect(await store.update(record.id, { plan: 'pro', customLimits: null })).toBe(true);
      expect(await store.findByHash(record.hash)).toEqual({ ...record, plan: 'pro' });
    });

    it('answers a ping', async () => {
      await expect(store.ping()).resolves.toBeUndefined();
    });
  });
}
