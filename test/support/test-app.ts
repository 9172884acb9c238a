/** Builds the application exactly as production does (createApp), on the given adapters and a fake clock. */
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { pino } from 'pino';
import { configuredAdapters, memoryAdapters, type Adapters } from '../../src/config/adapters.js';
import { createApp, type Application } from '../../src/config/create-app.js';
import { createLogger } from '../../src/config/logger.js';
import { buildInfo } from '../../src/config/build.js';
import { Metrics } from '../../src/adapters/shared/metrics/metrics.js';
import { loadConfig, type AppConfig } from '../../src/config/env.js';
import type { PlanId } from '../../src/domain/access/plans.js';
import { ADMIN_SCOPES, type AdminScope } from '../../src/domain/access/admin-credential.js';
import { KEY_TOOL_ACTOR } from '../../src/application/shared/services/auditor.js';
import { ADMIN_BASE_PATH } from '../../src/adapters/shared/http/admin-app.js';
import { DocumentConformance } from './document-conformance.js';
import { LoopbackOnlySender } from './loopback-sender.js';
import { StaticResolver, TEST_ANSWERS } from './static-resolver.js';
import { FakeClock } from './fake-clock.js';

export interface TestApp {
  readonly app: Application;
  readonly clock: FakeClock;
  /** Issues a key on the plan and returns its Authorization header value. */
  bearer(plan?: PlanId, limits?: { perMinute: number; perDay: number }): Promise<string>;
  /** Issues an admin credential with these scopes (all by default) and returns its Authorization header value. */
  adminBearer(scopes?: readonly AdminScope[]): Promise<string>;
  close(): Promise<void>;
}

/** Which adapters the HTTP suite runs on: memory by default, MongoDB + Redis in the second pass. */
export const TEST_ADAPTERS = process.env.TEST_ADAPTERS === 'mongo+redis' ? 'mongo+redis' : 'memory';

export async function startTestApp(
  options: {
    env?: Record<string, string>;
    clock?: FakeClock;
    adapters?: (clock: FakeClock, metrics: Metrics) => Adapters;
    /** Wraps whichever adapters the suite runs on (memory or MongoDB + Redis), to inject faults. */
    wrapAdapters?: (adapters: Adapters) => Adapters;
    /** Every line the app logs (at debug and above) is pushed here. */
    logLines?: string[];
  } = {},
): Promise<TestApp> {
  const clock = options.clock ?? new FakeClock();
  const config = loadConfig({ LOG_LEVEL: 'silent', ...options.env });
  let cleanup = async () => undefined as void;
  let adapters: Adapters;
  // One registry for the app and its adapters, as createApp makes it when it builds the adapters itself.
  const metrics = new Metrics(buildInfo());
  if (options.adapters) {
    adapters = options.adapters(clock, metrics);
  } else if (TEST_ADAPTERS === 'mongo+redis') {
    const real = await realAdapters(config, clock, metrics);
    adapters = real.adapters;
    cleanup = real.cleanup;
  } else {
    adapters = memoryAdapters(clock, metrics, config.memoryBounds);
  }
  // Webhook hosts resolve through a table the test controls, never the system's resolver, and no
  // attempt leaves loopback.
  const sender = new LoopbackOnlySender(adapters.webhookSender);
  adapters = { ...adapters, resolver: new StaticResolver(TEST_ANSWERS), webhookSender: sender };
  if (options.wrapAdapters) adapters = options.wrapAdapters(adapters);
  const { logLines } = options;
  const logger = logLines
    ? pino({ level: options.env?.LOG_LEVEL ?? 'debug' }, { write: (line: string) => void logLines.push(line) })
    : undefined;
  const app = await createApp(config, { adapters, metrics, ...(logger && { logger }) });
  const conformance = new DocumentConformance();
  conformance.observe(app.http);
  const adminConformance = new DocumentConformance(ADMIN_BASE_PATH);
  adminConformance.observe(app.admin);
  await app.http.ready();
  await app.admin.ready();
  return {
    app,
    clock,
    async bearer(plan = 'pro', limits) {
      const issued = await app.keys.issue({ name: `test ${plan}`, plan, ...(limits && { customLimits: limits }) });
      return `Bearer ${issued.key}`;
    },
    async adminBearer(scopes = ADMIN_SCOPES) {
      const issued = await app.adminCredentials.issue('test admin', scopes, KEY_TOOL_ACTOR);
      return `Bearer ${issued.token}`;
    },
    close: async () => {
      // Every response this app sent, checked against the document it serves.
      const problems = conformance.problems(app.http.swagger() as unknown as Record<string, unknown>);
      const adminProblems = adminConformance.problems(app.admin.swagger() as unknown as Record<string, unknown>);
      await app.http.close();
      await cleanup();
      expect(sender.refused, 'webhook attempts aimed outside loopback (refused before connecting)').toEqual([]);
      expect(problems, 'responses that differ from the served OpenAPI document').toEqual([]);
      expect(adminProblems, 'admin responses that differ from the served admin OpenAPI document').toEqual([]);
    },
  };
}

