import { beforeEach, describe, expect, it } from 'vitest';
import { Authenticate, VERIFIED_MEMO_SIZE } from '../../../../src/application/access/use-cases/authenticate.js';
import { ManageApiKeys } from '../../../../src/application/access/use-cases/manage-api-keys.js';
import { MemoryApiKeyStore } from '../../../../src/adapters/access/memory/memory-api-key-store.js';
import { UnauthenticatedError } from '../../../../src/domain/shared/errors.js';
import { composeKey } from '../../../../src/domain/access/api-key.js';
import { hashKey, newKeyBody } from '../../../../src/application/access/services/key-secrets.js';
import { FakeClock } from '../../../support/fake-clock.js';
import { Auditor, KEY_TOOL_ACTOR } from '../../../../src/application/shared/services/auditor.js';
import { MemoryAuditLog } from '../../../../src/adapters/shared/memory/memory-audit-log.js';
import { KeyNotFoundError } from '../../../../src/domain/access/errors.js';
import { PLAN_LIMITS } from '../../../../src/domain/access/plans.js';

/** Counts lookups so a test can show that a key was refused before any. */
class CountingStore extends MemoryApiKeyStore {
  lookups = 0;
  override findByHash(hash: string) {
    this.lookups++;
    return super.findByHash(hash);
  }
}

