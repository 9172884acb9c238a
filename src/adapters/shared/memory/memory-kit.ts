/**
 * What the in-memory adapters share: a sweep schedule for expired entries, the rule of a store
 * bounded by count, and records held by id and by secret hash.
 */
import { DuplicateKeyError } from '../../../application/shared/storage-errors.js';

/** Expired entries are dropped at most once a minute, on the next call after it. */
export class SweepSchedule {
  private nextMs = 0;

  constructor(private readonly everyMs = 60_000) {}

  /** Whether a sweep is due at `nowMs`; when it is, the next one is scheduled. */
  due(nowMs: number): boolean {
    if (nowMs < this.nextMs) return false;
    this.nextMs = nowMs + this.everyMs;
    return true;
  }
}

/**
 * How many of its oldest entries a store bounded by count drops when it holds `size` against its
 * `bound` (MEMORY_MAX_*): none below the bound; at it, down to nine tenths, so the drop is paid once
 * a tenth of the bound rather than on every write.
 */
export function overBound(size: number, bound: number): number {
  return size >= bound ? size - Math.floor(bound * 0.9) : 0;
}

/** Records found by id and by the hash of their secret; an id or hash stored twice is refused. */
export class HashIndexedRecords<T extends { readonly id: string; readonly hash: string }> {
  private readonly byId = new Map<string, T>();
  private readonly byHash = new Map<string, T>();

  add(record: T): void {
    if (this.byId.has(record.id) || this.byHash.has(record.hash)) throw new DuplicateKeyError();
    this.put(record);
  }

  /** Stores a changed record under its id and hash. */
  put(record: T): void {
    this.byId.set(record.id, record);
    this.byHash.set(record.hash, record);
  }

  byIdOf(id: string): T | null {
    return this.byId.get(id) ?? null;
  }

  byHashOf(hash: string): T | null {
    return this.byHash.get(hash) ?? null;
  }

  all(): T[] {
    return [...this.byId.values()];
  }
}
