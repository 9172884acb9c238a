/**
 * Usage through HTTP: counts that add up exactly across two instances, the key holder's view and the
 * operator's agreeing, the report of who calls getPet, and getPet's brownouts and sunset.
 */
import type { LightMyRequestResponse } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { hashKey } from '../../../src/application/access/services/key-secrets.js';
import { ServiceUnavailableError } from '../../../src/domain/shared/errors.js';
import { expectError, expectRateLimitHeaders, startTestApp, type TestApp } from '../../support/test-app.js';

const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;

interface UsageBody {
  keyId: string;
  granularity: string;
  buckets: {
    start: string;
    admitted: number;
    limited: number;
    banned: number;
    clientErrors: number;
    serverErrors: number;
    byOperation: Record<string, number>;
  }[];
}

const keyIdOf = async (t: TestApp, bearer: string) => {
  const record = await t.app.adapters.apiKeys.findByHash(hashKey(bearer.slice('Bearer '.length)));
  if (!record) throw new Error('no such key');
  return record.id;
};

describe('usage', () => {
  const apps: TestApp[] = [];
  afterEach(async () => {
    // The second instance shares the first one's adapters: it closes first, without closing them.
    for (const app of apps.reverse()) await app.close();
    apps.length = 0;
  });

  async function instances(env: Record<string, string> = {}): Promise<[TestApp, TestApp]> {
    const a = await startTestApp({ env });
    apps.push(a);
    const b = await startTestApp({ env, clock: a.clock, adapters: () => ({ ...a.app.adapters, close: async () => undefined }) });
    apps.push(b);
    return [a, b];
  }

  const get = (t: TestApp, url: string, authorization: string) => t.app.http.inject({ url, headers: { authorization } });

  it('adds up exactly across two instances: admitted, limited, banned, 4xx and 5xx, per operation; the holder and the operator see the same', async () => {
    const [a, b] = await instances({ RATE_LIMIT_BAN_THRESHOLD: '2', RATE_LIMIT_BAN_SECONDS: '60' });
    const key = await a.bearer('enterprise', { perMinute: 3, perDay: 1000 });
    const other = await a.bearer('pro');
    const keyId = await keyIdOf(a, key);
    const start = a.clock.ms;
    // Minute 0: three admitted (one a 400), then one limited, then the ban begins and holds.
    expect((await get(a, '/v1/pets', key)).statusCode).toBe(200);
    expect((await get(b, '/v1/pets', key)).statusCode).toBe(200);
    expect(
      (await b.app.http.inject({ method: 'POST', url: '/v1/pets', headers: { authorization: key }, payload: { name: ' ', categoryId: 1 } }))
        .statusCode,
    ).toBe(400);
    expectError(await get(a, '/v1/pets', key), 429, 'rate_limited');
    expectError(await get(b, '/v1/pets', key), 429, 'key_banned');
    expectError(await get(a, '/v1/pets/1', key), 429, 'key_banned');
    expect((await get(b, '/v1/pets', other)).statusCode).toBe(200);
    // Minute 2, the ban over: a 404, a 503, and two reports that spend no quota.
    a.clock.advance(2 * MINUTE);
    expectError(await get(a, '/v1/pets/999', key), 404, 'not_found');
    const { pets } = b.app.adapters;
    const list = pets.search.bind(pets);
    pets.search = () => Promise.reject(new ServiceUnavailableError('The database is not answering; retry in a few seconds'));
    expectError(await get(b, '/v1/pets', key), 503, 'service_unavailable');
    pets.search = list;
    expect((await get(a, '/v1/rate_limit', key)).statusCode).toBe(200);
    expect((await get(b, '/v1/usage', key)).statusCode).toBe(200);

    await Promise.all([a.app.usage.flush(), b.app.usage.flush()]);
    const admin = await a.adminBearer(['usage:read']);
    const from = new Date(start).toISOString();
    const to = new Date(start + 3 * MINUTE).toISOString();
    const minutes = await b.app.admin.inject({
      url: `/admin/v1/keys/${keyId}/usage?granularity=minute&from=${from}&to=${to}`,
      headers: { authorization: admin },
    });
    expect(minutes.statusCode).toBe(200);
    const bucket = (at: number, counts: Partial<UsageBody['buckets'][number]>) => ({
      start: new Date(at).toISOString(),
      admitted: 0,
      limited: 0,
      banned: 0,
      clientErrors: 0,
      serverErrors: 0,
      byOperation: {},
      ...counts,
    });
    expect(minutes.json()).toEqual({
      keyId,
      granularity: 'minute',
      buckets: [
        bucket(start, { admitted: 3, limited: 1, banned: 2, clientErrors: 1, byOperation: { listPets: 4, createPet: 1, getPet: 1 } }),
        bucket(start + MINUTE, {}),
        bucket(start + 2 * MINUTE, {
          admitted: 4,
          clientErrors: 1,
          serverErrors: 1,
          byOperation: { getPet: 1, listPets: 1, getRateLimit: 1, getUsage: 1 },
        }),
      ],
    });
    // The operator's hour view and the key holder's agree (the holder's read counts only after it is answered).
    const operator = await a.app.admin.inject({
      url: `/admin/v1/keys/${keyId}/usage?granularity=hour&from=${from}`,
      headers: { authorization: admin },
    });
    const holder = await get(a, `/v1/usage?granularity=hour&from=${from}`, key);
    expect(holder.statusCode).toBe(200);
    expect(holder.json()).toEqual(operator.json());
    expect(holder.json<UsageBody>().buckets).toEqual([
      bucket(start, {
        admitted: 7,
        limited: 1,
        banned: 2,
        clientErrors: 2,
        serverErrors: 1,
        byOperation: { listPets: 5, createPet: 1, getPet: 2, getRateLimit: 1, getUsage: 1 },
      }),
    ]);
    // That read counts once handed over, as the other key's request never does here.
    await a.app.usage.flush();
    const days = (await get(b, '/v1/usage?granularity=day', key)).json<UsageBody>().buckets;
    expect(days).toHaveLength(30);
    expect(days.at(-1)).toMatchObject({ admitted: 8, byOperation: { getUsage: 2 } });
  });

  it('spends no quota, carries where the key stands, and shows only the calling key', async () => {
    const [a] = await instances();
    const key = await a.bearer('enterprise', { perMinute: 2, perDay: 1000 });
    const other = await a.bearer('pro');
    await get(a, '/v1/pets', other);
    for (let i = 0; i < 5; i++) {
      const response = await get(a, '/v1/usage', key);
      expect(response.statusCode).toBe(200);
      expect(expectRateLimitHeaders(response)).toMatchObject({ limit: 2, remaining: 2 });
    }
    expect((await get(a, '/v1/pets', key)).statusCode).toBe(200);
    // HEAD is the same operation as GET, counted under its name.
    expect((await a.app.http.inject({ method: 'HEAD', url: '/v1/pets', headers: { authorization: key } })).statusCode).toBe(200);
    expectError(await get(a, '/v1/pets', key), 429, 'rate_limited');
    await a.app.usage.flush();
    const report = (await get(a, '/v1/usage', key)).json<UsageBody>();
    expect(report.keyId).toBe(await keyIdOf(a, key));
    expect(report.buckets.at(-1)).toMatchObject({ admitted: 7, limited: 1, byOperation: { getUsage: 5, listPets: 3 } });
    expectError(await get(a, `/v1/usage?keyId=${await keyIdOf(a, other)}`, key), 400, 'invalid_request');
  });

  it('refuses bad granularities, dates and ranges with 400, and unknown keys with 404, changing nothing', async () => {
    const [a] = await instances();
    const key = await a.bearer('pro');
    const keyId = await keyIdOf(a, key);
    const admin = await a.adminBearer(['usage:read']);
    await get(a, '/v1/pets', key);
    await a.app.usage.flush();
    const before = (
      await a.app.admin.inject({ url: `/admin/v1/keys/${keyId}/usage?granularity=minute`, headers: { authorization: admin } })
    ).json<UsageBody>();
    const now = a.clock.ms;
    const iso = (ms: number) => new Date(ms).toISOString();
    const refusals: [string, RegExp][] = [
      ['granularity=week', /granularity/],
      ['granularity=minute', /granularity/],
      ['from=yesterday', /from/],
      ['from=2026-02-30T00:00:00Z', /'from' is not a date that exists/],
      ['to=2026-11-21T25:00:00Z', /to/],
      [`from=${iso(now)}&to=${iso(now - HOUR)}`, /from must be before to/],
      [`from=${iso(now - 32 * DAY)}`, /31 days/],
      [`granularity=day&from=${iso(now - 401 * DAY)}&to=${iso(now - 380 * DAY)}`, /400 days/],
    ];
    for (const [query, message] of refusals) {
      const response = await get(a, `/v1/usage?${query}`, key);
      expect(expectError(response, 400, 'invalid_request').message, query).toMatch(message);
    }
    const asAdmin = (url: string, authorization = admin) => a.app.admin.inject({ url, headers: { authorization } });
    expect(
      expectError(
        await asAdmin(`/admin/v1/keys/${keyId}/usage?granularity=minute&from=${iso(now - 1001 * MINUTE)}&to=${iso(now)}`),
        400,
        'invalid_request',
      ).message,
    ).toMatch(/1001 minute buckets; at most 1000/);
    expect(
      expectError(
        await asAdmin(`/admin/v1/keys/${keyId}/usage?granularity=minute&from=${iso(now - 49 * HOUR)}&to=${iso(now - 47 * HOUR)}`),
        400,
        'invalid_request',
      ).message,
    ).toMatch(/48 hours/);
    expectError(await asAdmin('/admin/v1/keys/key_AAAAAAAAAAAAAAAA/usage'), 404, 'not_found');
    expectError(await asAdmin('/admin/v1/keys/not-a-key/usage'), 400, 'invalid_request');
    expectError(await asAdmin(`/admin/v1/keys/${keyId}/usage?granularity=fortnight`), 400, 'invalid_request');
    const keysOnly = await a.adminBearer(['keys:read']);
    expectError(await asAdmin(`/admin/v1/keys/${keyId}/usage`, keysOnly), 403, 'forbidden');
    expectError(await asAdmin('/admin/v1/deprecations', keysOnly), 403, 'forbidden');
    expectError(await asAdmin(`/admin/v1/keys/${keyId}/usage`, key), 401, 'unauthorized');
    // Nothing was lost or changed: the key's minute view is what it was (the refused reads by the key
    // count as its own getUsage requests once flushed, answered 400).
    await a.app.usage.flush();
    const after = (await asAdmin(`/admin/v1/keys/${keyId}/usage?granularity=minute`)).json<UsageBody>();
    expect(after.buckets.slice(0, -1)).toEqual(before.buckets.slice(0, -1));
    expect(after.buckets.at(-1)).toEqual({
      ...before.buckets.at(-1),
      admitted: 9,
      clientErrors: 8,
      byOperation: { listPets: 1, getUsage: 8 },
    });
  });

  it('lists exactly the keys that called getPet, latest caller first, with their calls over 7 and 30 days', async () => {
    const [a, b] = await instances();
    const admin = await a.adminBearer(['usage:read']);
    const issue = async (name: string, ownerId: string) => {
      const response = await a.app.admin.inject({
        method: 'POST',
        url: '/admin/v1/keys',
        headers: { authorization: await a.adminBearer(['keys:write']) },
        payload: { name, plan: 'pro', ownerId },
      });
      const body = response.json<{ id: string; key: string }>();
      return { id: body.id, bearer: `Bearer ${body.key}` };
    };
    const early = await issue('Early shelter', 'acct_1');
    const late = await issue('Late shelter', 'acct_2');
    const never = await issue('Modern shelter', 'acct_3');
    const firstCall = a.clock.ms;
    await get(a, '/v1/pets/1', early.bearer);
    await get(a, '/v1/pets', never.bearer);
    a.clock.advance(8 * DAY);
    await get(b, '/v1/pets/1', early.bearer);
    await get(a, '/v1/pets/2', early.bearer);
    const earlyLast = a.clock.ms;
    a.clock.advance(HOUR);
    await get(b, '/v1/pets/1', late.bearer);
    await Promise.all([a.app.usage.flush(), b.app.usage.flush()]);
    const response = await b.app.admin.inject({ url: '/admin/v1/deprecations', headers: { authorization: admin } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      {
        operation: 'getPet',
        deprecatedAt: '2026-11-21T00:00:00.000Z',
        sunsetAt: '2030-12-05T00:00:00.000Z',
        callers: [
          {
            keyId: late.id,
            name: 'Late shelter',
            ownerId: 'acct_2',
            calls7d: 1,
            calls30d: 1,
            firstSeen: new Date(a.clock.ms).toISOString(),
            lastSeen: new Date(a.clock.ms).toISOString(),
          },
          {
            keyId: early.id,
            name: 'Early shelter',
            ownerId: 'acct_1',
            calls7d: 2,
            calls30d: 3,
            firstSeen: new Date(firstCall).toISOString(),
            lastSeen: new Date(earlyLast).toISOString(),
          },
        ],
      },
    ]);
    // Last use on the key records, from the same counts.
    const record = await a.app.admin.inject({
      url: `/admin/v1/keys/${never.id}`,
      headers: { authorization: await a.adminBearer(['keys:read']) },
    });
    expect(record.json()).toMatchObject({ lastUsedAt: new Date(firstCall).toISOString() });
  });
});

