/**
 * Usage counts in Redis, shared by every instance: one hash per key, granularity and bucket, added to
 * with HINCRBY (instances' flushes add up in any order) and expiring once past its retention; one hash
 * per key of its first and last call per operation (a minimum and a maximum); and per operation, a
 * set of the keys that called it. A key's hashes carry its id as hash tag, so they live in one Redis
 * Cluster slot and one script call per key writes them all; the calls of a flush are sent together.
 */
import {
  bucketExpiresAt,
  COUNT_FIELDS,
  emptyCounts,
  GRANULARITIES,
  type Granularity,
  type UsageCounts,
} from '../../../domain/access/usage.js';
import { rollUp, type OperationCaller, type UsageEntry, type UsageStore } from '../../../application/access/ports/usage-store.js';
import { systemClock, type Clock } from '../../../application/shared/ports/clock.js';
import { Cluster } from 'ioredis';
import { boundedCall, type RedisClient } from './redis-connection.js';
import { defineScripts, type ScriptCommands } from './redis-scripts.js';

/** Sightings and the callers sets are kept as long as the longest buckets. */
const SEEN_TTL_MS = GRANULARITIES.day.retentionMs;
const OPERATION_FIELD = 'op:';

/** What a flush calls, on the client or on a pipeline. */
interface Target {
  sadd(key: string, ...members: string[]): unknown;
  pexpire(key: string, ms: number): unknown;
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
    defineScripts(redis);
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

  /** One script call per key, and per operation one SADD of its callers: a few commands per key, not one per counter. */
  add(entries: readonly UsageEntry[]): Promise<void> {
    const { buckets, sightings } = rollUp(entries);
    const nowMs = (this.options.clock ?? systemClock).nowMs();
    const byKey = new Map<string, { keys: string[]; buckets: (string | number)[]; seen: (string | number)[] }>();
    const call = (keyId: string) => {
      let found = byKey.get(keyId);
      if (!found) {
        found = { keys: [], buckets: [], seen: [] };
        byKey.set(keyId, found);
      }
      return found;
    };
    for (const { keyId, granularity, startMs, counts } of buckets) {
      const fields: (string | number)[] = [];
      for (const field of COUNT_FIELDS) if (counts[field] > 0) fields.push(field, counts[field]);
      for (const [operation, n] of Object.entries(counts.byOperation)) fields.push(`${OPERATION_FIELD}${operation}`, n);
      const target = call(keyId);
      target.keys.push(this.bucketKey(keyId, granularity, startMs));
      // Kept for its retention after the bucket ends: a relative expiry, as the limiter's keys have.
      target.buckets.push(Math.max(1, bucketExpiresAt(startMs, granularity) - nowMs), fields.length / 2, ...fields);
    }
    const callers = new Map<string, string[]>();
    for (const { operation, keyId, firstSeenMs, lastSeenMs } of sightings) {
      call(keyId).seen.push(operation, firstSeenMs, lastSeenMs);
      const keyIds = callers.get(operation);
      if (keyIds) keyIds.push(keyId);
      else callers.set(operation, [keyId]);
    }
    const calls: ((target: Target) => unknown)[] = [];
    for (const [keyId, { keys, buckets: bucketArgs, seen }] of byKey) {
      const allKeys = [...keys, this.seenKey(keyId)];
      calls.push((target) =>
        (target as unknown as ScriptCommands).addUsage(allKeys.length, ...allKeys, ...bucketArgs, SEEN_TTL_MS, ...seen),
      );
    }
    for (const [operation, keyIds] of callers) {
      calls.push((target) => target.sadd(this.callersKey(operation), ...keyIds));
      calls.push((target) => target.pexpire(this.callersKey(operation), SEEN_TTL_MS));
    }
    // A cluster spreads the keys over its nodes, and an ioredis pipeline serves one slot: there each
    // call goes on its own. One server takes the whole flush in one pipeline (one write, one round trip).
    if (this.redis instanceof Cluster) {
      const cluster = this.redis;
      return this.bounded(Promise.all(calls.map((call) => call(cluster))).then(() => undefined));
    }
    const pipeline = this.redis.pipeline();
    for (const call of calls) call(pipeline);
    return this.bounded(pipeline.exec().then(failedIn));
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
    return boundedCall(work, this.options.timeoutMs);
  }
}

/** A pipeline resolves with each command's error or result: the first error fails the flush. */
function failedIn(results: [Error | null, unknown][] | null): void {
  const failed = results?.find(([error]) => error !== null)?.[0];
  if (failed) throw failed;
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
