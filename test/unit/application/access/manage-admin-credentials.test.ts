/** Admin credentials as the key tool and ADMIN_TOKENS use them, without HTTP: every rule, its refusal and its audit. */
import { beforeEach, describe, expect, it } from 'vitest';
import { ManageAdminCredentials } from '../../../../src/application/access/use-cases/manage-admin-credentials.js';
import { AdminCredentialNotFoundError } from '../../../../src/domain/access/errors.js';
import { Auditor, KEY_TOOL_ACTOR } from '../../../../src/application/shared/services/auditor.js';
import { hashKey, newKeyBody } from '../../../../src/application/access/services/key-secrets.js';
import { DuplicateKeyError } from '../../../../src/application/shared/storage-errors.js';
import { MemoryAdminCredentialStore } from '../../../../src/adapters/access/memory/memory-admin-credential-store.js';
import { MemoryAuditLog } from '../../../../src/adapters/shared/memory/memory-audit-log.js';
import {
  ADMIN_SCOPES,
  ADMIN_TOKEN_PREFIX,
  checkAdminTokenFormat,
  isAdminScope,
  type AdminCredential,
} from '../../../../src/domain/access/admin-credential.js';
import { composeSecret, KEY_FORMAT_TEXT } from '../../../../src/domain/access/api-key.js';
import type { Actor } from '../../../../src/domain/shared/audit-event.js';
import { FakeClock } from '../../../support/fake-clock.js';
import { auditTrail } from '../../../support/audit-trail.js';
import { refusal } from '../../../support/refusal.js';

const OPERATOR: Actor = { id: 'adm_operator', requestId: 'req-1', ip: '203.0.113.1' };
const VERBATIM = 'operator-chosen-admin-secret-0001';
/** Its id, the same on every instance and version (SHA-256 of "configured-admin", NUL, the token's hash; 16 base62 digits; computed apart). */
const VERBATIM_ID = 'adm_GmALStxklr36m08G';
const SCOPES_MESSAGE = 'An admin credential needs one or more scopes, each once';
const TOKEN_MESSAGE = `An admin credential must be ${KEY_FORMAT_TEXT}, not an API key, with a valid checksum when it starts with ${ADMIN_TOKEN_PREFIX}`;

describe('admin credential formats', () => {
  it('knows exactly the admin scopes', () => {
    for (const scope of ADMIN_SCOPES) expect(isAdminScope(scope)).toBe(true);
    expect(isAdminScope('pets:read')).toBe(false);
    expect(isAdminScope(undefined)).toBe(false);
    expect(isAdminScope(['keys:read'])).toBe(false);
  });

  it('tells issued, verbatim and refused credentials apart by their prefix at the start', () => {
    const issued = composeSecret(ADMIN_TOKEN_PREFIX, newKeyBody());
    expect(checkAdminTokenFormat(issued)).toBe('issued');
    expect(checkAdminTokenFormat(`${issued.slice(0, -1)}${issued.endsWith('A') ? 'B' : 'A'}`)).toBe('refused');
    expect(checkAdminTokenFormat(VERBATIM)).toBe('verbatim');
    // API keys of either environment are refused; the prefixes count only at the start.
    expect(checkAdminTokenFormat(composeSecret('adopt_live_', newKeyBody()))).toBe('refused');
    expect(checkAdminTokenFormat(composeSecret('adopt_stage_', newKeyBody()))).toBe('refused');
    expect(checkAdminTokenFormat(`operator-secret-0123456789${ADMIN_TOKEN_PREFIX}`)).toBe('verbatim');
    expect(checkAdminTokenFormat('operator-secret-0123456789adopt_live_')).toBe('verbatim');
    expect(checkAdminTokenFormat('too-short')).toBe('refused');
  });
});

