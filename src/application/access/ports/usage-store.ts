/** Port: where every instance's usage counts meet, so that they add up. */
import {
  addCounts,
  bucketStart,
  emptyCounts,
  GRANULARITY_NAMES,
  type Granularity,
  type UsageCounts,
} from '../../../domain/access/usage.js';

/** What one instance counted for one key in one minute, since its last flush. */
export interface UsageEntry {
  readonly keyId: string;
  /** The start of the minute the requests came in. */
  readonly minuteMs: number;
  readonly counts: UsageCounts;
  /** Per operation called, the first and the latest request's time within the entry. */
  readonly seen: Readonly<Record<string, { readonly firstMs: number; readonly lastMs: number }>>;
}

/** When a key first and last called an operation. */
export interface OperationCaller {
  readonly keyId: string;
  readonly firstSeenMs: number;
  readonly lastSeenMs: number;
}

export interface UsageStore {
  /**
   * Adds the entries to the minute, hour and day buckets that hold them, and moves each key's first
   * and last sightings per operation. Adding is commutative: instances flush in any order.
   */
  add(entries: readonly UsageEntry[]): Promise<void>;
  /** The non-empty buckets of a key from `firstMs` to `lastMs` (bucket starts, both included). */
  read(keyId: string, granularity: Granularity, firstMs: number, lastMs: number): Promise<Map<number, UsageCounts>>;
  /** Every key that ever called `operation`, with when it first and last did. */
  callers(operation: string): Promise<OperationCaller[]>;
  /** When each key was last seen calling anything; keys never seen are absent. */
  lastSeen(keyIds: readonly string[]): Promise<Map<string, number>>;
}

/** One bucket's share of a batch: what a flush adds to it. */
export interface BucketIncrement {
  readonly keyId: string;
  readonly granularity: Granularity;
  readonly startMs: number;
  readonly counts: UsageCounts;
}

/** One key's sightings of one operation in a batch. */
export interface CallerSighting extends OperationCaller {
  readonly operation: string;
}

/**
 * A batch as the buckets and sightings it changes: entries falling in one bucket are added up first,
 * so that a store writes each bucket once per flush.
 */
export function rollUp(entries: readonly UsageEntry[]): { buckets: BucketIncrement[]; sightings: CallerSighting[] } {
  const buckets = new Map<string, BucketIncrement>();
  const sightings = new Map<string, CallerSighting>();
  for (const entry of entries) {
    for (const granularity of GRANULARITY_NAMES) {
      const startMs = bucketStart(entry.minuteMs, granularity);
      const id = `${entry.keyId}|${granularity}|${startMs}`;
      let bucket = buckets.get(id);
      if (!bucket) {
        bucket = { keyId: entry.keyId, granularity, startMs, counts: emptyCounts() };
        buckets.set(id, bucket);
      }
      addCounts(bucket.counts, entry.counts);
    }
    for (const [operation, { firstMs, lastMs }] of Object.entries(entry.seen)) {
      const id = `${operation}|${entry.keyId}`;
      const known = sightings.get(id);
      sightings.set(id, {
        operation,
        keyId: entry.keyId,
        firstSeenMs: Math.min(known?.firstSeenMs ?? firstMs, firstMs),
        lastSeenMs: Math.max(known?.lastSeenMs ?? lastMs, lastMs),
      });
    }
  }
  return { buckets: [...buckets.values()], sightings: [...sightings.values()] };
}
