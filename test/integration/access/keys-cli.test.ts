/** The operators' key tool, run as a process against the MongoDB key store the server uses. */
import { PLAN_LIMITS } from '../../../src/domain/access/plans.js';
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createApp, type Application } from '../../../src/config/create-app.js';
import { loadConfig } from '../../../src/config/env.js';
import { backend, describeWith, openTestDatabase } from '../../support/integration.js';

const root = new URL('../../../', import.meta.url).pathname;

describeWith('mongo', 'Key tool (npm run keys)', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let env: Record<string, string>;
  let app: Application;

  function keys(...args: string[]): { status: number; stdout: string; stderr: string } {
    const result = spawnSync(process.execPath, ['dist/config/keys-cli.js', ...args], { cwd: root, env, encoding: 'utf8' });
    return { status: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
  }

  beforeAll(async () => {
    database = await openTestDatabase();
    env = {
      PATH: process.env.PATH ?? '',
      APP_ENV: 'production',
      MONGODB_URL: backend('mongo').url,
      MONGODB_DATABASE: database.name,
      // As production gives it to the server and the tool alike.
      WEBHOOK_ENCRYPTION_KEY: Buffer.alloc(32, 9).toString('base64'),
      PUBLISHING_ENCRYPTION_KEY: Buffer.alloc(32, 8).toString('base64'),
    };
    // A server on the same store that re-reads keys on every request, to see revocations at once.
    app = await createApp(loadConfig({ ...env, LOG_LEVEL: 'silent', KEY_CACHE_TTL_SECONDS: '0' }));
  }, 120_000);
  afterAll(async () => {
    await app.http.close();
    await database.close();
  });

  const call = (key: string) => app.http.inject({ url: '/v1/pets', headers: { authorization: `Bearer ${key}` } });

  it('creates, lists, revokes and rotates keys', async () => {
    const created = keys('create', '--plan', 'pro', '--name', 'Shelter A');
    expect(created.status).toBe(0);
    const key = /^ {2}(adopt_live_\w+)$/m.exec(created.stdout)?.[1] as string;
    const pro = `${PLAN_LIMITS.pro.perMinute}/min, ${PLAN_LIMITS.pro.perDay}/day`;
    const id = new RegExp(`Created (key_\\w+) "Shelter A" on pro \\(${pro}\\)`).exec(created.stdout)?.[1] as string;
    expect(key).toBeDefined();
    expect((await call(key)).statusCode).toBe(200);

    const listed = keys('list');
    expect(listed.status).toBe(0);
    expect(listed.stdout).toMatch(
      new RegExp(`${id}\\s+Shelter A\\s+pro\\s+${PLAN_LIMITS.pro.perMinute}/min ${PLAN_LIMITS.pro.perDay}/day\\s+\\S+Z\\s+\\S+\\s+active`),
    );
    expect(listed.stdout).not.toContain(key);

    const rotated = keys('rotate', id, '--grace-seconds', '3600');
    expect(rotated.status).toBe(0);
    const newKey = /^ {2}(adopt_live_\w+)$/m.exec(rotated.stdout)?.[1] as string;
    expect((await call(newKey)).statusCode).toBe(200);
    expect((await call(key)).statusCode).toBe(200);
    expect(keys('list').stdout).toMatch(new RegExp(`${id}.*expires \\d{4}-`));

    const revoked = keys('revoke', id);
    expect(revoked.status).toBe(0);
    const refused = await call(key);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ code: 'unauthorized' });
    expect(keys('list').stdout).toMatch(new RegExp(`${id}.*revoked`));
  });

  it('creates, lists and revokes admin credentials without a restart, and audits every change as the key tool', async () => {
    const created = keys('admin', 'create', '--name', 'Support', '--scopes', 'keys:read+audit:read');
    expect(created.status).toBe(0);
    const token = /^ {2}(adopt_admin_\w+)$/m.exec(created.stdout)?.[1] as string;
    const id = /Created admin credential (adm_\w+) "Support" with keys:read, audit:read/.exec(created.stdout)?.[1] as string;
    const headers = { authorization: `Bearer ${token}` };
    expect((await app.admin.inject({ url: '/admin/v1/keys', headers })).statusCode).toBe(200);
    expect(
      (await app.admin.inject({ method: 'POST', url: '/admin/v1/keys', headers, payload: { name: 'x', plan: 'free' } })).statusCode,
    ).toBe(403);
    const events = (await app.admin.inject({ url: '/admin/v1/audit-events?limit=100', headers })).json<
      { actor: string; action: string; target: string }[]
    >();
    expect(events).toContainEqual(expect.objectContaining({ actor: 'key-tool', action: 'admin.create', target: id }));
    expect(events.filter((e) => e.action === 'key.create').every((e) => e.actor === 'key-tool')).toBe(true);
    const listed = keys('admin', 'list');
    expect(listed.stdout).toMatch(new RegExp(`${id}\\s+Support\\s+keys:read\\+audit:read\\s+\\S+Z\\s+active`));
    expect(listed.stdout).not.toContain(token);
    expect(keys('admin', 'revoke', id).status).toBe(0);
    expect((await app.admin.inject({ url: '/admin/v1/keys', headers })).statusCode).toBe(401);
    expect(keys('admin', 'list').stdout).toMatch(new RegExp(`${id}.*revoked`));
  });

  it('gives a negotiated limit on any plan', () => {
    const created = keys('create', '--plan', 'pro', '--name', 'Negotiated', '--per-minute', '500', '--per-day', '20000');
    expect(created.status).toBe(0);
    expect(created.stdout).toContain('on pro (500/min, 20000/day)');
  });

  it('takes enterprise limits', () => {
    const created = keys('create', '--plan', 'enterprise', '--name', 'Partner', '--per-minute', '5000', '--per-day', '2000000');
    expect(created.status).toBe(0);
    expect(created.stdout).toContain('on enterprise (5000/min, 2000000/day)');
  });

  it.each([
    [['bogus'], 2, /Unknown command "bogus"/],
    [['create', '--plan', 'gold', '--name', 'X'], 2, /--plan must be one of/],
    [['create', '--plan', 'pro'], 2, /--name is required/],
    [['create', '--plan', 'enterprise', '--name', 'X'], 2, /needs --per-minute and --per-day/],
    [['create', '--plan', 'pro', '--name', 'X', '--per-day', '5'], 2, /--per-minute and --per-day together/],
    [['create', '--plan', 'pro', '--name', 'X', '--per-minute', '10', '--per-day', '5'], 2, /--per-minute and --per-day: limits must be/],
    [['admin', 'rename'], 2, /admin takes create, list or revoke/],
    [['admin', 'create', '--name', 'X', '--scopes', 'keys:delete'], 2, /--scopes takes keys:read/],
    [['admin', 'revoke', 'adm_missing'], 1, /No admin credential with id adm_missing/],
    [['revoke'], 2, /Give the key id/],
    [['revoke', 'key_missing'], 1, /No key with id key_missing/],
    [['list', '--frobnicate'], 2, /Unknown option/],
  ])('keys %j exits %i', (args, status, message) => {
    const result = keys(...args);
    expect(result.status).toBe(status);
    expect(result.stderr).toMatch(message);
  });

  it('says what to set when there is no shared store', () => {
    const result = spawnSync(process.execPath, ['dist/config/keys-cli.js', 'list'], {
      cwd: root,
      env: { PATH: env.PATH },
      encoding: 'utf8',
    });
    expect(result.status).toBe(78);
    expect(result.stderr).toMatch(/MONGODB_URL is not set/);
  });
});
