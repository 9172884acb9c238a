/** The rate limiter contract on Redis, plus what only Redis has: shared time, bounded memory, expiry. */
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { RedisRateLimiter } from '../../src/adapters/redis/redis-rate-limiter.js';
import { PLAN_LIMITS } from '../../src/domain/plans.js';
import { windowsFor, type AdmissionPolicy } from '../../src/domain/rate-limit.js';
import { describeRateLimiterContract } from '../contracts/rate-limiter.contract.js';
import { describeUsageStoreContract } from '../contracts/usage-store.contract.js';
import { RedisUsageStore } from '../../src/adapters/redis/redis-usage-store.js';
import { FakeClock } from '../support/fake-clock.js';
import { describeWith, openRedis, uniquePrefix } from '../support/integration.js';

const noBan = { threshold: 0, durationMs: 0, strikeWindowMs: 0 };

describeWith('redis', 'Redis rate limiter', () => {
  let redis: Redis;
  beforeAll(() => {
    redis = openRedis();
  });
  afterAll(async () => {
    await redis.quit();
  });

  describeRateLimiterContract('redis', { fresh: async (clock) => new RedisRateLimiter(redis, { clock, keyPrefix: uniquePrefix() }) });
  describeUsageStoreContract('redis', { fresh: async () => new RedisUsageStore(redis, { keyPrefix: uniquePrefix(), clock: new FakeClock() }) });

  it('takes the time from Redis when no clock is given', async () => {
    const limiter = new RedisRateLimiter(redis, { keyPrefix: uniquePrefix() });
    const before = Date.now();
    const decision = await limiter.admit('key:time', { windows: windowsFor({ perMinute: 5, perDay: 10 }), ban: noBan });
    expect(decision.outcome).toBe('admitted');
    // Same machine here, so Redis TIME and this process agree to within a second.
    expect(Math.abs(decision.nowMs - before)).toBeLessThan(1_000);
  });

  it('names keys with one hash tag per subject, so a subject lives in one cluster slot', () => {
    const limiter = new RedisRateLimiter(redis, { keyPrefix: 'rl:' });
    const keys = limiter.keysFor('key:key_abc', { windows: windowsFor({ perMinute: 1, perDay: 1 }), ban: noBan });
    expect(keys).toEqual(['rl:{key:key_abc}:ban', 'rl:{key:key_abc}:minute', 'rl:{key:key_abc}:day']);
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
      const [, minuteKey, dayKey] = limiter.keysFor(subject, policy) as [string, string, string];
      const [minuteFields, dayFields] = [await redis.hlen(minuteKey), await redis.hlen(dayKey)];
      // At most span + 1 buckets plus 3 bookkeeping fields, whatever the plan.
      expect(minuteFields).toBeLessThanOrEqual(61 + 3);
      expect(dayFields).toBeLessThanOrEqual(97 + 3);
      const bytes = Number(await redis.memory('USAGE', minuteKey)) + Number(await redis.memory('USAGE', dayKey));
      expect(bytes).toBeLessThan(8_192);
      const dayTtl = await redis.pttl(dayKey);
      expect(dayTtl).toBeGreaterThan(0);
      expect(dayTtl).toBeLessThanOrEqual(86_400_000 + 900_000);
      rows.push(`${plan.padEnd(8)} a day at ${String(limits.perDay).padStart(6)}/day:   ${bytes} bytes (minute ${minuteFields} fields, day ${dayFields} fields)`);

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
      const [, burstMinute, burstDay] = limiter.keysFor(burstSubject, policy) as [string, string, string];
      const burstFields = await redis.hlen(burstMinute);
      expect(burstFields).toBeLessThanOrEqual(61 + 3);
      const burstBytes = Number(await redis.memory('USAGE', burstMinute)) + Number(await redis.memory('USAGE', burstDay));
      expect(burstBytes).toBeLessThan(8_192);
      rows.push(`${plan.padEnd(8)} a minute at ${String(limits.perMinute).padStart(4)}/min: ${burstBytes} bytes (minute ${burstFields} fields, day ${await redis.hlen(burstDay)} fields)`);
    }
    console.info(`[measure] Redis memory per key after a full window of traffic at the plan's limit:\n  ${rows.join('\n  ')}`);
  }, 180_000);

  it('removes a subject\'s keys once its requests have left the windows', async () => {
    const limiter = new RedisRateLimiter(redis, { keyPrefix: uniquePrefix() });
    const policy: AdmissionPolicy = { windows: [{ name: 'minute', limit: 5, windowMs: 1_000, bucketMs: 100 }], ban: noBan };
    await limiter.admit('key:short', policy);
    const [, key] = limiter.keysFor('key:short', policy) as [string, string];
    expect(await redis.exists(key)).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 1_300));
    expect(await redis.exists(key)).toBe(0);
  });
});
