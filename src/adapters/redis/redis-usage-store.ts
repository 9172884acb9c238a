/**
 * Usage counts in Redis, shared by every instance: one hash per key, granularity and bucket, added to
 * with HINCRBY (instances' flushes add up in any order) and expiring once past its retention; one hash
 * per key of its first and last call per operation, moved by a short script (a minimum and a maximum);
 * and per operation, a set of the keys that called it. A key's hashes carry its id as hash tag, so
 * each lives in one Redis Cluster slot; commands are sent together, not one round trip each.
 */
import { bucketExpiresAt, COUNT_FIELDS, emptyCounts, GRANULARITIES, type Granularity, type UsageCounts } from '../../domain/usage.js';
import { rollUp, type OperationCaller, type UsageEntry, type UsageStore } from '../../application/ports/usage-store.js';
import { within } from '../../application/within.js';
import { systemClock, type Clock } from '../../application/ports/clock.js';
import type { RedisClient } from './redis-connection.js';

/**
 * Keeps the earliest first call and the latest last call per operation as "<first ms>:<last ms>".
 * ARGV: triples (operation, first ms, last ms), then how long the hash is kept (ms).
 */
const SEE_SCRIPT = `
for i = 1, #ARGV - 1, 3 do
  local first, last = tonumber(ARGV[i + 1]), tonumber(ARGV[i + 2])
  local known = redis.call('HGET', KEYS[1], ARGV[i])
  if known then
    local f, l = string.match(known, '^(%d+):(%d+)$')
    first, last = math.min(first, tonumber(f)), math.max(last, tonumber(l))
  end
  redis.call('HSET', KEYS[1], ARGV[i], string.format('%d:%d', first, last))
end
redis.call('PEXPIRE', KEYS[1], ARGV[#ARGV])
return 1
`;

/** Sightings and the callers sets are kept as long as the longest buckets. */
const SEEN_TTL_MS = GRANULARITIES.day.retentionMs;
const OPERATION_FIELD = 'op:';

interface SeeCommand {
  seeUsage(numberOfKeys: number, ...keysAndArgs: (string | number)[]): Promise<number>;
}

export interface RedisUsageStoreOptions {
  readonly keyPrefix?: string;
  /** The clock retention is counted from (the system's by default; tests move one by hand). */
  readonly clock?: Clock;
  /** Longest wait for one flush or read. */
  readonly timeoutMs?: number;
}

export class RedisUsageStore implements UsageStore {
  private readonly prefix: string;

  constructor(
    private readonly redis: RedisClient,
    private readonly options: RedisUsageStoreOptions = {},
  ) {
    this.prefix = `${options.keyPrefix ?? 'rl:'}usage:`;
    if (!(redis as unknown as Partial<SeeCommand>).seeUsage) {
      redis.defineCommand('seeUsage', { lua: SEE_SCRIPT });
    }
  }

  private bucketKey(keyId: string, granularity: Granularity, startMs: number): string {
    return `${this.prefix}{${keyId}}:${granularity}:${startMs}`;
  }

  private seenKey(keyId: string): string {
    return `${this.prefix}{${keyId}}:seen`;
  }

  private callersKey(operation: string): string {
    return `${this.prefix}callers:${operation}`;
  }

  add(entries: readonly UsageEntry[]): Promise<void> {
    const { buckets, sightings } = rollUp(entries);
    const writes: Promise<unknown>[] = [];
    const nowMs = (this.options.clock ?? systemClock).nowMs();
    for (const { keyId, granularity, startMs, counts } of buckets) {
      const key = this.bucketKey(keyId, granularity, startMs);
      const fields: [string, number][] = COUNT_FIELDS.filter((field) => counts[field] > 0).map((field) => [field, counts[field]]);
      for (const [operation, n] of Object.entries(counts.byOperation)) fields.push([`${OPERATION_FIELD}${operation}`, n]);
      for (const [field, n] of fields) writes.push(this.redis.hincrby(key, field, n));
      // Kept for its retention after the bucket ends: a relative expiry, as the limiter's keys have.
      writes.push(this.redis.pexpire(key, Math.max(1, bucketExpiresAt(startMs, granularity) - nowMs)));
    }
    const byKey = new Map<string, (string | number)[]>();
    for (const { operation, keyId, firstSeenMs, lastSeenMs } of sightings) {
      const args = byKey.get(keyId) ?? [];
      args.push(operation, firstSeenMs, lastSeenMs);
      byKey.set(keyId, args);
      writes.push(this.redis.sadd(this.callersKey(operation), keyId), this.redis.pexpire(this.callersKey(operation), SEEN_TTL_MS));
    }
    for (const [keyId, args] of byKey) {
      writes.push((this.redis as unknown as SeeCommand).seeUsage(1, this.seenKey(keyId), ...args, SEEN_TTL_MS));
    }
    return this.bounded(Promise.all(writes).then(() => undefined));
  }

  read(keyId: string, granularity: Granularity, firstMs: number, lastMs: number): Promise<Map<number, UsageCounts>> {
    const { bucketMs } = GRANULARITIES[granularity];
    const starts: number[] = [];
    for (let start = firstMs; start <= lastMs; start += bucketMs) starts.push(start);
    return this.bounded(
      Promise.all(starts.map((start) => this.redis.hgetall(this.bucketKey(keyId, granularity, start)))).then((hashes) => {
        const found = new Map<number, UsageCounts>();
        hashes.forEach((hash, i) => {
          if (Object.keys(hash).length > 0) found.set(starts[i] as number, countsOf(hash));
        });
        return found;
      }),
    );
  }

  callers(operation: string): Promise<OperationCaller[]> {
    return this.bounded(
      (async () => {
        const keyIds = await this.redis.smembers(this.callersKey(operation));
        const seen = await Promise.all(keyIds.map((keyId) => this.redis.hget(this.seenKey(keyId), operation)));
        const callers: OperationCaller[] = [];
        keyIds.forEach((keyId, i) => {
          const times = parseSeen(seen[i]);
          if (times) callers.push({ keyId, firstSeenMs: times[0], lastSeenMs: times[1] });
        });
        return callers;
      })(),
    );
  }

  lastSeen(keyIds: readonly string[]): Promise<Map<string, number>> {
    return this.bounded(
      Promise.all(keyIds.map((keyId) => this.redis.hvals(this.seenKey(keyId)))).then((values) => {
        const found = new Map<string, number>();
        values.forEach((fields, i) => {
          for (const field of fields) {
            const times = parseSeen(field);
            if (times) found.set(keyIds[i] as string, Math.max(found.get(keyIds[i] as string) ?? 0, times[1]));
          }
        });
        return found;
      }),
    );
  }

  private bounded<T>(work: Promise<T>): Promise<T> {
    const { timeoutMs } = this.options;
    if (timeoutMs === undefined) return work;
    return within(work, timeoutMs, () => new Error(`Redis did not answer within ${timeoutMs} ms (timed out)`));
  }
}

function parseSeen(value: string | null | undefined): [number, number] | null {
  const match = value ? /^(\d+):(\d+)$/.exec(value) : null;
  return match ? [Number(match[1]), Number(match[2])] : null;
}

function countsOf(hash: Record<string, string>): UsageCounts {
  const counts = emptyCounts();
  for (const [field, value] of Object.entries(hash)) {
    if (field.startsWith(OPERATION_FIELD)) counts.byOperation[field.slice(OPERATION_FIELD.length)] = Number(value);
    else if ((COUNT_FIELDS as readonly string[]).includes(field)) counts[field as (typeof COUNT_FIELDS)[number]] = Number(value);
  }
  return counts;
}
