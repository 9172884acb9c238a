/**
 * Organizations: created by operators (audited), read and listed by any key with filters that refuse
 * what they cannot apply, changed by their own keys with If-Match; another owner's change gets 403 and
 * changes nothing; every bad value is a 400 naming its field, nothing stored or changed by it. Runs on
 * memory and, in the second pass, on MongoDB + Redis.
 */
import type { LightMyRequestResponse } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expectError, expectRateLimitHeaders, startTestApp, type TestApp } from '../../support/test-app.js';

interface OrganizationBody {
  id: string;
  name: string;
  location: { postalCode: string; city: string; region: string; country: string } | null;
  version: number;
  [field: string]: unknown;
}

const HUDSON = {
  id: 'acct_hudson',
  name: 'Hudson Valley Animal Rescue',
  email: 'adopt@hvar.example',
  phone: '+1 212 555 0100',
  website: 'https://hvar.example',
  address: '12 Shelter Lane\nSuite 4',
  location: { postalCode: '10001' },
  adoptionPolicyUrl: 'https://hvar.example/adopt',
  hours: 'Tue-Sat 11:00-18:00',
};

describe('organizations', () => {
  let t: TestApp;
  let operator: string;
  let hudsonKey: string;
  let otherKey: string;

  const issue = async (ownerId: string) => `Bearer ${(await t.app.keys.issue({ name: ownerId, plan: 'pro', ownerId })).key}`;
  const admin = async (method: 'POST' | 'PATCH', url: string, payload: object, headers: Record<string, string> = {}) =>
    t.app.admin.inject({ method, url: `/admin/v1${url}`, headers: { authorization: operator, ...headers }, payload });
  const call = (method: 'GET' | 'PATCH', url: string, auth: string, payload?: object, headers: Record<string, string> = {}) =>
    t.app.http.inject({ method, url: `/v1${url}`, headers: { authorization: auth, ...headers }, ...(payload && { payload }) });
  const read = async (id: string) => (await call('GET', `/organizations/${id}`, otherKey)).json<OrganizationBody>();
  const auditOf = async (target: string) =>
    (
      await t.app.admin.inject({
        url: `/admin/v1/audit-events?target=${target}`,
        headers: { authorization: await t.adminBearer(['audit:read']) },
      })
    ).json<{ action: string; actor: string; changes: Record<string, { from: unknown; to: unknown }> }[]>();

  beforeEach(async () => {
    t = await startTestApp();
    operator = await t.adminBearer(['keys:write']);
    hudsonKey = await issue('acct_hudson');
    otherKey = await issue('acct_other');
  });
  afterEach(async () => t.close());

  it('answers 304 to its own ETag until it changes, with Cache-Control on the organizations answers, and shows nothing internal', async () => {
    expect((await admin('POST', '/organizations', HUDSON)).statusCode).toBe(201);
    const first = await call('GET', '/organizations/acct_hudson', otherKey);
    expect(first.headers['cache-control']).toBe('private, max-age=60');
    expect(first.json()).not.toHaveProperty('relocating');
    const etag = String(first.headers.etag);
    const again = await call('GET', '/organizations/acct_hudson', otherKey, undefined, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers).toMatchObject({ etag, 'cache-control': 'private, max-age=60' });
    expect((await call('GET', '/organizations', otherKey)).headers['cache-control']).toBe('private, max-age=60');
    // A change makes a new ETag: the kept copy is stale, and the answer is the new profile.
    expect((await call('PATCH', '/organizations/acct_hudson', hudsonKey, { hours: 'Daily' }, { 'if-match': etag })).statusCode).toBe(200);
    const changed = await call('GET', '/organizations/acct_hudson', otherKey, undefined, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ hours: 'Daily', version: 2 });
  });

  it('lets an operator create an organization, its place read from the postal code, and anyone with a key read it', async () => {
    const created = await admin('POST', '/organizations', HUDSON);
    expect(created.statusCode).toBe(201);
    expect(created.headers.location).toBe('/v1/organizations/acct_hudson');
    expect(created.headers.etag).toBe('"1"');
    const body = created.json<OrganizationBody>();
    expect(body).toMatchObject({
      ...HUDSON,
      location: { postalCode: '10001', city: 'New York', region: 'NY', country: 'US' },
      version: 1,
    });
    const got = await call('GET', '/organizations/acct_hudson', otherKey);
    expect(got.statusCode).toBe(200);
    expect(got.json()).toEqual(body);
    expect(got.headers.etag).toBe('"1"');
    expectRateLimitHeaders(got);
    expectError(await call('GET', '/organizations/acct_nobody', otherKey), 404, 'not_found');
    // One per owner.
    expectError(await admin('POST', '/organizations', { id: 'acct_hudson', name: 'Again' }), 409, 'organization_exists');
    expect(await read('acct_hudson')).toEqual(body);
  });

  it("lets an organization's own key change its profile with If-Match (merge patch, null removes), and audits every change", async () => {
    await admin('POST', '/organizations', HUDSON);
    t.clock.advance(1_000);
    expectError(await call('PATCH', '/organizations/acct_hudson', hudsonKey, { hours: 'Daily' }), 428, 'precondition_required');
    expectError(
      await call('PATCH', '/organizations/acct_hudson', hudsonKey, { hours: 'Daily' }, { 'if-match': '"7"' }),
      412,
      'precondition_failed',
    );
    const changed = await call(
      'PATCH',
      '/organizations/acct_hudson',
      hudsonKey,
      { hours: 'Daily 10:00-16:00', phone: null, location: { postalCode: '94103' } },
      { 'if-match': '"1"' },
    );
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).toBe('"2"');
    expect(changed.json()).toMatchObject({
      hours: 'Daily 10:00-16:00',
      phone: null,
      email: HUDSON.email,
      location: { postalCode: '94103', city: 'San Francisco', region: 'CA', country: 'US' },
      version: 2,
    });
    // The same change again changes nothing: same version, no audit event.
    const again = await call('PATCH', '/organizations/acct_hudson', hudsonKey, { hours: 'Daily 10:00-16:00' }, { 'if-match': '*' });
    expect(again.json<OrganizationBody>().version).toBe(2);
    // An operator changes any organization.
    const byOperator = await admin('PATCH', '/organizations/acct_hudson', { name: 'HVAR' }, { 'if-match': '"2"' });
    expect(byOperator.json()).toMatchObject({ name: 'HVAR', version: 3 });
    const events = await auditOf('acct_hudson');
    expect(events.map(({ action, changes }) => ({ action, changes }))).toEqual([
      { action: 'organization.update', changes: { name: { from: HUDSON.name, to: 'HVAR' } } },
      {
        action: 'organization.update',
        changes: {
          phone: { from: HUDSON.phone, to: null },
          location: { from: '10001 US', to: '94103 US' },
          hours: { from: HUDSON.hours, to: 'Daily 10:00-16:00' },
        },
      },
      { action: 'organization.create', changes: expect.objectContaining({ name: { from: null, to: HUDSON.name } }) as object },
    ]);
    expect(events[1]?.actor).toMatch(/^key_/);
    expect(events[0]?.actor).toMatch(/^adm_/);
  });

  it("answers another owner's change with 403 and changes nothing, whatever it sends", async () => {
    const before = (await admin('POST', '/organizations', HUDSON)).json<OrganizationBody>();
    for (const body of [{ name: 'Mine now' }, { location: null }, { email: 'x@y.example' }]) {
      for (const ifMatch of ['"1"', '*']) {
        expectError(await call('PATCH', '/organizations/acct_hudson', otherKey, body, { 'if-match': ifMatch }), 403, 'forbidden');
      }
    }
    expect(await read('acct_hudson')).toEqual(before);
    expect((await auditOf('acct_hudson')).map((event) => event.action)).toEqual(['organization.create']);
    // A key without pets:write is refused before anything is read.
    const reader = `Bearer ${(await t.app.keys.issue({ name: 'reader', plan: 'pro', ownerId: 'acct_hudson', scopes: ['pets:read'] })).key}`;
    expectError(await call('PATCH', '/organizations/acct_hudson', reader, { name: 'X' }, { 'if-match': '*' }), 403, 'forbidden');
    expect(await read('acct_hudson')).toEqual(before);
  });

  it('refuses an operator without keys:write with 403, and a request without a credential with 401, creating nothing', async () => {
    const readOnly = await t.adminBearer(['keys:read']);
    const refused = await t.app.admin.inject({
      method: 'POST',
      url: '/admin/v1/organizations',
      headers: { authorization: readOnly },
      payload: HUDSON,
    });
    expectError(refused, 403, 'forbidden');
    expectError(await t.app.admin.inject({ method: 'POST', url: '/admin/v1/organizations', payload: HUDSON }), 401, 'unauthorized');
    expectError(await call('GET', '/organizations/acct_hudson', otherKey), 404, 'not_found');
  });

  const BAD: [string, object, string][] = [
    ['an unknown postal code', { location: { postalCode: '00000' } }, 'location.postalCode'],
    ['a country not covered', { location: { postalCode: '75001', country: 'FR' } }, 'location.country'],
    ['coordinates', { location: { postalCode: '10001', latitude: 40.7 } }, 'location'],
    ['a bad email', { email: 'not-an-address' }, 'email'],
    ['a bad phone', { phone: 'call us' }, 'phone'],
    ['a website that is not http', { website: 'ftp://hvar.example' }, 'website'],
    ['a policy URL with a password', { adoptionPolicyUrl: 'https://u:p@hvar.example/' }, 'adoptionPolicyUrl'],
    ['a name with nothing visible', { name: '\u200b' }, 'name'],
    ['an address with a control character', { address: 'Lane\u0007' }, 'address'],
    ['hours of 1,001 characters', { hours: 'x'.repeat(1_001) }, 'hours'],
    ['an unknown field', { twitter: '@hvar' }, 'twitter'],
    ['a read-only field', { version: 9 }, 'version'],
  ];

  it.each(BAD)('refuses %s in a create with a 400 naming the field, storing nothing', async (_what, fields, field) => {
    const { message } = expectError(await admin('POST', '/organizations', { ...HUDSON, ...fields }), 400, 'invalid_request');
    expect(message).toContain(field);
    expectError(await call('GET', '/organizations/acct_hudson', otherKey), 404, 'not_found');
  });

  it.each(BAD)("refuses %s in the owner's PATCH with a 400 naming the field, changing nothing", async (_what, fields, field) => {
    const before = (await admin('POST', '/organizations', HUDSON)).json<OrganizationBody>();
    const { message } = expectError(
      await call('PATCH', '/organizations/acct_hudson', hudsonKey, fields, { 'if-match': '"1"' }),
      400,
      'invalid_request',
    );
    expect(message).toContain(field);
    expect(await read('acct_hudson')).toEqual(before);
  });

  it('lists organizations in id order, paged, narrowed by country, region, postal code or id; an unknown place is a 400, never ignored', async () => {
    const places = [
      ['acct_a', '10001'],
      ['acct_b', '10002'],
      ['acct_c', '94103'],
      ['acct_d', '60601'],
      ['acct_e', null],
    ] as const;
    for (const [id, postalCode] of places) {
      expect((await admin('POST', '/organizations', { id, name: id, ...(postalCode && { location: { postalCode } }) })).statusCode).toBe(
        201,
      );
    }
    const ids = async (query: string) =>
      (await call('GET', `/organizations${query}`, otherKey)).json<OrganizationBody[]>().map((o) => o.id);
    expect(await ids('')).toEqual(['acct_a', 'acct_b', 'acct_c', 'acct_d', 'acct_e']);
    expect(await ids('?region=NY')).toEqual(['acct_a', 'acct_b']);
    expect(await ids('?country=US&region=CA')).toEqual(['acct_c']);
    expect(await ids('?postalCode=60601-1234')).toEqual(['acct_d']);
    expect(await ids('?country=US')).toEqual(['acct_a', 'acct_b', 'acct_c', 'acct_d']);
    expect(await ids('?id=acct_e,acct_a&id=acct_zz')).toEqual(['acct_a', 'acct_e']);
    // Pages of two, following Link.
    const seen: string[] = [];
    let url: string | undefined = '/v1/organizations?limit=2&country=US';
    while (url) {
      const page: LightMyRequestResponse = await t.app.http.inject({ url, headers: { authorization: otherKey } });
      seen.push(...page.json<OrganizationBody[]>().map((o) => o.id));
      url = /<([^>]+)>; rel="next"/.exec(String(page.headers.link ?? ''))?.[1];
    }
    expect(seen).toEqual(['acct_a', 'acct_b', 'acct_c', 'acct_d']);
    // Near a place: those within the radius, each with its distance in the radius's unit.
    const near = (await call('GET', '/organizations?near=10001&radius=5', otherKey)).json<(OrganizationBody & { distance?: number })[]>();
    expect(near.map((o) => [o.id, o.distance])).toEqual([
      ['acct_a', 0],
      ['acct_b', expect.any(Number)],
    ]);
    expect(await ids('?near=94110&radius=10km')).toEqual(['acct_c']);
    expect(await ids('?near=41.8857,-87.6181&radius=2')).toEqual(['acct_d']);
    expect(await ids('?near=10001&radius=5&region=CA')).toEqual([]);
    const paged = await call('GET', '/organizations?near=10001&radius=5&limit=1', otherKey);
    expect(String(paged.headers.link)).toContain('near=10001&radius=5');
    for (const [query, field] of [
      ['?postalCode=00000', 'postalCode'],
      ['?region=ZZ', 'region'],
      ['?country=GB', 'country'],
      ['?country=usa', 'country'],
      ['?cursor=nonsense!', 'cursor'],
      ['?near=00000', 'near'],
      ['?near=10001&radius=501', 'radius'],
      ['?radius=5', 'radius'],
      ['?distance=5', 'distance'],
    ] as const) {
      const { message } = expectError(await call('GET', `/organizations${query}`, otherKey), 400, 'invalid_request');
      expect(message).toContain(field);
    }
  });

  it("names an animal's organization by its ownerId", async () => {
    await admin('POST', '/organizations', HUDSON);
    const pet = (await call('GET', '/organizations/acct_hudson', hudsonKey)).json<OrganizationBody>();
    const created = await t.app.http.inject({
      method: 'POST',
      url: '/v1/pets',
      headers: { authorization: hudsonKey },
      payload: { name: 'Rex', categoryId: 1 },
    });
    expect(created.json()).toMatchObject({ ownerId: pet.id, location: null });
  });
});
