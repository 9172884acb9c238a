/**
 * The event feed in memory: one array in append order; the lease is kept as the MongoDB feed keeps
 * it. Positions are consecutive and pruning takes from the front, so an event's place in the array
 * is its position less the first one's: a page starts without a scan. Event ids sort by the time
 * they were made, so while the clock has not been set back they sort as positions do, and an event
 * is found by its id with a binary search; from the first event out of that order on, an index by id.
 */
import { audienceOf, type FeedEvent } from '../../../domain/adoption/feed-event.js';
import {
  LeaseLostError,
  type EventFeed,
  type EventQuery,
  type StoredEvent,
  type WriterLease,
} from '../../../application/adoption/ports/event-feed.js';
import { overBound } from '../../shared/memory/memory-kit.js';

export class MemoryEventFeed implements EventFeed {
  private readonly events: StoredEvent[] = [];
  /** Null while every id is above the one before it (so the array is in id order too). */
  private byId: Map<string, StoredEvent> | null = null;
  private nextPosition = 1;
  private writer: { holder: string; untilMs: number } | null = null;
  /** What follows a write's events into the feed (saved searches' alerts), in the same step. */
  private follow: (events: readonly FeedEvent[]) => readonly FeedEvent[] = (events) => events;

  /**
   * `maxEvents`: the most events kept (MEMORY_MAX_EVENTS); on reaching it the oldest tenth goes, as
   * events past retention go, so a reader after one of those gets 410. `published`: told of the
   * events each write published (the in-memory set counts them as relayed).
   */
  constructor(
    private readonly maxEvents = Number.POSITIVE_INFINITY,
    private readonly published: (events: readonly FeedEvent[]) => void = () => undefined,
  ) {}

  async claimWriter(holder: string, nowMs: number, ttlMs: number): Promise<WriterLease | null> {
    if (this.writer !== null && this.writer.holder !== holder && this.writer.untilMs > nowMs) return null;
    this.writer = { holder, untilMs: nowMs + ttlMs };
    return { token: holder };
  }

  async append(lease: WriterLease, events: readonly FeedEvent[]): Promise<readonly string[]> {
    if (this.writer?.holder !== lease.token) throw new LeaseLostError();
    this.store(events);
    return events.map((event) => event.id);
  }

  /**
   * A write's events, appended in the synchronous step that stores the write (MemoryOutbox given this
   * feed): visible as soon as the write is, with no lease, since in one process nothing else appends.
   */
  publish(events: readonly FeedEvent[]): void {
    const followed = this.follow(events);
    this.store(followed);
    this.published(followed);
  }

  /** `follow` gives a write's events with what they make after each (the relay's follow, in the step of the write). */
  followWith(follow: (events: readonly FeedEvent[]) => readonly FeedEvent[]): void {
    this.follow = follow;
  }

  private store(events: readonly FeedEvent[]): void {
    for (const event of events) {
      const last = this.events.at(-1);
      // Out of id order, or appended already (a relay that stopped between append and clear): by id from now on.
      if (this.byId === null && last !== undefined && event.id <= last.event.id) {
        this.byId = new Map(this.events.map((stored) => [stored.event.id, stored]));
      }
      if (this.byId?.has(event.id) === true) continue;
      const stored = { position: this.nextPosition++, event };
      this.byId?.set(event.id, stored);
      this.events.push(stored);
    }
    const over = overBound(this.events.length, this.maxEvents);
    if (over > 0) this.drop(over);
  }

  /** Drops the `count` oldest events: positions stay consecutive, so pages still start without a scan. */
  private drop(count: number): number {
    const gone = this.events.splice(0, count);
    if (this.byId !== null) for (const { event } of gone) this.byId.delete(event.id);
    return count;
  }

  private stored(id: string): StoredEvent | null {
    if (this.byId !== null) return this.byId.get(id) ?? null;
    let low = 0;
    let high = this.events.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((this.events[middle] as StoredEvent).event.id < id) low = middle + 1;
      else high = middle;
    }
    const found = this.events[low];
    return found?.event.id === id ? found : null;
  }

  async find(query: EventQuery): Promise<StoredEvent[]> {
    const first = this.events[0]?.position ?? this.nextPosition;
    const found: StoredEvent[] = [];
    for (let i = Math.max(0, (query.afterPosition ?? 0) + 1 - first); i < this.events.length && found.length < query.limit; i++) {
      const stored = this.events[i] as StoredEvent;
      if (query.types !== undefined && !query.types.includes(stored.event.type)) continue;
      const audience = audienceOf(stored.event);
      if (query.visibleTo !== null && audience !== null && !audience.includes(query.visibleTo)) continue;
      found.push(stored);
    }
    return found;
  }

  async findById(id: string): Promise<StoredEvent | null> {
    return this.stored(id);
  }

  async newest(visibleTo: string | null): Promise<StoredEvent | null> {
    for (let i = this.events.length - 1; i >= 0; i--) {
      const stored = this.events[i] as StoredEvent;
      const audience = audienceOf(stored.event);
      if (visibleTo === null || audience === null || audience.includes(visibleTo)) return stored;
    }
    return null;
  }

  async prune(beforeMs: number): Promise<number> {
    const before = new Date(beforeMs).toISOString();
    let count = 0;
    while (count < this.events.length && (this.events[count] as StoredEvent).event.createdAt < before) count++;
    return this.drop(count);
  }
}
