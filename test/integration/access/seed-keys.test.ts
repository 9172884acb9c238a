/** API_KEYS converges: a restart with another plan for a stored key changes it, once, on every store. */
import { PLAN_LIMITS } from '../../../src/domain/access/plans.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { Writable } from 'node:stream';
import { configuredAdapters, memoryAdapters, type Adapters } from '../../../src/config/adapters.js';
import { createApp } from '../../../src/config/create-app.js';
import { loadConfig, type AppConfig } from '../../../src/config/env.js';
import { backend, describeWith, openTestDatabase } from '../../support/integration.js';

const KEY = 'partner-key-0123456789abcdef';

function describeConvergence(store: string, adaptersFor: (config: AppConfig) => Promise<Adapters>): void {
  it(`${store}: a stored key takes the plan and limits API_KEYS now gives it, logged, never duplicated`, async () => {
    const start = async (apiKeys: string) => {
      const config = loadConfig({ LOG_LEVEL: 'silent', API_KEYS: apiKeys, ...mongoEnv });
      const app = await createApp(config, { adapters: await adaptersFor(config) });
      const limitOf = async () =>
        (await app.http.inject({ url: '/v1/pets', headers: { authorization: `Bearer ${KEY}` } })).headers['x-ratelimit-limit'];
      return { app, limitOf };
    };
    const first = await start(`${KEY}:free`);
    expect(await first.limitOf()).toBe(String(PLAN_LIMITS.free.perMinute));
    const second = await start(`${KEY}:enterprise:5000:2000000`);
    expect(await second.limitOf()).toBe('5000');
    const third = await start(`${KEY}:pro`);
    expect(await third.limitOf()).toBe(String(PLAN_LIMITS.pro.perMinute));
    const records = await third.app.keys.list({ limit: 100 });
    expect(records.filter((r) => r.name === 'API_KEYS entry 1')).toHaveLength(1);
    expect(records[0]).toMatchObject({ plan: 'pro' });
    expect(records[0]).not.toHaveProperty('customLimits');
    for (const { app } of [first, second, third]) await app.http.close();
  });
}

let mongoEnv: Record<string, string> = {};

describe('API_KEYS on the in-memory store', () => {
  const shared = memoryAdapters();
  describeConvergence('memory', async () => ({ ...shared, close: async () => undefined }));

  it('logs the change with the key id and never the key', async () => {
    const lines: string[] = [];
    const logger = pino(
      { level: 'info' },
      new Writable({ write: (chunk: Buffer, _encoding, done) => (lines.push(chunk.toString()), done()) }),
    );
    const adapters = memoryAdapters();
    await createApp(loadConfig({ LOG_LEVEL: 'silent', API_KEYS: `${KEY}:free` }), { adapters, logger });
    await createApp(loadConfig({ LOG_LEVEL: 'silent', API_KEYS: `${KEY}:business` }), { adapters, logger });
    const changed = lines
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .filter((l) => l.msg === 'API_KEYS changed the plan of a stored key');
    expect(changed).toHaveLength(1);
    expect(changed[0]).toMatchObject({
      entry: 1,
      from: { plan: 'free' },
      to: { plan: 'business' },
      keyId: expect.stringMatching(/^key_/) as unknown,
    });
    expect(lines.join('')).not.toContain(KEY);
  });
});

describeWith('mongo', 'API_KEYS on MongoDB', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    database = await openTestDatabase();
    mongoEnv = { MONGODB_URL: backend('mongo').url, MONGODB_DATABASE: database.name };
  });
  afterAll(async () => {
    mongoEnv = {};
    await database.close();
  });
  describeConvergence('mongodb', (config) => configuredAdapters(config, pino({ level: 'silent' })));
});
