/** Redis stopped mid-run, in each failure mode: no request hangs, and service recovers on its own. */
import { PLAN_LIMITS } from '../../../src/domain/access/plans.js';
import { describe, expect, it } from 'vitest';
import { createApp, type Application } from '../../../src/config/create-app.js';
import { loadConfig } from '../../../src/config/env.js';
import { freePort, onPath, startLocalRedis } from '../../support/backends.js';
import { seriesValue } from '../../support/test-app.js';

const runnable = onPath('redis-server');
if (!runnable)
  console.warn('[backend] SKIPPED "Redis outage": needs redis-server on PATH to stop and restart it (apt-get install redis-server)');
else console.info('[backend] "Redis outage" runs on its own local redis-server, stopped and restarted');

async function timed<T>(work: Promise<T>): Promise<{ value: T; ms: number }> {
  const started = Date.now();
  const value = await work;
  return { value, ms: Date.now() - started };
}

async function until(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.runIf(runnable)('Redis outage', () => {
  for (const mode of ['open', 'closed'] as const) {
    it(`fail-${mode}: ${mode === 'open' ? 'keeps serving on per-instance limits' : 'refuses with 503'}, then recovers`, async () => {
      const port = await freePort();
      let redis = await startLocalRedis(port);
      let app: Application | undefined;
      try {
        app = await createApp(
          loadConfig({ LOG_LEVEL: 'silent', REDIS_URL: redis.url, REDIS_TIMEOUT_MS: '200', RATE_LIMIT_FAILURE_MODE: mode }),
        );
        const { key } = await app.keys.issue({ name: 'Outage', plan: 'free' });
        const list = () => (app as Application).http.inject({ url: '/v1/pets', headers: { authorization: `Bearer ${key}` } });
        expect((await list()).statusCode).toBe(200);

        await redis.stop();
        const during = await timed(list());
        console.info(`[measure] Redis dead (fail-${mode}): answered ${during.value.statusCode} in ${during.ms} ms`);
        expect(during.ms).toBeLessThan(200 + 1_000);
        const ready = await app.http.inject({ url: '/readyz' });
        const metricsDuring = (await app.metrics.scrape()).body;
        expect(seriesValue(metricsDuring, 'rate_limiter_degraded')).toBe(1);
        expect(seriesValue(metricsDuring, 'storage_failures_total{store="redis",kind="unavailable"}')).toBeGreaterThanOrEqual(1);
        if (mode === 'open') {
          expect(during.value.statusCode).toBe(200);
          expect(during.value.headers['x-ratelimit-limit']).toBe(String(PLAN_LIMITS.free.perMinute));
          expect(ready.statusCode).toBe(200);
          expect(ready.json()).toMatchObject({ status: 'degraded', checks: { rateLimiter: 'down' } });
        } else {
          expect(during.value.statusCode).toBe(503);
          expect(during.value.json()).toMatchObject({ code: 'service_unavailable', status: 503 });
          expect(during.value.headers['retry-after']).toBe('5');
          expect(ready.statusCode).toBe(503);
        }

        redis = await startLocalRedis(port);
        await until(async () => (await app!.http.inject({ url: '/readyz' })).json<{ status: string }>().status === 'ready');
        const after = await list();
        expect(after.statusCode).toBe(200);
        // Decided by the restarted (empty) Redis again: this is its first request of the key.
        expect(after.headers['x-ratelimit-remaining']).toBe(String(PLAN_LIMITS.free.perMinute - 1));
        expect(seriesValue((await app.metrics.scrape()).body, 'rate_limiter_degraded')).toBe(0);
      } finally {
        await app?.http.close();
        await redis.stop();
      }
    });
  }
});
