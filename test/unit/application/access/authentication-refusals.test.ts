/** How API keys and admin credentials are read from the Authorization header, and every way one is refused. */
import { beforeEach, describe, expect, it } from 'vitest';
import { Authenticate } from '../../../../src/application/access/use-cases/authenticate.js';
import {
  ADMIN_UNAUTHORIZED_MESSAGE,
  AdmitAdminRequest,
  type AdminAdmissionRequest,
} from '../../../../src/application/access/use-cases/admit-admin-request.js';
import { ManageApiKeys } from '../../../../src/application/access/use-cases/manage-api-keys.js';
import { ManageAdminCredentials } from '../../../../src/application/access/use-cases/manage-admin-credentials.js';
import { Auditor, KEY_TOOL_ACTOR } from '../../../../src/application/shared/services/auditor.js';
import { hashKey, newKeyBody } from '../../../../src/application/access/services/key-secrets.js';
import { MemoryAdminCredentialStore } from '../../../../src/adapters/access/memory/memory-admin-credential-store.js';
import { MemoryApiKeyStore } from '../../../../src/adapters/access/memory/memory-api-key-store.js';
import { MemoryAuditLog } from '../../../../src/adapters/shared/memory/memory-audit-log.js';
import { MemoryRateLimiter } from '../../../../src/adapters/access/memory/memory-rate-limiter.js';
import { ADMIN_TOKEN_PREFIX } from '../../../../src/domain/access/admin-credential.js';
import { composeSecret } from '../../../../src/domain/access/api-key.js';
import { ForbiddenError, RateLimitExceededError, UnauthenticatedError } from '../../../../src/domain/shared/errors.js';
import type { RateLimiter } from '../../../../src/application/access/ports/rate-limiter.js';
import type { ApiKeyStore } from '../../../../src/application/access/ports/api-key-store.js';
import type { AdminCredentialStore } from '../../../../src/application/access/ports/admin-credential-store.js';
import { FakeClock } from '../../../support/fake-clock.js';

const KEY = 'partner-key-0123456789abcdef';
const noBan = { threshold: 0, durationMs: 0, strikeWindowMs: 0 };

/** A store that is down: a refusal that needs no lookup must not reach it. */
const down = <T extends object>(): T => new Proxy({}, { get: () => () => Promise.reject(new Error('store down')) }) as T;

const refusalOf = async (work: Promise<unknown>): Promise<string> => {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error, 'expected a refusal').toBeInstanceOf(UnauthenticatedError);
  return (error as Error).message;
};

describe('API keys in the Authorization header', () => {
  let clock: FakeClock;
  let store: MemoryApiKeyStore;

  beforeEach(async () => {
    clock = new FakeClock();
    store = new MemoryApiKeyStore();
    await new ManageApiKeys(store, new Auditor(new MemoryAuditLog(), clock), clock, 'production').ensure(KEY, {
      name: 'Partner',
      plan: 'pro',
    });
  });

  it('takes the scheme in any case and any number of spaces before the key and after it', async () => {
    for (const header of [`Bearer ${KEY}`, `bearer ${KEY}`, `Bearer   ${KEY}`, `Bearer ${KEY}  `]) {
      expect((await new Authenticate(store, clock, 'production').execute(header)).plan).toBe('pro');
    }
  });

  it('refuses, without a lookup, a header that is not exactly "Bearer <key>"', async () => {
    const offline = new Authenticate(down<ApiKeyStore>(), clock, 'production');
    const form = "The Authorization header must have the form 'Bearer <key>'";
    expect(await refusalOf(offline.execute(`Token Bearer ${KEY}`))).toBe(form);
    expect(await refusalOf(offline.execute(`Bearer ${KEY} extra`))).toBe(form);
    expect(await refusalOf(offline.execute(`Bearer`))).toBe(form);
    const missing = "Missing API key: send it as 'Authorization: Bearer <key>'";
    expect(await refusalOf(offline.execute(undefined))).toBe(missing);
    expect(await refusalOf(offline.execute('   '))).toBe(missing);
    expect(await refusalOf(offline.execute(`Bearer ${composeSecret(ADMIN_TOKEN_PREFIX, newKeyBody())}`))).toBe(
      'This is an admin credential: it opens the admin API only. Send an API key here',
    );
    expect(await refusalOf(offline.execute(`Bearer ${composeSecret('adopt_stage_', newKeyBody())}`))).toBe(
      'This API key belongs to another environment; this is production',
    );
    expect(await refusalOf(offline.execute('Bearer short'))).toBe('The API key is invalid, revoked or expired');
  });

  it("refuses a record whose hash is not the key's, whatever the store handed back", async () => {
    const stored = await store.findByHash(hashKey(KEY));
    const lying: ApiKeyStore = Object.assign(Object.create(store) as ApiKeyStore, { findByHash: async () => stored });
    expect(await refusalOf(new Authenticate(lying, clock, 'production').execute('Bearer another-partner-key-000000'))).toBe(
      'The API key is invalid, revoked or expired',
    );
  });
});