describe('authenticating and managing keys', () => {
  let store: CountingStore;
  let clock: FakeClock;
  let keys: ManageApiKeys;
  let authenticate: Authenticate;

  beforeEach(() => {
    store = new CountingStore();
    clock = new FakeClock();
    keys = new ManageApiKeys(store, new Auditor(new MemoryAuditLog(), clock), clock, 'production');
    authenticate = new Authenticate(store, clock, 'production');
  });

  it('accepts an issued key and returns its plan and limits', async () => {
    const { key, record } = await keys.issue({ name: 'Shelter A', plan: 'pro' });
    expect(await authenticate.execute(`Bearer ${key}`)).toEqual({
      keyId: record.id,
      quotaId: record.id,
      // No owner id on the key: it acts for its own rotation chain.
      ownerId: record.id,
      plan: 'pro',
      limits: { perMinute: PLAN_LIMITS.pro.perMinute, perDay: PLAN_LIMITS.pro.perDay },
      scopes: ['pets:read', 'pets:write', 'webhooks:write', 'searches:write'],
      allowedOrigins: null,
    });
    expect(await authenticate.execute(`bearer   ${key}`)).toMatchObject({ keyId: record.id });
  });

  it('stores only the SHA-256 of the key', async () => {
    const { key, record } = await keys.issue({ name: 'Shelter A', plan: 'free' });
    expect(record.hash).toBe(hashKey(key));
    expect(JSON.stringify(await store.list({ limit: 100, nowMs: clock.ms }))).not.toContain(key);
  });

  it.each([
    [undefined, /Missing API key/],
    ['', /Missing API key/],
    ['Basic dXNlcjpwYXNz', /Bearer/],
    ['Bearer', /Bearer/],
    ['Bearer short', /invalid/],
  ])('refuses the header %j', async (header, message) => {
    await expect(authenticate.execute(header)).rejects.toThrow(message);
    expect(store.lookups).toBe(0);
  });

  it('refuses a key with a wrong checksum before any lookup', async () => {
    const key = composeKey('production', newKeyBody());
    await expect(authenticate.execute(`Bearer ${key.slice(0, -1)}${key.endsWith('0') ? '1' : '0'}`)).rejects.toThrow(UnauthenticatedError);
    await expect(authenticate.execute(`Bearer ${composeKey('staging', newKeyBody())}`)).rejects.toThrow(/another environment/);
    expect(store.lookups).toBe(0);
  });

  it('authenticates a valid key as its record: plan, override, scopes and quota', async () => {
    const { key, record } = await keys.issue({
      name: 'Shelter A',
      plan: 'pro',
      customLimits: { perMinute: 500, perDay: 20_000 },
      scopes: ['pets:read'],
      ownerId: 'acct_1042',
    });
    await expect(authenticate.execute(`Bearer ${key}`)).resolves.toEqual({
      keyId: record.id,
      quotaId: record.id,
      ownerId: 'acct_1042',
      plan: 'pro',
      limits: { perMinute: 500, perDay: 20_000 },
      scopes: ['pets:read'],
      allowedOrigins: null,
    });
    // A browser key carries its origins.
    const site = await keys.issue({ name: 'Website', plan: 'pro', scopes: ['pets:read'], allowedOrigins: ['https://shelter.example'] });
    await expect(authenticate.execute(`Bearer ${site.key}`)).resolves.toMatchObject({ allowedOrigins: ['https://shelter.example'] });
    const plain = await keys.issue({ name: 'Shelter B', plan: 'pro' });
    await expect(authenticate.execute(`Bearer ${plain.key}`)).resolves.toMatchObject({
      limits: PLAN_LIMITS.pro,
      scopes: ['pets:read', 'pets:write', 'webhooks:write', 'searches:write'],
    });
  });

  // The last is well formed but unknown: refused after the lookup.
  it.each([undefined, 'Basic dXNlcjpwYXNz', 'Bearer short', `Bearer ${composeKey('production', newKeyBody())}`])(
    'refuses %j with UnauthenticatedError',
    async (header) => {
      await expect(authenticate.execute(header)).rejects.toThrow(UnauthenticatedError);
    },
  );

  it('refuses an unknown well-formed key after one lookup', async () => {
    await expect(authenticate.execute(`Bearer ${composeKey('production', newKeyBody())}`)).rejects.toThrow(/invalid/);
    expect(store.lookups).toBe(1);
  });

  it('refuses a revoked key', async () => {
    const { key, record } = await keys.issue({ name: 'Shelter A', plan: 'free' });
    await keys.revoke(record.id, KEY_TOOL_ACTOR);
    await expect(authenticate.execute(`Bearer ${key}`)).rejects.toThrow(/revoked/);
    await expect(keys.revoke('key_missing', KEY_TOOL_ACTOR)).rejects.toThrow(KeyNotFoundError);
  });

  it('rotates: the new key works at once, the old one until the grace period ends', async () => {
    const old = await keys.issue({ name: 'Shelter A', plan: 'enterprise', customLimits: { perMinute: 5000, perDay: 2_000_000 } });
    const fresh = await keys.rotate(old.record.id, 60_000, KEY_TOOL_ACTOR);
    expect(fresh.record.plan).toBe('enterprise');
    expect(await authenticate.execute(`Bearer ${fresh.key}`)).toMatchObject({ limits: { perMinute: 5000, perDay: 2_000_000 } });
    clock.advance(59_999);
    expect(await authenticate.execute(`Bearer ${old.key}`)).toMatchObject({ keyId: old.record.id });
    clock.advance(1);
    await expect(authenticate.execute(`Bearer ${old.key}`)).rejects.toThrow(UnauthenticatedError);
  });

  describe('the memo of verified credentials', () => {
    it('answers a repeated header without hashing, and as the store does after every change', async () => {
      const { key, record } = await keys.issue({ name: 'Shelter A', plan: 'free' });
      const header = `Bearer ${key}`;
      const first = await authenticate.execute(header);
      // The same object again: nothing was parsed, hashed or built for the second request.
      expect(await authenticate.execute(header)).toBe(first);
      expect(authenticate.remembered).toBe(1);

      // A change of plan, then of scopes: the next request sees it.
      await keys.update(record.id, { plan: 'pro' }, KEY_TOOL_ACTOR);
      expect(await authenticate.execute(header)).toMatchObject({ plan: 'pro', limits: PLAN_LIMITS.pro });
      await keys.update(record.id, { scopes: ['pets:read'] }, KEY_TOOL_ACTOR);
      expect((await authenticate.execute(header)).scopes).toEqual(['pets:read']);

      // Revocation is immediate, and the header is forgotten.
      await keys.revoke(record.id, KEY_TOOL_ACTOR);
      await expect(authenticate.execute(header)).rejects.toThrow(UnauthenticatedError);
      expect(authenticate.remembered).toBe(0);
      await expect(authenticate.execute(header)).rejects.toThrow(UnauthenticatedError);
    });

    it('checks expiry on every request: a rotated key stops at the end of its grace period', async () => {
      const { key, record } = await keys.issue({ name: 'Shelter A', plan: 'free' });
      const header = `Bearer ${key}`;
      await keys.rotate(record.id, 60_000, KEY_TOOL_ACTOR);
      await authenticate.execute(header);
      clock.advance(59_999);
      expect(await authenticate.execute(header)).toMatchObject({ keyId: record.id });
      clock.advance(1);
      await expect(authenticate.execute(header)).rejects.toThrow(UnauthenticatedError);
    });

    it('remembers only keys it accepted, and at most VERIFIED_MEMO_SIZE of them', async () => {
      await expect(authenticate.execute(`Bearer ${composeKey('production', newKeyBody())}`)).rejects.toThrow(UnauthenticatedError);
      expect(authenticate.remembered).toBe(0);
      const { key } = await keys.issue({ name: 'Shelter A', plan: 'free' });
      // Header spellings of one key are remembered apart, up to the bound.
      for (let spaces = 1; spaces <= VERIFIED_MEMO_SIZE + 5; spaces++) await authenticate.execute(`Bearer${' '.repeat(spaces)}${key}`);
      expect(authenticate.remembered).toBe(VERIFIED_MEMO_SIZE);
    });
  });

  it('takes configured keys verbatim, once, under an id every instance derives alike', async () => {
    const first = await keys.ensure('shelter-a-existing-key-0001', { name: 'Imported', plan: 'business' });
    expect(first.action).toBe('created');
    expect(await authenticate.execute('Bearer shelter-a-existing-key-0001')).toMatchObject({
      keyId: first.record.id,
      limits: { perMinute: PLAN_LIMITS.business.perMinute },
    });
    // Another instance, with a store of its own, gives the key the same id (so one rate-limit subject).
    const elsewhere = new ManageApiKeys(new MemoryApiKeyStore(), new Auditor(new MemoryAuditLog(), clock), clock, 'production');
    expect((await elsewhere.ensure('shelter-a-existing-key-0001', { name: 'Imported', plan: 'business' })).record.id).toBe(first.record.id);
    expect(first.record.id).toMatch(/^key_[A-Za-z0-9]{16}$/);
    expect((await keys.ensure('shelter-a-existing-key-0001', { name: 'Again', plan: 'business' })).action).toBe('unchanged');
    expect((await keys.ensure('shelter-a-existing-key-0002', { name: 'Other', plan: 'business' })).record.id).not.toBe(first.record.id);
    await expect(keys.ensure('short', { name: 'Bad', plan: 'free' })).rejects.toThrow(/20/);
    await expect(keys.ensure(`adopt_admin_${'x'.repeat(30)}`, { name: 'Bad', plan: 'free' })).rejects.toThrow(/reserved prefix/);
  });
});
