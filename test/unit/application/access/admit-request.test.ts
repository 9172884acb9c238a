import { beforeEach, describe, expect, it } from 'vitest';
import { AdmitRequest, type AdmissionRequest } from '../../../../src/application/access/use-cases/admit-request.js';
import { Authenticate } from '../../../../src/application/access/use-cases/authenticate.js';
import { ManageApiKeys } from '../../../../src/application/access/use-cases/manage-api-keys.js';
import type { RateLimiter } from '../../../../src/application/access/ports/rate-limiter.js';
import { MemoryApiKeyStore } from '../../../../src/adapters/access/memory/memory-api-key-store.js';
import { MemoryRateLimiter } from '../../../../src/adapters/access/memory/memory-rate-limiter.js';
import { RateLimitExceededError, UnauthenticatedError } from '../../../../src/domain/shared/errors.js';
import { ADDRESS_QUOTAS, ANONYMOUS_LIMITS, ANONYMOUS_QUOTA, PLAN_LIMITS } from '../../../../src/domain/access/plans.js';
import { reportOf, type AdmissionPolicy } from '../../../../src/domain/access/rate-limit.js';
import { Auditor, KEY_TOOL_ACTOR } from '../../../../src/application/shared/services/auditor.js';
import { LocalRefusals } from '../../../../src/application/access/services/local-refusals.js';
import { MemoryAuditLog } from '../../../../src/adapters/shared/memory/memory-audit-log.js';
import { FakeClock } from '../../../support/fake-clock.js';

/** The memory limiter, recording which subjects it was asked about. */
class RecordingLimiter extends MemoryRateLimiter {
  readonly admitted: string[] = [];
  override admit(subject: string, policy: AdmissionPolicy) {
    this.admitted.push(subject);
    return super.admit(subject, policy);
  }
}

const BAN = { threshold: 3, durationMs: 600_000, strikeWindowMs: 60_000 };

/** A request to a route that needs a key and spends quota, with the key given, from 203.0.113.9. */
function keyRequest(key: string, overrides: Partial<AdmissionRequest> = {}, onAddress: () => void = () => undefined): AdmissionRequest {
  return {
    authorization: `Bearer ${key}`,
    authorizationHeaders: 1,
    clientAddress: () => {
      onAddress();
      return '203.0.113.9';
    },
    needsKey: true,
    addressQuota: ANONYMOUS_QUOTA,
    spendsQuota: true,
    scope: null,
    ...overrides,
  };
}

