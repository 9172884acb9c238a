/** Routing edges, server errors, request ids, health and readiness. */
import { afterEach, describe, expect, it } from 'vitest';
import { memoryAdapters } from '../../../src/config/adapters.js';
import { ServiceUnavailableError } from '../../../src/domain/shared/errors.js';
import { expectError, expectRateLimitHeaders, startTestApp, TEST_ADAPTERS, type TestApp } from '../../support/test-app.js';

describe('edges', () => {
  let t: TestApp;
  afterEach(async () => t.close());

  it('answers unknown routes with 404 route_not_found, inside and outside /v1', async () => {
    t = await startTestApp();
    const authorization = await t.bearer();
    const inside = await t.app.http.inject({ url: '/v1/animals', headers: { authorization } });
    expect(expectError(inside, 404, 'route_not_found').message).toContain('/v1/animals');
    expectRateLimitHeaders(inside);
    expectError(await t.app.http.inject({ url: '/pets' }), 404, 'route_not_found');
  });

  it.each([
    ['DELETE', '/v1/pets', 'GET, HEAD, POST'],
    ['PUT', '/v1/pets/1', 'GET, HEAD, PATCH, DELETE'],
    ['POST', '/v1/pets/1', 'GET, HEAD, PATCH, DELETE'],
    ['PUT', '/v1/orders', 'GET, HEAD, POST'],
    ['GET', '/v1/orders/ord_x/approve', 'POST'],
  ])('answers %s %s with 405 and Allow', async (method, url, allow) => {
    t = await startTestApp();
    const response = await t.app.http.inject({ method: method as 'DELETE', url, headers: { authorization: await t.bearer() } });
    expectError(response, 405, 'method_not_allowed');
    expect(response.headers.allow).toBe(allow);
    expectRateLimitHeaders(response);
  });

  it('answers 500 without internals, naming the request id', async () => {
    t = await startTestApp({
      adapters: (clock) => {
        const adapters = memoryAdapters(clock);
        adapters.pets.search = () => Promise.reject(new Error('connection string mongodb://admin:secret@db'));
        return adapters;
      },
    });
    const response = await t.app.http.inject({ url: '/v1/pets', headers: { authorization: await t.bearer() } });
    const { message } = expectError(response, 500, 'internal_error');
    expect(message).toContain(response.headers['x-request-id'] as string);
    expect(response.body).not.toMatch(/secret|mongodb|Error:/);
    expectRateLimitHeaders(response);
  });

  it('gives every response a request id, keeping a sane one from the caller', async () => {
    t = await startTestApp();
    const generated = await t.app.http.inject({ url: '/healthz' });
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await t.app.http.inject({ url: '/v1/pets', headers: { 'x-request-id': 'lb-1234' } });
    expect(kept.headers['x-request-id']).toBe('lb-1234');
    const replaced = await t.app.http.inject({ url: '/healthz', headers: { 'x-request-id': 'bad id\n' } });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('serves /healthz and /readyz without a key or rate limit', async () => {
    t = await startTestApp();
    const health = await t.app.http.inject({ url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(health.headers['x-ratelimit-limit']).toBeUndefined();
    const ready = await t.app.http.inject({ url: '/readyz' });
    expect(ready.json()).toEqual({
      status: 'ready',
      checks: { pets: 'ok', apiKeys: 'ok', rateLimiter: 'ok' },
      backends:
        TEST_ADAPTERS === 'memory'
          ? { pets: 'memory', apiKeys: 'memory', rateLimiter: 'memory' }
          : { pets: 'mongodb', apiKeys: 'mongodb', rateLimiter: expect.stringMatching(/^redis standalone at [^@/\s]+:\d+$/) as unknown },
    });
  });

  it('guards /readyz against floods per client address, answering in the Error body', async () => {
    t = await startTestApp();
    const statuses = [];
    for (let i = 0; i < 300; i++) statuses.push((await t.app.http.inject({ url: '/readyz' })).statusCode);
    expect(new Set(statuses)).toEqual(new Set([200]));
    const refused = await t.app.http.inject({ url: '/readyz' });
    expectError(refused, 429, 'rate_limited');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await t.app.http.inject({ url: '/healthz' })).statusCode).toBe(200);
  });

  it('reports not ready, naming the adapter, when one does not answer', async () => {
    t = await startTestApp({
      env: { READINESS_TIMEOUT_MS: '100' },
      adapters: (clock) => {
        const adapters = memoryAdapters(clock);
        adapters.pets.ping = () => new Promise(() => undefined);
        adapters.rateLimiter.ping = () => Promise.reject(new Error('down'));
        return adapters;
      },
    });
    const response = await t.app.http.inject({ url: '/readyz' });
    expect(expectError(response, 503, 'service_unavailable').message).toBe('Not ready: rateLimiter, pets did not answer');
  });
});

describe('when the limiter cannot decide (fail-closed)', () => {
  it('answers 503 in the Error body with Retry-After, as documented', async () => {
    const t = await startTestApp({
      adapters: (clock) => {
        const adapters = memoryAdapters(clock);
        const refuse = () =>
          Promise.reject(
            new ServiceUnavailableError('Rate limiting is unavailable, so requests are refused for now; retry in a few seconds'),
          );
        adapters.rateLimiter.admit = refuse;
        adapters.rateLimiter.peek = refuse;
        return adapters;
      },
    });
    try {
      const headers = { authorization: await t.bearer('pro') };
      for (const url of ['/v1/pets', '/v1/pets/1', '/v1/rate_limit']) {
        const response = await t.app.http.inject({ url, headers });
        expectError(response, 503, 'service_unavailable');
        expect(response.headers['retry-after']).toBe('5');
      }
      const head = await t.app.http.inject({ method: 'HEAD', url: '/v1/pets', headers });
      expect(head.statusCode).toBe(503);
      expect(head.body).toBe('');
    } finally {
      await t.close();
    }
  });
});
