/**
 * Counting what each key used without a network round trip on the request path: every instance adds
 * requests up in memory, per key and minute, and flushes them to the shared UsageStore in one batch
 * every few seconds. Counts from every instance add up there, exactly when nothing fails.
 *
 * What a crash loses is what was not flushed yet: at most one flush interval of requests, plus any
 * batch a failing store could not take (kept and retried, up to `maxEntries` key-minutes; beyond
 * that, new counts are dropped and reported).
 */
import { bucketStart, countRequest, emptyCounts, type UsageCounts } from '../../../domain/access/usage.js';
import type { Outcome } from '../../../domain/shared/outcome.js';
import type { Clock } from '../../shared/ports/clock.js';
import type { UsageStore } from '../ports/usage-store.js';

interface PendingEntry {
  readonly keyId: string;
  readonly minuteMs: number;
  readonly counts: UsageCounts;
  readonly seen: Record<string, { firstMs: number; lastMs: number }>;
}

/** Key-minutes per store call: a thousand keys' minute in two calls. */
const DEFAULT_BATCH_SIZE = 500;

export interface UsageRecorderEvents {
  /** A flush failed; its entries are kept for the next one. */
  flushFailed(error: unknown, entries: number): void;
  /** Requests not counted because `maxEntries` key-minutes were already waiting. */
  dropped(requests: number): void;
}

export interface UsageRecorderOptions {
  /** Most key-minutes held in memory between flushes (each a few hundred bytes). */
  readonly maxEntries: number;
  /** Most key-minutes handed to the store in one call, so that each call fits the store's timeout. */
  readonly batchSize?: number;
  readonly events?: UsageRecorderEvents;
}

export class UsageRecorder {
  /** The current minute's entry of each key seen in it. */
  private current = new Map<string, PendingEntry>();
  /** Entries of past minutes, and those a failed flush handed back. */
  private sealed: PendingEntry[] = [];
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly store: UsageStore,
    private readonly clock: Clock,
    private readonly options: UsageRecorderOptions,
  ) {}

  /** Counts one request by a key: under which operation, what the limiter decided, and its status. */
  record(keyId: string, operation: string, outcome: Outcome, status: number): void {
    const nowMs = this.clock.nowMs();
    const minuteMs = bucketStart(nowMs, 'minute');
    let entry = this.current.get(keyId);
    if (entry === undefined || entry.minuteMs !== minuteMs) {
      if (this.current.size + this.sealed.length >= this.options.maxEntries) {
        this.options.events?.dropped(1);
        return;
      }
      if (entry !== undefined) this.sealed.push(entry);
      entry = { keyId, minuteMs, counts: emptyCounts(), seen: {} };
      this.current.set(keyId, entry);
    }
    countRequest(entry.counts, operation, outcome, status);
    const seen = entry.seen[operation];
    if (seen === undefined) entry.seen[operation] = { firstMs: nowMs, lastMs: nowMs };
    else seen.lastMs = Math.max(seen.lastMs, nowMs);
  }

  /** How many key-minutes wait for the next flush. */
  get pending(): number {
    return this.current.size + this.sealed.length;
  }

  /**
   * Hands everything counted so far to the store in one batch. Flushes run one at a time; a failed
   * one keeps its entries for the next. Resolves once this flush is done, whatever its outcome.
   */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.flushNow());
    return this.flushing;
  }

  private async flushNow(): Promise<void> {
    const entries: PendingEntry[] = [...this.sealed, ...this.current.values()];
    // Stryker disable next-line ConditionalExpression: with nothing counted, the lines below send nothing either
    if (entries.length === 0) return;
    this.sealed = [];
    this.current = new Map();
    const batchSize = this.options.batchSize ?? DEFAULT_BATCH_SIZE;
    for (let from = 0; from < entries.length; from += batchSize) {
      try {
        await this.store.add(entries.slice(from, from + batchSize));
      } catch (error) {
        // This batch and those not sent yet wait for the next flush; the store is failing.
        const unsent = entries.slice(from);
        this.options.events?.flushFailed(error, unsent.length);
        this.keep(unsent);
        return;
      }
    }
  }

  /** Hands entries back for the next flush, as many as there is room for; the rest are dropped and reported. */
  private keep(entries: PendingEntry[]): void {
    const room = Math.max(0, this.options.maxEntries - this.pending);
    let lost = 0;
    for (const entry of entries.slice(room)) lost += requestsIn(entry.counts);
    this.sealed.unshift(...entries.slice(0, room));
    if (lost > 0) this.options.events?.dropped(lost);
  }
}

function requestsIn(counts: UsageCounts): number {
  return counts.admitted + counts.limited + counts.banned;
}