/** The production wiring (configuredAdapters) on a fresh test database and a private Redis key prefix. */
async function realAdapters(
  config: AppConfig,
  clock: FakeClock,
  metrics: Metrics,
): Promise<{ adapters: Adapters; cleanup: () => Promise<void> }> {
  const { backend, openTestDatabase, uniquePrefix } = await import('./integration.js');
  const database = await openTestDatabase();
  const realConfig = loadConfig({
    LOG_LEVEL: 'silent',
    MONGODB_URL: backend('mongo').url,
    MONGODB_DATABASE: database.name,
    REDIS_URL: backend('redis').url,
    REDIS_KEY_PREFIX: uniquePrefix(),
  });
  const adapters = await configuredAdapters({ ...realConfig, ...pick(config) }, createLogger(realConfig), { clock, metrics });
  return { adapters, cleanup: () => database.close() };
}

function pick(config: AppConfig): Partial<AppConfig> {
  return { rateLimitFailureMode: config.rateLimitFailureMode, keyCacheTtlMs: config.keyCacheTtlMs };
}

/** Asserts the Error body and the rate-limit headers every /v1 error carries. */
export function expectError(response: LightMyRequestResponse, status: number, code: string): { message: string } {
  expect(response.statusCode).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  const body = response.json<{ code: string; message: string; status: number }>();
  expect(body).toEqual({ code, message: expect.any(String) as unknown, status });
  expect(body.message.length).toBeGreaterThan(10);
  return body;
}

export function expectRateLimitHeaders(response: LightMyRequestResponse): { limit: number; remaining: number; reset: number } {
  const limit = Number(response.headers['x-ratelimit-limit']);
  const remaining = Number(response.headers['x-ratelimit-remaining']);
  const reset = Number(response.headers['x-ratelimit-reset']);
  expect(Number.isInteger(limit) && limit > 0).toBe(true);
  expect(Number.isInteger(remaining) && remaining >= 0 && remaining <= limit).toBe(true);
  expect(Number.isInteger(reset)).toBe(true);
  return { limit, remaining, reset };
}

/** Exactly one create did the work; every other answer is its replay or a 409 asking to retry. */
export function expectRaceOutcome(responses: LightMyRequestResponse[]): void {
  const created = responses.filter((r) => r.statusCode === 201 && r.headers['idempotent-replayed'] === undefined);
  expect(created).toHaveLength(1);
  const pet: unknown = created[0]?.json();
  for (const response of responses) {
    if (response.statusCode === 201) {
      expect(response.json()).toEqual(pet);
    } else {
      expectError(response, 409, 'idempotency_key_in_flight');
      expect(response.headers['retry-after']).toBe('1');
    }
  }
}

/** The value of one series in a Prometheus exposition, or undefined when it is not there. */
export function seriesValue(exposition: string, series: string): number | undefined {
  const line = exposition.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}
