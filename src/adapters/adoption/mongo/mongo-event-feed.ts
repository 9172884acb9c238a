/**
 * The event feed in MongoDB, in one order that never changes once read, with single-document writes
 * only (no transactions):
 * - `events`: one document per event, `_id` its position (1, 2, ...), `id` unique (an event is never
 *   in the feed twice), the event as JSON, and what queries filter on (type, audience, createdAt).
 * - `event_feed`: one head document, `{ writer, leaseUntil, next, published }`. The writer holding
 *   the lease takes positions from `next`, inserts the events, then raises `published`.
 * Readers see positions up to `published` only, so an event cannot appear before one already read.
 * A writer that takes an expired lease over first seals the positions its predecessor took but did
 * not publish (a placeholder in each free one: a late insert of the old writer then fails), then
 * publishes them; placeholders are never shown. Each pass seals the same way what an earlier pass of
 * its own writer took and did not publish (it failed midway: its events are then found in the feed
 * and must be shown), and `published` is only ever raised, so a late write of a failed pass lowers
 * nothing.
 */
import type { Collection, Db, Filter } from 'mongodb';
import { audienceOf, type FeedEvent } from '../../../domain/adoption/feed-event.js';
import {
  LeaseLostError,
  type EventFeed,
  type EventQuery,
  type StoredEvent,
  type WriterLease,
} from '../../../application/adoption/ports/event-feed.js';
import { isDuplicateKey } from '../../shared/mongo/mongo-errors.js';
import { MongoStore } from '../../shared/mongo/mongo-kit.js';

interface EventDocument {
  _id: number;
  /** Absent on a placeholder. */
  id?: string;
  type?: string;
  audience?: string[] | null;
  createdAt: Date;
  payload?: string;
  placeholder?: true;
}

interface HeadDocument {
  _id: 'feed';
  writer: string | null;
  leaseUntil: Date;
  next: number;
  published: number;
}

const HEAD: HeadDocument['_id'] = 'feed';

export class MongoEventFeed extends MongoStore implements EventFeed {
  private readonly events: Collection<EventDocument>;
  private readonly head: Collection<HeadDocument>;

  constructor(db: Db, timeoutMs: number) {
    super(timeoutMs);
    this.events = db.collection<EventDocument>('events');
    this.head = db.collection<HeadDocument>('event_feed');
  }

  static async ensureIndexes(db: Db): Promise<void> {
    const events = db.collection('events');
    await events.createIndex({ id: 1 }, { unique: true, sparse: true, name: 'id_unique' });
    await events.createIndex({ createdAt: 1 }, { name: 'created_at' });
  }

  claimWriter(holder: string, nowMs: number, ttlMs: number): Promise<WriterLease | null> {
    return this.run(async () => {
      const until = new Date(nowMs + ttlMs);
      const renewed = await this.head.updateOne({ _id: HEAD, writer: holder }, { $set: { leaseUntil: until } });
      if (renewed.matchedCount === 1) return { token: holder };
      try {
        await this.head.insertOne({ _id: HEAD, writer: holder, leaseUntil: until, next: 1, published: 0 });
        return { token: holder };
      } catch (error) {
        if (!isDuplicateKey(error)) throw error;
      }
      const taken = await this.head.findOneAndUpdate(
        { _id: HEAD, leaseUntil: { $lt: new Date(nowMs) } },
        { $set: { writer: holder, leaseUntil: until } },
        { returnDocument: 'after' },
      );
      if (!taken) return null;
      await this.seal(holder, taken, new Date(nowMs));
      return { token: holder };
    });
  }