describe('admitting a request', () => {
  let clock: FakeClock;
  let limiter: RecordingLimiter;
  let admit: AdmitRequest;
  let proKey: string;
  let proKeyId: string;
  let addressAsked: number;

  const request = (overrides: Partial<AdmissionRequest> = {}): AdmissionRequest => keyRequest(proKey, overrides, () => addressAsked++);

  beforeEach(async () => {
    clock = new FakeClock();
    const store = new MemoryApiKeyStore();
    const issued = await new ManageApiKeys(store, new Auditor(new MemoryAuditLog(), clock), clock, 'production').issue({
      name: 'Shelter',
      plan: 'pro',
    });
    proKey = issued.key;
    proKeyId = issued.record.id;
    limiter = new RecordingLimiter(clock);
    admit = new AdmitRequest(new Authenticate(store, clock, 'production'), limiter, BAN);
    addressAsked = 0;
  });

  it('counts a valid key under its plan, and never asks for the address', async () => {
    const admission = await admit.execute(request());
    expect(admission).toMatchObject({ key: { keyId: proKeyId, plan: 'pro' }, plan: 'pro', limits: PLAN_LIMITS.pro, refusal: null });
    expect(admission.decision).toMatchObject({
      outcome: 'admitted',
      banStarted: false,
      windows: [
        { name: 'minute', used: 1 },
        { name: 'day', used: 1 },
      ],
    });
    expect(limiter.admitted).toEqual([`key:${proKeyId}`]);
    expect(addressAsked).toBe(0);
  });

  it('spends nothing for a valid key on a route that reports the quota', async () => {
    const admission = await admit.execute(request({ spendsQuota: false }));
    expect(admission).toMatchObject({ key: { keyId: proKeyId }, decision: null, refusal: null });
    expect(limiter.admitted).toEqual([]);
  });

  it('limits a public route by address with the anonymous limits, whatever key is sent', async () => {
    const admission = await admit.execute(request({ needsKey: false }));
    expect(admission).toMatchObject({
      key: null,
      plan: 'anonymous',
      limits: ANONYMOUS_LIMITS,
      refusal: null,
      decision: { outcome: 'admitted' },
    });
    expect(limiter.admitted).toEqual(['ip:203.0.113.9']);
  });

  it.each([
    ['no header', { authorization: undefined }, /Missing API key/],
    ['a malformed header', { authorization: 'Basic dXNlcjpwYXNz' }, /Bearer/],
    ['an unknown key', { authorization: 'Bearer adopt_live_0000000000000000000000000000000000000000' }, /invalid/],
    ['two Authorization headers', { authorizationHeaders: 2 }, /exactly one Authorization header/],
  ] as const)('counts %s against the client address, then refuses it as unauthenticated', async (_what, overrides, message) => {
    const admission = await admit.execute(request(overrides));
    expect(admission.refusal).toBeInstanceOf(UnauthenticatedError);
    expect(admission.refusal?.message).toMatch(message);
    expect(admission).toMatchObject({ key: null, plan: 'anonymous', limits: ANONYMOUS_LIMITS, decision: { outcome: 'admitted' } });
    expect(limiter.admitted).toEqual(['ip:203.0.113.9']);
  });

  it('answers a bad key 429, not 401, once its address is out of quota, so keys cannot be guessed at speed', async () => {
    const bad = request({ authorization: 'Bearer nope' });
    for (let i = 0; i < ANONYMOUS_LIMITS.perMinute; i++) expect((await admit.execute(bad)).refusal).toBeInstanceOf(UnauthenticatedError);
    const admission = await admit.execute(bad);
    expect(admission.refusal).toBeInstanceOf(RateLimitExceededError);
    expect(admission.refusal).toMatchObject({ code: 'rate_limited', retryAfterSeconds: 60 });
  });

  it("counts a route's own address quota apart: an address refused under the anonymous limits still reads photos, under theirs", async () => {
    const anonymous = request({ needsKey: false });
    for (let i = 0; i < ANONYMOUS_LIMITS.perMinute; i++) await admit.execute(anonymous);
    expect((await admit.execute(anonymous)).refusal?.code).toBe('rate_limited');
    const photos = ADDRESS_QUOTAS.photos;
    const reading = request({ needsKey: false, addressQuota: photos });
    const first = await admit.execute(reading);
    expect(first).toMatchObject({ key: null, plan: 'anonymous', limits: photos.limits, refusal: null });
    expect(first.decision && reportOf(first.decision)).toMatchObject({
      limit: photos.limits.perMinute,
      remaining: photos.limits.perMinute - 1,
    });
    for (let i = 1; i < photos.limits.perMinute; i++) expect((await admit.execute(reading)).refusal).toBeNull();
    expect((await admit.execute(reading)).refusal?.code).toBe('rate_limited');
    expect(new Set(limiter.admitted)).toEqual(new Set(['ip:203.0.113.9', 'photo-ip:203.0.113.9']));
  });

  it('refuses a valid key over its limit with Retry-After, and reports the ban once when strikes add up', async () => {
    const limited = new AdmitRequest(new Authenticate(new MemoryApiKeyStore(), clock, 'production'), limiter, BAN);
    const anonymous = request({ needsKey: false });
    for (let i = 0; i < ANONYMOUS_LIMITS.perMinute; i++) await limited.execute(anonymous);
    const refusals = [];
    for (let i = 0; i < BAN.threshold + 1; i++) refusals.push(await limited.execute(anonymous));
    expect(refusals.map((a) => [a.refusal?.code, a.decision?.banStarted])).toEqual([
      ['rate_limited', false],
      ['rate_limited', false],
      ['address_banned', true],
      ['address_banned', false],
    ]);
    expect(refusals.at(-1)?.refusal).toMatchObject({ retryAfterSeconds: BAN.durationMs / 1000 });
  });

  it('reports where a key stands without spending a request', async () => {
    await admit.execute(request());
    const key = (await admit.execute(request({ spendsQuota: false }))).key;
    if (!key) throw new Error('expected the key to be admitted');
    const status = await admit.status(key);
    expect(status.windows.map((w) => w.used)).toEqual([1, 1]);
    expect(limiter.admitted).toHaveLength(1);
  });

  it('rejects when no decision can be made (the limiter is down and fails closed)', async () => {
    const down: RateLimiter = {
      admit: () => Promise.reject(new Error('limiter down')),
      peek: () => Promise.reject(new Error('limiter down')),
      strike: () => Promise.reject(new Error('limiter down')),
      unban: () => Promise.reject(new Error('limiter down')),
      ping: () => Promise.reject(new Error('limiter down')),
    };
    const failing = new AdmitRequest(new Authenticate(new MemoryApiKeyStore(), clock, 'production'), down, BAN);
    await expect(failing.execute(request({ needsKey: false }))).rejects.toThrow('limiter down');
  });
});

