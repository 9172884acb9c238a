/**
 * The outbox of the memory repositories (pets, adoption requests), as MongoOutbox is for MongoDB.
 * Given the memory feed (as the in-memory set gives it), a write's events go straight into the feed
 * in the step that stores the write: in one process there is no other writer to order them against,
 * so the outbox stays empty and the relay has nothing to move. Without a feed it keeps them for the
 * relay, as a MongoDB record does.
 */
import type { ClearedEvents, Outbox, OutboxBacklog, PendingEvents } from '../../../application/adoption/ports/outbox.js';
import type { FeedEvent } from '../../../domain/adoption/feed-event.js';
import type { MemoryEventFeed } from './memory-event-feed.js';

/** A memory repository's outbox: the events of each record's changes, in the feed or kept until the relay clears them. */
export class MemoryOutbox implements Outbox {
  private readonly byRecord = new Map<string, FeedEvent[]>();

  constructor(private readonly feed: MemoryEventFeed | null = null) {}

  /** A changed record goes to the end: the Map's order is the order of the records' latest changes. */
  push(recordId: string, events: readonly FeedEvent[]): void {
    if (events.length === 0) return;
    if (this.feed !== null) {
      this.feed.publish(events);
      return;
    }
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

  async clearEvents(cleared: readonly ClearedEvents[]): Promise<void> {
    for (const { recordId, eventIds } of cleared) {
      const held = this.byRecord.get(recordId);
      if (held === undefined) continue;
      const left = held.filter((event) => !eventIds.includes(event.id));
      if (left.length === 0) this.byRecord.delete(recordId);
      else this.byRecord.set(recordId, left);
    }
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
