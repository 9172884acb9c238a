/**
 * MongoDB and Redis frozen with SIGSTOP, which is what a partition or an election looks like to a
 * client: the sockets stay open and nothing answers. Requests already in flight, requests sent during
 * the stall, readiness and start-up must each be answered while the server is still frozen (it is
 * thawed only after): cut by the configured timeout, never waiting for the server. How long each
 * took is printed ([measure]), not asserted: a loaded machine stretches it, not the product.
 */
import { describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { createApp, type Application } from '../../../src/config/create-app.js';
import { loadConfig } from '../../../src/config/env.js';
import { freePort, jongodbBinary, onPath, startLocalMongo, startLocalRedis } from '../../support/backends.js';

const MONGO_TIMEOUT_MS = 500;
const REDIS_TIMEOUT_MS = 200;

interface Timed {
  readonly response: LightMyRequestResponse;
  readonly ms: number;
}

async function timed(send: () => Promise<LightMyRequestResponse>): Promise<Timed> {
  const started = performance.now();
  const response = await send();
  return { response, ms: Math.round(performance.now() - started) };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function report(what: string, phase: string, results: Timed[]): void {
  const statuses = [...new Set(results.map((r) => r.response.statusCode))].join('/');
  console.info(
    `[measure] ${what} stalled, ${phase}: ${results.length} requests, max ${Math.max(...results.map((r) => r.ms))} ms, status ${statuses}`,
  );
}

async function until(check: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await pause(100);
  }
}

const mongoRunnable = jongodbBinary() !== null;
const redisRunnable = onPath('redis-server');
if (!mongoRunnable)
  console.warn('[backend] SKIPPED "MongoDB stalled": needs the jongodb test server binary (npm install on linux-x64) to freeze it');
else console.info('[backend] "MongoDB stalled" runs on its own jongodb test server, frozen with SIGSTOP');
if (!redisRunnable)
  console.warn('[backend] SKIPPED "Redis stalled": needs redis-server on PATH to freeze it (apt-get install redis-server)');
else console.info('[backend] "Redis stalled" runs on its own local redis-server, frozen with SIGSTOP');

describe.runIf(mongoRunnable)('MongoDB stalled', () => {
  it('answers 503 while MongoDB is frozen (cut by MONGODB_TIMEOUT_MS), in flight or not, and recovers when it thaws', async () => {
    const mongo = await startLocalMongo(await freePort());
    let app: Application | undefined;
    try {
      app = await createApp(
        loadConfig({
          LOG_LEVEL: 'silent',
          MONGODB_URL: mongo.url,
          MONGODB_DATABASE: 'adoption_test',
          MONGODB_TIMEOUT_MS: String(MONGO_TIMEOUT_MS),
          // Every request looks its key up in MongoDB: the key lookup is bounded as well.
          KEY_CACHE_TTL_SECONDS: '0',
        }),
      );
      const http = app.http;
      const { key } = await app.keys.issue({ name: 'Stall', plan: 'business' });
      const headers = { authorization: `Bearer ${key}` };
      const create = () => http.inject({ method: 'POST', url: '/v1/pets', headers, payload: { name: 'Rex', categoryId: 1 } });
      const createOnce = (idempotencyKey: string) => () =>
        http.inject({
          method: 'POST',
          url: '/v1/pets',
          headers: { ...headers, 'idempotency-key': idempotencyKey },
          payload: { name: 'Rex', categoryId: 1 },
        });
      const list = () => http.inject({ url: '/v1/pets?limit=5', headers });
      const get = () => http.inject({ url: '/v1/pets/1', headers });
      expect((await create()).statusCode).toBe(201);

      // In flight: sent, then the server freezes before it can answer.
      const inFlight = [create, list, get, createOnce('in-flight')].map((send) => timed(send));
      mongo.pause();
      const phase1 = await Promise.all(inFlight);
      // During the stall, a second in: new requests, readiness.
      await pause(1_000);
      const phase2 = await Promise.all([create, list, get, createOnce('during')].map((send) => timed(send)));
      const ready = await timed(() => http.inject({ url: '/readyz' }));
      report('MongoDB', 'requests in flight when it froze', phase1);
      report('MongoDB', 'requests sent 1 s into the stall', phase2);
      report('MongoDB', '/readyz', [ready]);

      for (const { response } of [...phase1, ...phase2]) {
        // A request that finished before the freeze could land is fine; every other one is answered while frozen.
        if (response.statusCode !== 503) expect([200, 201]).toContain(response.statusCode);
        else {
          expect(response.json()).toEqual({
            code: 'service_unavailable',
            message: expect.stringMatching(/database/) as unknown,
            status: 503,
          });
          expect(response.headers['retry-after']).toBe('5');
        }
      }
      expect(phase2.map((r) => r.response.statusCode)).toEqual([503, 503, 503, 503]);
      expect(ready.response.statusCode).toBe(503);

      mongo.resume();
      await until(async () => (await http.inject({ url: '/readyz' })).statusCode === 200);
      const after = await timed(create);
      report('MongoDB', 'after it thawed', [after]);
      expect(after.response.statusCode).toBe(201);
      // The idempotent creates refused with 503 were not remembered: their keys work now.
      expect((await createOnce('during')()).headers['idempotent-replayed']).toBeUndefined();
    } finally {
      mongo.resume();
      await app?.http.close();
      await mongo.stop();
    }
  });

  it('stops start-up when the server is frozen, naming it and its MONGODB_TIMEOUT_MS', async () => {
    const mongo = await startLocalMongo(await freePort());
    mongo.pause();
    try {
      const started = performance.now();
      const failure = createApp(
        loadConfig({
          LOG_LEVEL: 'silent',
          MONGODB_URL: mongo.url,
          MONGODB_DATABASE: 'adoption_test',
          MONGODB_TIMEOUT_MS: String(MONGO_TIMEOUT_MS),
        }),
      );
      await expect(failure).rejects.toThrow(/^MongoDB at 127\.0\.0\.1:\d+ did not answer within 500 ms/);
      const ms = Math.round(performance.now() - started);
      console.info(`[measure] MongoDB stalled, start-up: refused after ${ms} ms`);
    } finally {
      await mongo.stop();
    }
  });
});

describe.runIf(redisRunnable)('Redis stalled', () => {
  for (const mode of ['open', 'closed'] as const) {
    it(`fail-${mode}: answers while Redis is frozen (cut by REDIS_TIMEOUT_MS), and recovers when it thaws`, async () => {
      const redis = await startLocalRedis(await freePort());
      let app: Application | undefined;
      try {
        app = await createApp(
          loadConfig({
            LOG_LEVEL: 'silent',
            REDIS_URL: redis.url,
            REDIS_TIMEOUT_MS: String(REDIS_TIMEOUT_MS),
            RATE_LIMIT_FAILURE_MODE: mode,
          }),
        );
        const http = app.http;
        const { key } = await app.keys.issue({ name: 'Stall', plan: 'free' });
        const list = () => http.inject({ url: '/v1/pets', headers: { authorization: `Bearer ${key}` } });
        expect((await list()).statusCode).toBe(200);

        const inFlight = Array.from({ length: 4 }, () => timed(list));
        redis.pause();
        const phase1 = await Promise.all(inFlight);
        await pause(1_000);
        const phase2 = await Promise.all(Array.from({ length: 4 }, () => timed(list)));
        report(`Redis (fail-${mode})`, 'requests in flight when it froze', phase1);
        report(`Redis (fail-${mode})`, 'requests sent 1 s into the stall', phase2);
        expect(phase2.map((r) => r.response.statusCode)).toEqual(Array(4).fill(mode === 'open' ? 200 : 503));

        redis.resume();
        await until(async () => (await http.inject({ url: '/readyz' })).json<{ status: string }>().status === 'ready');
        expect((await list()).statusCode).toBe(200);
      } finally {
        redis.resume();
        await app?.http.close();
        await redis.stop();
      }
    });
  }
});
