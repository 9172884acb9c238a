/** GET /v1/rate_limit: the caller's quota, without spending any. */
import { afterEach, describe, expect, it } from 'vitest';
import { ANONYMOUS_LIMITS, PLAN_LIMITS } from '../../../src/domain/access/plans.js';
import { expectError, expectRateLimitHeaders, startTestApp, type TestApp } from '../../support/test-app.js';

const FREE = PLAN_LIMITS.free;

describe('GET /v1/rate_limit', () => {
  let t: TestApp;
  afterEach(async () => t.close());

  const status = (authorization?: string) => t.app.http.inject({ url: '/v1/rate_limit', headers: authorization ? { authorization } : {} });
  const list = (authorization: string) => t.app.http.inject({ url: '/v1/pets', headers: { authorization } });

  it('reports the plan and both windows, and spends nothing however often it is called', async () => {
    t = await startTestApp();
    const auth = await t.bearer('free');
    for (let i = 0; i < 3; i++) await list(auth);
    for (let i = 0; i < 100; i++) expect((await status(auth)).statusCode).toBe(200);
    const response = await status(auth);
    const reset = Math.ceil((t.clock.ms + 60_000) / 1000);
    expect(response.json()).toEqual({
      plan: 'free',
      rate: { limit: FREE.perMinute, used: 3, remaining: FREE.perMinute - 3, reset },
      windows: {
        minute: { limit: FREE.perMinute, used: 3, remaining: FREE.perMinute - 3, reset },
        day: { limit: FREE.perDay, used: 3, remaining: FREE.perDay - 3, reset: Math.ceil((t.clock.ms + 86_400_000) / 1000) },
      },
      retryAfter: null,
      blockedUntil: null,
    });
    expect(expectRateLimitHeaders(response)).toEqual({ limit: FREE.perMinute, remaining: FREE.perMinute - 3, reset });
    expect(response.headers['retry-after']).toBeUndefined();
    // The next real request is the 4th of the minute.
    expect((await list(auth)).headers['x-ratelimit-remaining']).toBe(String(FREE.perMinute - 4));
  });

  it('says when a limited key may send again, and answers while it is limited', async () => {
    t = await startTestApp();
    const auth = await t.bearer('free');
    for (let i = 0; i < FREE.perMinute; i++) await list(auth);
    expect((await list(auth)).statusCode).toBe(429);
    t.clock.advance(10_000);
    const response = await status(auth);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ rate: { remaining: 0 }, retryAfter: 50, blockedUntil: null });
  });

  it('reports a block', async () => {
    t = await startTestApp({ env: { RATE_LIMIT_BAN_THRESHOLD: '3', RATE_LIMIT_BAN_SECONDS: '600' } });
    const auth = await t.bearer('free');
    for (let i = 0; i < FREE.perMinute + 3; i++) await list(auth);
    const blocked = await status(auth);
    expect(blocked.json()).toMatchObject({ blockedUntil: Math.ceil((t.clock.ms + 600_000) / 1000), retryAfter: 600 });
  });

  it('reports custom enterprise limits', async () => {
    t = await startTestApp();
    const auth = await t.bearer('enterprise', { perMinute: 5000, perDay: 2_000_000 });
    expect((await status(auth)).json()).toMatchObject({
      plan: 'enterprise',
      windows: { minute: { limit: 5000 }, day: { limit: 2_000_000 } },
    });
  });

  it('refuses a missing or invalid key with 401, counted against the address like any refusal', async () => {
    t = await startTestApp();
    const missing = await status();
    expectError(missing, 401, 'unauthorized');
    expect(expectRateLimitHeaders(missing).remaining).toBe(ANONYMOUS_LIMITS.perMinute - 1);
    expect(expectRateLimitHeaders(await status('Bearer not-a-key-0000000000000000')).remaining).toBe(ANONYMOUS_LIMITS.perMinute - 2);
  });
});