describe('answering a refusal remembered here', () => {
  let clock: FakeClock;
  let limiter: RecordingLimiter;
  let keys: ManageApiKeys;
  let admit: AdmitRequest;
  let key: string;
  let keyId: string;

  const request = (overrides: Partial<AdmissionRequest> = {}): AdmissionRequest => keyRequest(key, overrides);

  /** Spends a subject's minute through execute, until the limiter refuses it once. */
  const spend = async (what: AdmissionRequest, perMinute: number) => {
    for (let i = 0; i <= perMinute; i++) await admit.execute(what);
    expect(limiter.admitted).toHaveLength(perMinute + 1);
    limiter.admitted.length = 0;
  };

  beforeEach(async () => {
    clock = new FakeClock();
    const store = new MemoryApiKeyStore();
    keys = new ManageApiKeys(store, new Auditor(new MemoryAuditLog(), clock), clock, 'production');
    const issued = await keys.issue({ name: 'Shelter', plan: 'pro' });
    key = issued.key;
    keyId = issued.record.id;
    limiter = new RecordingLimiter(clock);
    admit = new AdmitRequest(
      new Authenticate(store, clock, 'production'),
      limiter,
      BAN,
      new LocalRefusals(limiter, clock, { maxEntries: 100 }),
    );
  });

  it('answers a refused key at once, without a promise or the limiter, as the limiter did', async () => {
    await spend(request(), PLAN_LIMITS.pro.perMinute);
    clock.advance(1_000);
    const answered = admit.execute(request());
    expect(answered).not.toBeInstanceOf(Promise);
    expect(answered).toMatchObject({
      key: { keyId },
      plan: 'pro',
      decision: { outcome: 'limited' },
      refusal: { code: 'rate_limited', retryAfterSeconds: 59 },
    });
    expect(limiter.admitted).toEqual([]);
  });

  it('asks the key store again for a key whose record changed (revoked): its refusal is no longer answered from memory', async () => {
    await spend(request(), PLAN_LIMITS.pro.perMinute);
    await keys.revoke(keyId, KEY_TOOL_ACTOR);
    const answered = admit.execute(request());
    expect(answered).toBeInstanceOf(Promise);
    const admission = await answered;
    expect(admission.refusal).toBeInstanceOf(UnauthenticatedError);
    expect(admission).toMatchObject({ key: null, decision: { outcome: 'admitted' } });
    expect(limiter.admitted).toEqual(['ip:203.0.113.9']);
  });

  it.each([
    ['a public route', { needsKey: false }],
    ['a key never verified here', { authorization: 'Bearer adopt_live_0000000000000000000000000000000000000000' }],
    ['two Authorization headers', { authorizationHeaders: 2 }],
  ] as const)('answers %s from a refused address at once, as that address', async (_what, overrides) => {
    await spend(request({ needsKey: false }), ANONYMOUS_LIMITS.perMinute);
    const answered = admit.execute(request(overrides));
    expect(answered).not.toBeInstanceOf(Promise);
    expect(answered).toMatchObject({ key: null, plan: 'anonymous', decision: { outcome: 'limited' }, refusal: { code: 'rate_limited' } });
    expect(limiter.admitted).toEqual([]);
  });

  it('still decides a verified key from a refused address on its own quota', async () => {
    await admit.execute(request());
    limiter.admitted.length = 0;
    await spend(request({ needsKey: false }), ANONYMOUS_LIMITS.perMinute);
    const admission = await admit.execute(request());
    expect(admission).toMatchObject({ key: { keyId }, decision: { outcome: 'admitted' }, refusal: null });
    expect(limiter.admitted).toEqual([`key:${keyId}`]);
  });
});
