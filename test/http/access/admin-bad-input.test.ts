/** The admin API refuses bad input with 400 in the Error body, and changes nothing; no secret shows twice. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { expectError, startTestApp, type TestApp } from '../../support/test-app.js';

describe('admin API: bad input', () => {
  let t: TestApp;
  let admin: string;
  let keyId: string;

  const call = (method: string, url: string, payload?: unknown) =>
    t.app.admin.inject({
      method: method as 'GET',
      url,
      headers: { authorization: admin },
      ...(payload !== undefined && { payload: payload as object }),
    });
  /** Every key and every audit event, as the admin API shows them. */
  const state = async () => ({
    keys: (await call('GET', '/admin/v1/keys?limit=100')).json<unknown>(),
    audit: (await call('GET', '/admin/v1/audit-events?limit=100')).json<unknown>(),
  });

  beforeEach(async () => {
    t = await startTestApp();
    admin = await t.adminBearer();
    keyId = (await call('POST', '/admin/v1/keys', { name: 'Shelter', plan: 'pro' })).json<{ id: string }>().id;
  });
  afterEach(async () => {
    await t.close();
  });

  const create: [string, unknown, RegExp][] = [
    ['an unknown field', { name: 'A', plan: 'pro', color: 'red' }, /'color' is not recognised/],
    ['no name', { plan: 'pro' }, /'name' is required/],
    ['a blank name', { name: '   ', plan: 'pro' }, /name/],
    ['an unknown plan', { name: 'A', plan: 'gold' }, /plan.*free, pro, business, enterprise/],
    ['enterprise without limits', { name: 'A', plan: 'enterprise' }, /enterprise key needs its own limits/],
    ['limits of zero', { name: 'A', plan: 'pro', limits: { perMinute: 0, perDay: 10 } }, /perMinute/],
    ['negative limits', { name: 'A', plan: 'pro', limits: { perMinute: -5, perDay: 10 } }, /perMinute/],
    ['fractional limits', { name: 'A', plan: 'pro', limits: { perMinute: 1.5, perDay: 10 } }, /perMinute/],
    ['limits as text', { name: 'A', plan: 'pro', limits: { perMinute: '5', perDay: 10 } }, /perMinute/],
    ['a day below the minute', { name: 'A', plan: 'pro', limits: { perMinute: 500, perDay: 100 } }, /perMinute <= perDay/],
    ['half the limits', { name: 'A', plan: 'pro', limits: { perMinute: 500 } }, /perDay/],
    ['an unknown scope', { name: 'A', plan: 'pro', scopes: ['pets:delete'] }, /scopes/],
    ['no scopes', { name: 'A', plan: 'pro', scopes: [] }, /scopes/],
    ['a scope twice', { name: 'A', plan: 'pro', scopes: ['pets:read', 'pets:read'] }, /scopes/],
    ['a date without a zone', { name: 'A', plan: 'pro', expiresAt: '2030-01-01T00:00:00' }, /RFC 3339/],
    ['a date in words', { name: 'A', plan: 'pro', expiresAt: 'tomorrow' }, /RFC 3339/],
    ['a date that does not exist', { name: 'A', plan: 'pro', expiresAt: '2030-02-30T00:00:00Z' }, /not a date that exists/],
    ['a date in the past', { name: 'A', plan: 'pro', expiresAt: '2020-01-01T00:00:00Z' }, /in the future/],
    ['an empty owner', { name: 'A', plan: 'pro', ownerId: '' }, /ownerId/],
    ['an array body', [{ name: 'A', plan: 'pro' }], /JSON object/],
  ];
  it.each(create)('refuses a create with %s, storing nothing', async (_what, payload, message) => {
    const before = await state();
    const response = await call('POST', '/admin/v1/keys', payload);
    expect(expectError(response, 400, 'invalid_request').message).toMatch(message);
    expect(await state()).toEqual(before);
  });

  const changes: [string, unknown, RegExp][] = [
    ['nothing to change', {}, /must NOT have fewer than 1 properties|at least/],
    ['an unknown field', { colour: 'red' }, /'colour' is not recognised/],
    ['an unknown plan', { plan: 'gold' }, /plan/],
    ['enterprise without limits', { plan: 'enterprise' }, /enterprise key needs its own limits/],
    ['bad limits', { limits: { perMinute: 10, perDay: 5 } }, /perMinute <= perDay/],
    ['no scopes', { scopes: [] }, /scopes/],
    ['a bad date', { expiresAt: '31/12/2030' }, /RFC 3339/],
    ['a past date', { expiresAt: '2001-01-01T00:00:00Z' }, /in the future/],
    ['a name too long', { name: 'x'.repeat(101) }, /name/],
  ];
  it.each(changes)('refuses a change with %s, changing nothing', async (_what, payload, message) => {
    const before = await state();
    const response = await call('PATCH', `/admin/v1/keys/${keyId}`, payload);
    expect(expectError(response, 400, 'invalid_request').message).toMatch(message);
    expect(await state()).toEqual(before);
  });

  it('refuses bad ids, queries, cursors and graces, changing nothing', async () => {
    const before = await state();
    const refusals: [LightMyRequestResponse, number, string][] = [
      [await call('GET', '/admin/v1/keys/not-a-key'), 400, 'invalid_request'],
      [await call('GET', '/admin/v1/keys/key_0000000000000000'), 404, 'not_found'],
      [await call('PATCH', '/admin/v1/keys/key_0000000000000000', { name: 'x' }), 404, 'not_found'],
      [await call('POST', '/admin/v1/keys/key_0000000000000000/revoke'), 404, 'not_found'],
      [await call('POST', '/admin/v1/keys/key_0000000000000000/rotate', {}), 404, 'not_found'],
      [await call('POST', `/admin/v1/keys/${keyId}/rotate`, { graceSeconds: 604_801 }), 400, 'invalid_request'],
      [await call('POST', `/admin/v1/keys/${keyId}/rotate`, { graceSeconds: -1 }), 400, 'invalid_request'],
      [await call('POST', `/admin/v1/keys/${keyId}/rotate`, { grace: 5 }), 400, 'invalid_request'],
      [await call('GET', '/admin/v1/keys?limit=0'), 400, 'invalid_request'],
      [await call('GET', '/admin/v1/keys?limit=101'), 400, 'invalid_request'],
      [await call('GET', '/admin/v1/keys?status=deleted'), 400, 'invalid_request'],
      [await call('GET', '/admin/v1/keys?plan=gold'), 400, 'invalid_request'],
      [await call('GET', '/admin/v1/keys?sort=name'), 400, 'invalid_request'],
      [await call('GET', '/admin/v1/keys?cursor=bm90LWEtY3Vyc29y'), 400, 'invalid_request'],
      [await call('GET', '/admin/v1/keys?cursor=!!'), 400, 'invalid_request'],
      [await call('GET', '/admin/v1/audit-events?cursor=bm90LWEtY3Vyc29y'), 400, 'invalid_request'],
      [await call('GET', '/admin/v1/audit-events?limit=-1'), 400, 'invalid_request'],
      [
        await t.app.admin.inject({
          method: 'POST',
          url: '/admin/v1/keys',
          headers: { authorization: admin, 'content-type': 'text/plain' },
          payload: 'name=A',
        }),
        415,
        'unsupported_media_type',
      ],
      [
        await t.app.admin.inject({
          method: 'POST',
          url: '/admin/v1/keys',
          headers: { authorization: admin, 'content-type': 'application/json' },
          payload: '{"name":',
        }),
        400,
        'invalid_json',
      ],
      [await call('DELETE', `/admin/v1/keys/${keyId}`), 405, 'method_not_allowed'],
    ];
    for (const [response, status, code] of refusals) expectError(response, status, code);
    expect(await state()).toEqual(before);
  });
});

