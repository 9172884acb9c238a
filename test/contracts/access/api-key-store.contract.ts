/** What every ApiKeyStore must do; run against each adapter. */
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { ApiKeyStore } from '../../../src/application/access/ports/api-key-store.js';
import { DuplicateKeyError } from '../../../src/application/shared/storage-errors.js';
import type { ApiKeyRecord } from '../../../src/domain/access/api-key.js';
import { hashKey, newKeyBody, newKeyId } from '../../../src/application/access/services/key-secrets.js';
import { anApiKeyRecord } from '../../support/builders.js';

export interface ApiKeyStoreHarness {
  fresh(): Promise<ApiKeyStore>;
  close?(): Promise<void>;
}

function aRecord(overrides: Partial<ApiKeyRecord> = {}): ApiKeyRecord {
  const id = overrides.id ?? newKeyId();
  return anApiKeyRecord({ id, hash: hashKey(newKeyBody()), ...overrides });
}

const ALL = { limit: 100, nowMs: Date.UTC(2026, 6, 1) };

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
      expect(await store.list(ALL)).toEqual([record]);
    });

    it('lists oldest first', async () => {
      const later = aRecord({ createdAt: new Date(Date.UTC(2026, 5, 1)) });
      const earlier = aRecord({ createdAt: new Date(Date.UTC(2026, 1, 1)) });
      await store.add(later);
      await store.add(earlier);
      expect((await store.list(ALL)).map((r) => r.id)).toEqual([earlier.id, later.id]);
    });

    it('updates revocation and expiry, and reports a missing id', async () => {
      const record = aRecord();
      await store.add(record);
      const at = new Date(Date.UTC(2026, 2, 3, 4, 5, 6, 7));
      const changed = { ...record, revokedAt: at, expiresAt: at };
      expect(await store.update(record.id, { revokedAt: at, expiresAt: at })).toEqual(changed);
      expect(await store.findByHash(record.hash)).toEqual(changed);
      expect(await store.update('key_missing', { revokedAt: at })).toBeNull();
    });

    it('changes the plan and adds or removes custom limits', async () => {
      const record = aRecord({ plan: 'free' });
      await store.add(record);
      const limits = { perMinute: 5000, perDay: 2_000_000 };
      expect(await store.update(record.id, { plan: 'enterprise', customLimits: limits })).toEqual({
        ...record,
        plan: 'enterprise',
        customLimits: limits,
      });
      expect(await store.findById(record.id)).toEqual({ ...record, plan: 'enterprise', customLimits: limits });
      expect(await store.update(record.id, { plan: 'pro', customLimits: null })).toEqual({ ...record, plan: 'pro' });
      expect(await store.findByHash(record.hash)).toEqual({ ...record, plan: 'pro' });
    });

    it('keeps scopes, owner, quota and rotation, and changes name, scopes and owner', async () => {
      const record = aRecord({
        scopes: ['pets:read'],
        ownerId: 'acct_1',
        quotaId: 'key_first',
        rotatedFrom: 'key_first',
        requestFingerprint: 'f00d',
      });
      await store.add(record);
      expect(await store.findByHash(record.hash)).toEqual(record);
      const changed = { ...record, name: 'Renamed', scopes: ['pets:read', 'pets:write'] as const, ownerId: null };
      expect(await store.update(record.id, { name: 'Renamed', scopes: ['pets:read', 'pets:write'], ownerId: null })).toEqual(changed);
      expect(await store.findById(record.id)).toEqual(changed);
    });

    it('filters by status, plan and owner, in creation order, a page after a position', async () => {
      const now = Date.UTC(2026, 6, 1);
      const day = 86_400_000;
      const at = (d: number) => new Date(Date.UTC(2026, 0, 1) + d * day);
      const active = aRecord({ createdAt: at(1), plan: 'free', ownerId: 'acct_1' });
      const revoked = aRecord({ createdAt: at(2), revokedAt: new Date(now - day) });
      const expired = aRecord({ createdAt: at(3), expiresAt: new Date(now - 1), ownerId: 'acct_1' });
      const expiring = aRecord({ createdAt: at(4), expiresAt: new Date(now + day) });
      const revokedLater = aRecord({ createdAt: at(5), revokedAt: new Date(now + day) });
      // Two created in the same instant: ordered by id.
      const twinA = aRecord({ id: 'key_AAAAAAAAAAAAAAAA', createdAt: at(6) });
      const twinB = aRecord({ id: 'key_BBBBBBBBBBBBBBBB', createdAt: at(6) });
      for (const r of [twinB, expiring, active, revokedLater, expired, twinA, revoked]) await store.add(r);
      const ids = async (query: Partial<Parameters<ApiKeyStore['list']>[0]>) =>
        (await store.list({ limit: 100, nowMs: now, ...query })).map((r) => r.id);
      expect(await ids({})).toEqual([active, revoked, expired, expiring, revokedLater, twinA, twinB].map((r) => r.id));
      expect(await ids({ status: 'active' })).toEqual([active, expiring, revokedLater, twinA, twinB].map((r) => r.id));
      expect(await ids({ status: 'revoked' })).toEqual([revoked.id]);
      expect(await ids({ status: 'expired' })).toEqual([expired.id]);
      expect(await ids({ plan: 'free' })).toEqual([active.id]);
      expect(await ids({ ownerId: 'acct_1' })).toEqual([active.id, expired.id]);
      expect(await ids({ ownerId: 'acct_1', status: 'active' })).toEqual([active.id]);
      expect(await ids({ limit: 2 })).toEqual([active.id, revoked.id]);
      expect(await ids({ after: { createdAt: expired.createdAt, id: expired.id }, limit: 2 })).toEqual([expiring.id, revokedLater.id]);
      expect(await ids({ after: { createdAt: twinA.createdAt, id: twinA.id } })).toEqual([twinB.id]);
    });

    it("keeps a browser key's origins, finds active keys by one of them, and removes them", async () => {
      const nowMs = Date.UTC(2026, 10, 26);
      const site = aRecord({ scopes: ['pets:read'], allowedOrigins: ['https://shelter.example', 'http://localhost:8080'] });
      const revoked = aRecord({ scopes: ['pets:read'], allowedOrigins: ['https://gone.example'], revokedAt: new Date(nowMs - 1) });
      const server = aRecord();
      for (const record of [site, revoked, server]) await store.add(record);
      expect(await store.findById(site.id)).toEqual(site);
      expect((await store.findById(server.id))?.allowedOrigins).toBeUndefined();
      const ids = async (origin: string) => (await store.list({ origin, status: 'active', limit: 10, nowMs })).map((r) => r.id);
      expect(await ids('http://localhost:8080')).toEqual([site.id]);
      expect(await ids('https://gone.example')).toEqual([]);
      expect(await ids('https://shelter.example.evil')).toEqual([]);
      expect(await store.update(site.id, { allowedOrigins: ['https://new.example'] })).toEqual({
        ...site,
        allowedOrigins: ['https://new.example'],
      });
      expect(await ids('https://shelter.example')).toEqual([]);
      const withoutOrigins: ApiKeyRecord = { ...site };
      delete (withoutOrigins as { allowedOrigins?: readonly string[] }).allowedOrigins;
      expect(await store.update(site.id, { allowedOrigins: null })).toEqual(withoutOrigins);
      expect(await store.findById(site.id)).toEqual(withoutOrigins);
      expect(await ids('https://new.example')).toEqual([]);
    });

    it('answers a ping', async () => {
      await expect(store.ping()).resolves.toBeUndefined();
    });
  });
}
