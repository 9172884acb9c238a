/**
 * What one rate-limit decision costs Redis, the resource every instance shares: Redis's own time per
 * decision (INFO commandstats: the script's microseconds divided by the decisions in its calls) and
 * decisions per second through one client with 64 in flight. The subjects' windows are first filled
 * as a busy key's are (every bucket of the day window, then every second of the last minute), on a
 * clock of the bench's own, so that each decision reads and writes full windows.
 *
 *   npm run build:bench && REDIS_URL=redis://127.0.0.1:6379 node dist-bench/bench/limiter-redis.js
 *
 * LIMITER_SUBJECTS (1000) and LIMITER_DECISIONS (200000) size the run. Use a Redis that nothing else
 * is using: the keys it writes expire within a day.
 */
import { Redis } from 'ioredis';
import { RedisRateLimiter } from '../src/adapters/access/redis/redis-rate-limiter.js';
import { windowsFor, type AdmissionPolicy } from '../src/domain/access/rate-limit.js';

const url = process.env.REDIS_URL;
if (!url) {
  process.stderr.write('Set REDIS_URL to a Redis this bench may write to (redis://127.0.0.1:6379).\n');
  process.exit(2);
}
const SUBJECTS = Number(process.env.LIMITER_SUBJECTS ?? 1000);
const DECISIONS = Number(process.env.LIMITER_DECISIONS ?? 200_000);
const policy: AdmissionPolicy = {
  windows: windowsFor({ perMinute: 1_000_000_000, perDay: 1_000_000_000 }),
  ban: { threshold: 3, durationMs: 60_000, strikeWindowMs: 60_000 },
};

const redis = new Redis(url);
const clock = { ms: Date.now() - 86_400_000, nowMs: () => clock.ms };
const limiter = new RedisRateLimiter(redis, { clock, keyPrefix: `bench-limiter-${Date.now()}:` });
const subject = (i: number) => `key:bench-${i % SUBJECTS}`;

/** Decides `count` requests with 64 in flight, calling `step` before each (to move the clock). */
async function decide(count: number, step: (i: number) => void): Promise<number> {
  let next = 0;
  const started = process.hrtime.bigint();
  const worker = async () => {
    while (next < count) {
      const i = next++;
      step(i);
      await limiter.admit(subject(i), policy);
    }
  };
  await Promise.all(Array.from({ length: 64 }, worker));
  return Number(process.hrtime.bigint() - started) / 1e9;
}

/** The script's calls and microseconds inside Redis so far. */
async function scriptStats(): Promise<{ calls: number; usec: number }> {
  const info = await redis.info('commandstats');
  let calls = 0;
  let usec = 0;
  for (const match of info.matchAll(/^cmdstat_(?:evalsha|eval):calls=(\d+),usec=(\d+)/gm)) {
    calls += Number(match[1]);
    usec += Number(match[2]);
  }
  return { calls, usec };
}

// Fill: one request per subject in each quarter hour of the day before, then one a second for a minute.
for (let quarter = 0; quarter < 96; quarter++) {
  clock.ms += 900_000;
  await decide(SUBJECTS, () => undefined);
}
clock.ms = Date.now() - 61_000;
await decide(SUBJECTS * 61, (i) => (clock.ms += i % SUBJECTS === 0 ? 1_000 : 0));

// Measure: the clock moves on a second for every round of the subjects.
const before = await scriptStats();
const seconds = await decide(DECISIONS, (i) => (clock.ms += i % SUBJECTS === 0 ? 1_000 : 0));
const after = await scriptStats();
const calls = after.calls - before.calls;
const usec = after.usec - before.usec;
process.stdout.write(
  `${DECISIONS} decisions over ${SUBJECTS} subjects with full windows, 64 in flight: ` +
    `${Math.round(DECISIONS / seconds)} decisions/s through one client; ` +
    `${calls} script calls (${(DECISIONS / calls).toFixed(1)} decisions each); ` +
    `Redis time ${(usec / DECISIONS).toFixed(1)} µs per decision (${(usec / calls).toFixed(0)} µs per call)\n`,
);
await redis.quit();