describe('admin credentials in the Authorization header', () => {
  let clock: FakeClock;
  let credentials: MemoryAdminCredentialStore;
  let log: MemoryAuditLog;
  let token: string;
  const request = (authorization: string | undefined, extra: Partial<AdminAdmissionRequest> = {}): AdminAdmissionRequest => ({
    authorization,
    authorizationHeaders: authorization === undefined ? 0 : 1,
    clientAddress: () => '203.0.113.7',
    requestId: 'req-1',
    scope: 'keys:read',
    ...extra,
  });
  const admit = (store: AdminCredentialStore = credentials, limiter: RateLimiter = new MemoryRateLimiter(clock)) =>
    new AdmitAdminRequest(store, limiter, noBan, new Auditor(log, clock));

  beforeEach(async () => {
    clock = new FakeClock();
    credentials = new MemoryAdminCredentialStore();
    log = new MemoryAuditLog();
    ({ token } = await new ManageAdminCredentials(credentials, new Auditor(new MemoryAuditLog(), clock), clock).issue(
      'Ops',
      ['keys:read'],
      KEY_TOOL_ACTOR,
    ));
  });

  it('admits the credential with its scopes, the scheme in any case and spaces around the credential', async () => {
    for (const header of [`Bearer ${token}`, `bearer  ${token}`, `Bearer ${token} `]) {
      expect((await admit().execute(request(header))).scopes).toEqual(['keys:read']);
    }
  });

  it('refuses every other form with the one message, audits the failure, and needs no lookup to refuse a malformed one', async () => {
    for (const header of [`Token Bearer ${token}`, `Bearer ${token} extra`, 'Bearer not-an-admin-credential-but-long', undefined]) {
      expect(await refusalOf(admit().execute(request(header)))).toBe(ADMIN_UNAUTHORIZED_MESSAGE);
    }
    for (const header of [
      `Bearer ${composeSecret('adopt_live_', newKeyBody())}`,
      'Bearer short',
      `Bearer ${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`,
    ]) {
      expect(await refusalOf(admit(down<AdminCredentialStore>()).execute(request(header)))).toBe(ADMIN_UNAUTHORIZED_MESSAGE);
    }
    expect((await log.list({ limit: 100 })).map((e) => `${e.action} ${e.ip ?? ''}`)).toEqual(
      Array.from({ length: 7 }, () => 'admin.auth_failed 203.0.113.7'),
    );
  });

  it('refuses a valid credential sent in two Authorization headers', async () => {
    expect(await refusalOf(admit().execute(request(`Bearer ${token}`, { authorizationHeaders: 2 })))).toBe(ADMIN_UNAUTHORIZED_MESSAGE);
  });

  it("refuses a record whose hash is not the credential's, and a revoked one", async () => {
    const [stored] = await credentials.list();
    const lying: AdminCredentialStore = Object.assign(Object.create(credentials) as AdminCredentialStore, {
      findByHash: async () => stored,
    });
    expect(await refusalOf(admit(lying).execute(request(`Bearer ${composeSecret(ADMIN_TOKEN_PREFIX, newKeyBody())}`)))).toBe(
      ADMIN_UNAUTHORIZED_MESSAGE,
    );
    await credentials.update(stored?.id ?? '', { revokedAt: new Date(clock.ms) });
    expect(await refusalOf(admit().execute(request(`Bearer ${token}`)))).toBe(ADMIN_UNAUTHORIZED_MESSAGE);
  });

  it('answers 429, without auditing, once the address is limited, and 403 for a missing scope', async () => {
    const limited: RateLimiter = {
      admit: async (_subject, policy) => ({
        outcome: 'limited',
        nowMs: clock.ms,
        windows: policy.windows.map((w) => ({
          name: w.name,
          limit: w.limit,
          used: w.limit,
          resetAtMs: clock.ms + 30_000,
          retryAtMs: clock.ms + 30_000,
        })),
        bannedUntilMs: null,
        banStarted: false,
        dropsAtMs: clock.ms + 30_000,
        strikes: 1,
        strikesUntilMs: clock.ms + 60_000,
      }),
      peek: () => Promise.reject(new Error('not used')),
      strike: () => Promise.reject(new Error('not used')),
      unban: () => Promise.reject(new Error('not used')),
      ping: async () => undefined,
    };
    const refused = await admit(credentials, limited)
      .execute(request('Bearer wrong-credential-0123456789'))
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(RateLimitExceededError);
    expect(refused).toMatchObject({ code: 'rate_limited', retryAfterSeconds: 30 });
    expect(await log.list({ limit: 10 })).toEqual([]);
    const banning: RateLimiter = {
      ...limited,
      admit: async (subject, policy) => ({
        ...(await limited.admit(subject, policy)),
        outcome: 'banned',
        bannedUntilMs: clock.ms + 30_000,
      }),
    };
    expect(
      await admit(credentials, banning)
        .execute(request('Bearer wrong-credential-0123456789'))
        .catch((e: unknown) => e),
    ).toMatchObject({ code: 'address_banned', retryAfterSeconds: 30 });
    const forbidden = await admit()
      .execute(request(`Bearer ${token}`, { scope: 'keys:write' }))
      .catch((e: unknown) => e);
    expect(forbidden).toBeInstanceOf(ForbiddenError);
    expect((forbidden as Error).message).toBe('This admin credential does not have the keys:write scope this operation needs');
  });
});