describe('admin API: secrets are shown once', () => {
  it('never shows an issued secret again: not in a read, a list, an audit event, an error or the log', async () => {
    const logLines: string[] = [];
    const t = await startTestApp({ logLines });
    try {
      const admin = await t.adminBearer();
      const responses: LightMyRequestResponse[] = [];
      const call = async (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, headers: Record<string, string> = {}) => {
        const response = await t.app.admin.inject({
          method,
          url,
          headers: { authorization: admin, ...headers },
          ...(payload && { payload }),
        });
        responses.push(response);
        return response;
      };
      const secrets: string[] = [];
      const issuing: LightMyRequestResponse[] = [];
      const created = await call('POST', '/admin/v1/keys', { name: 'A', plan: 'pro' }, { 'idempotency-key': 'once' });
      issuing.push(created);
      const { id, key } = created.json<{ id: string; key: string }>();
      secrets.push(key);
      const rotated = await call('POST', `/admin/v1/keys/${id}/rotate`, { graceSeconds: 0 });
      issuing.push(rotated);
      secrets.push(rotated.json<{ key: string }>().key);
      // Everything else an operator or a client can do with them afterwards.
      await call('POST', '/admin/v1/keys', { name: 'A', plan: 'pro' }, { 'idempotency-key': 'once' });
      await call('POST', '/admin/v1/keys', { name: 'B', plan: 'pro' }, { 'idempotency-key': 'once' });
      const newId = rotated.json<{ id: string }>().id;
      await call('GET', `/admin/v1/keys/${id}`);
      await call('GET', `/admin/v1/keys/${newId}`);
      await call('GET', '/admin/v1/keys');
      await call('PATCH', `/admin/v1/keys/${newId}`, { plan: 'business' });
      await call('POST', `/admin/v1/keys/${newId}/revoke`);
      await call('GET', '/admin/v1/audit-events');
      for (const secret of secrets) {
        responses.push(await t.app.http.inject({ url: '/v1/pets', headers: { authorization: `Bearer ${secret}` } }));
        responses.push(await t.app.admin.inject({ url: '/admin/v1/keys', headers: { authorization: `Bearer ${secret}` } }));
      }
      const adminSecret = admin.slice('Bearer '.length);
      responses.push(await t.app.http.inject({ url: '/v1/pets', headers: { authorization: admin } }));
      expect(logLines.length).toBeGreaterThan(responses.length);
      for (const secret of secrets) {
        const shownIn = responses.filter(
          (r) => !issuing.includes(r) && (r.body.includes(secret) || JSON.stringify(r.headers).includes(secret)),
        );
        expect(shownIn.map((r) => r.body)).toEqual([]);
        expect(logLines.filter((line) => line.includes(secret))).toEqual([]);
      }
      expect(issuing.map((r) => r.body.includes(secrets[issuing.indexOf(r)] as string))).toEqual([true, true]);
      expect(responses.filter((r) => r.body.includes(adminSecret))).toEqual([]);
      expect(logLines.filter((line) => line.includes(adminSecret))).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
