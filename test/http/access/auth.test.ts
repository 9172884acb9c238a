/** Authentication: checked first, on every operation, with the Error body and rate-limit headers. */
import { newKeyBody } from '../../../src/application/access/services/key-secrets.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { composeKey } from '../../../src/domain/access/api-key.js';
import { KEY_TOOL_ACTOR } from '../../../src/application/shared/services/auditor.js';
import { ANONYMOUS_LIMITS } from '../../../src/domain/access/plans.js';
import { expectError, expectRateLimitHeaders, startTestApp, type TestApp } from '../../support/test-app.js';

describe('authentication', () => {
  let t: TestApp;

  beforeEach(async () => {
    t = await startTestApp();
  });
  afterEach(async () => t.close());

  const operations = [
    { method: 'GET', url: '/v1/pets' },
    { method: 'POST', url: '/v1/pets', payload: { name: 'Rex', categoryId: 1 } },
    { method: 'GET', url: '/v1/pets/1' },
  ] as const;

  const badHeaders: [string, string | undefined][] = [
    ['missing', undefined],
    ['not bearer', 'Basic dXNlcjpwYXNz'],
    ['empty bearer', 'Bearer '],
    ['malformed', 'Bearer not a key'],
    ['unknown', `Bearer ${composeKey('staging', newKeyBody())}`],
    ['wrong checksum', `Bearer ${composeKey('staging', newKeyBody()).slice(0, -6)}AAAAAA`],
    ['other environment', `Bearer ${composeKey('production', newKeyBody())}`],
  ];

  for (const operation of operations) {
    it.each(badHeaders)(`${operation.method} ${operation.url}: %s key → 401`, async (_, authorization) => {
      const response = await t.app.http.inject({ ...operation, headers: authorization ? { authorization } : {} });
      expectError(response, 401, 'unauthorized');
      expect(response.headers['www-authenticate']).toMatch(/^Bearer realm="animal-adoption-api"/);
      expectRateLimitHeaders(response);
    });
  }

  it('refuses a revoked key', async () => {
    const { key, record } = await t.app.keys.issue({ name: 'Shelter', plan: 'free' });
    const headers = { authorization: `Bearer ${key}` };
    expect((await t.app.http.inject({ url: '/v1/pets', headers })).statusCode).toBe(200);
    await t.app.keys.revoke(record.id, KEY_TOOL_ACTOR);
    expectError(await t.app.http.inject({ url: '/v1/pets', headers }), 401, 'unauthorized');
  });

  it('answers 401 before anything else is judged: body, media type, route, method', async () => {
    const requests = [
      { method: 'POST', url: '/v1/pets', payload: '{"broken', headers: { 'content-type': 'application/json' } },
      { method: 'POST', url: '/v1/pets', payload: 'x', headers: { 'content-type': 'text/plain' } },
      { method: 'GET', url: '/v1/pets?limit=1000' },
      { method: 'GET', url: '/v1/nowhere' },
      { method: 'DELETE', url: '/v1/pets/1' },
    ] as const;
    for (const request of requests) expectError(await t.app.http.inject(request), 401, 'unauthorized');
  });

  it('never logs or echoes the key', async () => {
    const key = composeKey('staging', newKeyBody());
    const response = await t.app.http.inject({ url: '/v1/pets', headers: { authorization: `Bearer ${key}` } });
    expect(response.body).not.toContain(key);
    expect(JSON.stringify(response.headers)).not.toContain(key);
  });

  it('limits callers without a valid key per address, at the anonymous limits (ANONYMOUS_LIMITS)', async () => {
    const statuses: number[] = [];
    const allowed = ANONYMOUS_LIMITS.perMinute;
    for (let i = 0; i < allowed + 2; i++) {
      const response = await t.app.http.inject({
        url: '/v1/pets',
        headers: { authorization: `Bearer ${composeKey('staging', newKeyBody())}` },
        remoteAddress: '203.0.113.9',
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.filter((s) => s === 401)).toHaveLength(allowed);
    expect(statuses.slice(allowed)).toEqual([429, 429]);
    // Another address is not affected.
    const other = await t.app.http.inject({ url: '/v1/pets', remoteAddress: '203.0.113.10' });
    expect(other.statusCode).toBe(401);
    expect(other.headers['x-ratelimit-remaining']).toBe(String(allowed - 1));
  });
});
