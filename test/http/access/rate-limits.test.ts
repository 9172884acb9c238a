/** Rate limits as clients see them: headers on every response, 429 with Retry-After, bans. */
import { afterEach, describe, expect, it } from 'vitest';
import { PLAN_LIMITS } from '../../../src/domain/access/plans.js';
import { expectError, expectRateLimitHeaders, startTestApp, type TestApp } from '../../support/test-app.js';

/** The Free plan's numbers, read from the plan table: a change there moves these tests with it. */
const FREE = PLAN_LIMITS.free;

describe('rate limits over HTTP', () => {
  let t: TestApp;
  afterEach(async () => t.close());

  const listWith = (authorization: string) => t.app.http.inject({ url: '/v1/pets', headers: { authorization } });

  it("admits a Free key exactly its plan's per-minute number of times, then 429 with Retry-After", async () => {
    t = await startTestApp();
    const auth = await t.bearer('free');
    const first = await listWith(auth);
    expect(expectRateLimitHeaders(first)).toEqual({
      limit: FREE.perMinute,
      remaining: FREE.perMinute - 1,
      reset: Math.ceil((t.clock.ms + 60_000) / 1000),
    });
    expect(first.headers['ratelimit-policy']).toBe(`"minute";q=${FREE.perMinute};w=60, "day";q=${FREE.perDay};w=86400`);
    for (let i = 0; i < FREE.perMinute - 1; i++) expect((await listWith(auth)).statusCode).toBe(200);
    const refused = await listWith(auth);
    expect(expectError(refused, 429, 'rate_limited').message).toMatch(/Retry-After/);
    // A burst at one instant is free again exactly one minute later: Retry-After is the window, not more.
    expect(refused.headers['retry-after']).toBe('60');
    expect(expectRateLimitHeaders(refused)).toMatchObject({
      limit: FREE.perMinute,
      remaining: 0,
      reset: Math.ceil((t.clock.ms + 60_000) / 1000),
    });
    t.clock.advance(60_000 - 1);
    expect((await listWith(auth)).statusCode).toBe(429);
    t.clock.advance(1);
    expect((await listWith(auth)).statusCode).toBe(200);
  });

  it('reports the day window when it is the one spent, with a Retry-After in hours', async () => {
    t = await startTestApp();
    const auth = await t.bearer('enterprise', { perMinute: 100, perDay: 150 });
    for (let i = 0; i < 100; i++) await listWith(auth);
    t.clock.advance(60_000 * 5);
    for (let i = 0; i < 50; i++) expect((await listWith(auth)).statusCode).toBe(200);
    const refused = await listWith(auth);
    expectError(refused, 429, 'rate_limited');
    expect(expectRateLimitHeaders(refused)).toMatchObject({ limit: 150, remaining: 0 });
    // All 150 share one 15-minute bucket, whose latest request came just now: it leaves in exactly a day.
    expect(Number(refused.headers['retry-after'])).toBe(86_400);
    expect(Number(refused.headers['x-ratelimit-reset'])).toBeLessThanOrEqual(Math.ceil((t.clock.ms + 86_400_000) / 1000));
  });

  it('carries the headers on 2xx, 400, 401, 404, 405, 413 and 415 alike, one budget per key', async () => {
    t = await startTestApp();
    const authorization = await t.bearer('free');
    const requests = [
      { method: 'GET', url: '/v1/pets', status: 200 },
      { method: 'POST', url: '/v1/pets', payload: { name: 'Rex', categoryId: 1 }, status: 201 },
      { method: 'GET', url: '/v1/pets?limit=0', status: 400 },
      { method: 'GET', url: '/v1/pets/999', status: 404 },
      { method: 'GET', url: '/v1/unknown', status: 404 },
      { method: 'PUT', url: '/v1/pets', status: 405 },
      { method: 'POST', url: '/v1/pets', payload: 'x'.repeat(70_000), headers: { 'content-type': 'application/json' }, status: 413 },
      { method: 'POST', url: '/v1/pets', payload: 'x', headers: { 'content-type': 'text/plain' }, status: 415 },
    ] as const;
    let expectedRemaining = FREE.perMinute - 1;
    for (const { status, ...request } of requests) {
      const response = await t.app.http.inject({
        ...request,
        headers: { authorization, ...('headers' in request ? request.headers : {}) },
      });
      expect(response.statusCode, `${request.method} ${request.url}`).toBe(status);
      expect(expectRateLimitHeaders(response).remaining).toBe(expectedRemaining--);
    }
    const anonymous = await t.app.http.inject({ url: '/v1/pets' });
    expect(anonymous.statusCode).toBe(401);
    expectRateLimitHeaders(anonymous);
  });

  it('does not count refused requests against the quota', async () => {
    t = await startTestApp();
    const auth = await t.bearer('free');
    for (let i = 0; i < FREE.perMinute; i++) await listWith(auth);
    for (let i = 0; i < 20; i++) expect((await listWith(auth)).statusCode).toBe(429);
    t.clock.advance(60_000);
    const next = await listWith(auth);
    expect(next.statusCode).toBe(200);
    expect(next.headers['x-ratelimit-remaining']).toBe(String(FREE.perMinute - 1));
  });

  it('blocks a key that keeps sending while limited, with its own code and a Retry-After covering the ban', async () => {
    t = await startTestApp({ env: { RATE_LIMIT_BAN_THRESHOLD: '10', RATE_LIMIT_BAN_SECONDS: '600' } });
    const auth = await t.bearer('free');
    for (let i = 0; i < FREE.perMinute; i++) await listWith(auth);
    for (let i = 0; i < 9; i++) expectError(await listWith(auth), 429, 'rate_limited');
    const banned = await listWith(auth);
    expect(expectError(banned, 429, 'key_banned').message).toMatch(/blocked for 600 s/);
    expect(banned.headers['retry-after']).toBe('600');
    t.clock.advance(120_000);
    const still = await listWith(auth);
    expectError(still, 429, 'key_banned');
    expect(still.headers['retry-after']).toBe('480');
    t.clock.advance(480_000);
    expect((await listWith(auth)).statusCode).toBe(200);
  });

  it('answers a request without a key, in order: 401 while the address has quota, then 429 rate_limited, then 429 address_banned once it kept sending; a valid key still gets in, and so does a valid admin credential', async () => {
    t = await startTestApp({ env: { RATE_LIMIT_BAN_THRESHOLD: '5', RATE_LIMIT_BAN_SECONDS: '900' } });
    const from = { remoteAddress: '203.0.113.77' };
    const keyless = () => t.app.http.inject({ url: '/v1/pets', ...from });
    const anonymous = PLAN_LIMITS.free.perMinute;
    for (let i = 0; i < anonymous; i++) expectError(await keyless(), 401, 'unauthorized');
    const limited = await keyless();
    expect(expectError(limited, 429, 'rate_limited').message).toBe(
      `Requests without a valid key are limited per client address, and this address has spent its limit; retry after ${limited.headers['retry-after']} s, or send a valid key ('Authorization: Bearer <key>')`,
    );
    for (let i = 0; i < 3; i++) expectError(await keyless(), 429, 'rate_limited');
    const banned = await keyless();
    expect(expectError(banned, 429, 'address_banned').message).toBe(
      "This address kept sending requests without a valid key while limited, and is blocked for 900 s. Send a valid key ('Authorization: Bearer <key>'), or wait Retry-After seconds and back off exponentially.",
    );
    expect(banned.headers['retry-after']).toBe('900');
    // A wrong key from that address is refused as the address: the same answer.
    const wrong = await t.app.http.inject({ url: '/v1/pets', headers: { authorization: 'Bearer nope' }, ...from });
    expectError(wrong, 429, 'address_banned');
    // A valid key this instance has verified (used from anywhere) is its own subject: served. One it
    // has not is refused as the address without a lookup, so that guessing keys learns nothing.
    const [known, unseen] = [await t.bearer('free'), await t.bearer('free')];
    expect((await t.app.http.inject({ url: '/v1/pets', headers: { authorization: known } })).statusCode).toBe(200);
    expect((await t.app.http.inject({ url: '/v1/pets', headers: { authorization: known }, ...from })).statusCode).toBe(200);
    expectError(await t.app.http.inject({ url: '/v1/pets', headers: { authorization: unseen }, ...from }), 429, 'address_banned');
    // The admin door: a valid credential is served from the blocked address; a missing one gets the address's 429.
    const admin = await t.adminBearer(['keys:read']);
    expect((await t.app.admin.inject({ url: '/admin/v1/keys', headers: { authorization: admin }, ...from })).statusCode).toBe(200);
    expectError(await t.app.admin.inject({ url: '/admin/v1/keys', ...from }), 429, 'address_banned');
    // Another address is not affected.
    expectError(await t.app.http.inject({ url: '/v1/pets', remoteAddress: '203.0.113.78' }), 401, 'unauthorized');
    t.clock.advance(900_000);
    expectError(await keyless(), 401, 'unauthorized');
  });

  it('keeps keys apart', async () => {
    t = await startTestApp();
    const a = await t.bearer('free');
    const b = await t.bearer('free');
    for (let i = 0; i < FREE.perMinute; i++) await listWith(a);
    expect((await listWith(a)).statusCode).toBe(429);
    expect((await listWith(b)).statusCode).toBe(200);
  });
});
