/**
 * Browser keys and CORS: a key with allowedOrigins is read-only and usable only from those origins;
 * preflights are answered without a key for origins some active key allows; a response carries
 * Access-Control-Allow-Origin only for its key's own origin, with Vary: Origin; a key used from an
 * origin it does not allow (a secret key shipped to a page) gets 403. Refused changes store nothing.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ANONYMOUS_LIMITS } from '../../../src/domain/access/plans.js';
import { expectError, expectRateLimitHeaders, startTestApp, type TestApp } from '../../support/test-app.js';

const SITE = 'https://shelter.example';
const OTHER = 'https://evil.example';

describe('browser keys', () => {
  let t: TestApp;
  let admin: string;
  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) =>
    t.app.admin.inject({ method, url, headers: { authorization: admin }, ...(payload !== undefined && { payload: payload as object }) });
  const issueBrowserKey = async (origins = [SITE]) => {
    const response = await call('POST', '/admin/v1/keys', { name: 'Website', plan: 'pro', scopes: ['pets:read'], allowedOrigins: origins });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: string; key: string; allowedOrigins: string[] }>();
  };
  const preflight = (origin: string, method = 'GET', url = '/v1/pets') =>
    t.app.http.inject({
      method: 'OPTIONS',
      url,
      headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': 'authorization' },
    });

  beforeEach(async () => {
    t = await startTestApp();
    admin = await t.adminBearer();
  });
  afterEach(async () => t.close());

  it('issues a browser key only read-only, with exact origins; a refused create or change stores nothing', async () => {
    const before = (await call('GET', '/admin/v1/keys?limit=100')).json<unknown[]>().length;
    const refusals: [object, string][] = [
      [{ name: 'W', plan: 'pro', allowedOrigins: [SITE] }, 'must be read-only'],
      [{ name: 'W', plan: 'pro', scopes: ['pets:read', 'pets:write'], allowedOrigins: [SITE] }, 'must be read-only'],
      [{ name: 'W', plan: 'pro', scopes: ['pets:read'], allowedOrigins: ['https://shelter.example/'] }, 'is not an origin'],
      [{ name: 'W', plan: 'pro', scopes: ['pets:read'], allowedOrigins: ['https://shelter.example/pets'] }, 'is not an origin'],
      [{ name: 'W', plan: 'pro', scopes: ['pets:read'], allowedOrigins: ['shelter.example'] }, 'is not an origin'],
      [{ name: 'W', plan: 'pro', scopes: ['pets:read'], allowedOrigins: ['https://Shelter.example'] }, 'is not an origin'],
      [{ name: 'W', plan: 'pro', scopes: ['pets:read'], allowedOrigins: ['*'] }, 'is not an origin'],
    ];
    for (const [body, message] of refusals) {
      expect(expectError(await call('POST', '/admin/v1/keys', body), 400, 'invalid_request').message, JSON.stringify(body)).toContain(
        message,
      );
    }
    expectError(
      await call('POST', '/admin/v1/keys', { name: 'W', plan: 'pro', scopes: ['pets:read'], allowedOrigins: [] }),
      400,
      'invalid_request',
    );
    expectError(
      await call('POST', '/admin/v1/keys', { name: 'W', plan: 'pro', scopes: ['pets:read'], allowedOrigins: [SITE, SITE] }),
      400,
      'invalid_request',
    );
    expect((await call('GET', '/admin/v1/keys?limit=100')).json<unknown[]>()).toHaveLength(before);

    const browser = await issueBrowserKey([SITE, 'http://localhost:8080']);
    expect(browser.allowedOrigins).toEqual([SITE, 'http://localhost:8080']);
    // It stays read-only: widening its scopes is refused, and so is giving a write key origins.
    expect(
      expectError(await call('PATCH', `/admin/v1/keys/${browser.id}`, { scopes: ['pets:read', 'pets:write'] }), 400, 'invalid_request')
        .message,
    ).toContain('read-only');
    const server = (await call('POST', '/admin/v1/keys', { name: 'Server', plan: 'pro' })).json<{ id: string; allowedOrigins: null }>();
    expect(server.allowedOrigins).toBeNull();
    expectError(await call('PATCH', `/admin/v1/keys/${server.id}`, { allowedOrigins: [SITE] }), 400, 'invalid_request');
    expect((await call('GET', `/admin/v1/keys/${browser.id}`)).json()).toMatchObject({
      scopes: ['pets:read'],
      allowedOrigins: [SITE, 'http://localhost:8080'],
    });
    expect((await call('GET', `/admin/v1/keys/${server.id}`)).json()).toMatchObject({
      scopes: ['pets:read', 'pets:write', 'webhooks:write', 'searches:write'],
      allowedOrigins: null,
    });
    // Removing its origins makes it a server key again; the change is audited with what changed.
    expect((await call('PATCH', `/admin/v1/keys/${browser.id}`, { allowedOrigins: null })).json()).toMatchObject({ allowedOrigins: null });
    const events = (await call('GET', `/admin/v1/audit-events?target=${browser.id}&action=key.update`)).json<{ changes: object }[]>();
    expect(events[0]?.changes).toEqual({ allowedOrigins: { from: [SITE, 'http://localhost:8080'], to: null } });
  });

  it('answers a preflight without a key for an origin some key allows, limited per address; other origins and methods get 403', async () => {
    await issueBrowserKey();
    const allowed = await preflight(SITE);
    expect(allowed.statusCode).toBe(204);
    expect(allowed.headers).toMatchObject({
      'access-control-allow-origin': SITE,
      'access-control-allow-methods': 'GET, HEAD',
      'access-control-allow-headers': 'Authorization',
      'access-control-max-age': '600',
    });
    expect(String(allowed.headers.vary)).toContain('Origin');
    expect(expectRateLimitHeaders(allowed).remaining).toBe(ANONYMOUS_LIMITS.perMinute - 1);
    expect(allowed.body).toBe('');
    const unknown = await preflight(OTHER);
    expect(expectError(unknown, 403, 'forbidden').message).toContain('No key allows the origin https://evil.example');
    expect(unknown.headers['access-control-allow-origin']).toBeUndefined();
    const writing = await preflight(SITE, 'POST');
    expect(expectError(writing, 403, 'forbidden').message).toContain('read-only');
    expect(writing.headers['access-control-allow-origin']).toBeUndefined();
    // A plain OPTIONS (not a preflight) is answered as before: a key is asked for first.
    expectError(await t.app.http.inject({ method: 'OPTIONS', url: '/v1/pets', headers: { origin: SITE } }), 401, 'unauthorized');
  });

  it('lets a page read the API with its browser key from its origin only; a secret key from any page is 403', async () => {
    const browser = await issueBrowserKey();
    const server = await t.bearer('pro');
    const fromSite = await t.app.http.inject({ url: '/v1/pets', headers: { authorization: `Bearer ${browser.key}`, origin: SITE } });
    expect(fromSite.statusCode).toBe(200);
    expect(fromSite.headers['access-control-allow-origin']).toBe(SITE);
    expect(fromSite.headers.vary).toBe('Origin');
    expect(String(fromSite.headers['access-control-expose-headers'])).toContain('X-RateLimit-Remaining');
    // An error of its own key is readable by the page too.
    const missing = await t.app.http.inject({ url: '/v1/pets?limit=0', headers: { authorization: `Bearer ${browser.key}`, origin: SITE } });
    expectError(missing, 400, 'invalid_request');
    expect(missing.headers['access-control-allow-origin']).toBe(SITE);
    // Another origin with the browser key, and any origin with a secret key: 403, no CORS header.
    const elsewhere = await t.app.http.inject({ url: '/v1/pets', headers: { authorization: `Bearer ${browser.key}`, origin: OTHER } });
    expect(expectError(elsewhere, 403, 'forbidden').message).toContain('does not allow the origin https://evil.example');
    expect(elsewhere.headers['access-control-allow-origin']).toBeUndefined();
    expect(elsewhere.headers.vary).toBe('Origin');
    const secret = await t.app.http.inject({ url: '/v1/pets', headers: { authorization: server, origin: SITE } });
    expect(expectError(secret, 403, 'forbidden').message).toContain('keep a secret key on a server');
    expect(secret.headers['access-control-allow-origin']).toBeUndefined();
    // A write with the browser key is refused by its scope, stores nothing.
    const write = await t.app.http.inject({
      method: 'POST',
      url: '/v1/pets',
      headers: { authorization: `Bearer ${browser.key}`, origin: SITE },
      payload: { name: 'Rex', categoryId: 1 },
    });
    expectError(write, 403, 'forbidden');
    expect((await t.app.http.inject({ url: '/v1/pets', headers: { authorization: server } })).json()).toEqual([]);
    // Without an Origin (a server, a tool), nothing changes: no CORS headers, no Vary.
    const plain = await t.app.http.inject({ url: '/v1/pets', headers: { authorization: server } });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['access-control-allow-origin']).toBeUndefined();
    expect(plain.headers.vary).toBeUndefined();
  });
});