describe('managing admin credentials', () => {
  let clock: FakeClock;
  let store: MemoryAdminCredentialStore;
  let log: MemoryAuditLog;
  let admins: ManageAdminCredentials;

  const trail = () => auditTrail(log);

  beforeEach(() => {
    clock = new FakeClock();
    store = new MemoryAdminCredentialStore();
    log = new MemoryAuditLog();
    admins = new ManageAdminCredentials(store, new Auditor(log, clock), clock);
  });

  it('issues a credential with its scopes, returns the secret once, stores its hash and audits it', async () => {
    const { credential, token } = await admins.issue('Support desk', ['keys:read', 'usage:read'], OPERATOR);
    expect(checkAdminTokenFormat(token)).toBe('issued');
    expect(credential).toEqual({
      id: expect.stringMatching(/^adm_[0-9A-Za-z]{16}$/) as string,
      name: 'Support desk',
      hash: hashKey(token),
      scopes: ['keys:read', 'usage:read'],
      createdAt: new Date(clock.ms),
      revokedAt: null,
    });
    expect(await store.findByHash(hashKey(token))).toEqual(credential);
    expect(await trail()).toEqual([`admin.create ${credential.id} by adm_operator`]);
  });

  it('refuses no scopes and a repeated scope, storing and auditing nothing', async () => {
    expect(await refusal(admins.issue('x', [], OPERATOR))).toEqual({ field: 'scopes', message: SCOPES_MESSAGE });
    expect(await refusal(admins.issue('x', ['keys:read', 'keys:read'], OPERATOR))).toEqual({ field: 'scopes', message: SCOPES_MESSAGE });
    expect(await refusal(admins.ensure(VERBATIM, [], 'configured'))).toEqual({ field: 'scopes', message: SCOPES_MESSAGE });
    expect(await refusal(admins.ensure(VERBATIM, ['audit:read', 'audit:read'], 'configured'))).toEqual({
      field: 'scopes',
      message: SCOPES_MESSAGE,
    });
    expect(await store.list()).toEqual([]);
    expect(await trail()).toEqual([]);
  });

  describe('a configured credential (ADMIN_TOKENS)', () => {
    it('is refused when it is an API key, malformed, or an admin credential with a bad checksum, storing and auditing nothing', async () => {
      const issued = composeSecret(ADMIN_TOKEN_PREFIX, newKeyBody());
      for (const token of [
        composeSecret('adopt_live_', newKeyBody()),
        'short',
        `${issued.slice(0, -1)}${issued.endsWith('A') ? 'B' : 'A'}`,
      ]) {
        expect(await refusal(admins.ensure(token, ['keys:read'], 'configured'))).toEqual({ field: 'token', message: TOKEN_MESSAGE });
      }
      expect(await store.list()).toEqual([]);
      expect(await trail()).toEqual([]);
    });

    it('is created under an id derived from its hash, audited as the configuration', async () => {
      const credential = await admins.ensure(VERBATIM, ['keys:read', 'keys:write'], 'Operations');
      expect(credential).toEqual({
        id: VERBATIM_ID,
        name: 'Operations',
        hash: hashKey(VERBATIM),
        scopes: ['keys:read', 'keys:write'],
        createdAt: new Date(clock.ms),
        revokedAt: null,
      });
      expect(await store.findById(VERBATIM_ID)).toEqual(credential);
      expect(await trail()).toEqual([`admin.create ${VERBATIM_ID} by config`]);
    });

    it('is left as it is when its scopes are the same, in any order', async () => {
      const first = await admins.ensure(VERBATIM, ['keys:read', 'keys:write'], 'Operations');
      clock.advance(1_000);
      expect(await admins.ensure(VERBATIM, ['keys:write', 'keys:read'], 'Operations')).toEqual(first);
      expect(await trail()).toEqual([`admin.create ${VERBATIM_ID} by config`]);
    });

    it('gets the configured scopes when they changed, audited as an update', async () => {
      await admins.ensure(VERBATIM, ['keys:read', 'keys:write'], 'Operations');
      // As many scopes, one of them another.
      expect((await admins.ensure(VERBATIM, ['keys:read', 'usage:read'], 'Operations')).scopes).toEqual(['keys:read', 'usage:read']);
      // One more.
      expect((await admins.ensure(VERBATIM, ['keys:read', 'usage:read', 'audit:read'], 'Operations')).scopes).toEqual([
        'keys:read',
        'usage:read',
        'audit:read',
      ]);
      // One fewer.
      expect((await admins.ensure(VERBATIM, ['audit:read'], 'Operations')).scopes).toEqual(['audit:read']);
      expect((await store.findById(VERBATIM_ID))?.scopes).toEqual(['audit:read']);
      expect(await trail()).toEqual([
        `admin.create ${VERBATIM_ID} by config`,
        `admin.update ${VERBATIM_ID} by config`,
        `admin.update ${VERBATIM_ID} by config`,
        `admin.update ${VERBATIM_ID} by config`,
      ]);
    });

    it('takes a new configured name, audited with the old and new name; a revoked one stays revoked', async () => {
      await admins.ensure(VERBATIM, ['keys:read'], 'ADMIN_TOKENS entry 1');
      expect((await admins.ensure(VERBATIM, ['keys:read'], 'On-call rota')).name).toBe('On-call rota');
      const events = await log.list({ limit: 10, action: 'admin.update' });
      expect(events.map((e) => e.changes)).toEqual([{ name: { from: 'ADMIN_TOKENS entry 1', to: 'On-call rota' } }]);
      await admins.revoke(VERBATIM_ID, KEY_TOOL_ACTOR);
      expect((await admins.ensure(VERBATIM, ['keys:read'], 'On-call rota')).revokedAt).not.toBeNull();
    });

    it('returns the credential another instance stored first, and passes a store failure on', async () => {
      const theirs: AdminCredential = {
        id: VERBATIM_ID,
        name: 'Theirs',
        hash: hashKey(VERBATIM),
        scopes: ['keys:read'],
        createdAt: new Date(0),
        revokedAt: null,
      };
      // The other instance's insert lands between this one's lookup and its insert.
      const racing = new ManageAdminCredentials(
        Object.assign(Object.create(store) as MemoryAdminCredentialStore, {
          add: async () => {
            await store.add(theirs);
            throw new DuplicateKeyError();
          },
        }),
        new Auditor(log, clock),
        clock,
      );
      expect(await racing.ensure(VERBATIM, ['keys:read'], 'Mine')).toEqual(theirs);

      const failing = new ManageAdminCredentials(
        Object.assign(Object.create(new MemoryAdminCredentialStore()) as MemoryAdminCredentialStore, {
          add: () => Promise.reject(new Error('store down')),
        }),
        new Auditor(log, clock),
        clock,
      );
      await expect(failing.ensure(VERBATIM, ['keys:read'], 'Mine')).rejects.toThrow('store down');
    });
  });

  it('names the key tool and the configuration as the actors of what they change', async () => {
    const { credential } = await admins.issue('Ops', ['keys:read'], KEY_TOOL_ACTOR);
    await admins.ensure(VERBATIM, ['keys:read'], 'Configured');
    expect(await trail()).toEqual([`admin.create ${credential.id} by key-tool`, `admin.create ${VERBATIM_ID} by config`]);
    expect(new DuplicateKeyError().message).toBe('A key with the same secret or id is already stored');
  });

  it('revokes once, at the time of the revocation, and says which id it does not know', async () => {
    const { credential } = await admins.issue('Support desk', ['keys:read'], OPERATOR);
    clock.advance(5_000);
    const revoked = await admins.revoke(credential.id, OPERATOR);
    expect(revoked.revokedAt).toEqual(new Date(clock.ms));
    clock.advance(5_000);
    expect(await admins.revoke(credential.id, OPERATOR)).toEqual(revoked);
    expect(await trail()).toEqual([`admin.create ${credential.id} by adm_operator`, `admin.revoke ${credential.id} by adm_operator`]);
    const missing = await admins.revoke('adm_nobody', OPERATOR).catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(AdminCredentialNotFoundError);
    expect((missing as Error).message).toBe('No admin credential with id adm_nobody');
  });
});
