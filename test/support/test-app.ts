/** Builds the application exactly as production does (createApp), on the given adapters and a fake clock. */
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { createApp, memoryAdapters, type Adapters, type Application } from '../../src/config/container.js';
import { loadConfig } from '../../src/config/env.js';
import type { PlanId } from '../../src/domain/plans.js';
import { FakeClock } from './fake-clock.js';

export interface TestApp {
  readonly app: Application;
  readonly clock: FakeClock;
  /** Issues a key on the plan and returns its Authorization header value. */
  bearer(plan?: PlanId, limits?: { perMinute: number; perDay: number }): Promise<string>;
  close(): Promise<void>;
}

export async function startTestApp(
  options: { env?: Record<string, string>; clock?: FakeClock; adapters?: (clock: FakeClock) => Adapters } = {},
): Promise<TestApp> {
  const clock = options.clock ?? new FakeClock();
  const config = loadConfig({ LOG_LEVEL: 'silent', ...options.env });
  const app = await createApp(config, { adapters: options.adapters ? options.adapters(clock) : memoryAdapters(clock) });
  await app.http.ready();
  return {
    app,
    clock,
    async bearer(plan = 'pro', limits) {
      const issued = await app.keys.issue({ name: `test ${plan}`, plan, ...(limits && { customLimits: limits }) });
      return `Bearer ${issued.key}`;
    },
    close: () => app.http.close(),
  };
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
