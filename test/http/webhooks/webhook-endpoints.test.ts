/**
 * Webhook endpoints through HTTP: made, read, changed, rotated and removed by their owner's keys
 * only; URLs that could reach inside refused before anything is stored; the secret shown once and
 * nowhere after, not even in the log.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { expectError, startTestApp, type TestApp } from '../../support/test-app.js';

interface EndpointBody {
  id: string;
  url: string;
  enabledEvents: string[];
  description: string | null;
  status: string;
  disabledReason: string | null;
  version: number;
  secret?: string;
}

describe('webhook endpoints', () => {
  let t: TestApp;
  let shelter: string;
  let stranger: string;
  let reader: string;
  const logLines: string[] = [];
  afterEach(async () => t.close());

  async function start(env: Record<string, string> = {}): Promise<void> {
    logLines.length = 0;
    t = await startTestApp({ env: { LOG_LEVEL: 'debug', ...env }, logLines });
    const keyOf = async (ownerId: string, scopes?: ('pets:read' | 'pets:write')[]) =>
      `Bearer ${(await t.app.keys.issue({ name: ownerId, plan: 'business', ownerId, ...(scopes && { scopes }) })).key}`;
    [shelter, stranger, reader] = [await keyOf('acct_shelter'), await keyOf('acct_stranger'), await keyOf('acct_shelter', ['pets:read'])];
  }

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, auth: string, payload?: object) =>
    t.app.http.inject({ method, url: `/v1${url}`, headers: { authorization: auth }, ...(payload && { payload }) });
  const create = (auth: string, payload: object) => call('POST', '/webhook-endpoints', auth, payload);
  const auditOf = async (target: string) =>
    (
      await t.app.admin.inject({
        url: `/admin/v1/audit-events?target=${target}`,
        headers: { authorization: await t.adminBearer(['audit:read']) },
      })
    ).json<{ action: string; actor: string; changes?: Record<string, unknown> }[]>();
  const listed = async (auth: string) => (await call('GET', '/webhook-endpoints', auth)).json<EndpointBody[]>();

  it('makes an endpoint, shows its secret in the 201 only, and never again: not in a read, a list, a change or the log', async () => {
    await start();
    const made = await create(shelter, {
      url: 'https://hooks.example.com/adoptions',
      enabledEvents: ['pet.updated'],
      description: 'Website',
    });
    expect(made.statusCode).toBe(201);
    const body = made.json<EndpointBody>();
    expect(body).toMatchObject({
      url: 'https://hooks.example.com/adoptions',
      enabledEvents: ['pet.updated'],
      description: 'Website',
      status: 'enabled',
      disabledReason: null,
      version: 1,
    });
    expect(body.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(made.headers.location).toBe(`/v1/webhook-endpoints/${body.id}`);
    const secret = body.secret as string;

    const read = await call('GET', `/webhook-endpoints/${body.id}`, shelter);
    expect(read.statusCode).toBe(200);
    const { secret: _omitted, ...shown } = body;
    void _omitted;
    expect(read.json()).toEqual(shown);
    expect(await listed(shelter)).toEqual([shown]);
    const changed = await call('PATCH', `/webhook-endpoints/${body.id}`, shelter, { status: 'disabled' });
    expect(changed.json()).toMatchObject({ status: 'disabled', version: 2 });

    const rotated = await call('POST', `/webhook-endpoints/${body.id}/rotate-secret`, shelter, { overlapSeconds: 60 });
    expect(rotated.statusCode).toBe(200);
    const next = rotated.json<EndpointBody>().secret as string;
    expect(next).toMatch(/^whsec_/);
    expect(next).not.toBe(secret);

    for (const response of [read, changed, await call('GET', '/webhook-endpoints', shelter)]) {
      expect(response.body).not.toContain('whsec_');
    }
    const log = logLines.join('\n');
    expect(log.length).toBeGreaterThan(0);
    expect(log).not.toContain(secret.slice(6));
    expect(log).not.toContain(next.slice(6));
    expect(log).not.toContain('whsec_');
  });

  it.each([
    ['http://hooks.example.com/', /must use https/],
    ['https://user:pw@hooks.example.com/', /user name or password/],
    ['https://127.0.0.1/', /loopback/],
    ['https://[::ffff:7f00:1]/', /loopback/],
    ['https://169.254.169.254/latest/meta-data/', /link-local/],
    ['https://10.1.2.3/', /private/],
    ['https://100.64.0.1/', /shared/],
    ['https://224.0.0.1/', /multicast/],
    ['https://0.0.0.0/', /unspecified/],
    ['https://inside.example.com/', /resolves to a private address/],
    ['https://localhost/', /resolves to a loopback address/],
    ['https://nowhere.example.com/', /nowhere\.example\.com does not resolve to any address/],
  ])('refuses %s with 422 url_not_allowed, storing nothing', async (url, message) => {
    await start();
    const refused = expectError(await create(shelter, { url, enabledEvents: ['*'] }), 422, 'url_not_allowed');
    expect(refused.message).toMatch(message);
    expect(await listed(shelter)).toEqual([]);
  });

  it('refuses bad bodies with 400 naming the field, storing nothing', async () => {
    await start();
    for (const payload of [
      { url: 'https://hooks.example.com/' },
      { url: 'https://hooks.example.com/', enabledEvents: [] },
      { url: 'https://hooks.example.com/', enabledEvents: ['pet.adopted'] },
      { url: 'https://hooks.example.com/', enabledEvents: ['*', 'pet.created'] },
      { url: 'not a url', enabledEvents: ['*'] },
      // Outside the document's URL pattern: a host of one number (0x7f000001, 2130706433), a fragment.
      { url: 'https://0x7f000001/', enabledEvents: ['*'] },
      { url: 'https://2130706433/', enabledEvents: ['*'] },
      { url: 'https://hooks.example.com/#top', enabledEvents: ['*'] },
      { url: 'https://hooks.example.com/', enabledEvents: ['*'], secret: 'whsec_mine' },
    ]) {
      expectError(await create(shelter, payload), 400, 'invalid_request');
    }
    expect(await listed(shelter)).toEqual([]);
  });

  it("answers another owner's endpoint as one that does not exist, on every operation, and nothing changes", async () => {
    await start();
    const { id } = (await create(shelter, { url: 'https://hooks.example.com/', enabledEvents: ['*'] })).json<EndpointBody>();
    const before = (await call('GET', `/webhook-endpoints/${id}`, shelter)).json<EndpointBody>();
    expectError(await call('GET', `/webhook-endpoints/${id}`, stranger), 404, 'not_found');
    expectError(await call('PATCH', `/webhook-endpoints/${id}`, stranger, { url: 'https://dual.example.com/' }), 404, 'not_found');
    expectError(await call('POST', `/webhook-endpoints/${id}/rotate-secret`, stranger, {}), 404, 'not_found');
    expectError(await call('DELETE', `/webhook-endpoints/${id}`, stranger), 404, 'not_found');
    expect(await listed(stranger)).toEqual([]);
    // A key of the same owner without pets:write may not manage them either.
    expectError(await call('GET', '/webhook-endpoints', reader), 403, 'forbidden');
    expectError(await call('DELETE', `/webhook-endpoints/${id}`, reader), 403, 'forbidden');
    expect((await call('GET', `/webhook-endpoints/${id}`, shelter)).json()).toEqual(before);
    // Only the owner's create is in the audit log: the refused attempts changed nothing and left nothing.
    expect((await auditOf(id)).map((event) => event.action)).toEqual(['webhook.create']);
  });

  it("writes an audit event for every change, naming the owner's key and what changed, never a secret", async () => {
    await start();
    const made = (await create(shelter, { url: 'https://hooks.example.com/a', enabledEvents: ['pet.updated'] })).json<EndpointBody>();
    const rotated = (
      await call('POST', `/webhook-endpoints/${made.id}/rotate-secret`, shelter, { overlapSeconds: 60 })
    ).json<EndpointBody>();
    expect(
      (await call('PATCH', `/webhook-endpoints/${made.id}`, shelter, { url: 'https://dual.example.com/b', status: 'disabled' })).statusCode,
    ).toBe(200);
    // A change that changes nothing is no change.
    expect((await call('PATCH', `/webhook-endpoints/${made.id}`, shelter, { status: 'disabled' })).statusCode).toBe(200);
    expect((await call('DELETE', `/webhook-endpoints/${made.id}`, shelter)).statusCode).toBe(204);
    const events = await auditOf(made.id);
    // The shelter's key, by its id (key_...), the same on every event.
    const keyId = events[0]?.actor;
    expect(keyId).toMatch(/^key_/);
    expect(events.map(({ action, actor, changes }) => ({ action, actor, changes }))).toEqual([
      { action: 'webhook.delete', actor: keyId, changes: { url: { from: 'https://dual.example.com/b', to: null } } },
      {
        action: 'webhook.update',
        actor: keyId,
        changes: {
          url: { from: 'https://hooks.example.com/a', to: 'https://dual.example.com/b' },
          status: { from: 'enabled', to: 'disabled' },
        },
      },
      { action: 'webhook.rotate', actor: keyId, changes: { signingSecrets: { from: 1, to: 2 } } },
      {
        action: 'webhook.create',
        actor: keyId,
        changes: { url: { from: null, to: 'https://hooks.example.com/a' }, enabledEvents: { from: null, to: ['pet.updated'] } },
      },
    ]);
    const raw = JSON.stringify(events);
    for (const secret of [made.secret, rotated.secret] as string[]) {
      expect(raw).not.toContain(secret);
      expect(raw).not.toContain(secret.slice('whsec_'.length));
    }
  });

  it('lets an owner have WEBHOOK_ENDPOINTS_PER_OWNER endpoints, pages them, and removes one for room', async () => {
    await start({ WEBHOOK_ENDPOINTS_PER_OWNER: '3' });
    const ids: string[] = [];
    for (let i = 0; i < 3; i++)
      ids.push((await create(shelter, { url: `https://hooks.example.com/${i}`, enabledEvents: ['*'] })).json<EndpointBody>().id);
    expectError(await create(shelter, { url: 'https://hooks.example.com/3', enabledEvents: ['*'] }), 409, 'endpoint_limit_reached');
    expect((await create(stranger, { url: 'https://hooks.example.com/', enabledEvents: ['*'] })).statusCode).toBe(201);

    const first = await call('GET', '/webhook-endpoints?limit=2', shelter);
    expect(first.json<EndpointBody[]>().map((e) => e.id)).toEqual(ids.slice(0, 2));
    const next = /<([^>]+)>; rel="next"/.exec(String(first.headers.link))?.[1] as string;
    expect((await t.app.http.inject({ url: next, headers: { authorization: shelter } })).json<EndpointBody[]>().map((e) => e.id)).toEqual([
      ids[2],
    ]);

    expect((await call('DELETE', `/webhook-endpoints/${ids[0]}`, shelter)).statusCode).toBe(204);
    expectError(await call('GET', `/webhook-endpoints/${ids[0]}`, shelter), 404, 'not_found');
    expect((await create(shelter, { url: 'https://hooks.example.com/3', enabledEvents: ['*'] })).statusCode).toBe(201);
  });

  it('admits http and loopback URLs with WEBHOOK_ALLOW_LOOPBACK=true, for development, and still nothing else inside', async () => {
    await start({ WEBHOOK_ALLOW_LOOPBACK: 'true' });
    expect((await create(shelter, { url: 'http://localhost:8080/hook', enabledEvents: ['*'] })).statusCode).toBe(201);
    expectError(await create(shelter, { url: 'http://10.0.0.1/', enabledEvents: ['*'] }), 422, 'url_not_allowed');
  });
});
