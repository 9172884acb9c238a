/**
 * Refusals answered by each instance itself, over HTTP on instances sharing one MongoDB and one
 * Redis: the same answers the shared limiter gives, none of what it would admit refused, and bans
 * counted across instances. Every instance reads one test clock (Redis decides on it too).
 */
import { newKeyBody } from '../../../src/application/access/services/key-secrets.js';
import { pino } from 'pino';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createApp, type Application } from '../../../src/config/create-app.js';
import { configuredAdapters } from '../../../src/config/adapters.js';
import { loadConfig } from '../../../src/config/env.js';
import { resolve } from '../../../src/config/tokens.js';
import { TOKENS } from '../../../src/config/modules/features.js';
import { ANONYMOUS_LIMITS, PLAN_LIMITS } from '../../../src/domain/access/plans.js';
import { composeKey } from '../../../src/domain/access/api-key.js';
import { backend, describeWith, openTestDatabase, uniquePrefix } from '../../support/integration.js';
import { FakeClock } from '../../support/fake-clock.js';
import { Metrics } from '../../../src/adapters/shared/metrics/metrics.js';

const ADMIN_TOKEN = 'adopt-admin-test-token-for-refusals';
const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };
const CACHE_TTL_SECONDS = 30;
const BAN_THRESHOLD = 20;
const FREE = PLAN_LIMITS.free;

/** What a client is told about its limits: every rate-limit header, and the error code. */
function told(response: LightMyRequestResponse) {
  const h = response.headers;
  return {
    status: response.statusCode,
    code: response.statusCode === 429 ? response.json<{ code: string }>().code : null,
    headers: [
      h['x-ratelimit-limit'],
      h['x-ratelimit-remaining'],
      h['x-ratelimit-reset'],
      h['ratelimit'],
      h['ratelimit-policy'],
      h['retry-after'],
    ],
  };
}

/** How many calls of one operation an instance made to a store, from its own metrics. */
async function callsTo(app: Application, store: 'redis' | 'mongodb', operation: string): Promise<number> {
  const { body: text } = await app.metrics.scrape();
  const line = text
    .split('\n')
    .find(
      (l) =>
        l.startsWith('storage_call_duration_seconds_count{') && l.includes(`store="${store}"`) && l.includes(`operation="${operation}"`),
    );
  if (line === undefined) throw new Error(`no ${store} ${operation} calls counted`);
  return Number(line.split(' ').at(-1));
}
const redisAdmits = (app: Application) => callsTo(app, 'redis', 'rate_limiter.admit');

