/**
 * Usage counts in memory, for one process: the buckets of each key by granularity, forgotten once
 * past their retention, and each key's first and last call per operation.
 */
import { addCounts, bucketExpiresAt, type Granularity, type UsageCounts } from '../../../domain/access/usage.js';
import type { Clock } from '../../../application/shared/ports/clock.js';
import { rollUp, type OperationCaller, type UsageEntry, type UsageStore } from '../../../application/access/ports/usage-store.js';
import { SweepSchedule } from '../../shared/memory/memory-kit.js';

/** How often buckets past their retention are dropped. */
const SWEEP_EVERY_MS = 60_000;

export class MemoryUsageStore implements UsageStore {
  /** Key id, then granularity, then bucket start. */
  private readonly buckets = new Map<string, Map<Granularity, Map<number, UsageCounts>>>();
  /** Operation, then key id. */
  private readonly seen = new Map<string, Map<string, { firstSeenMs: number; lastSeenMs: number }>>();
  private readonly sweeps = new SweepSchedule(SWEEP_EVERY_MS);

  constructor(private readonly clock: Clock) {}

  async add(entries: readonly UsageEntry[]): Promise<void> {
    this.sweep();
    const { buckets, sightings } = rollUp(entries);
    for (const { keyId, granularity, startMs, counts } of buckets) {
      let byGranularity = this.buckets.get(keyId);
      if (!byGranularity) {
        byGranularity = new Map();
        this.buckets.set(keyId, byGranularity);
      }
      let byStart = byGranularity.get(granularity);
      if (!byStart) {
        byStart = new Map();
        byGranularity.set(granularity, byStart);
      }
      const stored = byStart.get(startMs);
      if (stored) addCounts(stored, counts);
      else byStart.set(startMs, counts);
    }
    for (const { operation, keyId, firstSeenMs, lastSeenMs } of sightings) {
      let callers = this.seen.get(operation);
      if (!callers) {
        callers = new Map();
        this.seen.set(operation, callers);
      }
      const known = callers.get(keyId);
      callers.set(keyId, {
        firstSeenMs: Math.min(known?.firstSeenMs ?? firstSeenMs, firstSeenMs),
        lastSeenMs: Math.max(known?.lastSeenMs ?? lastSeenMs, lastSeenMs),
      });
    }
  }

  async read(keyId: string, granularity: Granularity, firstMs: number, lastMs: number): Promise<Map<number, UsageCounts>> {
    const found = new Map<number, UsageCounts>();
    for (const [start, counts] of this.buckets.get(keyId)?.get(granularity) ?? []) {
      if (start >= firstMs && start <= lastMs) found.set(start, structuredClone(counts));
    }
    return found;
  }

  async callers(operation: string): Promise<OperationCaller[]> {
    return [...(this.seen.get(operation) ?? [])].map(([keyId, times]) => ({ keyId, ...times }));
  }

  async lastSeen(keyIds: readonly string[]): Promise<Map<string, number>> {
    const wanted = new Set(keyIds);
    const found = new Map<string, number>();
    for (const callers of this.seen.values()) {
      for (const [keyId, { lastSeenMs }] of callers) {
        if (wanted.has(keyId)) found.set(keyId, Math.max(found.get(keyId) ?? 0, lastSeenMs));
      }
    }
    return found;
  }

  /** Bucket count held, for tests and the memory measurement. */
  get size(): number {
    let n = 0;
    for (const byGranularity of this.buckets.values()) for (const byStart of byGranularity.values()) n += byStart.size;
    return n;
  }

  private sweep(): void {
    const nowMs = this.clock.nowMs();
    if (!this.sweeps.due(nowMs)) return;
    for (const [keyId, byGranularity] of this.buckets) {
      for (const [granularity, byStart] of byGranularity) {
        for (const start of byStart.keys()) if (bucketExpiresAt(start, granularity) <= nowMs) byStart.delete(start);
        if (byStart.size === 0) byGranularity.delete(granularity);
      }
      if (byGranularity.size === 0) this.buckets.delete(keyId);
    }
  }
}
