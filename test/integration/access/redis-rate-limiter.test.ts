/** The rate limiter contract on Redis, plus what only Redis has: shared time, bounded memory, expiry. */
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { RedisRateLimiter } from '../../../src/adapters/access/redis/redis-rate-limiter.js';
import { PLAN_LIMITS } from '../../../src/domain/access/plans.js';
import { windowsFor, type AdmissionPolicy } from '../../../src/domain/access/rate-limit.js';
import { describeRateLimiterContract } from '../../contracts/access/rate-limiter.contract.js';
import { describeUsageStoreContract } from '../../contracts/access/usage-store.contract.js';
import { RedisUsageStore } from '../../../src/adapters/access/redis/redis-usage-store.js';
import { FakeClock } from '../../support/fake-clock.js';
import { backend, describeWith, openRedis, uniquePrefix } from '../../support/integration.js';
import { connectRedis } from '../../../src/adapters/access/redis/redis-connection.js';

const noBan = { threshold: 0, durationMs: 0, strikeWindowMs: 0 };

describeWith('redis', 'Redis rate limiter', () => {
  let redis: Redis;
  beforeAll(() => {
    redis = openRedis();
  });
  afterAll(async () => {
    await redis.quit();
  });
  /** Buckets each window of a subject's value holds, in the layout src/adapters/access/redis/lua/admit.lua describes. */
  const bucketsIn = async (key: string): Promise<number[]> => {
    const value = (await redis.getBuffer(key)) ?? Buffer.alloc(0);
    const buckets: number[] = [];
    for (let at = 24; at < value.length; at += 24 + 8 * (buckets.at(-1) ?? 0)) buckets.push(value.readUInt32LE(at + 12));
    return buckets;
  };

  describeRateLimiterContract('redis', { fresh: async (clock) => new RedisRateLimiter(redis, { clock, keyPrefix: uniquePrefix() }) });
  describeUsageStoreContract('redis', {
    fresh: async () => new RedisUsageStore(redis, { keyPrefix: uniquePrefix(), clock: new FakeClock() }),
  });

  it('takes the time from Redis when no clock is given', async () => {
    const limiter = new RedisRateLimiter(redis, { keyPrefix: uniquePrefix() });
    const before = Date.now();
    const decision = await limiter.admit('key:time', { windows: windowsFor({ perMinute: 5, perDay: 10 }), ban: noBan });
    expect(decision.outcome).toBe('admitted');
    // Same machine here, so Redis TIME and this process agree to within a second.
    expect(Math.abs(decision.nowMs - before)).toBeLessThan(1_000);
  });

  it('answers from Redis, not with a timeout, when this process was busy past REDIS_TIMEOUT_MS while Redis replied in time', async () => {
    // The client the application builds, with its budget. The calls go out, then this process's
    // event loop is held three budgets long (what a burst, a long collection or a starved CPU does):
    // Redis's replies arrive meanwhile and wait in the socket. They are the answers, not a timeout.
    const connection = await connectRedis({
      topology: { kind: 'standalone', url: backend('redis').url },
      auth: {},
      tls: false,
      timeoutMs: 100,
    });
    try {
      const clock = new FakeClock();
      const keyPrefix = uniquePrefix();
      const limiter = new RedisRateLimiter(connection.client, { clock, keyPrefix, timeoutMs: 100 });
      const usage = new RedisUsageStore(connection.client, { clock, keyPrefix, timeoutMs: 100 });
      const policy: AdmissionPolicy = { windows: windowsFor({ perMinute: 5, perDay: 10 }), ban: noBan };
      const decision = limiter.admit('key:busy', policy);
      const pinged = limiter.ping();
      const read = usage.callers('listPets');
      const until = Date.now() + 300;
      while (Date.now() < until) {
        // busy: no timer and no I/O callback runs until this ends
      }
      await expect(decision).resolves.toMatchObject({ outcome: 'admitted' });
      await expect(pinged).resolves.toBeUndefined();
      await expect(read).resolves.toEqual([]);
    } finally {
      await connection.close();
    }
  });

  it('keeps a subject in one key with a hash tag, named for the layout of its value', () => {
    const limiter = new RedisRateLimiter(redis, { keyPrefix: 'rl:' });
    expect(limiter.keyFor('key:key_abc')).toBe('rl:{key:key_abc}:v2');
  });

  it('keeps memory per key bounded whatever the plan, and lets keys expire', async () => {
    const rows: string[] = [];
    for (const [plan, limits] of Object.entries(PLAN_LIMITS)) {
      const clock = new FakeClock();
      const limiter = new RedisRateLimiter(redis, { clock, keyPrefix: uniquePrefix() });
      const policy: AdmissionPolicy = { windows: windowsFor(limits), ban: noBan };
      const subject = `key:${plan}`;
      // A full day at the plan's daily limit, spread over every minute of it.
      let sent = 0;
      let admitted = 0;
      for (let minute = 0; minute < 1440; minute++) {
        const due = Math.floor(((minute + 1) * limits.perDay) / 1440) - sent;
        const outcomes = await Promise.all(Array.from({ length: due }, () => limiter.admit(subject, policy)));
        admitted += outcomes.filter((d) => d.outcome === 'admitted').length;
        sent += due;
        clock.advance(60_000);
      }
      clock.advance(-60_000);
      expect(admitted).toBe(limits.perDay);
      const key = limiter.keyFor(subject);
      const [minuteBuckets = 0, dayBuckets = 0] = await bucketsIn(key);
      // At most span + 1 buckets, whatever the plan.
      expect(minuteBuckets).toBeLessThanOrEqual(61);
      expect(dayBuckets).toBeGreaterThan(90);
      expect(dayBuckets).toBeLessThanOrEqual(97);
      const bytes = Number(await redis.memory('USAGE', key));
      expect(bytes).toBeLessThan(8_192);
      const dayTtl = await redis.pttl(key);
      expect(dayTtl).toBeGreaterThan(0);
      expect(dayTtl).toBeLessThanOrEqual(86_400_000 + 900_000);
      rows.push(
        `${plan.padEnd(8)} a day at ${String(limits.perDay).padStart(6)}/day:   ${bytes} bytes (minute ${minuteBuckets} buckets, day ${dayBuckets} buckets)`,
      );

      // And a full minute at the plan's minute limit, spread over every second of it.
      const burstSubject = `key:${plan}:minute`;
      let burstAdmitted = 0;
      for (let second = 0; second < 60; second++) {
        const due = Math.floor(((second + 1) * limits.perMinute) / 60) - Math.floor((second * limits.perMinute) / 60);
        const outcomes = await Promise.all(Array.from({ length: due }, () => limiter.admit(burstSubject, policy)));
        burstAdmitted += outcomes.filter((d) => d.outcome === 'admitted').length;
        clock.advance(1_000);
      }
      expect(burstAdmitted).toBe(limits.perMinute);
      const burstKey = limiter.keyFor(burstSubject);
      const [burstBuckets = 0, burstDayBuckets = 0] = await bucketsIn(burstKey);
      expect(burstBuckets).toBeGreaterThan(55);
      expect(burstBuckets).toBeLessThanOrEqual(61);
      const burstBytes = Number(await redis.memory('USAGE', burstKey));
      expect(burstBytes).toBeLessThan(8_192);
      rows.push(
        `${plan.padEnd(8)} a minute at ${String(limits.perMinute).padStart(4)}/min: ${burstBytes} bytes (minute ${burstBuckets} buckets, day ${burstDayBuckets} buckets)`,
      );
    }
    console.info(`[measure] Redis memory per key after a full window of traffic at the plan's limit:\n  ${rows.join('\n  ')}`);
  }, 180_000);

  it("removes a subject's keys once its requests have left the windows", async () => {
    const limiter = new RedisRateLimiter(redis, { keyPrefix: uniquePrefix() });
    const policy: AdmissionPolicy = { windows: [{ name: 'minute', limit: 5, windowMs: 1_000, bucketMs: 100 }], ban: noBan };
    await limiter.admit('key:short', policy);
    const key = limiter.keyFor('key:short');
    expect(await redis.exists(key)).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 1_300));
    expect(await redis.exists(key)).toBe(0);
  });
});