describe('the end of getPet', () => {
  let t: TestApp;
  afterEach(async () => {
    await t.close();
  });

  const SUNSET = '2026-11-21T18:00:00Z';
  const BROWNOUT = { start: Date.parse('2026-11-21T13:00:00Z'), end: Date.parse('2026-11-21T14:00:00Z') };

  function expectGone(response: LightMyRequestResponse): void {
    expect(expectError(response, 410, 'gone').message).toContain('use GET /v1/pets?id={petId} instead');
    expect(response.headers.sunset).toBe('Sat, 21 Nov 2026 18:00:00 GMT');
    expect(response.headers.deprecation).toBe(`@${Date.parse('2026-11-21T00:00:00Z') / 1000}`);
    // The successor is the list asked for the id in the path; a path without a valid id links the list.
    const id = /^\/v1\/pets\/([1-9][0-9]*)(\?|$)/.exec(response.raw.req.url ?? '')?.[1];
    expect(response.headers.link).toBe(
      `</v1/pets${id === undefined ? '' : `?id=${id}`}>; rel="successor-version", </v1/docs/>; rel="sunset"`,
    );
    expectRateLimitHeaders(response);
  }

  it('answers 410 inside a brownout and from the sunset on, counted against the key; 200 outside; other operations untouched', async () => {
    t = await startTestApp({
      env: {
        GET_PET_SUNSET: SUNSET,
        GET_PET_BROWNOUTS: `2026-11-21T13:00:00Z/2026-11-21T14:00:00Z,2026-11-21T16:00:00+01:00/2026-11-21T15:30:00Z`,
      },
    });
    const key = await t.bearer('pro');
    const get = (url: string) => t.app.http.inject({ url, headers: { authorization: key } });
    expect(
      (
        await t.app.http.inject({
          method: 'POST',
          url: '/v1/pets',
          headers: { authorization: key },
          payload: { name: 'Rex', categoryId: 1 },
        })
      ).statusCode,
    ).toBe(201);
    expect((await get('/v1/pets/1')).statusCode).toBe(200);
    t.clock.ms = BROWNOUT.start - 1;
    expect((await get('/v1/pets/1')).statusCode).toBe(200);
    t.clock.ms = BROWNOUT.start;
    const first = await get('/v1/pets/1');
    expectGone(first);
    expect(first.json<{ message: string }>().message).toBe(
      'This operation is unavailable until 2026-11-21T14:00:00.000Z, a scheduled brownout before its removal on 2026-11-21T18:00:00.000Z; use GET /v1/pets?id={petId} instead',
    );
    const remaining = Number(first.headers['x-ratelimit-remaining']);
    const second = await get('/v1/pets/999');
    expectGone(second);
    expect(Number(second.headers['x-ratelimit-remaining'])).toBe(remaining - 1);
    expect((await get('/v1/pets')).statusCode).toBe(200);
    expect((await get('/v1/rate_limit')).statusCode).toBe(200);
    expect(
      (
        await t.app.http.inject({
          method: 'POST',
          url: '/v1/pets',
          headers: { authorization: key },
          payload: { name: 'Ada', categoryId: 1 },
        })
      ).statusCode,
    ).toBe(201);
    t.clock.ms = BROWNOUT.end;
    expect((await get('/v1/pets/1')).statusCode).toBe(200);
    // The second window, given with an offset: 15:00Z to 15:30Z.
    t.clock.ms = Date.parse('2026-11-21T15:10:00Z');
    expectGone(await get('/v1/pets/1'));
    t.clock.ms = Date.parse('2026-11-21T15:30:00Z');
    expect((await get('/v1/pets/1')).statusCode).toBe(200);
    t.clock.ms = Date.parse(SUNSET);
    // Gone for good: any id, a malformed one, a query it does not take, a HEAD; never 404 or 400.
    for (const url of ['/v1/pets/1', '/v1/pets/999', '/v1/pets/not-a-number', '/v1/pets/1?x=1']) expectGone(await get(url));
    const head = await t.app.http.inject({ method: 'HEAD', url: '/v1/pets/1', headers: { authorization: key } });
    expect(head.statusCode).toBe(410);
    expect(head.body).toBe('');
    t.clock.advance(365 * DAY);
    expectGone(await get('/v1/pets/1'));
    expect((await get('/v1/pets')).statusCode).toBe(200);
    // Refusals come first: no key is 401, a spent quota 429, not 410.
    expectError(await t.app.http.inject({ url: '/v1/pets/1' }), 401, 'unauthorized');
    const tight = await t.bearer('enterprise', { perMinute: 1, perDay: 100 });
    expectGone(await t.app.http.inject({ url: '/v1/pets/1', headers: { authorization: tight } }));
    expectError(await t.app.http.inject({ url: '/v1/pets/1', headers: { authorization: tight } }), 429, 'rate_limited');
  });

  it('states the sunset in the document, with 410 on getPet', async () => {
    t = await startTestApp({ env: { GET_PET_SUNSET: '2031-01-01T00:00:00Z' } });
    const doc = (await t.app.http.inject({ url: '/v1/openapi.json' })).json<{
      paths: Record<string, { get: { description: string; responses: Record<string, unknown> } }>;
    }>();
    const getPet = doc.paths['/pets/{petId}']?.get;
    expect(getPet?.description).toContain('removed on 2031-01-01T00:00:00.000Z');
    expect(Object.keys(getPet?.responses ?? {})).toContain('410');
    const key = await t.bearer('pro');
    expect((await t.app.http.inject({ url: '/v1/pets/1', headers: { authorization: key } })).headers.sunset).toBe(
      'Wed, 01 Jan 2031 00:00:00 GMT',
    );
  });
});
