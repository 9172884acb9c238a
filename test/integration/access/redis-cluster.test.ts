/**
 * Redis Cluster for real: a 3-master cluster (and a 6-node one with replicas) of local redis-server
 * processes. The limiter contract on the cluster, two instances sharing exact limits for keys on
 * every master, a slot moved under traffic, and a master killed and replaced by its replica.
 */
import { PLAN_LIMITS } from '../../../src/domain/access/plans.js';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { windowsFor } from '../../../src/domain/access/rate-limit.js';
import { configuredAdapters } from '../../../src/config/adapters.js';
import { createApp, type Application } from '../../../src/config/create-app.js';
import { createLogger } from '../../../src/config/logger.js';
import { loadConfig, type AppConfig } from '../../../src/config/env.js';
import { connectRedis, type RedisConnection } from '../../../src/adapters/access/redis/redis-connection.js';
import { RedisRateLimiter } from '../../../src/adapters/access/redis/redis-rate-limiter.js';
import { describeRateLimiterContract } from '../../contracts/access/rate-limiter.contract.js';
import { seriesValue } from '../../support/test-app.js';
import { FakeClock } from '../../support/fake-clock.js';
import { describeUsageStoreContract } from '../../contracts/access/usage-store.contract.js';
import { RedisUsageStore } from '../../../src/adapters/access/redis/redis-usage-store.js';
import { backend, openTestDatabase, uniquePrefix } from '../../support/integration.js';
import {
  PASSWORD,
  startCluster,
  topologiesRunnable,
  until,
  WHY_NOT_RUNNABLE,
  type LocalCluster,
  type LocalNode,
} from '../../support/redis-topologies.js';
import { measureResume, sendTimed, spread, startInstances, type Timed } from '../../support/traffic.js';

const REDIS_TIMEOUT_MS = 300;
/** The Free plan's minute, from the plan table. */
const FREE = PLAN_LIMITS.free.perMinute;
const BOUND_MS = REDIS_TIMEOUT_MS + 1_000;

if (!topologiesRunnable) console.warn(`[backend] SKIPPED "Redis Cluster": ${WHY_NOT_RUNNABLE}`);

function clusterConfig(cluster: LocalCluster, database: string, extra: Record<string, string> = {}): AppConfig {
  return loadConfig({
    LOG_LEVEL: 'silent',
    MONGODB_URL: backend('mongo').url,
    MONGODB_DATABASE: database,
    REDIS_CLUSTER_NODES: cluster.seed,
    REDIS_USERNAME: 'default',
    REDIS_PASSWORD: PASSWORD,
    REDIS_TIMEOUT_MS: String(REDIS_TIMEOUT_MS),
    ...extra,
  });
}

/** Redis calls that failed or timed out on these instances so far (storage_failures_total). */
async function redisFailures(instances: readonly Application[]): Promise<number> {
  let total = 0;
  for (const app of instances) {
    const { body } = await app.metrics.scrape();
    for (const kind of ['timeout', 'unavailable']) total += seriesValue(body, `storage_failures_total{store="redis",kind="${kind}"}`) ?? 0;
  }
  return total;
}

/** Issues Free keys until `perMaster` of them have their limiter keys on each master. */
async function keysOnEveryMaster(
  app: Application,
  cluster: LocalCluster,
  perMaster: number,
): Promise<Map<string, { key: string; keyId: string }[]>> {
  const byMaster = new Map<string, { key: string; keyId: string }[]>();
  const masters = (await cluster.topology()).filter((n) => n.role === 'master' && !n.failed).length;
  while (byMaster.size < masters || [...byMaster.values()].some((keys) => keys.length < perMaster)) {
    const issued = await app.keys.issue({ name: 'Spread', plan: 'free' });
    const owner = await cluster.ownerOf(await cluster.slotOf(`{key:${issued.record.id}}`));
    const keys = byMaster.get(owner.address) ?? [];
    if (keys.length < perMaster) keys.push({ key: issued.key, keyId: issued.record.id });
    byMaster.set(owner.address, keys);
  }
  return byMaster;
}

