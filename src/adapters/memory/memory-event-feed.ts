/** The event feed in memory: one array in append order; the lease is kept as the MongoDB feed keeps it. */
import { audienceOf, type FeedEvent } from '../../domain/feed-event.js';
import { LeaseLostError, type EventFeed, type EventQuery, type StoredEvent, type WriterLease } from '../../application/ports/event-feed.js';

export class MemoryEventFeed implements EventFeed {
  private readonly events: StoredEvent[] = [];
  private readonly positionOf = new Map<string, number>();
  private nextPosition = 1;
  private writer: { holder: string; untilMs: number } | null = null;

  async claimWriter(holder: string, nowMs: number, ttlMs: number): Promise<WriterLease | null> {
    if (this.writer !== null && this.writer.holder !== holder && this.writer.untilMs > nowMs) return null;
    this.writer = { holder, untilMs: nowMs + ttlMs };
    return { token: holder };
  }

  async append(lease: WriterLease, events: readonly FeedEvent[]): Promise<readonly string[]> {
    if (this.writer?.holder !== lease.token) throw new LeaseLostError();
    for (const event of events) {
      if (this.positionOf.has(event.id)) continue;
      const position = this.nextPosition++;
      this.positionOf.set(event.id, position);
      this.events.push({ position, event });
    }
    return events.map((event) => event.id);
  }

  async find(query: EventQuery): Promise<StoredEvent[]> {
    const found: StoredEvent[] = [];
    for (const stored of this.events) {
      if (found.length >= query.limit) break;
      if (query.afterPosition !== undefined && stored.position <= query.afterPosition) continue;
      if (query.types !== undefined && !query.types.includes(stored.event.type)) continue;
      const audience = audienceOf(stored.event);
      if (query.visibleTo !== null && audience !== null && !audience.includes(query.visibleTo)) continue;
      found.push(stored);
    }
    return found;
  }

  async findById(id: string): Promise<StoredEvent | null> {
    const position = this.positionOf.get(id);
    return position === undefined ? null : (this.events.find((stored) => stored.position === position) ?? null);
  }

  async prune(beforeMs: number): Promise<number> {
    let removed = 0;
    while (this.events.length > 0 && Date.parse((this.events[0] as StoredEvent).event.createdAt) < beforeMs) {
      const [gone] = this.events.splice(0, 1);
      if (gone) this.positionOf.delete(gone.event.id);
      removed++;
    }
    return removed;
  }
}
