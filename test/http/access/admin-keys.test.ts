/** The admin API over HTTP: issuing, reading, changing, rotating and revoking keys, as operators and their tools call it. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ANONYMOUS_LIMITS, PLAN_LIMITS } from '../../../src/domain/access/plans.js';
import type { LightMyRequestResponse } from 'fastify';
import { expectError, startTestApp, type TestApp } from '../../support/test-app.js';

interface KeyBody {
  id: string;
  name: string;
  plan: string;
  limits: { perMinute: number; perDay: number };
  scopes: string[];
  ownerId: string | null;
  status: string;
  createdAt: string;
  expiresAt: string | null;
  revokedAt: string | null;
  lastUsedAt: string | null;
  rotatedFrom: string | null;
  rotatedTo: string | null;
  revokedReason: string | null;
  limitsSource: 'plan' | 'override';
  start: string | null;
  last4: string | null;
  key?: string;
}

describe('admin API: keys', () => {
  let t: TestApp;
  let admin: string;

  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    t.app.admin.inject({
      method,
      url,
      headers: { authorization: admin, ...headers },
      ...(payload !== undefined && { payload: payload as object }),
    });
  const issue = async (payload: object = { name: 'Shelter A', plan: 'pro' }) => {
    const response = await call('POST', '/admin/v1/keys', payload);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<KeyBody & { key: string }>();
  };
  const pets = (key: string, method: 'GET' | 'POST' = 'GET') =>
    t.app.http.inject({
      method,
      url: '/v1/pets',
      headers: { authorization: `Bearer ${key}` },
      ...(method === 'POST' && { payload: { name: 'Rex', categoryId: 1 } }),
    });

  beforeEach(async () => {
    t = await startTestApp();
    admin = await t.adminBearer();
  });
  afterEach(async () => {
    await t.close();
  });

  it('issues a key whose secret is in the 201 alone, and which works on /v1 at once', async () => {
    const response = await call('POST', '/admin/v1/keys', { name: 'Shelter A', plan: 'pro', ownerId: 'acct_1042' });
    expect(response.statusCode).toBe(201);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json<KeyBody & { key: string }>();
    expect(response.headers.location).toBe(`/admin/v1/keys/${body.id}`);
    expect(body).toEqual({
      id: expect.stringMatching(/^key_[A-Za-z0-9]{16}$/) as unknown,
      name: 'Shelter A',
      plan: 'pro',
      limits: { perMinute: PLAN_LIMITS.pro.perMinute, perDay: PLAN_LIMITS.pro.perDay },
      scopes: ['pets:read', 'pets:write', 'webhooks:write', 'searches:write'],
      ownerId: 'acct_1042',
      status: 'active',
      createdAt: new Date(t.clock.ms).toISOString(),
      expiresAt: null,
      revokedAt: null,
      lastUsedAt: null,
      rotatedFrom: null,
      rotatedTo: null,
      revokedReason: null,
      limitsSource: 'plan',
      start: expect.stringMatching(/^adopt_stage_[A-Za-z0-9]{4}$/) as unknown,
      last4: expect.stringMatching(/^[A-Za-z0-9]{4}$/) as unknown,
      allowedOrigins: null,
      key: expect.stringMatching(/^adopt_stage_/) as unknown,
    });
    // The record shows how its secret begins and ends, to be recognised without it.
    expect(body.start).toBe(body.key.slice(0, 'adopt_stage_'.length + 4));
    expect(body.last4).toBe(body.key.slice(-4));
    expect((await pets(body.key)).statusCode).toBe(200);
    // Last use comes from the usage counts, which each instance hands over at its next flush.
    await t.app.usage.flush();
    const read = await call('GET', `/admin/v1/keys/${body.id}`);
    expect(read.statusCode).toBe(200);
    const { key, ...record } = body;
    expect(read.json()).toEqual({ ...record, lastUsedAt: new Date(t.clock.ms).toISOString() });
    expect(read.body).not.toContain(key);
  });

  it('lists keys in issue order, filtered, a page at a time through Link', async () => {
    const issued: KeyBody[] = [];
    for (let i = 0; i < 5; i++) {
      issued.push(await issue({ name: `Shelter ${i}`, plan: i % 2 ? 'free' : 'pro', ...(i < 2 && { ownerId: 'acct_7' }) }));
      t.clock.advance(1_000);
    }
    await call('POST', `/admin/v1/keys/${issued[4]?.id}/revoke`);
    const seen: string[] = [];
    let url: string | null = '/admin/v1/keys?limit=2';
    while (url) {
      const page: LightMyRequestResponse = await call('GET', url);
      expect(page.statusCode).toBe(200);
      seen.push(...page.json<KeyBody[]>().map((k) => k.id));
      url = /^<([^>]+)>; rel="next"$/.exec((page.headers.link as string | undefined) ?? '')?.[1] ?? null;
    }
    expect(seen).toEqual(issued.map((k) => k.id));
    const ids = async (query: string) => (await call('GET', `/admin/v1/keys?${query}`)).json<KeyBody[]>().map((k) => k.id);
    expect(await ids('plan=free')).toEqual([issued[1]?.id, issued[3]?.id]);
    expect(await ids('ownerId=acct_7')).toEqual([issued[0]?.id, issued[1]?.id]);
    expect(await ids('status=revoked')).toEqual([issued[4]?.id]);
    expect(await ids('status=active&plan=pro')).toEqual([issued[0]?.id, issued[2]?.id]);
    expect(await ids('status=expired')).toEqual([]);
    // Filters carry into the next page's link.
    const filtered = await call('GET', '/admin/v1/keys?limit=1&plan=pro&status=active');
    expect(filtered.headers.link).toMatch(/plan=pro/);
    expect(filtered.headers.link).toMatch(/status=active/);
  });

  it('changes take effect at once on this instance: plan, an override on any plan, scopes, expiry', async () => {
    const { id, key } = await issue({ name: 'Shelter', plan: 'free' });
    expect((await pets(key)).headers['x-ratelimit-limit']).toBe(String(PLAN_LIMITS.free.perMinute));
    const raised = await call('PATCH', `/admin/v1/keys/${id}`, { limits: { perMinute: 500, perDay: 20_000 } });
    expect(raised.json()).toMatchObject({ plan: 'free', limits: { perMinute: 500, perDay: 20_000 } });
    expect((await pets(key)).headers['x-ratelimit-limit']).toBe('500');
    await call('PATCH', `/admin/v1/keys/${id}`, { plan: 'business', limits: null });
    expect((await pets(key)).headers['x-ratelimit-limit']).toBe(String(PLAN_LIMITS.business.perMinute));
    const readOnly = await call('PATCH', `/admin/v1/keys/${id}`, { scopes: ['pets:read'], name: 'Renamed', ownerId: 'acct_9' });
    expect(readOnly.json()).toMatchObject({ name: 'Renamed', ownerId: 'acct_9', scopes: ['pets:read'] });
    const before = Number((await pets(key)).headers['x-ratelimit-remaining']);
    const refused = await pets(key, 'POST');
    expectError(refused, 403, 'forbidden');
    // The refused create still counted against the key's limits.
    expect(Number(refused.headers['x-ratelimit-remaining'])).toBe(before - 1);
    const expiresAt = new Date(t.clock.ms + 3_600_000).toISOString();
    expect((await call('PATCH', `/admin/v1/keys/${id}`, { expiresAt })).json()).toMatchObject({ expiresAt, status: 'active' });
    t.clock.advance(3_600_000);
    expectError(await pets(key), 401, 'unauthorized');
    expect((await call('GET', `/admin/v1/keys/${id}`)).json()).toMatchObject({ status: 'expired' });
    const events = (await call('GET', '/admin/v1/audit-events?limit=100')).json<{ action: string; target: string }[]>();
    expect(events.filter((e) => e.target === id).map((e) => e.action)).toEqual([
      'key.update',
      'key.update',
      'key.update',
      'key.update',
      'key.create',
    ]);
  });

  it('rotates a key onto the same quota: the old one works until the grace ends, never past its own expiry', async () => {
    const old = await issue({ name: 'Shelter', plan: 'free', scopes: ['pets:read'], ownerId: 'acct_1' });
    // All but 10 of the Free minute spent before the rotation.
    for (let i = 0; i < PLAN_LIMITS.free.perMinute - 10; i++) expect((await pets(old.key)).statusCode).toBe(200);
    const response = await call('POST', `/admin/v1/keys/${old.id}/rotate`, { graceSeconds: 60 });
    expect(response.statusCode).toBe(201);
    expect(response.headers['cache-control']).toBe('no-store');
    const fresh = response.json<KeyBody & { key: string }>();
    expect(fresh).toMatchObject({ rotatedFrom: old.id, plan: 'free', scopes: ['pets:read'], ownerId: 'acct_1', status: 'active' });
    expect(fresh.key).not.toBe(old.key);
    // 10 left, on either key.
    expect((await pets(fresh.key)).headers['x-ratelimit-remaining']).toBe('9');
    expect((await pets(old.key)).headers['x-ratelimit-remaining']).toBe('8');
    expect((await call('GET', `/admin/v1/keys/${old.id}`)).json()).toMatchObject({
      expiresAt: new Date(t.clock.ms + 60_000).toISOString(),
    });
    t.clock.advance(60_000);
    expectError(await pets(old.key), 401, 'unauthorized');
    expect((await pets(fresh.key)).statusCode).toBe(200);
    // A rotation without a body takes KEY_ROTATION_GRACE_SECONDS (a day), cut to the key's own expiry.
    const expiring = await issue({ name: 'Trial', plan: 'free', expiresAt: new Date(t.clock.ms + 3_600_000).toISOString() });
    const rotated = await t.app.admin.inject({
      method: 'POST',
      url: `/admin/v1/keys/${expiring.id}/rotate`,
      headers: { authorization: admin },
    });
    expect(rotated.statusCode, rotated.body).toBe(201);
    expect(rotated.json()).toMatchObject({ expiresAt: expiring.expiresAt });
    expect((await call('GET', `/admin/v1/keys/${expiring.id}`)).json()).toMatchObject({ expiresAt: expiring.expiresAt });
    const plain = await issue();
    await call('POST', `/admin/v1/keys/${plain.id}/rotate`, {});
    expect((await call('GET', `/admin/v1/keys/${plain.id}`)).json()).toMatchObject({
      expiresAt: new Date(t.clock.ms + 86_400_000).toISOString(),
    });
  });

  it('refuses a second rotation of one key while its successor lives, naming it: the successor keeps working', async () => {
    const old = await issue({ name: 'Shelter', plan: 'pro' });
    const first = (await call('POST', `/admin/v1/keys/${old.id}/rotate`, { graceSeconds: 3600 })).json<KeyBody & { key: string }>();
    expect((await call('GET', `/admin/v1/keys/${old.id}`)).json()).toMatchObject({ rotatedTo: first.id });
    // The operator did not see the answer and rotates again.
    const again = await call('POST', `/admin/v1/keys/${old.id}/rotate`, { graceSeconds: 3600 });
    const { message } = expectError(again, 409, 'key_not_active');
    expect(message).toContain(`its successor ${first.id} is active`);
    expect(message).toContain(`Rotate ${first.id} instead`);
    // Nothing new was issued, and the successor outlives the old key's grace.
    expect((await call('GET', '/admin/v1/keys?limit=100')).json<KeyBody[]>().filter((k) => k.rotatedFrom === old.id)).toHaveLength(1);
    t.clock.advance(3_600_000 + 1_000);
    expect((await pets(first.key)).statusCode).toBe(200);
    expectError(await pets(old.key), 401, 'unauthorized');
    // Rotating the successor is the way to a new secret.
    expect((await call('POST', `/admin/v1/keys/${first.id}/rotate`, { graceSeconds: 0 })).statusCode).toBe(201);
  });

  it('finds the record of a reported secret, audited, never repeating the secret; keys:read suffices', async () => {
    const leaked = await issue({ name: 'Leaky', plan: 'pro' });
    const reader = await t.adminBearer(['keys:read']);
    const found = await t.app.admin.inject({
      method: 'POST',
      url: '/admin/v1/keys/lookup',
      headers: { authorization: reader },
      payload: { key: leaked.key },
    });
    expect(found.statusCode).toBe(200);
    expect(found.json()).toMatchObject({ id: leaked.id, name: 'Leaky', start: leaked.start, last4: leaked.last4 });
    expect(found.body).not.toContain(leaked.key);
    const unknownSecret = `${leaked.key.slice(0, -1)}${leaked.key.endsWith('A') ? 'B' : 'A'}`;
    const missing = await call('POST', '/admin/v1/keys/lookup', { key: unknownSecret });
    expect(expectError(missing, 404, 'not_found').message).toBe(
      'No key matches this secret: check that it was copied whole, and that it belongs to this environment',
    );
    expect(missing.body).not.toContain(unknownSecret);
    expectError(await call('POST', '/admin/v1/keys/lookup', { key: leaked.key, id: leaked.id }), 400, 'invalid_request');
    const usageOnly = await t.adminBearer(['usage:read']);
    expectError(
      await t.app.admin.inject({
        method: 'POST',
        url: '/admin/v1/keys/lookup',
        headers: { authorization: usageOnly },
        payload: { key: leaked.key },
      }),
      403,
      'forbidden',
    );
    const events = (await call('GET', '/admin/v1/audit-events?limit=100')).json<{ action: string; target: string | null }[]>();
    expect(events.filter((e) => e.action === 'key.lookup').map((e) => e.target)).toEqual([null, leaked.id]);
    expect(JSON.stringify(events)).not.toContain(leaked.key.slice(12));
  });

  it('says where limits come from, and that a plan change keeps an override until limits: null', async () => {
    const { id } = await issue({ name: 'Partner', plan: 'free' });
    expect((await call('PATCH', `/admin/v1/keys/${id}`, { limits: { perMinute: 500, perDay: 20000 } })).json()).toMatchObject({
      limits: { perMinute: 500, perDay: 20000 },
      limitsSource: 'override',
    });
    const moved: unknown = (await call('PATCH', `/admin/v1/keys/${id}`, { plan: 'pro' })).json();
    expect(moved).toMatchObject({ plan: 'pro', limits: { perMinute: 500, perDay: 20000 }, limitsSource: 'override' });
    const planOnly: unknown = (await call('PATCH', `/admin/v1/keys/${id}`, { limits: null })).json();
    expect(planOnly).toMatchObject({
      plan: 'pro',
      limits: { perMinute: PLAN_LIMITS.pro.perMinute, perDay: PLAN_LIMITS.pro.perDay },
      limitsSource: 'plan',
    });
  });

  it('keeps a revocation reason on the record and in its audit event; refuses other fields; a revoked key takes no change', async () => {
    const { id } = await issue({ name: 'Leaky', plan: 'pro' });
    expectError(await call('POST', `/admin/v1/keys/${id}/revoke`, { reason: 'leaked', note: 'x' }), 400, 'invalid_request');
    expectError(await call('POST', `/admin/v1/keys/${id}/revoke`, { reason: '' }), 400, 'invalid_request');
    expect((await call('GET', `/admin/v1/keys/${id}`)).json()).toMatchObject({ status: 'active', revokedReason: null });
    const revoked = await call('POST', `/admin/v1/keys/${id}/revoke`, { reason: 'leaked in a public repository' });
    expect(revoked.json()).toMatchObject({ status: 'revoked', revokedReason: 'leaked in a public repository' });
    const events = (await call('GET', '/admin/v1/audit-events')).json<{ action: string; target: string; reason?: string }[]>();
    expect(events.find((e) => e.target === id && e.action === 'key.revoke')).toMatchObject({ reason: 'leaked in a public repository' });
    const changed = await call('PATCH', `/admin/v1/keys/${id}`, { plan: 'business' });
    expect(expectError(changed, 409, 'key_not_active').message).toContain('revoked');
    expect((await call('GET', `/admin/v1/keys/${id}`)).json()).toMatchObject({ plan: 'pro', status: 'revoked' });
  });

  it("lifts a ban for the key's quota, rotated keys alike; refuses another scope, an unknown key and a body with fields, changing nothing", async () => {
    const { id, key } = await issue({ name: 'Flooder', plan: 'free' });
    const successor = (await call('POST', `/admin/v1/keys/${id}/rotate`, { graceSeconds: 600 })).json<KeyBody & { key: string }>();
    for (let i = 0; i < PLAN_LIMITS.free.perMinute; i++) expect((await pets(key)).statusCode).toBe(200);
    const codes = new Set<string>();
    for (let i = 0; i < 100; i++) codes.add((await pets(key)).json<{ code: string }>().code);
    expect([...codes]).toEqual(['rate_limited', 'key_banned']);
    const bannedUntil = new Date(t.clock.ms + 900_000).toISOString();
    const reader = await t.adminBearer(['keys:read']);
    expectError(await call('POST', `/admin/v1/keys/${id}/unban`, undefined, { authorization: reader }), 403, 'forbidden');
    expectError(await call('POST', '/admin/v1/keys/key_0000000000000000/unban'), 404, 'not_found');
    expectError(await call('POST', `/admin/v1/keys/${id}/unban`, { now: true }), 400, 'invalid_request');
    t.clock.advance(60_000);
    // Still blocked, for both keys of the quota; nothing audited.
    expectError(await pets(successor.key), 429, 'key_banned');
    const audit = async () =>
      (await call('GET', `/admin/v1/audit-events?action=key.unban`)).json<{ target: string; actor: string; changes?: unknown }[]>();
    expect(await audit()).toEqual([]);
    const lifted = await call('POST', `/admin/v1/keys/${id}/unban`);
    expect(lifted.statusCode, lifted.body).toBe(200);
    expect(lifted.json()).toMatchObject({ id, status: 'active' });
    expect((await pets(successor.key)).statusCode).toBe(200);
    expect((await pets(key)).statusCode).toBe(200);
    expect(await audit()).toMatchObject([{ target: id, changes: { bannedUntil: { from: bannedUntil, to: null } } }]);
    // Lifting again finds no ban: audited without a change.
    expect((await call('POST', `/admin/v1/keys/${id}/unban`, {})).statusCode).toBe(200);
    expect((await audit())[0]).not.toHaveProperty('changes');
  });

  it('revokes a key: 401 at once, revoking again changes nothing, a revoked key cannot be rotated', async () => {
    const { id, key } = await issue();
    expect((await pets(key)).statusCode).toBe(200);
    const revoked = await call('POST', `/admin/v1/keys/${id}/revoke`);
    expect(revoked.json()).toMatchObject({ status: 'revoked', revokedAt: new Date(t.clock.ms).toISOString() });
    expectError(await pets(key), 401, 'unauthorized');
    t.clock.advance(5_000);
    expect((await call('POST', `/admin/v1/keys/${id}/revoke`)).json()).toEqual(revoked.json());
    expectError(await call('POST', `/admin/v1/keys/${id}/rotate`, {}), 409, 'key_not_active');
    const events = (await call('GET', '/admin/v1/audit-events')).json<{ action: string; target: string }[]>();
    expect(events.filter((e) => e.target === id).map((e) => e.action)).toEqual(['key.revoke', 'key.create']);
  });

  it('honours Idempotency-Key on issue: a repeat returns the same key without its secret, another body is 422', async () => {
    const headers = { 'idempotency-key': 'signup-8841' };
    const first = await call('POST', '/admin/v1/keys', { name: 'Signup', plan: 'pro' }, headers);
    expect(first.statusCode).toBe(201);
    const again = await call('POST', '/admin/v1/keys', { plan: 'pro', name: 'Signup' }, headers);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    const { key, ...record } = first.json<KeyBody & { key: string }>();
    expect(again.json()).toEqual(record);
    expect(again.body).not.toContain(key);
    expectError(await call('POST', '/admin/v1/keys', { name: 'Signup', plan: 'free' }, headers), 422, 'idempotency_key_reused');
    const all = (await call('GET', '/admin/v1/keys?limit=100')).json<KeyBody[]>();
    expect(all.filter((k) => k.name === 'Signup')).toHaveLength(1);
    // Another credential's Idempotency-Key of the same text is its own.
    const other = await t.adminBearer(['keys:write']);
    const theirs = await call('POST', '/admin/v1/keys', { name: 'Signup', plan: 'pro' }, { ...headers, authorization: other });
    expect(theirs.statusCode).toBe(201);
    expect(theirs.json<KeyBody>().id).not.toBe(record.id);
  });

  it('honours Idempotency-Key on rotate: a retry after a lost response gets the same successor without its secret, even after the grace; another key or grace is 422', async () => {
    const old = await issue({ name: 'Shelter', plan: 'pro' });
    const headers = { 'idempotency-key': 'rotate-2026-11' };
    const first = await call('POST', `/admin/v1/keys/${old.id}/rotate`, { graceSeconds: 0 }, headers);
    expect(first.statusCode).toBe(201);
    const { key, ...successor } = first.json<KeyBody & { key: string }>();
    // The old key's grace of 0 has ended; the operator never saw the answer and sends it again.
    t.clock.advance(1_000);
    const again = await call('POST', `/admin/v1/keys/${old.id}/rotate`, { graceSeconds: 0 }, headers);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(successor);
    expect(again.body).not.toContain(key);
    // Without a body, the default grace is another request: refused, like another key.
    expectError(await call('POST', `/admin/v1/keys/${old.id}/rotate`, undefined, headers), 422, 'idempotency_key_reused');
    const other = await issue({ name: 'Other', plan: 'pro' });
    expectError(await call('POST', `/admin/v1/keys/${other.id}/rotate`, { graceSeconds: 0 }, headers), 422, 'idempotency_key_reused');
    // One successor, and it works; the other key was not rotated.
    const all = (await call('GET', '/admin/v1/keys?limit=100')).json<KeyBody[]>();
    expect(all.filter((k) => k.rotatedFrom === old.id).map((k) => k.id)).toEqual([successor.id]);
    expect(all.filter((k) => k.rotatedFrom === other.id)).toEqual([]);
    expect((await pets(key)).statusCode).toBe(200);
    const events = (await call('GET', '/admin/v1/audit-events?limit=100')).json<{ action: string; target: string }[]>();
    expect(events.filter((e) => e.action === 'key.rotate').map((e) => e.target)).toEqual([old.id]);
  });

  it('documents the bodies of rotate and revoke as optional, and both answer without one', async () => {
    const doc = (await call('GET', '/admin/v1/openapi.json')).json<{
      paths: Record<string, Record<string, { requestBody?: { required?: boolean } }>>;
    }>();
    expect(doc.paths['/keys/{id}/rotate']?.post?.requestBody?.required).toBe(false);
    expect(doc.paths['/keys/{id}/revoke']?.post?.requestBody?.required).toBe(false);
    expect(doc.paths['/keys']?.post?.requestBody?.required).toBe(true);
    expect(JSON.stringify(doc)).not.toContain('x-body-optional');
    const { id } = await issue();
    expect((await call('POST', `/admin/v1/keys/${id}/rotate`)).statusCode).toBe(201);
  });

  it('reads the audit log newest first, a page at a time, with the actor and the request', async () => {
    const actorId = (await t.app.adminCredentials.list()).find((c) => c.name === 'test admin')?.id;
    const created = await call('POST', '/admin/v1/keys', { name: 'A', plan: 'free' }, { 'x-request-id': 'req-audit-1' });
    const { id } = created.json<KeyBody>();
    t.clock.advance(1);
    await call('PATCH', `/admin/v1/keys/${id}`, { name: 'B' });
    t.clock.advance(1);
    await call('POST', `/admin/v1/keys/${id}/revoke`);
    const first = await call('GET', '/admin/v1/audit-events?limit=2');
    const page = first.json<{ id: string; action: string; actor: string; target: string; requestId: string; ip: string; at: string }[]>();
    expect(page.map((e) => e.action)).toEqual(['key.revoke', 'key.update']);
    expect(page[0]).toMatchObject({ actor: actorId, target: id, ip: '127.0.0.1', at: new Date(t.clock.ms).toISOString() });
    const next = /^<([^>]+)>; rel="next"$/.exec(first.headers.link as string)?.[1] as string;
    const rest = (await call('GET', next)).json<{ action: string; requestId: string }[]>();
    expect(rest[0]).toMatchObject({ action: 'key.create', requestId: 'req-audit-1' });
  });
  it('says in each event which fields changed, before and after; a rotation names the successor; a change that sets nothing is neither written nor audited', async () => {
    const { id, key } = await issue({ name: 'Partner', plan: 'free', scopes: ['pets:read'] });
    t.clock.advance(1);
    await call('PATCH', `/admin/v1/keys/${id}`, {
      plan: 'pro',
      limits: { perMinute: 500, perDay: 20000 },
      scopes: ['pets:read', 'pets:write'],
      name: 'Partner',
    });
    t.clock.advance(1);
    // The same values again: nothing to record.
    await call('PATCH', `/admin/v1/keys/${id}`, { plan: 'pro', name: 'Partner' });
    t.clock.advance(1);
    const rotated = (await call('POST', `/admin/v1/keys/${id}/rotate`, { graceSeconds: 60 })).json<KeyBody & { key: string }>();
    t.clock.advance(1);
    await call('POST', `/admin/v1/keys/${rotated.id}/revoke`, { reason: 'customer left' });
    type Event = { action: string; target: string; changes?: Record<string, { from: unknown; to: unknown }>; reason?: string };
    const events = (await call('GET', '/admin/v1/audit-events?limit=100')).json<Event[]>();
    const updates = events.filter((e) => e.action === 'key.update' && e.target === id);
    expect(updates).toHaveLength(1);
    expect(updates[0]?.changes).toEqual({
      plan: { from: 'free', to: 'pro' },
      limits: { from: null, to: { perMinute: 500, perDay: 20000 } },
      scopes: { from: ['pets:read'], to: ['pets:read', 'pets:write'] },
    });
    const rotation = events.find((e) => e.action === 'key.rotate');
    expect(rotation).toMatchObject({
      target: id,
      changes: {
        rotatedTo: { from: null, to: rotated.id },
        expiresAt: { from: null, to: new Date(t.clock.ms - 1 + 60_000).toISOString() },
      },
    });
    expect(events.find((e) => e.action === 'key.revoke')).toMatchObject({
      target: rotated.id,
      reason: 'customer left',
      changes: { revokedAt: { from: null, to: new Date(t.clock.ms).toISOString() } },
    });
    expect(events.find((e) => e.action === 'key.create' && e.target === id)?.changes).toBeUndefined();
    // Never a secret, nor its hash.
    const text = JSON.stringify(events);
    for (const secret of [key, rotated.key]) expect(text).not.toContain(secret.slice(12));
    expect(text).not.toMatch(/[0-9a-f]{64}/);
  });

  it('filters the audit log by target, actor, action and time, and pages with the same filters', async () => {
    const start = t.clock.ms;
    const a = await issue({ name: 'A', plan: 'pro' });
    t.clock.advance(1_000);
    const b = await issue({ name: 'B', plan: 'pro' });
    const other = await t.adminBearer(['keys:write', 'audit:read']);
    const otherId = (await t.app.adminCredentials.list()).at(-1)?.id as string;
    for (let i = 0; i < 3; i += 1) {
      t.clock.advance(1_000);
      await call('PATCH', `/admin/v1/keys/${a.id}`, { name: `A${i}` }, { authorization: other });
    }
    t.clock.advance(1_000);
    await call('PATCH', `/admin/v1/keys/${b.id}`, { name: 'B1' });
    type Event = { action: string; target: string; actor: string; at: string };
    const read = async (query: string) => {
      const response = await call('GET', `/admin/v1/audit-events?${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response;
    };
    expect((await read(`target=${a.id}`)).json<Event[]>().map((e) => e.action)).toEqual([
      'key.update',
      'key.update',
      'key.update',
      'key.create',
    ]);
    expect((await read(`actor=${otherId}`)).json<Event[]>().every((e) => e.actor === otherId && e.target === a.id)).toBe(true);
    expect((await read(`actor=${otherId}`)).json<Event[]>()).toHaveLength(3);
    expect((await read('action=key.create')).json<Event[]>().map((e) => e.target)).toEqual([b.id, a.id]);
    const window = (await read(`from=${new Date(start + 1_000).toISOString()}&to=${new Date(start + 3_000).toISOString()}`)).json<
      Event[]
    >();
    expect(window.map((e) => e.at)).toEqual([
      new Date(start + 2_000).toISOString(),
      new Date(start + 1_000).toISOString(),
      new Date(start + 1_000).toISOString(),
    ]);
    // Two at a time, the filters carried by the next link.
    const first = await read(`target=${a.id}&action=key.update&limit=2`);
    const next = /^<([^>]+)>; rel="next"$/.exec(first.headers.link as string)?.[1] as string;
    expect(next).toContain(`target=${a.id}`);
    expect(next).toContain('action=key.update');
    const second = await read(next.replace('/admin/v1/audit-events?', ''));
    expect(second.json<Event[]>()).toHaveLength(1);
    expect(second.headers.link).toBeUndefined();
    // Bad filters are named; nothing is read.
    expectError(await call('GET', '/admin/v1/audit-events?action=key.explode'), 400, 'invalid_request');
    expectError(await call('GET', '/admin/v1/audit-events?from=2026-02-30T00:00:00Z'), 400, 'invalid_request');
    const backwards = await call(
      'GET',
      `/admin/v1/audit-events?from=${new Date(start + 2_000).toISOString()}&to=${new Date(start).toISOString()}`,
    );
    expect(expectError(backwards, 400, 'invalid_request').message).toContain("'to' must be after 'from'");
    expectError(await call('GET', '/admin/v1/audit-events?target=key%20a'), 400, 'invalid_request');
  });
});

describe('admin API: who may call it', () => {
  let t: TestApp;

  beforeEach(async () => {
    t = await startTestApp();
  });
  afterEach(async () => {
    await t.close();
  });

  it('answers every refused credential alike with 401, audits it, and counts it against the address', async () => {
    const revoked = await t.app.adminCredentials.issue('gone', ['keys:read'], { id: 'key-tool', requestId: null, ip: null });
    await t.app.adminCredentials.revoke(revoked.credential.id, { id: 'key-tool', requestId: null, ip: null });
    const apiKey = await t.bearer('pro');
    const headers = [
      {},
      { authorization: 'Basic YWRtaW46YWRtaW4=' },
      { authorization: 'Bearer short' },
      { authorization: `Bearer adopt_admin_${'A'.repeat(38)}` },
      { authorization: `Bearer ${'verbatim-unknown-token-'.repeat(2)}` },
      { authorization: `Bearer ${revoked.token}` },
      { authorization: apiKey },
    ];
    const bodies = new Set<string>();
    for (const header of headers) {
      const response = await t.app.admin.inject({ url: '/admin/v1/keys', headers: header });
      expectError(response, 401, 'unauthorized');
      expect(response.headers['www-authenticate']).toMatch(/^Bearer realm="animal-adoption-admin"/);
      bodies.add(response.body);
    }
    expect(bodies.size).toBe(1);
    const reader = await t.adminBearer(['audit:read']);
    const events = (await t.app.admin.inject({ url: '/admin/v1/audit-events?limit=100', headers: { authorization: reader } })).json<
      { action: string; actor: null; ip: string }[]
    >();
    expect(events.filter((e) => e.action === 'admin.auth_failed')).toHaveLength(headers.length);
    expect(events.find((e) => e.action === 'admin.auth_failed')).toMatchObject({ actor: null, ip: '127.0.0.1' });
    // The same address keeps failing: the limits of a bad API key (ANONYMOUS_LIMITS), then 429.
    const allowed = ANONYMOUS_LIMITS.perMinute;
    const statuses: number[] = [];
    for (let i = headers.length; i < allowed + 2; i++)
      statuses.push((await t.app.admin.inject({ url: '/admin/v1/keys', headers: { authorization: 'Bearer nope' } })).statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(allowed - headers.length);
    const limited = await t.app.admin.inject({ url: '/admin/v1/keys', headers: { authorization: 'Bearer nope' } });
    expectError(limited, 429, 'rate_limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('gives a credential without the scope 403, and refuses an admin credential on /v1', async () => {
    const reader = await t.adminBearer(['keys:read']);
    expect((await t.app.admin.inject({ url: '/admin/v1/keys', headers: { authorization: reader } })).statusCode).toBe(200);
    expectError(
      await t.app.admin.inject({
        method: 'POST',
        url: '/admin/v1/keys',
        headers: { authorization: reader },
        payload: { name: 'x', plan: 'free' },
      }),
      403,
      'forbidden',
    );
    expectError(await t.app.admin.inject({ url: '/admin/v1/audit-events', headers: { authorization: reader } }), 403, 'forbidden');
    expectError(await t.app.http.inject({ url: '/v1/pets', headers: { authorization: reader } }), 401, 'unauthorized');
    expect((await t.app.admin.inject({ url: '/admin/v1/keys' })).statusCode).toBe(401);
  });

  it('names the key in the access line of a request refused for its scopes', async () => {
    const logLines: string[] = [];
    const logged = await startTestApp({ logLines });
    try {
      const admin = await logged.adminBearer(['keys:write']);
      const issued = await logged.app.admin.inject({
        method: 'POST',
        url: '/admin/v1/keys',
        headers: { authorization: admin },
        payload: { name: 'Reader', plan: 'pro', scopes: ['pets:read'] },
      });
      const { id, key } = issued.json<{ id: string; key: string }>();
      expectError(
        await logged.app.http.inject({
          method: 'POST',
          url: '/v1/pets',
          headers: { authorization: `Bearer ${key}` },
          payload: { name: 'Rex', categoryId: 1 },
        }),
        403,
        'forbidden',
      );
      const access = logLines
        .map((line) => JSON.parse(line) as { msg: string; status?: number; keyId?: string })
        .filter((line) => line.msg === 'request' && line.status === 403);
      expect(access).toEqual([expect.objectContaining({ keyId: id, route: '/v1/pets' })]);
    } finally {
      await logged.close();
    }
  });

  it('is not served on the public listener, and its document is its own', async () => {
    const admin = await t.adminBearer();
    for (const url of ['/admin/v1/keys', '/admin/v1/openapi.json', '/admin/v1/docs/']) {
      expectError(await t.app.http.inject({ url, headers: { authorization: admin } }), 404, 'route_not_found');
    }
    const publicDoc = JSON.stringify((await t.app.http.inject({ url: '/v1/openapi.json' })).json());
    expect(publicDoc).not.toContain('/keys');
    expect(publicDoc).not.toContain('adminAuth');
    const adminDoc = (await t.app.admin.inject({ url: '/admin/v1/openapi.json' })).json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(adminDoc.paths).sort()).toEqual([
      '/audit-events',
      '/credentials',
      '/credentials/{id}',
      '/credentials/{id}/revoke',
      '/deprecations',
      '/events',
      '/keys',
      '/keys/lookup',
      '/keys/{id}',
      '/keys/{id}/revoke',
      '/keys/{id}/rotate',
      '/keys/{id}/unban',
      '/keys/{id}/usage',
      '/organizations',
      '/organizations/{organizationId}',
      '/webhook-endpoints',
    ]);
    const page = await t.app.admin.inject({ url: '/admin/v1/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expectError(await t.app.admin.inject({ url: '/v1/pets' }), 404, 'route_not_found');
  });
});
