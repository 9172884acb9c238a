/**
 * The monitoring kit against a real Prometheus (Debian's binary) scraping two instances under load:
 * every dashboard and rule query executes, the core panels show data, and stopping Redis makes the
 * limiter-degraded alerts fire (a test copy of the rules with every `for:` at 1 s).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type Application } from '../../../src/config/create-app.js';
import { loadConfig } from '../../../src/config/env.js';
import { freePort, onPath, startLocalRedis } from '../../support/backends.js';
import { dashboardQueries, grafanaVariablesFilledIn, RULE_FILES } from '../../support/monitoring.js';
import { stopProcess } from '../../support/processes.js';

const runnable = onPath('prometheus') && onPath('redis-server');
const inCi = Boolean(process.env.CI);
if (runnable)
  console.info('[backend] "Monitoring on a real Prometheus" runs Debian\'s prometheus and its own redis-server, scraping two instances');
else
  console.warn(
    `[backend] "Monitoring on a real Prometheus" needs prometheus and redis-server on PATH (apt-get install prometheus redis-server): ${inCi ? 'FAILS (CI is set)' : 'SKIPPED on this machine'}`,
  );

interface QueryAnswer {
  status: string;
  error?: string;
  data?: { result: unknown[] };
}

async function until<T>(what: string, check: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe.runIf(runnable || inCi)('Monitoring on a real Prometheus', () => {
  const dir = mkdtempSync(join(tmpdir(), 'prometheus-test-'));
  let redis: Awaited<ReturnType<typeof startLocalRedis>>;
  let instances: Application[] = [];
  let prometheus: ChildProcess | undefined;
  let prometheusUrl = '';
  let load: Promise<void> = Promise.resolve();
  let loading = true;

  const query = async (expr: string): Promise<QueryAnswer> =>
    (await fetch(`${prometheusUrl}/api/v1/query?query=${encodeURIComponent(expr)}`)).json() as Promise<QueryAnswer>;

  beforeAll(async () => {
    expect(runnable, 'prometheus and redis-server are required in CI').toBe(true);
    redis = await startLocalRedis(await freePort());
    const config = loadConfig({ LOG_LEVEL: 'silent', REDIS_URL: redis.url, REDIS_TIMEOUT_MS: '200' });
    instances = await Promise.all([1, 2].map(async () => createApp(config)));
    const targets: string[] = [];
    // Prometheus scrapes each instance's admin listener, where /metrics is served by default.
    for (const app of instances) {
      await app.admin.listen({ host: '127.0.0.1', port: 0 });
      const address = app.admin.server.address();
      if (typeof address !== 'object' || address === null) throw new Error('no address');
      targets.push(`127.0.0.1:${address.port}`);
    }

    // The shipped rules; the alerts with every `for:` at 1 s so that the test need not wait minutes.
    const [recording, alerts] = RULE_FILES.map((file) => resolve(file)) as [string, string];
    writeFileSync(join(dir, 'alerts.yml'), readFileSync(alerts, 'utf8').replace(/^(\s+)for: \S+$/gm, '$1for: 1s'));
    writeFileSync(
      join(dir, 'prometheus.yml'),
      [
        'global: { scrape_interval: 1s, evaluation_interval: 1s }',
        `rule_files: [${JSON.stringify(recording)}, ${JSON.stringify(join(dir, 'alerts.yml'))}]`,
        'scrape_configs:',
        '  - job_name: animal-adoption-api',
        `    static_configs: [{ targets: ${JSON.stringify(targets)} }]`,
        '',
      ].join('\n'),
    );
    const port = await freePort();
    prometheusUrl = `http://127.0.0.1:${port}`;
    prometheus = spawn(
      'prometheus',
      [
        `--config.file=${join(dir, 'prometheus.yml')}`,
        `--storage.tsdb.path=${join(dir, 'data')}`,
        `--web.listen-address=127.0.0.1:${port}`,
      ],
      {
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    let stderr = '';
    prometheus.stderr?.on('data', (chunk: Buffer) => void (stderr = (stderr + chunk.toString()).slice(-4000)));
    await until('Prometheus ready', async () => ((await fetch(`${prometheusUrl}/-/ready`)).ok ? true : undefined), 30_000).catch(
      (error: unknown) => {
        throw new Error(`${String(error)}\n${stderr}`);
      },
    );

    // Traffic on both instances until the test ends: lists, creates, a Free key over its limit, a 404.
    // Keys live in each instance's memory here (no MongoDB): each instance issues its own.
    const keys = await Promise.all(
      instances.map(async (app) =>
        // The first key's limits are never reached, so its requests keep asking Redis; the Free key's are.
        Promise.all([
          app.keys.issue({ name: 'Monitoring partner', plan: 'enterprise', customLimits: { perMinute: 100_000, perDay: 10_000_000 } }),
          app.keys.issue({ name: 'Monitoring free', plan: 'free' }),
        ]),
      ),
    );
    load = (async () => {
      for (let i = 0; loading; i++) {
        const app = instances[i % 2]!;
        const authorization = `Bearer ${keys[i % 2]![i % 5 === 0 ? 1 : 0].key}`;
        const send =
          i % 7 === 0
            ? app.http.inject({ method: 'POST', url: '/v1/pets', headers: { authorization }, payload: { name: `Pet ${i}`, categoryId: 1 } })
            : app.http.inject({ url: i % 11 === 0 ? '/v1/nowhere' : '/v1/pets?limit=5', headers: { authorization } });
        await send;
        await new Promise((r) => setTimeout(r, 5));
      }
    })();
    // Enough scrapes of both for rates over the dashboard's interval.
    await until('two instances scraped for 8 s', async () => {
      const answer = await query('count(count_over_time(up{job="animal-adoption-api"}[1m]) >= 8)');
      return (answer.data?.result[0] as { value: [number, string] } | undefined)?.value[1] === '2' ? true : undefined;
    });
  }, 120_000);

  afterAll(async () => {
    loading = false;
    await load.catch(() => undefined);
    if (prometheus) await stopProcess(prometheus);
    await Promise.all(instances.map((app) => app.http.close()));
    await redis?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('runs every dashboard query without error, and the core panels show data for both instances', async () => {
    const empty: string[] = [];
    for (const { panel, expr, core } of dashboardQueries()) {
      const answer = await query(grafanaVariablesFilledIn(expr, { rateInterval: '10s' }));
      expect(answer.status, `${panel}: ${answer.error ?? ''}`).toBe('success');
      if (core && (answer.data?.result.length ?? 0) === 0) empty.push(`${panel}: ${expr}`);
    }
    expect(empty, 'core panels without data').toEqual([]);
    const instancesSeen = await query('count(build_info{job="animal-adoption-api"})');
    expect((instancesSeen.data?.result[0] as { value: [number, string] }).value[1]).toBe('2');
    const admits = await query(
      'sum(storage_call_duration_seconds_count{job="animal-adoption-api",store="redis",operation="rate_limiter.admit"})',
    );
    expect(Number((admits.data?.result[0] as { value: [number, string] }).value[1])).toBeGreaterThan(0);
  });

  it('runs every rule query without error, and the recording rules record', async () => {
    const groups = (await (await fetch(`${prometheusUrl}/api/v1/rules`)).json()) as {
      data: { groups: { rules: { name: string; health: string; lastError?: string }[] }[] };
    };
    const loaded = groups.data.groups.flatMap((g) => g.rules);
    expect(loaded.length).toBe(26);
    await until('every rule evaluated once', async () => {
      const now = (await (await fetch(`${prometheusUrl}/api/v1/rules`)).json()) as typeof groups;
      const all = now.data.groups.flatMap((g) => g.rules);
      return all.every((r) => r.health === 'ok') ? all : undefined;
    }).catch(async (error: unknown) => {
      const now = (await (await fetch(`${prometheusUrl}/api/v1/rules`)).json()) as typeof groups;
      throw new Error(`${String(error)}: ${JSON.stringify(now.data.groups.flatMap((g) => g.rules).filter((r) => r.health !== 'ok'))}`);
    });
    // No 5xx in this traffic: the error ratio is recorded as 0, not left out.
    const availability = await query('job:slo_availability_errors:ratio_rate5m');
    expect(availability.data?.result).toEqual([
      { metric: { __name__: 'job:slo_availability_errors:ratio_rate5m', job: 'animal-adoption-api' }, value: [expect.any(Number), '0'] },
    ]);
    const latency = await query('job:slo_latency_slow:ratio_rate5m');
    expect(latency.data?.result).toHaveLength(1);
  });

  it('fires RateLimiterDegraded on each instance, then RateLimiterDegradedEverywhere, when Redis stops', async () => {
    const firing = async (): Promise<{ labels: { alertname: string; instance?: string } }[]> => {
      const answer = (await (await fetch(`${prometheusUrl}/api/v1/alerts`)).json()) as {
        data: { alerts: { state: string; labels: { alertname: string; instance?: string } }[] };
      };
      return answer.data.alerts.filter((a) => a.state === 'firing');
    };
    expect((await firing()).map((a) => a.labels.alertname)).not.toContain('RateLimiterDegraded');
    await redis.stop();
    const started = Date.now();
    const alerts = await until('the degraded alerts firing', async () => {
      const now = await firing();
      const names = now.map((a) => `${a.labels.alertname} ${a.labels.instance ?? ''}`.trim()).sort();
      return names.filter((n) => n.startsWith('RateLimiterDegraded')).length === 3 ? names : undefined;
    });
    console.info(
      `[measure] Redis stopped: RateLimiterDegraded (both instances) and RateLimiterDegradedEverywhere firing after ${Date.now() - started} ms (scrape and evaluation every 1 s, for: 1 s)`,
    );
    expect(alerts.filter((n) => n.startsWith('RateLimiterDegraded'))).toHaveLength(3);
    expect(alerts).toContain('RateLimiterDegradedEverywhere');
  });
});
