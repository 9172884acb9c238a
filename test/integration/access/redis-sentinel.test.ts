/**
 * Redis under Sentinel for real: one master, one replica and three sentinels, local redis-server
 * processes. The master is killed; the service follows the promoted replica without a restart.
 */
import { PLAN_LIMITS } from '../../../src/domain/access/plans.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type Application } from '../../../src/config/create-app.js';
import { loadConfig } from '../../../src/config/env.js';
import { backend, openTestDatabase } from '../../support/integration.js';
import {
  PASSWORD,
  startSentinels,
  topologiesRunnable,
  until,
  WHY_NOT_RUNNABLE,
  type LocalSentinelSet,
} from '../../support/redis-topologies.js';
import { measureResume, spread, startInstances } from '../../support/traffic.js';

const REDIS_TIMEOUT_MS = 300;
/** The Free plan's minute, from the plan table. */
const FREE = PLAN_LIMITS.free.perMinute;
const BOUND_MS = REDIS_TIMEOUT_MS + 1_000;

if (!topologiesRunnable) console.warn(`[backend] SKIPPED "Redis Sentinel": ${WHY_NOT_RUNNABLE}`);

describe.runIf(topologiesRunnable)('Redis Sentinel: master, replica, three sentinels', () => {
  let sentinels: LocalSentinelSet;
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let apps: [Application, Application];

  beforeAll(async () => {
    sentinels = await startSentinels();
    console.info(`[backend] "Redis Sentinel" runs on ${sentinels.description}; mongo: ${backend('mongo').backend}`);
    database = await openTestDatabase();
    const config = (mode: 'open' | 'closed') =>
      loadConfig({
        LOG_LEVEL: 'silent',
        MONGODB_URL: backend('mongo').url,
        MONGODB_DATABASE: database.name,
        REDIS_SENTINEL_NODES: sentinels.sentinelAddresses,
        REDIS_SENTINEL_MASTER: sentinels.masterName,
        REDIS_SENTINEL_PASSWORD: sentinels.sentinelPassword,
        REDIS_PASSWORD: PASSWORD,
        REDIS_TIMEOUT_MS: String(REDIS_TIMEOUT_MS),
        RATE_LIMIT_FAILURE_MODE: mode,
      });
    apps = (await startInstances([config('open'), config('closed')])) as [Application, Application];
  });
  afterAll(async () => {
    await Promise.all((apps ?? []).map((app) => app.http.close()));
    await database?.close();
    await sentinels?.stop();
  });

  it('refuses to start when the sentinels know no such master, naming those they know', async () => {
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      REDIS_SENTINEL_NODES: sentinels.sentinelAddresses,
      REDIS_SENTINEL_MASTER: 'mymaster',
      REDIS_SENTINEL_PASSWORD: sentinels.sentinelPassword,
      REDIS_PASSWORD: PASSWORD,
    });
    await expect(createApp(config)).rejects.toThrow(
      `The sentinel at ${sentinels.sentinels[0]?.address} monitors no master named "mymaster" (it knows "${sentinels.masterName}"): check REDIS_SENTINEL_MASTER`,
    );
  });

  it('refuses to start when REDIS_SENTINEL_NODES names a data node, not a sentinel', async () => {
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      REDIS_SENTINEL_NODES: sentinels.master.address,
      REDIS_SENTINEL_MASTER: sentinels.masterName,
      REDIS_SENTINEL_PASSWORD: PASSWORD,
    });
    await expect(createApp(config)).rejects.toThrow(
      `REDIS_SENTINEL_NODES names ${sentinels.master.address}, which is a standalone Redis (not in cluster mode), not a Redis Sentinel. Set REDIS_URL to it instead.`,
    );
  });

  it('shares exact limits through the master the sentinels name, and says so on /readyz', async () => {
    const [a, b] = apps;
    const ready = await a.http.inject({ url: '/readyz' });
    expect(ready.json()).toMatchObject({
      status: 'ready',
      backends: { rateLimiter: `redis sentinel, master "${sentinels.masterName}" via ${sentinels.sentinelAddresses}` },
    });
    const { key } = await a.keys.issue({ name: 'Sentinel', plan: 'free' });
    const responses = await spread([b, a], FREE + 20, () => ({ authorization: `Bearer ${key}` }));
    expect(responses.filter((r) => r.statusCode === 200).length).toBe(FREE);
    expect(await sentinels.master.client.dbsize()).toBeGreaterThan(0);
  });

  it(
    'follows the promoted replica without a restart when the master is killed, answering every request in time',
    { timeout: 60_000 },
    async () => {
      const [open, closed] = apps;
      const issued = await open.keys.issue({ name: 'Failover', plan: 'enterprise', customLimits: { perMinute: 5_000, perDay: 100_000 } });
      const headers = { authorization: `Bearer ${issued.key}` };
      const witness = await open.keys.issue({ name: 'Witness', plan: 'pro' });
      const witnessHeaders = { authorization: `Bearer ${witness.key}` };
      const before = await spread([closed, open], 50, (i) => (i < 25 ? headers : witnessHeaders));
      expect(before.every((r) => r.statusCode === 200)).toBe(true);
      const killedAt = performance.now();
      sentinels.master.kill();

      const outcome = await measureResume([open, closed], headers, killedAt, 20_000, { diagnose: () => sentinels.diagnose() });
      await until(async () => (await sentinels.currentMaster()) === sentinels.replica.address);
      const kept = (await open.http.inject({ url: '/v1/rate_limit', headers: witnessHeaders })).json<{
        windows: { minute: { used: number } };
      }>().windows.minute.used;
      const slowest = (instance: number) => Math.max(...outcome.results.filter((r) => r.instance === instance).map((r) => r.ms));
      const open5xx = outcome.results.filter((r) => r.instance === 0 && r.status >= 500).length;
      const closed503 = outcome.results.filter((r) => r.instance === 1 && r.status === 503).length;
      console.info(
        `[measure] sentinel master ${sentinels.master.address} SIGKILLed, replica ${sentinels.replica.address} promoted: the service followed it after ${outcome.resumedMs} ms without a restart; ` +
          `${outcome.results.length} requests from the kill to 2 s after, longest ${slowest(0)} ms (fail open, ${open5xx} x 5xx) and ${slowest(1)} ms (fail closed, ${closed503} x 503); ` +
          `a key counted 25 times just before the kill reads ${kept} on the promoted replica (${25 - kept} lost)`,
      );
      expect(slowest(0)).toBeLessThan(BOUND_MS);
      expect(slowest(1)).toBeLessThan(BOUND_MS);
      expect(open5xx).toBe(0);
      expect(outcome.results.filter((r) => r.instance === 1).every((r) => r.status === 200 || r.status === 503)).toBe(true);
      expect(kept).toBeLessThanOrEqual(25);

      // Shared and exact again, on the promoted replica.
      const fresh = await open.keys.issue({ name: 'After', plan: 'free' });
      const responses = await spread([closed, open], FREE + 20, () => ({ authorization: `Bearer ${fresh.key}` }));
      expect(responses.filter((r) => r.statusCode === 200).length).toBe(FREE);
      expect(await sentinels.replica.client.dbsize()).toBeGreaterThan(0);
    },
  );
});