describeWith('both', 'Refusals answered by each instance, over one MongoDB and one Redis', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  const clock = new FakeClock();
  /** a and b remember refusals; direct asks Redis every time (RATE_LIMIT_REFUSAL_CACHE_SIZE=0). */
  let a: Application;
  let b: Application;
  let direct: Application;

  beforeAll(async () => {
    database = await openTestDatabase();
    const env = {
      LOG_LEVEL: 'silent',
      MONGODB_URL: backend('mongo').url,
      MONGODB_DATABASE: database.name,
      REDIS_URL: backend('redis').url,
      REDIS_KEY_PREFIX: uniquePrefix(),
      ADMIN_TOKENS: ADMIN_TOKEN,
      KEY_CACHE_TTL_SECONDS: String(CACHE_TTL_SECONDS),
      RATE_LIMIT_BAN_THRESHOLD: String(BAN_THRESHOLD),
    };
    const start = async (extra: Record<string, string> = {}) => {
      const config = loadConfig({ ...env, ...extra });
      const logger = pino({ level: 'silent' });
      // One registry for the app and its adapters, as createApp makes it when it builds them itself.
      const metrics = new Metrics();
      return createApp(config, { logger, metrics, adapters: await configuredAdapters(config, logger, { clock, metrics }) });
    };
    [a, b, direct] = await Promise.all([start(), start(), start({ RATE_LIMIT_REFUSAL_CACHE_SIZE: '0' })]);
  });
  afterAll(async () => {
    await Promise.all([a, b, direct].map((app) => app?.http.close()));
    await database.close();
  });

  const issue = async (payload: object = { name: 'Flooding shelter', plan: 'free' }) => {
    const response = await a.admin.inject({ method: 'POST', url: '/admin/v1/keys', headers: admin, payload });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: string; key: string }>();
  };
  const list = (app: Application, key: string, headers: Record<string, string> = {}) =>
    app.http.inject({ url: '/v1/pets?limit=1', headers: { authorization: `Bearer ${key}`, ...headers } });
  /** Spends a key's minute at one instant, one second at a time from now. */
  const spend = async (key: string, count = FREE.perMinute) => {
    for (let i = 0; i < count; i++) expect((await list(a, key)).statusCode).toBe(200);
  };
  /** Sends every strike the instances hold, as their timers would within 100 ms, and waits for the replies. */
  const flushStrikes = () => Promise.all([a, b].map((app) => resolve(app.container, TOKENS.LocalRefusals).flush()));

  it('answers refusals itself with exactly the headers, Retry-After and body the shared limiter gives, without asking it', async () => {
    const { key } = await issue();
    await spend(key);
    clock.advance(5_000);
    // The first refusal is Redis's; from then on, a answers itself.
    expect((await list(a, key)).statusCode).toBe(429);
    const asked = await redisAdmits(a);
    for (const step of [0, 1, 999, 20_000, 34_000 - 1]) {
      clock.advance(step);
      const local = await list(a, key);
      const fromRedis = await list(direct, key);
      expect(told(local)).toEqual(told(fromRedis));
      expect(local.json()).toEqual(fromRedis.json());
      expect(told(local)).toMatchObject({ status: 429, code: 'rate_limited' });
    }
    expect(await redisAdmits(a)).toBe(asked);
    // A minute after the key's requests, a request fits again: a asks Redis, and it is admitted.
    clock.advance(1);
    expect((await list(a, key)).statusCode).toBe(200);
    expect(await redisAdmits(a)).toBe(asked + 1);
  });

  it('refuses nothing the limiter would admit: a limit raised is in force at once where it was raised, and within KEY_CACHE_TTL_SECONDS elsewhere', async () => {
    const { id, key } = await issue({ name: 'Growing shelter', plan: 'enterprise', limits: { perMinute: 10, perDay: 10_000 } });
    for (let i = 0; i < 10; i++) expect((await list(a, key)).statusCode).toBe(200);
    // Both instances remember the refusal.
    for (const app of [a, b, a, b]) expect((await list(app, key)).statusCode).toBe(429);
    const raised = await a.admin.inject({
      method: 'PATCH',
      url: `/admin/v1/keys/${id}`,
      headers: admin,
      payload: { limits: { perMinute: 20, perDay: 10_000 } },
    });
    expect(raised.statusCode, raised.body).toBe(200);
    expect((await list(a, key)).statusCode).toBe(200);
    // b read the key's record before the change: it keeps it, and refuses under the old limits, until its cache lets it go.
    expect((await list(b, key)).statusCode).toBe(429);
    clock.advance(CACHE_TTL_SECONDS * 1000);
    const afterCache = await list(b, key);
    expect(afterCache.statusCode).toBe(200);
    expect(afterCache.headers['x-ratelimit-limit']).toBe('20');
  });

  it('bans at exactly the threshold on one instance, with the ban Redis records', async () => {
    const { key } = await issue();
    await spend(key);
    const statuses: string[] = [];
    for (let i = 0; i < BAN_THRESHOLD + 3; i++) statuses.push(told(await list(a, key)).code ?? 'ok');
    expect(statuses).toEqual([...Array<string>(BAN_THRESHOLD - 1).fill('rate_limited'), ...Array<string>(4).fill('key_banned')]);
    await flushStrikes();
    const fromRedis = await list(direct, key);
    expect(told(fromRedis).code).toBe('key_banned');
    expect(told(await list(a, key))).toEqual(told(fromRedis));
  });

  it('bans a flood spread over two instances once Redis has every strike: at the first batch after the threshold, on every instance by the batch after', async () => {
    const { key } = await issue();
    await spend(key);
    // Alternating, each instance sees half: neither reaches the threshold on its own count.
    const codes: string[] = [];
    for (let i = 0; i < BAN_THRESHOLD; i++) codes.push(told(await list(i % 2 ? b : a, key)).code ?? 'ok');
    expect(codes.every((c) => c === 'rate_limited')).toBe(true);
    // Within 100 ms each instance sends its strikes: Redis has all twenty and bans.
    await flushStrikes();
    expect(told(await list(direct, key)).code).toBe('key_banned');
    // The instance whose batch began the ban knows; the other learns from the reply to its next batch.
    await list(a, key);
    await list(b, key);
    await flushStrikes();
    expect(told(await list(a, key)).code).toBe('key_banned');
    expect(told(await list(b, key)).code).toBe('key_banned');
  });

  it('lifts a ban over the admin API: at once on that instance, within KEY_CACHE_TTL_SECONDS elsewhere; audited', async () => {
    const { id, key } = await issue();
    await spend(key);
    for (let i = 0; i < BAN_THRESHOLD; i++) await list(a, key);
    await flushStrikes();
    // A minute on, the windows have room, but the ban stands (and b remembers it).
    clock.advance(61_000);
    expect(told(await list(a, key)).code).toBe('key_banned');
    expect(told(await list(b, key)).code).toBe('key_banned');
    const lifted = await a.admin.inject({ method: 'POST', url: `/admin/v1/keys/${id}/unban`, headers: admin });
    expect(lifted.statusCode, lifted.body).toBe(200);
    expect((await list(a, key)).statusCode).toBe(200);
    expect((await list(direct, key)).statusCode).toBe(200);
    expect(told(await list(b, key)).code).toBe('key_banned');
    clock.advance(CACHE_TTL_SECONDS * 1000);
    expect((await list(b, key)).statusCode).toBe(200);
    const audit = await a.admin.inject({ url: `/admin/v1/audit-events?target=${id}&action=key.unban`, headers: admin });
    const [event] = audit.json<{ actor: string; changes: { bannedUntil: { from: string; to: null } } }[]>();
    expect(event?.changes.bannedUntil.to).toBeNull();
    expect(Date.parse(event?.changes.bannedUntil.from ?? '')).toBeGreaterThan(clock.ms);
  });

  it('refuses a flood of unknown keys from one address with 401 until the address is limited, then 429 without looking keys up', async () => {
    // A key a verified before the flood.
    const { key } = await issue({ name: 'Same office', plan: 'business' });
    expect((await list(a, key)).statusCode).toBe(200);
    // Well formed, with a valid checksum: only a lookup could tell they are unknown.
    const unknown = () => composeKey('staging', newKeyBody());
    const statuses: number[] = [];
    for (let i = 0; i < ANONYMOUS_LIMITS.perMinute + 10; i++) statuses.push((await list(a, unknown())).statusCode);
    expect(statuses.slice(0, 3)).toEqual([401, 401, 401]);
    expect(statuses.at(-1)).toBe(429);
    const first429 = statuses.indexOf(429);
    expect(statuses.slice(first429).every((s) => s === 429)).toBe(true);
    // From then on: answered from memory, neither Redis nor MongoDB asked.
    const asked = [await redisAdmits(a), await callsTo(a, 'mongodb', 'api_keys.findByHash')];
    for (let i = 0; i < 50; i++) expect((await list(a, unknown())).statusCode).toBe(429);
    expect([await redisAdmits(a), await callsTo(a, 'mongodb', 'api_keys.findByHash')]).toEqual(asked);
    // The key a verified is still decided under its own limits; one it has not verified yet is
    // refused with the address until the address's refusal ends (the price of not looking keys up).
    expect((await list(a, key)).statusCode).toBe(200);
    const { key: fresh } = await issue({ name: 'Same office, new key', plan: 'business' });
    expect((await list(a, fresh)).statusCode).toBe(429);
    expect((await list(b, fresh)).statusCode).toBe(200);
  });
});
