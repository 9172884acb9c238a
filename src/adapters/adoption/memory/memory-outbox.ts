/** The outbox of the memory repositories (pets, adoption requests), as MongoOutbox is for MongoDB. */
import type { Outbox, OutboxBacklog, PendingEvents } from '../../../application/adoption/ports/outbox.js';
import type { FeedEvent } from '../../../domain/adoption/feed-event.js';

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