  append(lease: WriterLease, events: readonly FeedEvent[]): Promise<readonly string[]> {
    return this.run(async () => {
      const ids = events.map((event) => event.id);
      const present = new Set(
        (await this.events.find({ id: { $in: ids } }, { projection: { id: 1 } }).toArray()).map((document) => document.id as string),
      );
      const fresh = events.filter((event) => !present.has(event.id));
      const head = await this.head.findOneAndUpdate(
        { _id: HEAD, writer: lease.token },
        { $inc: { next: fresh.length } },
        { returnDocument: 'before' },
      );
      if (!head) throw new LeaseLostError();
      // An earlier pass of this writer that failed midway (a timeout) took positions it did not
      // publish, and may have filled some (the events found present) or still be filling them.
      const sealAt = events[0] === undefined ? new Date() : new Date(events[0].createdAt);
      await this.seal(lease.token, head, sealAt);
      if (fresh.length > 0) {
        const documents = fresh.map((event, index) => ({
          _id: head.next + index,
          id: event.id,
          type: event.type,
          audience: audienceOf(event) === null ? null : [...(audienceOf(event) as readonly string[])],
          createdAt: new Date(event.createdAt),
          payload: JSON.stringify(event),
        }));
        try {
          await this.events.insertMany(documents, { ordered: true });
        } catch (error) {
          // A successor sealed these positions: what landed before it is in the feed; it relays the rest.
          if (isDuplicateKey(error)) throw new LeaseLostError();
          throw error;
        }
        // Inserted while this writer held the lease: in the feed, published here or by a successor's seal.
        await this.publish(lease.token, head.next + fresh.length - 1);
      }
      return ids;
    });
  }

  find(query: EventQuery): Promise<StoredEvent[]> {
    return this.run(async () => {
      const head = await this.head.findOne({ _id: HEAD });
      if (!head) return [];
      const filter: Filter<EventDocument> = {
        _id: { $gt: query.afterPosition ?? 0, $lte: head.published },
        placeholder: { $exists: false },
        ...(query.types !== undefined && { type: { $in: [...query.types] } }),
        ...(query.visibleTo !== null && { $or: [{ audience: null }, { audience: query.visibleTo }] }),
      };
      const documents = await this.events.find(filter).sort({ _id: 1 }).limit(query.limit).toArray();
      return documents.map(toStored);
    });
  }

  newest(visibleTo: string | null): Promise<StoredEvent | null> {
    return this.run(async () => {
      const head = await this.head.findOne({ _id: HEAD });
      if (!head) return null;
      const filter: Filter<EventDocument> = {
        _id: { $lte: head.published },
        placeholder: { $exists: false },
        ...(visibleTo !== null && { $or: [{ audience: null }, { audience: visibleTo }] }),
      };
      const [document] = await this.events.find(filter).sort({ _id: -1 }).limit(1).toArray();
      return document === undefined ? null : toStored(document);
    });
  }

  findById(id: string): Promise<StoredEvent | null> {
    return this.run(async () => {
      const [document, head] = await Promise.all([this.events.findOne({ id }), this.head.findOne({ _id: HEAD })]);
      return document && head && document._id <= head.published ? toStored(document) : null;
    });
  }

  prune(beforeMs: number): Promise<number> {
    return this.run(async () => (await this.events.deleteMany({ createdAt: { $lt: new Date(beforeMs) } })).deletedCount);
  }

  /**
   * Fills the positions taken but not published (by a predecessor, or by a pass of this writer that
   * failed midway) where no event landed, so that no insert still on its way lands behind what
   * readers have seen, and publishes them.
   */
  private async seal(holder: string, head: HeadDocument, at: Date): Promise<void> {
    if (head.published >= head.next - 1) return;
    for (let position = head.published + 1; position < head.next; position++) {
      try {
        await this.events.insertOne({ _id: position, createdAt: at, placeholder: true });
      } catch (error) {
        if (!isDuplicateKey(error)) throw error;
      }
    }
    await this.publish(holder, head.next - 1);
  }

  /** Raises `published` to `last`, never lowers it: an earlier pass's write that lands late changes nothing. */
  private async publish(holder: string, last: number): Promise<void> {
    await this.head.updateOne({ _id: HEAD, writer: holder, published: { $lt: last } }, { $set: { published: last } });
  }
}

function toStored(document: EventDocument): StoredEvent {
  return { position: document._id, event: JSON.parse(document.payload as string) as FeedEvent };
}
