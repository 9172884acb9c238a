/** Key management as the key tool and the admin API use it, without HTTP: every rule, its boundary and its audit. */
import { beforeEach, describe, expect, it } from 'vitest';
import { ManageApiKeys } from '../../../../src/application/access/use-cases/manage-api-keys.js';
import { KEY_NAME_MAX_LENGTH, MAX_ROTATION_GRACE_MS } from '../../../../src/domain/access/key-rules.js';
import { OWNER_ID_MAX_LENGTH } from '../../../../src/domain/shared/owner.js';
import { Auditor, CONFIG_ACTOR, KEY_TOOL_ACTOR } from '../../../../src/application/shared/services/auditor.js';
import { hashKey } from '../../../../src/application/access/services/key-secrets.js';
import { MemoryApiKeyStore } from '../../../../src/adapters/access/memory/memory-api-key-store.js';
import { MemoryAuditLog } from '../../../../src/adapters/shared/memory/memory-audit-log.js';
import { DuplicateKeyError } from '../../../../src/application/shared/storage-errors.js';
import type { ApiKeyRecord } from '../../../../src/domain/access/api-key.js';
import { KEY_FORMAT_TEXT } from '../../../../src/domain/access/api-key.js';
import { IdempotencyKeyReusedError } from '../../../../src/domain/shared/errors.js';
import { KeyNotActiveError, KeyNotFoundError } from '../../../../src/domain/access/errors.js';
import type { Actor } from '../../../../src/domain/shared/audit-event.js';
import { FakeClock } from '../../../support/fake-clock.js';
import { auditTrail } from '../../../support/audit-trail.js';
import { refusal } from '../../../support/refusal.js';

const ADMIN: Actor = { id: 'adm_test', requestId: 'req-1', ip: '203.0.113.1' };

/** Ids every instance and every version must derive alike (checked independently: SHA-256 of label, NUL, material; 16 base62 digits). */
const FIXED_IDS = { idempotentIssue: 'key_JN0PBNSGXxyBQ7rJ', configured: 'key_6bKQjnL4PbLzqhux' };

