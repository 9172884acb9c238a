/**
 * Reading usage back: a key's buckets over a range (for operators, and for the key holder about its
 * own key), when keys were last used, and who still calls a deprecated operation.
 */
import { KeyNotFoundError } from '../../../domain/access/errors.js';
import {
  bucketRange,
  bucketStart,
  fillRange,
  GRANULARITIES,
  type Granularity,
  type UsageBucket,
  type UsageCounts,
} from '../../../domain/access/usage.js';
import type { DeprecatedOperation } from '../../../domain/shared/deprecation.js';
import type { ApiKeyStore } from '../ports/api-key-store.js';
import type { Clock } from '../../shared/ports/clock.js';
import type { UsageStore } from '../ports/usage-store.js';

export interface UsageReport {
  readonly keyId: string;
  readonly granularity: Granularity;
  readonly buckets: UsageBucket[];
}

export interface UsageQuery {
  readonly granularity: Granularity;
  readonly fromMs?: number;
  readonly toMs?: number;
}

export interface DeprecationCaller {
  readonly keyId: string;
  readonly name: string | null;
  readonly ownerId: string | null;
  readonly calls7d: number;
  readonly calls30d: number;
  readonly firstSeenMs: number;
  readonly lastSeenMs: number;
}

export interface DeprecationReport {
  readonly operation: string;
  readonly deprecatedAtMs: number;
  readonly sunsetAtMs: number;
  readonly callers: DeprecationCaller[];
}

const HOURS_7D = 7 * 24;
const HOURS_30D = 30 * 24;

export class ReadUsage {
  constructor(
    private readonly usage: UsageStore,
    private readonly keys: ApiKeyStore,
    private readonly clock: Clock,
    private readonly deprecations: readonly DeprecatedOperation[],
  ) {}

  /** Any key's usage, for operators: an unknown id is not found. */
  async ofKey(keyId: string, query: UsageQuery): Promise<UsageReport> {
    if (!(await this.keys.findById(keyId))) throw new KeyNotFoundError(keyId);
    return this.ofOwnKey(keyId, query);
  }

  /** The calling key's own usage (it exists: it just authenticated). */
  async ofOwnKey(keyId: string, query: UsageQuery): Promise<UsageReport> {
    const range = bucketRange(query.granularity, this.clock.nowMs(), query.fromMs, query.toMs);
    // Stryker disable next-line ConditionalExpression: saves a read; a store reads nothing for a range that ends before it begins
    const stored =
      range.lastMs < range.firstMs
        ? new Map<number, UsageCounts>()
        : await this.usage.read(keyId, range.granularity, range.firstMs, range.lastMs);
    return { keyId, granularity: query.granularity, buckets: fillRange(range, stored) };
  }

  /** When each key was last seen; absent for keys never used. */
  lastUsed(keyIds: readonly string[]): Promise<Map<string, number>> {
    // Stryker disable next-line ConditionalExpression: saves a call; a store finds nothing for no keys
    return keyIds.length === 0 ? Promise.resolve(new Map<string, number>()) : this.usage.lastSeen(keyIds);
  }

  /**
   * Every deprecated operation with the keys that called it, most recent caller first. Calls are
   * counted in whole hours: the last 168 (or 720) hour buckets, the current one included.
   */
  async deprecationReport(): Promise<DeprecationReport[]> {
    const nowHour = bucketStart(this.clock.nowMs(), 'hour');
    const { bucketMs } = GRANULARITIES.hour;
    return Promise.all(
      this.deprecations.map(async ({ operation, deprecatedAtMs, sunsetAtMs }) => {
        const callers = await this.usage.callers(operation);
        const rows = await Promise.all(
          callers.map(async (caller) => {
            const [record, hours] = await Promise.all([
              this.keys.findById(caller.keyId),
              this.usage.read(caller.keyId, 'hour', nowHour - (HOURS_30D - 1) * bucketMs, nowHour),
            ]);
            let calls7d = 0;
            let calls30d = 0;
            for (const [startMs, counts] of hours) {
              const calls = counts.byOperation[operation] ?? 0;
              calls30d += calls;
              if (startMs > nowHour - HOURS_7D * bucketMs) calls7d += calls;
            }
            return {
              keyId: caller.keyId,
              name: record?.name ?? null,
              ownerId: record?.ownerId ?? null,
              calls7d,
              calls30d,
              firstSeenMs: caller.firstSeenMs,
              lastSeenMs: caller.lastSeenMs,
            };
          }),
        );
        rows.sort((a, b) => b.lastSeenMs - a.lastSeenMs || (a.keyId < b.keyId ? -1 : 1));
        return { operation, deprecatedAtMs, sunsetAtMs, callers: rows };
      }),
    );
  }
}