describe.runIf(topologiesRunnable)('Redis Cluster, 3 masters', () => {
  let cluster: LocalCluster;
  let connection: RedisConnection;
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let apps: [Application, Application];

  beforeAll(async () => {
    cluster = await startCluster(3);
    console.info(`[backend] "Redis Cluster, 3 masters" runs on ${cluster.description}; mongo: ${backend('mongo').backend}`);
    connection = await connectRedis({
      topology: { kind: 'cluster', nodes: [{ host: '127.0.0.1', port: cluster.nodes[1]?.port ?? 0 }] },
      auth: { password: PASSWORD },
      tls: false,
      timeoutMs: 1_000,
    });
    database = await openTestDatabase();
    const config = clusterConfig(cluster, database.name);
    apps = (await startInstances([config, config])) as [Application, Application];
  });
  afterAll(async () => {
    await Promise.all((apps ?? []).map((app) => app.http.close()));
    await connection?.close();
    await database?.close();
    await cluster?.stop();
  });

  describeUsageStoreContract('redis cluster (3 masters)', {
    fresh: async () => new RedisUsageStore(connection.client, { clock: new FakeClock(), keyPrefix: uniquePrefix(), timeoutMs: 1_000 }),
  });
  describeRateLimiterContract('redis cluster (3 masters)', {
    fresh: async (clock) => new RedisRateLimiter(connection.client, { clock, keyPrefix: uniquePrefix(), timeoutMs: 1_000 }),
  });

  it('refuses to start on a standalone URL that points at a cluster node, saying what to set (exit 78 for the process)', async () => {
    const node = cluster.nodes[0] as LocalNode;
    const config = loadConfig({ LOG_LEVEL: 'silent', REDIS_URL: `redis://:${PASSWORD}@${node.address}` });
    await expect(createApp(config)).rejects.toThrow(
      `REDIS_URL names ${node.address}, which is a Redis Cluster node, not a standalone Redis. A standalone client does not follow the cluster, so each instance would fall back to limits of its own. Set REDIS_CLUSTER_NODES to some of its nodes (host:port, comma-separated) instead.`,
    );
    const child = spawn(process.execPath, ['dist/config/main.js'], {
      cwd: new URL('../../../', import.meta.url).pathname,
      env: { PATH: process.env.PATH ?? '', PORT: '0', REDIS_URL: `redis://:${PASSWORD}@${node.address}` },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    // 'close', not 'exit': all of stderr has been read by then.
    const [code] = (await once(child, 'close')) as [number];
    expect(code).toBe(78);
    expect(stderr).toContain('Start-up stopped: REDIS_URL names');
    expect(stderr).not.toContain(PASSWORD);
  });

  it('refuses wrong credentials at start-up, naming the variables', async () => {
    const config = clusterConfig(cluster, 'adoption_test', { REDIS_PASSWORD: 'not-the-password' });
    await expect(configuredAdapters({ ...config, mongo: null }, createLogger(config))).rejects.toThrow(
      /Redis at 127\.0\.0\.1:\d+ refused the credentials .*check REDIS_USERNAME and REDIS_PASSWORD/,
    );
  });

  it('explains a MOVED reply to a client that does not follow the cluster, instead of a bare error', async () => {
    const node = cluster.nodes[0] as LocalNode;
    const plain = new Redis({ host: '127.0.0.1', port: node.port, password: PASSWORD, maxRetriesPerRequest: 0 });
    try {
      const limiter = new RedisRateLimiter(plain, { timeoutMs: 1_000 });
      const policy = { windows: windowsFor({ perMinute: 5, perDay: 10 }), ban: { threshold: 0, durationMs: 0, strikeWindowMs: 0 } };
      // Subjects until one lives on another node.
      let subject = 'key:moved-0';
      for (let i = 1; (await cluster.ownerOf(await cluster.slotOf(`{${subject}}`))) === node; i++) subject = `key:moved-${i}`;
      await expect(limiter.admit(subject, policy)).rejects.toThrow(
        /^Redis answered "MOVED \d+ 127\.0\.0\.1:\d+": the server is a Redis Cluster node, but the client is configured for one server \(REDIS_URL\), so limits are not shared\. Set REDIS_CLUSTER_NODES instead\.$/,
      );
    } finally {
      plain.disconnect();
    }
  });

  it('says which topology is in use on /readyz', async () => {
    const ready = await apps[0].http.inject({ url: '/readyz' });
    expect(ready.json()).toMatchObject({ status: 'ready', backends: { rateLimiter: `redis cluster, seeds ${cluster.seed}` } });
  });

  it('admits exactly the plan limit per key across two instances, for keys on every master', async () => {
    const [a, b] = apps;
    const byMaster = await keysOnEveryMaster(a, cluster, 4);
    const rows: string[] = [];
    for (const [master, keys] of byMaster) {
      const counts = await Promise.all(
        keys.map(async ({ key }) => {
          const headers = { authorization: `Bearer ${key}` };
          // 20 requests more than the Free minute allows, half to each instance, all at once.
          const responses = await spread([b, a], FREE + 20, () => headers);
          // Any other answer is named with its body (a 503 says which store did not answer in time).
          expect(
            responses.filter((r) => r.statusCode !== 200 && r.statusCode !== 429).map((r) => `${r.statusCode} ${r.body}`),
            'answers other than 200 and 429',
          ).toEqual([]);
          return responses.filter((r) => r.statusCode === 200).length;
        }),
      );
      rows.push(`master ${master}: ${keys.length} keys admitted ${counts.join(', ')} of ${FREE + 20}`);
      // Limits are exact while Redis answers; a call unanswered within REDIS_TIMEOUT_MS is decided
      // on the instance's own limiter (fail-open). Say so when that is why a count is off.
      const fallbacks = await redisFailures([a, b]);
      expect(counts, `${fallbacks} Redis calls failed or timed out during the burst (fail-open decided them locally)`).toEqual(
        keys.map(() => FREE),
      );
      // The limiter's keys live on that master.
      expect(await cluster.nodeAt(master).client.dbsize()).toBeGreaterThan(0);
    }
    console.info(`[measure] cluster, two instances, Free keys (${FREE} a minute):\n  ${rows.join('\n  ')}`);
  });

  it("keeps limits exact and answers every request in time while a live key's slot moves to another master", async () => {
    const [a, b] = apps;
    const issued = await a.keys.issue({ name: 'Moving', plan: 'enterprise', customLimits: { perMinute: 400, perDay: 10_000 } });
    const headers = { authorization: `Bearer ${issued.key}` };
    const slot = await cluster.slotOf(`{key:${issued.record.id}}`);
    const from = await cluster.ownerOf(slot);
    const to = cluster.nodes.find((n) => n !== from && n.process.exitCode === null) as LocalNode;
    await a.http.inject({ url: '/v1/pets?limit=1', headers });

    let moving = true;
    const results: Timed[] = [];
    const traffic = (async () => {
      while (moving) {
        results.push(...(await Promise.all([a, b].map((app) => sendTimed(app, headers)))));
        // Requests come off sockets: let the loop's I/O run between them. Refusals an instance
        // answers from memory make no I/O of their own, and would otherwise starve the slot move's.
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const started = performance.now();
    const keysMoved = await cluster.moveSlot(slot, to);
    const moveMs = Math.round(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 300));
    moving = false;
    await traffic;
    expect((await cluster.ownerOf(slot)).address).toBe(to.address);

    const admittedDuring = results.filter((r) => r.status === 200).length;
    // Spend the rest of the minute: admitted in all must be exactly the limit, so no decision fell back to memory.
    const rest = await spread([b, a], 500 - admittedDuring, () => headers);
    const admitted = 1 + admittedDuring + rest.filter((r) => r.statusCode === 200).length;
    const longest = Math.max(...results.map((r) => r.ms));
    const fivexx = results.filter((r) => r.status >= 500).length;
    console.info(
      `[measure] slot ${slot} moved ${from.address} -> ${to.address} (${keysMoved} keys) in ${moveMs} ms under traffic: ${results.length} requests, ${fivexx} x 5xx, longest ${longest} ms; admitted over the minute ${admitted} of a limit of 400`,
    );
    expect(fivexx).toBe(0);
    expect(longest).toBeLessThan(BOUND_MS);
    expect(admitted).toBe(400);
  });
});

describe.runIf(topologiesRunnable)('Redis Cluster, 3 masters with a replica each: a master killed', () => {
  let cluster: LocalCluster;
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let apps: [Application, Application];

  beforeAll(async () => {
    cluster = await startCluster(3, 1);
    console.info(`[backend] "Redis Cluster, master killed" runs on ${cluster.description}; mongo: ${backend('mongo').backend}`);
    database = await openTestDatabase();
    // One instance fails open (the default), the other closed.
    apps = (await startInstances([
      clusterConfig(cluster, database.name),
      clusterConfig(cluster, database.name, { RATE_LIMIT_FAILURE_MODE: 'closed' }),
    ])) as [Application, Application];
  });
  afterAll(async () => {
    await Promise.all((apps ?? []).map((app) => app.http.close()));
    await database?.close();
    await cluster?.stop();
  });

  it("answers every request within the failure mode's bound, follows the promoted replica, and shares exact limits again", async () => {
    const [open, closed] = apps;
    const issued = await open.keys.issue({ name: 'Failover', plan: 'enterprise', customLimits: { perMinute: 5_000, perDay: 100_000 } });
    const headers = { authorization: `Bearer ${issued.key}` };
    const subjectTag = `{key:${issued.record.id}}`;
    const victim = await cluster.ownerOf(await cluster.slotOf(subjectTag));

    // A second key on the same master, counted just before the kill and never after: what its count
    // reads on the promoted replica is what the failover kept.
    let witness = await open.keys.issue({ name: 'Witness', plan: 'pro' });
    while ((await cluster.ownerOf(await cluster.slotOf(`{key:${witness.record.id}}`))) !== victim) {
      witness = await open.keys.issue({ name: 'Witness', plan: 'pro' });
    }
    const witnessHeaders = { authorization: `Bearer ${witness.key}` };
    const before = await spread([closed, open], 50, (i) => (i < 25 ? headers : witnessHeaders));
    expect(before.every((r) => r.statusCode === 200)).toBe(true);
    const killedAt = performance.now();
    victim.kill();

    const outcome = await measureResume([open, closed], headers, killedAt, 20_000);
    const promoted = await cluster.ownerOf(await cluster.slotOf(subjectTag));
    expect(promoted.address).not.toBe(victim.address);
    const kept = (await open.http.inject({ url: '/v1/rate_limit', headers: witnessHeaders })).json<{
      windows: { minute: { used: number } };
    }>().windows.minute.used;
    const openSlow = Math.max(...outcome.results.filter((r) => r.instance === 0).map((r) => r.ms));
    const closedSlow = Math.max(...outcome.results.filter((r) => r.instance === 1).map((r) => r.ms));
    const open5xx = outcome.results.filter((r) => r.instance === 0 && r.status >= 500).length;
    const closed503 = outcome.results.filter((r) => r.instance === 1 && r.status === 503).length;
    console.info(
      `[measure] cluster master ${victim.address} SIGKILLed, replica ${promoted.address} promoted: shared limits resumed after ${outcome.resumedMs} ms; ` +
        `${outcome.results.length} requests from the kill to 2 s after, longest ${openSlow} ms (fail open, ${open5xx} x 5xx) and ${closedSlow} ms (fail closed, ${closed503} x 503); ` +
        `a key counted 25 times just before the kill reads ${kept} on the promoted replica (${25 - kept} lost)`,
    );
    expect(openSlow).toBeLessThan(BOUND_MS);
    expect(closedSlow).toBeLessThan(BOUND_MS);
    expect(open5xx).toBe(0);
    // Nothing is counted twice; what is missing was not yet replicated when the master died.
    expect(kept).toBeLessThanOrEqual(25);
    expect(outcome.results.filter((r) => r.instance === 1).every((r) => r.status === 200 || r.status === 503)).toBe(true);

    // Shared again, exactly: fresh Free keys on every master, the promoted one included.
    await until(async () => (await cluster.topology()).filter((n) => n.role === 'master' && !n.failed).length === 3);
    const byMaster = await keysOnEveryMaster(open, cluster, 1);
    for (const [, [entry]] of byMaster) {
      const keyHeaders = { authorization: `Bearer ${entry?.key}` };
      const responses = await spread([closed, open], FREE + 20, () => keyHeaders);
      expect(responses.filter((r) => r.statusCode === 200).length).toBe(FREE);
    }
  });
});
