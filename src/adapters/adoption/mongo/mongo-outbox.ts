/**
 * The outbox of a MongoDB collection: each document carries the events of its changes, set in the
 * same conditional update as the change itself, with single-field operators only ($set, $unset,
 * $inc: what every server this runs on takes):
 * - `outbox`: one field per event, named by its id (`evt_` and letters and digits, never a dot or
 *   a `$`), holding the event as JSON and its sequence (the record's version), which orders them;
 * - `outboxCount`: how many wait (indexed, sparse), and `outboxAt`: the time of the latest.
 * A removed record stays as a tombstone (`removed: true`) until its last event is cleared.
 */
import type { Collection, Document, Filter } from 'mongodb';
import type { FeedEvent } from '../../../domain/adoption/feed-event.js';
import type { ClearedEvents, Outbox, OutboxBacklog, PendingEvents } from '../../../application/adoption/ports/outbox.js';
import { MongoStore } from '../../shared/mongo/mongo-kit.js';

export interface OutboxEntry {
  createdAt: string;
  sequence: number;
  /** The event as JSON: stored and read back exactly as made. */
  payload: string;
}

export interface OutboxFields {
  outbox?: Record<string, OutboxEntry>;
  outboxCount?: number;
  outboxAt?: string;
  removed?: boolean;
}

/** Only records that still exist (not tombstones). */
export const LIVE = { removed: { $ne: true } } as const;

function entryOf(event: FeedEvent): OutboxEntry {
  return { createdAt: event.createdAt, sequence: event.sequence, payload: JSON.stringify(event) };
}

/** The update operators that add the events to a document's outbox (none when there are none). */
export function pushEvents(events: readonly FeedEvent[]): { $set?: Document; $inc?: Document } {
  const last = events.at(-1);
  if (last === undefined) return {};
  const fields: Document = { outboxAt: last.createdAt };
  for (const event of events) fields[`outbox.${event.id}`] = entryOf(event);
  return { $set: fields, $inc: { outboxCount: events.length } };
}

/** An update's `$set` of the change merged with the outbox's. */
export function changeWithEvents(set: Document, events: readonly FeedEvent[]): Document {
  const { $set: outboxSet, ...rest } = pushEvents(events);
  return { $set: { ...set, ...outboxSet }, ...rest };
}

/** The outbox fields of a document inserted with its events. */
export function withEvents(events: readonly FeedEvent[]): OutboxFields {
  const last = events.at(-1);
  if (last === undefined) return {};
  return {
    outbox: Object.fromEntries(events.map((event) => [event.id, entryOf(event)])),
    outboxCount: events.length,
    outboxAt: last.createdAt,
  };
}

export async function ensureOutboxIndex(collection: Collection<Document>): Promise<void> {
  await collection.createIndex({ outboxCount: 1, outboxAt: 1 }, { sparse: true, name: 'outbox_waiting' });
}

const WAITING = { outboxCount: { $gt: 0 } };

export class MongoOutbox<T extends OutboxFields & { _id: unknown }> extends MongoStore implements Outbox {
  constructor(
    private readonly collection: Collection<T>,
    timeoutMs: number,
    /** The document's _id from a record id, and back. */
    private readonly idOf: (recordId: string) => T['_id'],
    private readonly recordIdOf: (id: T['_id']) => string,
  ) {
    super(timeoutMs);
  }

  pendingEvents(limit: number): Promise<PendingEvents[]> {
    return this.run(async () => {
      const documents = await this.collection
        .find(WAITING as Filter<T>, { projection: { _id: 1, outbox: 1 } })
        .sort({ outboxAt: 1 })
        .limit(limit)
        .toArray();
      return documents.map((document) => ({
        recordId: this.recordIdOf(document._id as T['_id']),
        events: entriesOf(document.outbox).map((entry) => JSON.parse(entry.payload) as FeedEvent),
      }));
    });
  }

  /**
   * One bulk write for the pass: each record's events unset at once while all are there (the usual
   * case), then one delete of the tombstones left empty. When some record had lost one of its events
   * already (two relays clearing the same ones, one of them fenced), its events are cleared one at a
   * time, each only while it is there, so that no count goes below what waits.
   */
  clearEvents(cleared: readonly ClearedEvents[]): Promise<void> {
    return this.run(async () => {
      if (cleared.length === 0) return;
      const whole = await this.collection.bulkWrite(
        cleared.map(({ recordId, eventIds }) => ({
          updateOne: {
            filter: {
              _id: this.idOf(recordId),
              ...Object.fromEntries(eventIds.map((id) => [`outbox.${id}`, { $exists: true }])),
            } as Filter<T>,
            update: {
              $unset: Object.fromEntries(eventIds.map((id) => [`outbox.${id}`, ''])),
              $inc: { outboxCount: -eventIds.length },
            } as never,
          },
        })),
        { ordered: false },
      );
      if (whole.matchedCount < cleared.length) {
        for (const { recordId, eventIds } of cleared) {
          for (const id of eventIds) {
            await this.collection.updateOne(
              { _id: this.idOf(recordId), [`outbox.${id}`]: { $exists: true } } as Filter<T>,
              { $unset: { [`outbox.${id}`]: '' }, $inc: { outboxCount: -1 } } as never,
            );
          }
        }
      }
      await this.collection.deleteMany({
        _id: { $in: cleared.map(({ recordId }) => this.idOf(recordId)) },
        removed: true,
        outboxCount: { $lte: 0 },
      } as Filter<T>);
    });
  }

  backlog(): Promise<OutboxBacklog> {
    return this.run(async () => {
      const [records, first] = await Promise.all([
        this.collection.countDocuments(WAITING as Filter<T>),
        this.collection
          .find(WAITING as Filter<T>, { projection: { outbox: 1 } })
          .sort({ outboxAt: 1 })
          .limit(100)
          .toArray(),
      ]);
      let oldestAt: string | null = null;
      for (const document of first) {
        for (const entry of entriesOf(document.outbox)) {
          if (oldestAt === null || entry.createdAt < oldestAt) oldestAt = entry.createdAt;
        }
      }
      return { records, oldestAt };
    });
  }
}

/** A record's waiting events in the order of its changes. */
function entriesOf(outbox: Record<string, OutboxEntry> | undefined): OutboxEntry[] {
  return Object.values(outbox ?? {}).sort((a, b) => a.sequence - b.sequence || (a.createdAt < b.createdAt ? -1 : 1));
}

/** A store whose records carry an outbox: the Outbox port's methods, delegated once. */
export abstract class MongoOutboxStore<T extends OutboxFields & { _id: unknown }> extends MongoStore implements Outbox {
  protected abstract readonly outbox: MongoOutbox<T>;

  pendingEvents(limit: number): Promise<PendingEvents[]> {
    return this.outbox.pendingEvents(limit);
  }

  clearEvents(cleared: readonly ClearedEvents[]): Promise<void> {
    return this.outbox.clearEvents(cleared);
  }

  backlog(): Promise<OutboxBacklog> {
    return this.outbox.backlog();
  }
}
