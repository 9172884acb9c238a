/** What the in-memory adapters share: a sweep schedule for expired entries, records held by id and by secret hash, an outbox. */
import { DuplicateKeyError } from '../../../application/shared/storage-errors.js';
import type { Outbox, OutboxBacklog, PendingEvents } from '../../../application/adoption/ports/outbox.js';
import type { FeedEvent } from '../../../domain/adoption/feed-event.js';

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

/** A memory repository's outbox: the events of each record's changes, kept until the relay clears them. */
export class MemoryOutbox implements Outbox {
  private readonly byRecord = new Map<string, FeedEvent[]>();

  /** A changed record goes to the end: the Map's order is the order of the records' latest changes. */
  push(recordId: string, events: readonly FeedEvent[]): void {
    if (events.length === 0) return;
    const held = this.byRecord.get(recordId);
    if (held) {
      this.byRecord.delete(recordId);
      held.push(...events);
      this.byRecord.set(recordId, held);
    } else this.byRecord.set(recordId, [...events]);
  }

  /** In the Map's order, least recently changed first: no sort. */
  async pendingEvents(limit: number): Promise<PendingEvents[]> {
    const pending: PendingEvents[] = [];
    for (const [recordId, events] of this.byRecord) {
      if (pending.length >= limit) break;
      pending.push({ recordId, events: [...events] });
    }
    return pending;
  }

  async clearEvents(recordId: string, eventIds: readonly string[]): Promise<void> {
    const left = (this.byRecord.get(recordId) ?? []).filter((event) => !eventIds.includes(event.id));
    if (left.length === 0) this.byRecord.delete(recordId);
    else this.byRecord.set(recordId, left);
  }

  async backlog(): Promise<OutboxBacklog> {
    let oldestAt: string | null = null;
    for (const events of this.byRecord.values()) {
      const first = events[0]?.createdAt;
      if (first !== undefined && (oldestAt === null || first < oldestAt)) oldestAt = first;
    }
    return { records: this.byRecord.size, oldestAt };
  }
}
