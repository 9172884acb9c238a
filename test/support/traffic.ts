/** Requests sent while a dependency is being broken, timed, and the moment shared limits are back for good. */
import type { LightMyRequestResponse } from 'fastify';
import { Metrics } from '../../src/adapters/shared/metrics/metrics.js';
import { configuredAdapters } from '../../src/config/adapters.js';
import { createApp, type Application } from '../../src/config/create-app.js';
import { createLogger } from '../../src/config/logger.js';
import type { AppConfig } from '../../src/config/env.js';
import { uniquePrefix } from './integration.js';

export interface Timed {
  readonly status: number;
  readonly ms: number;
  /** Which instance answered (its index in the list given). */
  readonly instance: number;
}

export async function sendTimed(app: Application, headers: Record<string, string>, instance = 0): Promise<Timed> {
  const started = performance.now();
  const response = await app.http.inject({ url: '/v1/pets?limit=1', headers });
  return { status: response.statusCode, ms: Math.round(performance.now() - started), instance };
}

/** Failed calls to the shared limiter so far (storage_failures_total for Redis, every kind). */
async function limiterFailures(app: Application): Promise<number> {
  const exposition = (await app.admin.inject({ url: '/metrics' })).body;
  return [...exposition.matchAll(/^storage_failures_total\{[^}]*store="redis"[^}]*\} (\d+)/gm)].reduce((sum, m) => sum + Number(m[1]), 0);
}

export interface Resumption {
  /** Every request sent from the break until the end of the measurement. */
  readonly results: Timed[];
  /** From `brokenAt` to the first request after the last failed call to the shared limiter. */
  readonly resumedMs: number;
}

/**
 * Sends one request of the key to every instance, round after round, until no instance has failed a
 * call to the shared limiter for `settleMs`. The resume time is measured to the first round after the
 * last failure, so a second disruption (a sentinel closing clients after a promotion) is counted in.
 */
export async function measureResume(
  apps: Application[],
  headers: Record<string, string>,
  brokenAt: number,
  timeoutMs: number,
  options: { settleMs?: number; diagnose?: () => Promise<string> } = {},
): Promise<Resumption> {
  const settleMs = options.settleMs ?? 2_000;
  const results: Timed[] = [];
  let failures = await Promise.all(apps.map(limiterFailures));
  let lastFailedAt: number | null = null;
  let resumedAt: number | null = null;
  for (;;) {
    const round = await Promise.all(apps.map((app, i) => sendTimed(app, headers, i)));
    results.push(...round);
    const now = await Promise.all(apps.map(limiterFailures));
    const failed = now.some((count, i) => count > (failures[i] ?? 0)) || round.some((r) => r.status === 503);
    failures = now;
    const at = performance.now();
    if (failed) {
      lastFailedAt = at;
      resumedAt = null;
    } else if (lastFailedAt !== null && resumedAt === null) {
      resumedAt = at;
    }
    if (resumedAt !== null && at - resumedAt >= settleMs) return { results, resumedMs: Math.round(resumedAt - brokenAt) };
    if (at - brokenAt > timeoutMs) {
      const state = options.diagnose ? `; ${await options.diagnose().catch((error: unknown) => `diagnosis failed: ${String(error)}`)}` : '';
      throw new Error(
        `shared limits were not back for ${settleMs} ms within ${timeoutMs} ms (last round: ${round.map((r) => r.status).join('/')}, failures ${now.join('/')}, ever failed: ${lastFailedAt !== null})${state}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Instances wired as production wires them (clients and metrics of their own), sharing one private limiter key prefix. */
export async function startInstances(configs: AppConfig[]): Promise<Application[]> {
  const keyPrefix = uniquePrefix();
  return Promise.all(
    configs.map(async (config) => {
      const metrics = new Metrics();
      const shared = { ...config, redis: config.redis && { ...config.redis, keyPrefix } };
      const adapters = await configuredAdapters(shared, createLogger(shared), { metrics });
      return createApp(shared, { adapters, metrics });
    }),
  );
}

/** `count` list requests sent at once, taking turns across the instances; `headers(i)` for the i-th. */
export function spread(
  apps: Application[],
  count: number,
  headers: (i: number) => Record<string, string>,
): Promise<LightMyRequestResponse[]> {
  return Promise.all(
    Array.from({ length: count }, (_, i) =>
      (apps[i % apps.length] as Application).http.inject({ url: '/v1/pets?limit=1', headers: headers(i) }),
    ),
  );
}
