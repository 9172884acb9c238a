/**
 * Admin credentials over the admin API, on whichever storage the suite runs (memory, or MongoDB +
 * Redis): issued with a name and scopes (never more than the issuer holds), the secret shown once,
 * listed by name so an `adm_` id in the audit log finds its owner, revoked at once; every refusal
 * changes nothing. ADMIN_TOKENS entries may carry a name.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expectError, startTestApp, type TestApp } from '../../support/test-app.js';

interface CredentialBody {
  id: string;
  name: string;
  scopes: string[];
  status: 'active' | 'revoked';
  createdAt: string;
  revokedAt: string | null;
}
interface AuditBody {
  action: string;
  actor: string | null;
  actorName?: string;
  target: string | null;
  changes?: Record<string, { from: unknown; to: unknown }>;
}

const CONFIGURED = 'adopt-admin-configured-oncall-token';

describe('admin API: admin credentials', () => {
  let t: TestApp;
  let root: string;
  const call = (method: 'GET' | 'POST', url: string, payload?: unknown, authorization = root) =>
    t.app.admin.inject({ method, url, headers: { authorization }, ...(payload !== undefined && { payload: payload as object }) });
  const all = async () => (await call('GET', '/admin/v1/credentials')).json<CredentialBody[]>();
  const audit = async () => (await call('GET', '/admin/v1/audit-events?limit=100')).json<AuditBody[]>();

  beforeEach(async () => {
    t = await startTestApp({ env: { ADMIN_TOKENS: `On-call rota=${CONFIGURED}:keys:read+audit:read+credentials:read` } });
    root = await t.adminBearer();
  });
  afterEach(async () => t.close());

  it('issues a named, scoped credential whose secret is shown once and which works at once, audited with the issuer named', async () => {
    const created = await call('POST', '/admin/v1/credentials', { name: 'Support desk', scopes: ['keys:read', 'usage:read'] });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.headers['cache-control']).toBe('no-store');
    const issued = created.json<CredentialBody & { token: string }>();
    expect(created.headers.location).toBe(`/admin/v1/credentials/${issued.id}`);
    expect(issued).toMatchObject({ name: 'Support desk', scopes: ['keys:read', 'usage:read'], status: 'active', revokedAt: null });
    expect(issued.token).toMatch(/^adopt_admin_[A-Za-z0-9]{38}$/);
    const support = `Bearer ${issued.token}`;
    expect((await call('GET', '/admin/v1/keys', undefined, support)).statusCode).toBe(200);
    expectError(await call('POST', '/admin/v1/keys', { name: 'x', plan: 'pro' }, support), 403, 'forbidden');
    // Read back, listed, and never with its secret.
    const { token, ...record } = issued;
    expect((await call('GET', `/admin/v1/credentials/${issued.id}`)).json()).toEqual(record);
    const listed = await call('GET', '/admin/v1/credentials');
    expect(listed.json<CredentialBody[]>().find((c) => c.id === issued.id)).toEqual(record);
    expect(listed.body).not.toContain(token.slice(12));
    // The audit log names who issued it, and the new credential's own actions carry its name.
    await call('GET', '/admin/v1/keys', undefined, support);
    await call('POST', '/admin/v1/keys/lookup', { key: 'adopt_live_unknown_secret_0000000000000000' }, support);
    const events = await audit();
    const rootId = (await all()).find((c) => c.name === 'test admin')?.id;
    expect(events.find((e) => e.action === 'admin.create' && e.target === issued.id)).toMatchObject({
      actor: rootId,
      actorName: 'test admin',
    });
    expect(events.find((e) => e.action === 'key.lookup')).toMatchObject({ actor: issued.id, actorName: 'Support desk' });
    expect(JSON.stringify(events)).not.toContain(token.slice(12));
  });

  it('gives no scope the issuer lacks, refuses bad input and credentials without credentials:write, and stores nothing then', async () => {
    const before = await all();
    const limited = await t.app.admin.inject({
      method: 'POST',
      url: '/admin/v1/credentials',
      headers: { authorization: await t.adminBearer(['credentials:write', 'keys:read']) },
      payload: { name: 'Escalation', scopes: ['keys:read', 'keys:write'] },
    });
    expect(expectError(limited, 403, 'forbidden').message).toBe(
      'This admin credential may only give scopes it holds itself, not keys:write',
    );
    const afterIssuer = await all();
    expect(afterIssuer).toHaveLength(before.length + 1);
    const reader = await t.adminBearer(['credentials:read', 'keys:write']);
    expectError(await call('POST', '/admin/v1/credentials', { name: 'No', scopes: ['keys:read'] }, reader), 403, 'forbidden');
    expectError(await call('POST', `/admin/v1/credentials/${before[0]?.id}/revoke`, undefined, reader), 403, 'forbidden');
    const keysOnly = await t.adminBearer(['keys:read']);
    expectError(await call('GET', '/admin/v1/credentials', undefined, keysOnly), 403, 'forbidden');
    for (const body of [
      { name: 'x' },
      { name: '', scopes: ['keys:read'] },
      { name: 'x'.repeat(101), scopes: ['keys:read'] },
      { name: 'x', scopes: [] },
      { name: 'x', scopes: ['keys:read', 'keys:read'] },
      { name: 'x', scopes: ['root'] },
      { name: 'x', scopes: ['keys:read'], token: 'adopt_admin_chosen' },
    ]) {
      expectError(await call('POST', '/admin/v1/credentials', body), 400, 'invalid_request');
    }
    expectError(await call('POST', '/admin/v1/credentials', { name: '   ', scopes: ['keys:read'] }), 400, 'invalid_request');
    expectError(await call('GET', '/admin/v1/credentials/adm_nope'), 400, 'invalid_request');
    expectError(await call('GET', '/admin/v1/credentials/adm_0000000000000000'), 404, 'not_found');
    expectError(await call('POST', '/admin/v1/credentials/adm_0000000000000000/revoke'), 404, 'not_found');
    expectError(await call('POST', `/admin/v1/credentials/${before[0]?.id}/revoke`, { reason: 'x' }), 400, 'invalid_request');
    // Nothing beyond the three credentials the test itself issued (issuer, reader, keysOnly); none revoked.
    const after = await all();
    expect(after).toHaveLength(before.length + 3);
    expect(after.every((c) => c.status === 'active')).toBe(true);
    expect((await audit()).filter((e) => e.action === 'admin.create').map((e) => e.actorName)).not.toContain('test admin');
  });

  it('revokes a credential: 401 at once, revoking again changes nothing, audited with what changed', async () => {
    const issued = (await call('POST', '/admin/v1/credentials', { name: 'Contractor', scopes: ['keys:read'] })).json<
      CredentialBody & { token: string }
    >();
    const contractor = `Bearer ${issued.token}`;
    expect((await call('GET', '/admin/v1/keys', undefined, contractor)).statusCode).toBe(200);
    const revoked = await call('POST', `/admin/v1/credentials/${issued.id}/revoke`);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toMatchObject({ id: issued.id, status: 'revoked', revokedAt: new Date(t.clock.ms).toISOString() });
    expectError(await call('GET', '/admin/v1/keys', undefined, contractor), 401, 'unauthorized');
    t.clock.advance(1_000);
    expect((await call('POST', `/admin/v1/credentials/${issued.id}/revoke`, {})).json()).toEqual(revoked.json());
    const revocations = (await audit()).filter((e) => e.action === 'admin.revoke');
    expect(revocations).toEqual([
      expect.objectContaining({
        target: issued.id,
        actorName: 'test admin',
        changes: { revokedAt: { from: null, to: revoked.json<CredentialBody>().revokedAt } },
      }),
    ]);
    // Still listed, so its id in older events keeps its name.
    expect((await all()).find((c) => c.id === issued.id)).toMatchObject({ name: 'Contractor', status: 'revoked' });
  });

  it('names an ADMIN_TOKENS credential as configured (name=token:scopes), and the audit log shows that name', async () => {
    const configured = (await all()).find((c) => c.name === 'On-call rota');
    expect(configured).toMatchObject({ scopes: ['keys:read', 'audit:read', 'credentials:read'], status: 'active' });
    const oncall = `Bearer ${CONFIGURED}`;
    expect((await call('GET', '/admin/v1/credentials', undefined, oncall)).statusCode).toBe(200);
    await call('POST', '/admin/v1/keys/lookup', { key: 'adopt_live_unknown_secret_0000000000000000' }, oncall);
    expect((await audit()).find((e) => e.action === 'key.lookup')).toMatchObject({ actor: configured?.id, actorName: 'On-call rota' });
  });
});
