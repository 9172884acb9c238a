/**
 * What each key used: requests counted per key in buckets of a minute, an hour and a day, by outcome
 * and by operation, and the rules for reading a range of them back.
 */
import type { Outcome } from '../shared/outcome.js';
import { ValidationError } from '../shared/errors.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** Bucket sizes and how long each is kept. */
export const GRANULARITIES = {
  minute: { bucketMs: 60_000, retentionMs: 48 * HOUR_MS, defaultBuckets: 60 },
  hour: { bucketMs: HOUR_MS, retentionMs: 31 * DAY_MS, defaultBuckets: 24 },
  day: { bucketMs: DAY_MS, retentionMs: 400 * DAY_MS, defaultBuckets: 30 },
} as const;
export type Granularity = keyof typeof GRANULARITIES;
export const GRANULARITY_NAMES = Object.keys(GRANULARITIES) as Granularity[];

/** The most buckets one read may return. */
export const MAX_USAGE_BUCKETS = 1_000;

/**
 * Requests in one bucket. `admitted + limited + banned` is every request the key made; among the
 * admitted, those answered 4xx and 5xx are counted again as client and server errors.
 * `byOperation` counts every request of each operation, whatever its outcome.
 */
export interface UsageCounts {
  admitted: number;
  limited: number;
  banned: number;
  clientErrors: number;
  serverErrors: number;
  byOperation: Record<string, number>;
}

export const COUNT_FIELDS = ['admitted', 'limited', 'banned', 'clientErrors', 'serverErrors'] as const;
export type CountField = (typeof COUNT_FIELDS)[number];

export function emptyCounts(): UsageCounts {
  return { admitted: 0, limited: 0, banned: 0, clientErrors: 0, serverErrors: 0, byOperation: {} };
}

/** Adds `from` into `into`. */
export function addCounts(into: UsageCounts, from: UsageCounts): void {
  for (const field of COUNT_FIELDS) into[field] += from[field];
  for (const [operation, n] of Object.entries(from.byOperation)) into.byOperation[operation] = (into.byOperation[operation] ?? 0) + n;
}

/** Counts one request: its rate-limit outcome and, when admitted, the status it was answered with. */
export function countRequest(into: UsageCounts, operation: string, outcome: Outcome, status: number): void {
  into[outcome] += 1;
  if (outcome === 'admitted') {
    if (status >= 500) into.serverErrors += 1;
    else if (status >= 400) into.clientErrors += 1;
  }
  into.byOperation[operation] = (into.byOperation[operation] ?? 0) + 1;
}

export function bucketStart(atMs: number, granularity: Granularity): number {
  const { bucketMs } = GRANULARITIES[granularity];
  return Math.floor(atMs / bucketMs) * bucketMs;
}

/** When a bucket beginning at `startMs` may be forgotten. */
export function bucketExpiresAt(startMs: number, granularity: Granularity): number {
  const { bucketMs, retentionMs } = GRANULARITIES[granularity];
  return startMs + bucketMs + retentionMs;
}

/** A range of buckets to read: the first bucket's start and the last one's, both included. */
export interface BucketRange {
  readonly granularity: Granularity;
  readonly firstMs: number;
  readonly lastMs: number;
}

/**
 * The buckets a read covers: those that overlap [from, to). By default `to` is just after now, so the
 * current bucket is the last, and `from` makes the range 60 minutes, 24 hours or 30 days of buckets.
 * Buckets that have not begun are left out. A range reaching further back than the granularity
 * keeps, or covering more than 1,000 buckets, is refused; so is one whose `from` is not before its `to`.
 */
export function bucketRange(granularity: Granularity, nowMs: number, fromMs?: number, toMs?: number): BucketRange {
  const { bucketMs, retentionMs, defaultBuckets } = GRANULARITIES[granularity];
  if (fromMs !== undefined && toMs !== undefined && fromMs >= toMs) throw new ValidationError('from', 'from must be before to');
  // `to` defaults to now, so a `from` after now is a range that ends before it begins.
  if (fromMs !== undefined && toMs === undefined && fromMs > nowMs) {
    throw new ValidationError('from', 'from is in the future, where nothing is counted yet; give a from before now (to defaults to now)');
  }
  // The last bucket that begins before `to`, and has begun.
  const lastMs = Math.min(toMs === undefined ? Infinity : bucketStart(toMs - 1, granularity), bucketStart(nowMs, granularity));
  const firstMs = fromMs === undefined ? lastMs - (defaultBuckets - 1) * bucketMs : bucketStart(fromMs, granularity);
  if (firstMs < bucketStart(nowMs - retentionMs, granularity)) {
    throw new ValidationError(
      fromMs === undefined ? 'to' : 'from',
      `the range begins more than the ${retentionText(granularity)} ago that ${granularity} buckets are ` +
        `kept; move from (or to) later${granularity === 'day' ? '' : ', or ask for a coarser granularity'}`,
    );
  }
  // Stryker disable next-line ConditionalExpression,EqualityOperator: an empty range (from after now) counts 0 or less either way, under the bound
  const count = lastMs < firstMs ? 0 : (lastMs - firstMs) / bucketMs + 1;
  if (count > MAX_USAGE_BUCKETS) {
    // only minutes can cover 1,000 buckets within their retention (48 hours); hours (31 days) and days
    // (400) cannot
    // Stryker disable next-line ConditionalExpression,StringLiteral: as above
    const coarser = granularity === 'day' ? '' : ' or ask for a coarser granularity';
    throw new ValidationError(
      'to',
      `from and to cover ${count} ${granularity} buckets; at most ${MAX_USAGE_BUCKETS} may be read at once: narrow the range${coarser}`,
    );
  }
  return { granularity, firstMs, lastMs };
}

/** How long buckets of a granularity are kept, in words. */
export function retentionText(granularity: Granularity): string {
  return { minute: '48 hours', hour: '31 days', day: '400 days' }[granularity];
}

/** One bucket as read back, its start included. */
export interface UsageBucket extends UsageCounts {
  readonly startMs: number;
}

/** Every bucket of the range, oldest first, the empty ones included. */
export function fillRange(range: BucketRange, stored: ReadonlyMap<number, UsageCounts>): UsageBucket[] {
  const { bucketMs } = GRANULARITIES[range.granularity];
  const buckets: UsageBucket[] = [];
  for (let start = range.firstMs; start <= range.lastMs; start += bucketMs) {
    buckets.push({ startMs: start, ...(stored.get(start) ?? emptyCounts()) });
  }
  return buckets;
}
