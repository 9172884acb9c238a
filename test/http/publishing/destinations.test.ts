/**
 * Publishing destinations through HTTP: made, read, listed, changed and removed by their owner's keys
 * (publishing:write) only; hosts that could reach inside refused before anything is stored; every bad
 * input answered in the Error body with nothing changed; the password in no answer, audit entry or
 * log line, and sealed at rest on MongoDB.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { expectError, startTestApp, type TestApp } from '../../support/test-app.js';
import type { KeyScope } from '../../../src/domain/access/api-key.js';

interface DestinationBody {
  id: string;
  ownerId: string;
  site: string;
  host: string;
  port: number;
  username: string;
  account: string | null;
  status: string;
  passwordChangedAt: string;
  version: number;
}

const PASSWORD = 'Sekr3t-ftp-pässword';
const PETFINDER = { site: 'petfinder', username: 'CA1234', password: PASSWORD, account: 'CA1234' };

describe('publishing destinations', () => {
  let t: TestApp;
  let shelter: string;
  let stranger: string;
  let writer: string;
  const logLines: string[] = [];
  afterEach(async () => t.close());

  async function start(env: Record<string, string> = {}): Promise<void> {
    logLines.length = 0;
    t = await startTestApp({ env: { LOG_LEVEL: 'debug', ...env }, logLines });
    const keyOf = async (ownerId: string, scopes: KeyScope[]) =>
      `Bearer ${(await t.app.keys.issue({ name: ownerId, plan: 'business', ownerId, scopes })).key}`;
    shelter = await keyOf('acct_shelter', ['pets:read', 'pets:write', 'publishing:write']);
    stranger = await keyOf('acct_stranger', ['pets:read', 'publishing:write']);
    writer = await keyOf('acct_shelter', ['pets:read', 'pets:write']);
  }

  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    auth: string,
    payload?: object,
    headers: Record<string, string> = {},
  ) => t.app.http.inject({ method, url: `/v1${url}`, headers: { authorization: auth, ...headers }, ...(payload && { payload }) });
  const create = (auth: string, payload: object) => call('POST', '/publishing/destinations', auth, payload);
  const listed = async (auth: string) => (await call('GET', '/publishing/destinations', auth)).json<DestinationBody[]>();
  const auditOf = async (target: string) =>
    (
      await t.app.admin.inject({
        url: `/admin/v1/audit-events?target=${target}`,
        headers: { authorization: await t.adminBearer(['audit:read']) },
      })
    ).json<{ action: string; actor: string; changes?: Record<string, unknown> }[]>();

  it("makes a destination on the site's own host, and shows its password nowhere: not in the 201, a read, a list, a change, the audit or the log", async () => {
    await start();
    const made = await create(shelter, PETFINDER);
    expect(made.statusCode, made.body).toBe(201);
    const body = made.json<DestinationBody>();
    expect(body).toEqual({
      id: expect.stringMatching(/^pd_[0-9a-z]{12}[A-Za-z0-9]{7}$/) as unknown,
      ownerId: 'acct_shelter',
      site: 'petfinder',
      host: 'members.petfinder.com',
      port: 21,
      username: 'CA1234',
      account: 'CA1234',
      status: 'enabled',
      passwordChangedAt: (body as unknown as { createdAt: string }).createdAt,
      version: 1,
      createdAt: expect.any(String) as unknown,
      updatedAt: (body as unknown as { createdAt: string }).createdAt,
    });
    expect(made.headers.location).toBe(`/v1/publishing/destinations/${body.id}`);
    expect(made.headers.etag).toBe('"1"');

    const read = await call('GET', `/publishing/destinations/${body.id}`, shelter);
    expect(read.json()).toEqual(body);
    expect(await listed(shelter)).toEqual([body]);
    t.clock.advance(1_000);
    const changed = await call('PATCH', `/publishing/destinations/${body.id}`, shelter, { password: 'another-Secret-9' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<DestinationBody>()).toMatchObject({ version: 2, passwordChangedAt: new Date(t.clock.ms).toISOString() });

    const audit = await auditOf(body.id);
    expect(audit.map((event) => event.action).sort()).toEqual(['destination.create', 'destination.update']);
    expect(audit.find((event) => event.action === 'destination.update')?.changes).toEqual({
      passwordChangedAt: { from: body.passwordChangedAt, to: new Date(t.clock.ms).toISOString() },
    });
    for (const text of [made.body, read.body, changed.body, JSON.stringify(audit), logLines.join('\n')]) {
      expect(text).not.toContain(PASSWORD);
      expect(text).not.toContain('another-Secret-9');
    }
  });

  it('defaults each site to its own host and account rule: Adopt-a-Pet takes no account, RescueGroups an id of digits', async () => {
    await start();
    const adoptapet = await create(shelter, { site: 'adoptapet', username: 'shelter77', password: PASSWORD });
    expect(adoptapet.json()).toMatchObject({ host: 'autoupload.adoptapet.com', account: null });
    const rescuegroups = await create(shelter, { site: 'rescuegroups', username: 'rg-user', password: PASSWORD, account: '4321' });
    expect(rescuegroups.json()).toMatchObject({ host: 'ftp.rescuegroups.org', account: '4321' });
    expectError(await create(shelter, { site: 'adoptapet', username: 'u', password: PASSWORD, account: 'X1' }), 400, 'invalid_request');
    expectError(await create(shelter, { site: 'rescuegroups', username: 'u', password: PASSWORD, account: 'ABC' }), 400, 'invalid_request');
    expectError(await create(shelter, { site: 'rescuegroups', username: 'u', password: PASSWORD }), 400, 'invalid_request');
  });

  it('refuses every bad input with the Error body naming what to change, and stores nothing', async () => {
    await start();
    const kept = (await create(shelter, PETFINDER)).json<DestinationBody>();
    const cases: [object, RegExp][] = [
      [{ ...PETFINDER, site: 'craigslist' }, /site/],
      [{ ...PETFINDER, host: 'ftp://members.petfinder.com' }, /host/],
      [{ ...PETFINDER, host: 'members.petfinder.com:21' }, /host/],
      [{ ...PETFINDER, host: 'bad_host!.example' }, /host/],
      [{ ...PETFINDER, port: 0 }, /port/],
      [{ ...PETFINDER, port: 70_000 }, /port/],
      [{ ...PETFINDER, username: 'has space' }, /username/],
      [{ ...PETFINDER, username: '' }, /username/],
      [{ ...PETFINDER, password: 'line\r\nDELE pets.csv' }, /password/],
      [{ ...PETFINDER, password: '' }, /password/],
      [{ ...PETFINDER, account: 'CA 1234' }, /account/],
      [{ ...PETFINDER, account: null }, /account/],
      [{ ...PETFINDER, extra: true }, /extra/],
      [{ site: 'petfinder', password: PASSWORD, account: 'CA1' }, /username/],
    ];
    for (const [payload, names] of cases) {
      const refused = expectError(await create(shelter, payload), 400, 'invalid_request');
      expect(refused.message, JSON.stringify(payload)).toMatch(names);
      expect(refused.message).not.toContain('DELE');
    }
    const badPatches: object[] = [{ site: 'adoptapet' }, { port: -1 }, { password: 'tab\there' }, { account: '' }, { host: '' }];
    for (const patch of badPatches)
      expectError(await call('PATCH', `/publishing/destinations/${kept.id}`, shelter, patch), 400, 'invalid_request');
    expect(await listed(shelter)).toEqual([kept]);
  });

  it('refuses a host that is or resolves to an inside address, or to none, before storing anything; loopback only under the development switch', async () => {
    await start();
    for (const host of ['127.0.0.1', 'localhost', 'inside.example.com', 'metadata.example.com', '10.1.2.3', '::1', 'nowhere.example.com']) {
      const refused = expectError(await create(shelter, { ...PETFINDER, host }), 422, 'host_not_allowed');
      expect(refused.message).toContain(host === '::1' ? 'loopback' : host === 'nowhere.example.com' ? 'does not resolve' : 'address');
    }
    const kept = (await create(shelter, PETFINDER)).json<DestinationBody>();
    expectError(
      await call('PATCH', `/publishing/destinations/${kept.id}`, shelter, { host: 'inside.example.com' }),
      422,
      'host_not_allowed',
    );
    expect(await listed(shelter)).toEqual([kept]);
    expect((await auditOf(kept.id)).map((event) => event.action)).toEqual(['destination.create']);
    await t.close();

    await start({ PUBLISHING_ALLOW_LOOPBACK: 'true' });
    expect((await create(shelter, { ...PETFINDER, host: '127.0.0.1', port: 2121 })).statusCode).toBe(201);
    expectError(await create(shelter, { ...PETFINDER, host: 'inside.example.com' }), 422, 'host_not_allowed');
  });

  it("answers another owner's read, change and removal as a destination that does not exist, and changes nothing", async () => {
    await start();
    const mine = (await create(shelter, PETFINDER)).json<DestinationBody>();
    for (const response of [
      await call('GET', `/publishing/destinations/${mine.id}`, stranger),
      await call('PATCH', `/publishing/destinations/${mine.id}`, stranger, { status: 'disabled' }),
      await call('PATCH', `/publishing/destinations/${mine.id}`, stranger, { password: 'taken-over-1' }),
      await call('DELETE', `/publishing/destinations/${mine.id}`, stranger),
    ]) {
      expect(expectError(response, 404, 'not_found').message).toContain(mine.id);
    }
    expect(await listed(stranger)).toEqual([]);
    expect(await listed(shelter)).toEqual([mine]);
    expect((await auditOf(mine.id)).map((event) => event.action)).toEqual(['destination.create']);
  });

  it('needs publishing:write, which pets:write does not grant', async () => {
    await start();
    const mine = (await create(shelter, PETFINDER)).json<DestinationBody>();
    for (const response of [
      await create(writer, PETFINDER),
      await call('GET', '/publishing/destinations', writer),
      await call('GET', `/publishing/destinations/${mine.id}`, writer),
      await call('PATCH', `/publishing/destinations/${mine.id}`, writer, { status: 'disabled' }),
      await call('DELETE', `/publishing/destinations/${mine.id}`, writer),
    ]) {
      expect(expectError(response, 403, 'forbidden').message).toContain('publishing:write');
    }
    expect(await listed(shelter)).toEqual([mine]);
  });

  it('changes from the version read when If-Match is sent, a no-op keeps the version, and a removal takes it away', async () => {
    await start();
    const mine = (await create(shelter, PETFINDER)).json<DestinationBody>();
    const path = `/publishing/destinations/${mine.id}`;
    const same = await call('PATCH', path, shelter, { port: 21, username: 'CA1234' });
    expect(same.json()).toEqual(mine);
    const disabled = await call('PATCH', path, shelter, { status: 'disabled' }, { 'if-match': '"1"' });
    expect(disabled.json()).toMatchObject({ status: 'disabled', version: 2 });
    expect(disabled.headers.etag).toBe('"2"');
    expectError(await call('PATCH', path, shelter, { status: 'enabled' }, { 'if-match': '"1"' }), 412, 'precondition_failed');
    expectError(await call('DELETE', path, shelter, undefined, { 'if-match': '"1"' }), 412, 'precondition_failed');
    expect((await call('GET', path, shelter)).json()).toMatchObject({ status: 'disabled', version: 2 });
    expect((await call('DELETE', path, shelter, undefined, { 'if-match': '"2"' })).statusCode).toBe(204);
    expectError(await call('GET', path, shelter), 404, 'not_found');
    expect((await auditOf(mine.id)).map((event) => event.action).sort()).toEqual([
      'destination.create',
      'destination.delete',
      'destination.update',
    ]);
  });

  it('takes up to PUBLISHING_DESTINATIONS_PER_OWNER per owner, counted apart, and pages the list', async () => {
    await start({ PUBLISHING_DESTINATIONS_PER_OWNER: '3' });
    const made: DestinationBody[] = [];
    for (let i = 0; i < 3; i++) made.push((await create(shelter, { ...PETFINDER, username: `user${i}` })).json<DestinationBody>());
    expect(expectError(await create(shelter, PETFINDER), 409, 'destination_limit_reached').message).toContain(
      'PUBLISHING_DESTINATIONS_PER_OWNER',
    );
    expect((await create(stranger, PETFINDER)).statusCode).toBe(201);
    const first = await call('GET', '/publishing/destinations?limit=2', shelter);
    expect(first.json<DestinationBody[]>().map((one) => one.id)).toEqual(made.slice(0, 2).map((one) => one.id));
    const next = /<([^>]+)>; rel="next"/.exec(String(first.headers.link))?.[1] as string;
    const second = await t.app.http.inject({ url: next, headers: { authorization: shelter } });
    expect(second.json<DestinationBody[]>().map((one) => one.id)).toEqual([made[2]?.id]);
    expect(second.headers.link).toBeUndefined();
  });
});