describe('managing keys', () => {
  let clock: FakeClock;
  let store: MemoryApiKeyStore;
  let log: MemoryAuditLog;
  let keys: ManageApiKeys;

  const trail = () => auditTrail(log);

  beforeEach(() => {
    clock = new FakeClock();
    store = new MemoryApiKeyStore();
    log = new MemoryAuditLog();
    keys = new ManageApiKeys(store, new Auditor(log, clock), clock, 'production');
  });

  describe('issuing', () => {
    it('stores the hash, every scope by default, no owner, no expiry, its own quota; the secret is returned once and audited', async () => {
      const { key, record } = await keys.issue({ name: 'Shelter', plan: 'pro' });
      expect(key).toMatch(/^adopt_live_/);
      expect(record).toEqual({
        id: expect.stringMatching(/^key_[0-9A-Za-z]{16}$/) as string,
        name: 'Shelter',
        hash: hashKey(key),
        // Enough of the secret to recognise it: the prefix and 4 characters, and the last 4.
        start: key.slice(0, 'adopt_live_'.length + 4),
        last4: key.slice(-4),
        plan: 'pro',
        scopes: ['pets:read', 'pets:write', 'webhooks:write', 'searches:write'],
        ownerId: null,
        quotaId: record.id,
        rotatedFrom: null,
        createdAt: new Date(clock.ms),
        revokedAt: null,
        expiresAt: null,
      });
      expect(await store.findById(record.id)).toEqual(record);
      expect(JSON.stringify(await store.findById(record.id))).not.toContain(key);
      expect(await trail()).toEqual([`key.create ${record.id} by key-tool`]);
    });

    it('keeps what is asked for: limits, scopes, owner and expiry', async () => {
      const expiresAt = new Date(clock.ms + 1);
      const { record } = await keys.issue(
        {
          name: 'Partner',
          plan: 'enterprise',
          customLimits: { perMinute: 5, perDay: 50 },
          scopes: ['pets:read'],
          ownerId: 'o'.repeat(OWNER_ID_MAX_LENGTH),
          expiresAt,
        },
        ADMIN,
      );
      expect(record).toMatchObject({
        plan: 'enterprise',
        customLimits: { perMinute: 5, perDay: 50 },
        scopes: ['pets:read'],
        ownerId: 'o'.repeat(128),
        expiresAt,
      });
      expect(await trail()).toEqual([`key.create ${record.id} by adm_test`]);
    });

    it.each([
      ['an empty name', { name: '' }, 'name', 'name must have 1 to 100 characters, not only spaces'],
      ['a name of spaces', { name: '   ' }, 'name', 'name must have 1 to 100 characters, not only spaces'],
      [
        'a name of 101 characters',
        { name: 'n'.repeat(KEY_NAME_MAX_LENGTH + 1) },
        'name',
        'name must have 1 to 100 characters, not only spaces',
      ],
      [
        'enterprise without limits',
        { plan: 'enterprise' as const },
        'limits',
        'An enterprise key needs its own limits: perMinute and perDay whole numbers with 1 <= perMinute <= perDay',
      ],
      [
        'limits with perDay under perMinute',
        { customLimits: { perMinute: 10, perDay: 9 } },
        'limits',
        'limits must be perMinute and perDay whole numbers with 1 <= perMinute <= perDay',
      ],
      [
        'no scopes',
        { scopes: [] },
        'scopes',
        'scopes must list one or more of pets:read, pets:write, webhooks:write, searches:write, publishing:write, each once',
      ],
      [
        'a scope twice',
        { scopes: ['pets:read', 'pets:read'] as const },
        'scopes',
        'scopes must list one or more of pets:read, pets:write, webhooks:write, searches:write, publishing:write, each once',
      ],
      ['an empty owner', { ownerId: '' }, 'ownerId', 'ownerId must have 1 to 128 characters'],
      ['an owner of 129 characters', { ownerId: 'o'.repeat(OWNER_ID_MAX_LENGTH + 1) }, 'ownerId', 'ownerId must have 1 to 128 characters'],
      ['an expiry now', { expiresAt: 'now' }, 'expiresAt', 'expiresAt must be in the future; to stop a key now, revoke it'],
    ])('refuses %s, storing and auditing nothing', async (_case, change, field, message) => {
      const request = { name: 'Shelter', plan: 'pro' as const, ...change, ...('expiresAt' in change && { expiresAt: new Date(clock.ms) }) };
      expect(await refusal(keys.issue(request as Parameters<ManageApiKeys['issue']>[0]))).toEqual({ field, message });
      expect(await store.list({ limit: 10, nowMs: clock.ms })).toEqual([]);
      expect(await trail()).toEqual([]);
    });

    it('accepts the boundaries: a name of 1 and of 100 characters, an owner of 1, equal limits, one scope', async () => {
      await keys.issue({ name: 'n', plan: 'free', ownerId: 'o', customLimits: { perMinute: 1, perDay: 1 }, scopes: ['pets:write'] });
      await keys.issue({ name: 'n'.repeat(KEY_NAME_MAX_LENGTH), plan: 'free' });
      expect(await store.list({ limit: 10, nowMs: clock.ms })).toHaveLength(2);
    });
  });

  describe('issuing once per Idempotency-Key', () => {
    it('replays the first key without its secret for the same request, in any field order; refuses another request; a different actor gets its own key', async () => {
      const first = await keys.issueOnce({ name: 'A', plan: 'pro', scopes: ['pets:write', 'pets:read'] }, ADMIN, 'idem-1');
      expect(first.replayed).toBe(false);
      expect(first.key).toMatch(/^adopt_live_/);
      const again = await keys.issueOnce({ scopes: ['pets:read', 'pets:write'], plan: 'pro', name: 'A' }, ADMIN, 'idem-1');
      expect(again).toEqual({ record: first.record, key: null, replayed: true });
      await expect(keys.issueOnce({ name: 'B', plan: 'pro', scopes: ['pets:write', 'pets:read'] }, ADMIN, 'idem-1')).rejects.toBeInstanceOf(
        IdempotencyKeyReusedError,
      );
      await expect(keys.issueOnce({ name: 'A', plan: 'pro', scopes: ['pets:write'] }, ADMIN, 'idem-1')).rejects.toBeInstanceOf(
        IdempotencyKeyReusedError,
      );
      const other = await keys.issueOnce(
        { name: 'A', plan: 'pro', scopes: ['pets:write', 'pets:read'] },
        { ...ADMIN, id: 'adm_other' },
        'idem-1',
      );
      expect(other.replayed).toBe(false);
      expect(other.record.id).not.toBe(first.record.id);
      expect(await trail()).toEqual([`key.create ${first.record.id} by adm_test`, `key.create ${other.record.id} by adm_other`]);
    });

    it('checks the request as issue does, and derives the same id for the same actor and Idempotency-Key in every version', async () => {
      expect(await refusal(keys.issueOnce({ name: '', plan: 'pro' }, ADMIN, 'idem-3'))).toMatchObject({ field: 'name' });
      // A retry after a deploy must find the key the first attempt made: the id is a fixed function of both.
      const { record } = await keys.issueOnce({ name: 'A', plan: 'pro' }, ADMIN, 'idem-3');
      expect(record.id).toBe(FIXED_IDS.idempotentIssue);
    });

    it('tells requests apart by every field: limits, expiry and owner', async () => {
      const base = { name: 'A', plan: 'pro' as const };
      await keys.issueOnce(
        { ...base, customLimits: { perMinute: 2, perDay: 3 }, expiresAt: new Date(clock.ms + 60_000), ownerId: 'o1' },
        ADMIN,
        'idem-2',
      );
      for (const changed of [
        { ...base, customLimits: { perMinute: 2, perDay: 4 }, expiresAt: new Date(clock.ms + 60_000), ownerId: 'o1' },
        { ...base, customLimits: { perMinute: 3, perDay: 3 }, expiresAt: new Date(clock.ms + 60_000), ownerId: 'o1' },
        { ...base, customLimits: { perMinute: 2, perDay: 3 }, expiresAt: new Date(clock.ms + 60_001), ownerId: 'o1' },
        { ...base, customLimits: { perMinute: 2, perDay: 3 }, expiresAt: new Date(clock.ms + 60_000), ownerId: 'o2' },
        { ...base, customLimits: { perMinute: 2, perDay: 3 }, expiresAt: new Date(clock.ms + 60_000) },
      ]) {
        await expect(keys.issueOnce(changed, ADMIN, 'idem-2')).rejects.toBeInstanceOf(IdempotencyKeyReusedError);
      }
    });
  });

  describe('configured keys', () => {
    const configured = 'shelter-configured-key-0001';

    it('stores a configured key once under an id derived from its hash, then finds it unchanged', async () => {
      const created = await keys.ensure(configured, { name: 'Configured', plan: 'pro' });
      expect(created.action).toBe('created');
      expect(created.record.hash).toBe(hashKey(configured));
      const again = await keys.ensure(configured, { name: 'Configured', plan: 'pro' });
      expect(again).toEqual({ action: 'unchanged', record: created.record });
      expect(await trail()).toEqual([`key.create ${created.record.id} by config`]);
    });

    it('brings a stored key to the configured plan and limits, saying what it was, audited as the configuration', async () => {
      const { record } = await keys.ensure(configured, { name: 'Configured', plan: 'pro', customLimits: { perMinute: 5, perDay: 50 } });
      const sameLimits = await keys.ensure(configured, { name: 'Configured', plan: 'pro', customLimits: { perMinute: 5, perDay: 50 } });
      expect(sameLimits.action).toBe('unchanged');
      const otherDay = await keys.ensure(configured, { name: 'Configured', plan: 'pro', customLimits: { perMinute: 5, perDay: 51 } });
      expect(otherDay).toMatchObject({ action: 'updated', previous: { plan: 'pro', customLimits: { perMinute: 5, perDay: 50 } } });
      const otherMinute = await keys.ensure(configured, { name: 'Configured', plan: 'pro', customLimits: { perMinute: 6, perDay: 51 } });
      expect(otherMinute).toMatchObject({ action: 'updated', previous: { customLimits: { perMinute: 5, perDay: 51 } } });
      const planOnly = await keys.ensure(configured, { name: 'Configured', plan: 'business' });
      expect(planOnly).toMatchObject({ action: 'updated', previous: { plan: 'pro', customLimits: { perMinute: 6, perDay: 51 } } });
      expect(planOnly.record.plan).toBe('business');
      expect(planOnly.record.customLimits ?? null).toBeNull();
      const otherPlan = await keys.ensure(configured, { name: 'Configured', plan: 'free' });
      expect(otherPlan).toEqual({
        action: 'updated',
        record: expect.objectContaining({ plan: 'free' }) as object,
        previous: { plan: 'business' },
      });
      expect(await trail()).toEqual([
        `key.create ${record.id} by config`,
        ...Array.from({ length: 4 }, () => `key.update ${record.id} by config`),
      ]);
      expect(CONFIG_ACTOR.id).toBe('config');
    });

    it('keeps the id derived from the hash in every version, and takes an issued key as well as one of its own format', async () => {
      expect((await keys.ensure(configured, { name: 'Configured', plan: 'pro' })).record.id).toBe(FIXED_IDS.configured);
      const issued = (
        await new ManageApiKeys(new MemoryApiKeyStore(), new Auditor(new MemoryAuditLog(), clock), clock, 'production').issue({
          name: 'I',
          plan: 'pro',
        })
      ).key;
      expect((await keys.ensure(issued, { name: 'Issued', plan: 'free' })).action).toBe('created');
    });

    it('checks the request as issue does', async () => {
      expect(await refusal(keys.ensure(configured, { name: 'C', plan: 'enterprise' }))).toMatchObject({ field: 'limits' });
      expect(await store.findByHash(hashKey(configured))).toBeNull();
    });

    it("moves a key from its plan's limits to its own", async () => {
      await keys.ensure(configured, { name: 'C', plan: 'pro' });
      const outcome = await keys.ensure(configured, { name: 'C', plan: 'pro', customLimits: { perMinute: 1, perDay: 2 } });
      expect(outcome).toMatchObject({
        action: 'updated',
        record: { customLimits: { perMinute: 1, perDay: 2 } },
        previous: { plan: 'pro' },
      });
    });

    it('finds the record another instance stored first, and passes any other failure on', async () => {
      // Another instance stores the key between this one's lookup and its insert.
      class RacingStore extends MemoryApiKeyStore {
        firstLookup = true;
        override findByHash(hash: string) {
          if (this.firstLookup) {
            this.firstLookup = false;
            return Promise.resolve(null);
          }
          return super.findByHash(hash);
        }
      }
      const racing = new RacingStore();
      const other = new ManageApiKeys(racing, new Auditor(new MemoryAuditLog(), clock), clock, 'production');
      const first = await new ManageApiKeys(racing, new Auditor(new MemoryAuditLog(), clock), clock, 'production').ensure(configured, {
        name: 'C',
        plan: 'pro',
      });
      racing.firstLookup = true;
      expect(await other.ensure(configured, { name: 'C', plan: 'pro' })).toEqual({ action: 'unchanged', record: first.record });

      class FailingStore extends MemoryApiKeyStore {
        constructor(private readonly failure: Error) {
          super();
        }
        override add(_record: ApiKeyRecord) {
          return Promise.reject(this.failure);
        }
      }
      const down = new Error('store unavailable');
      await expect(
        new ManageApiKeys(new FailingStore(down), new Auditor(new MemoryAuditLog(), clock), clock, 'production').ensure(configured, {
          name: 'C',
          plan: 'pro',
        }),
      ).rejects.toBe(down);
      await expect(
        new ManageApiKeys(new FailingStore(new DuplicateKeyError()), new Auditor(new MemoryAuditLog(), clock), clock, 'production').ensure(
          configured,
          { name: 'C', plan: 'pro' },
        ),
      ).rejects.toThrow('The key was reported as stored, but no record has its hash');
    });

    it('refuses a malformed key, and a key with a reserved prefix that is not valid here', async () => {
      expect(await refusal(keys.ensure('short', { name: 'C', plan: 'pro' }))).toEqual({
        field: 'key',
        message: `A key must be ${KEY_FORMAT_TEXT}`,
      });
      const staging = (
        await new ManageApiKeys(new MemoryApiKeyStore(), new Auditor(new MemoryAuditLog(), clock), clock, 'staging').issue({
          name: 'S',
          plan: 'pro',
        })
      ).key;
      expect(await refusal(keys.ensure(staging, { name: 'C', plan: 'pro' }))).toEqual({
        field: 'key',
        message: 'The key has a reserved prefix but is not valid here (other environment)',
      });
      expect(await trail()).toEqual([]);
    });
  });

  describe('changing', () => {
    it('changes only what is given, audited; an empty change changes and audits nothing', async () => {
      const { record } = await keys.issue({ name: 'A', plan: 'pro' });
      expect(await keys.update(record.id, {}, ADMIN)).toEqual(record);
      const expiresAt = new Date(clock.ms + 1000);
      const changed = await keys.update(record.id, { name: 'B', plan: 'business', scopes: ['pets:read'], ownerId: 'o', expiresAt }, ADMIN);
      expect(changed).toEqual({ ...record, name: 'B', plan: 'business', scopes: ['pets:read'], ownerId: 'o', expiresAt });
      const cleared = await keys.update(record.id, { ownerId: null, expiresAt: null, customLimits: { perMinute: 1, perDay: 1 } }, ADMIN);
      expect(cleared).toMatchObject({ ownerId: null, expiresAt: null, customLimits: { perMinute: 1, perDay: 1 } });
      expect((await keys.update(record.id, { customLimits: null }, ADMIN)).customLimits ?? null).toBeNull();
      expect(await trail()).toEqual([
        `key.create ${record.id} by key-tool`,
        ...Array.from({ length: 3 }, () => `key.update ${record.id} by adm_test`),
      ]);
    });

    it('refuses each bad change with its field, and changes nothing', async () => {
      const { record } = await keys.issue({ name: 'A', plan: 'pro' });
      const enterprise = (await keys.issue({ name: 'E', plan: 'enterprise', customLimits: { perMinute: 2, perDay: 2 } })).record;
      const cases: [Parameters<ManageApiKeys['update']>[1], string, string][] = [
        [{ name: ' ' }, 'name', 'name must have 1 to 100 characters, not only spaces'],
        [
          { scopes: [] },
          'scopes',
          'scopes must list one or more of pets:read, pets:write, webhooks:write, searches:write, publishing:write, each once',
        ],
        [{ ownerId: '' }, 'ownerId', 'ownerId must have 1 to 128 characters'],
        [{ expiresAt: new Date(clock.ms) }, 'expiresAt', 'expiresAt must be in the future; to stop a key now, revoke it'],
        [
          { customLimits: { perMinute: 0, perDay: 1 } },
          'limits',
          'limits must be perMinute and perDay whole numbers with 1 <= perMinute <= perDay',
        ],
        [
          { plan: 'enterprise' },
          'limits',
          'An enterprise key needs its own limits: perMinute and perDay whole numbers with 1 <= perMinute <= perDay',
        ],
      ];
      for (const [change, field, message] of cases)
        expect(await refusal(keys.update(record.id, change, ADMIN))).toEqual({ field, message });
      expect(await refusal(keys.update(enterprise.id, { customLimits: null }, ADMIN))).toMatchObject({ field: 'limits' });
      // An enterprise key keeps its own limits through a change that does not touch them.
      expect((await keys.update(enterprise.id, { name: 'E2' }, ADMIN)).customLimits).toEqual({ perMinute: 2, perDay: 2 });
      expect(await store.findById(record.id)).toEqual(record);
      await expect(keys.update('key_missing', { name: 'X' }, ADMIN)).rejects.toBeInstanceOf(KeyNotFoundError);
    });
  });

  describe('revoking', () => {
    it('stops a key at once, audited once: revoking it again changes nothing', async () => {
      const { record } = await keys.issue({ name: 'A', plan: 'pro' });
      const revoked = await keys.revoke(record.id, ADMIN);
      expect(revoked.revokedAt).toEqual(new Date(clock.ms));
      clock.advance(1000);
      expect(await keys.revoke(record.id, ADMIN)).toEqual(revoked);
      expect(await trail()).toEqual([`key.create ${record.id} by key-tool`, `key.revoke ${record.id} by adm_test`]);
      await expect(keys.revoke('key_missing', ADMIN)).rejects.toBeInstanceOf(KeyNotFoundError);
    });
  });

  describe('rotating', () => {
    it('issues a replacement with the same settings and quota; the old key ends after the grace', async () => {
      const { record: old } = await keys.issue(
        { name: 'A', plan: 'enterprise', customLimits: { perMinute: 3, perDay: 30 }, scopes: ['pets:read'], ownerId: 'o' },
        ADMIN,
      );
      const { key, record } = await keys.rotate(old.id, 60_000, ADMIN);
      expect(record).toMatchObject({
        name: 'A',
        plan: 'enterprise',
        customLimits: { perMinute: 3, perDay: 30 },
        scopes: ['pets:read'],
        ownerId: 'o',
        quotaId: old.id,
        rotatedFrom: old.id,
        hash: hashKey(key),
      });
      expect(record.id).not.toBe(old.id);
      expect((await store.findById(old.id))?.expiresAt).toEqual(new Date(clock.ms + 60_000));
      expect(await trail()).toEqual([`key.create ${old.id} by adm_test`, `key.rotate ${old.id} by adm_test`]);
    });

    it('never extends an earlier expiry of the old key, and ends it now with no grace', async () => {
      const soon = new Date(clock.ms + 10_000);
      const { record: a } = await keys.issue({ name: 'A', plan: 'pro', expiresAt: soon });
      await keys.rotate(a.id, 60_000, ADMIN);
      expect((await store.findById(a.id))?.expiresAt).toEqual(soon);
      const { record: b } = await keys.issue({ name: 'B', plan: 'pro', expiresAt: new Date(clock.ms + 60_001) });
      await keys.rotate(b.id, 60_000, ADMIN);
      expect((await store.findById(b.id))?.expiresAt).toEqual(new Date(clock.ms + 60_000));
      const { record: c } = await keys.issue({ name: 'C', plan: 'pro' });
      await keys.rotate(c.id, 0, ADMIN);
      expect((await store.findById(c.id))?.expiresAt).toEqual(new Date(clock.ms));
      const { record: d } = await keys.issue({ name: 'D', plan: 'pro' });
      await keys.rotate(d.id, MAX_ROTATION_GRACE_MS, ADMIN);
      expect((await store.findById(d.id))?.expiresAt).toEqual(new Date(clock.ms + 604_800_000));
    });

    it('refuses a grace outside 0 to a week or not whole, and a key that is not active', async () => {
      const { record } = await keys.issue({ name: 'A', plan: 'pro' });
      for (const grace of [-1, MAX_ROTATION_GRACE_MS + 1, 1.5, Number.NaN]) {
        expect(await refusal(keys.rotate(record.id, grace, ADMIN))).toEqual({
          field: 'graceSeconds',
          message: 'graceSeconds must be a whole number from 0 to 604800',
        });
      }
      await keys.revoke(record.id, ADMIN);
      const refused = await keys.rotate(record.id, 0, ADMIN).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(KeyNotActiveError);
      expect((refused as Error).message).toContain('revoked');
      expect(await store.list({ limit: 10, nowMs: clock.ms })).toHaveLength(1);
      expect(KEY_TOOL_ACTOR.id).toBe('key-tool');
    });
  });
});
