/**
 * The event feed as partners and operators read it: in feed order after an event they name, of the
 * types they ask for, only what the caller may see (pet events to every reader, an adoption request's
 * events to its two owners), kept for the retention period.
 */
import { GoneError, ValidationError } from '../../../domain/shared/errors.js';
import { EventNotFoundError } from '../../../domain/adoption/errors.js';
import { mayViewEvent, type EventType, type FeedEvent } from '../../../domain/adoption/feed-event.js';
import type { EventFeed, StoredEvent } from '../ports/event-feed.js';
import type { Clock } from '../../shared/ports/clock.js';
import { pageLimit } from '../../shared/cursor.js';
import { EVENT_ID } from '../../shared/ids.js';

export interface EventListInput {
  /** The id of the last event the caller has; the page starts after it. */
  readonly after?: string;
  readonly types?: readonly EventType[];
  readonly limit?: number;
  /** No events: only the position after the newest one, where the next change will be. */
  readonly fromNow?: boolean;
}

export interface EventPage {
  readonly events: FeedEvent[];
  /** The id to pass as `after` for the next page; null when this page reached the end of the feed. */
  readonly nextAfter: string | null;
  /** With `fromNow`: the feed holds nothing the caller may see yet, so the next page is its start. */
  readonly nextFromStart?: boolean;
}

export class ReadEvents {
  constructor(
    private readonly feed: EventFeed,
    private readonly clock: Clock,
    private readonly retentionMs: number,
  ) {}

  /** `viewer` null: every event (operators). */
  async list(input: EventListInput, viewer: string | null): Promise<EventPage> {
    const limit = pageLimit(input.limit);
    if (input.fromNow === true) {
      if (input.after !== undefined) throw new ValidationError('from', "query parameter 'from' and 'after' are alternatives: send one");
      const newest = await this.feed.newest(viewer);
      return newest === null ? { events: [], nextAfter: null, nextFromStart: true } : { events: [], nextAfter: newest.event.id };
    }
    const afterPosition = input.after === undefined ? undefined : (await this.position(input.after, viewer)).position;
    const found = await this.feed.find({
      visibleTo: viewer,
      limit: limit + 1,
      ...(afterPosition !== undefined && { afterPosition }),
      ...(input.types !== undefined && input.types.length > 0 && { types: input.types }),
    });
    const rows = found.slice(0, limit);
    const last = rows.at(-1);
    return { events: rows.map((stored) => stored.event), nextAfter: found.length > limit && last ? last.event.id : null };
  }

  async get(id: string, viewer: string | null): Promise<FeedEvent> {
    const stored = EVENT_ID.test(id) ? await this.feed.findById(id) : null;
    if (!stored || (viewer !== null && !mayViewEvent(stored.event, viewer))) throw new EventNotFoundError(id);
    return stored.event;
  }

  /** Where `after` is in the feed; 410 when it is older than the feed keeps (by age or by count). */
  private async position(after: string, viewer: string | null): Promise<StoredEvent> {
    if (!EVENT_ID.test(after)) {
      throw new ValidationError('after', "query parameter 'after' must be an event id (evt_...) from this feed");
    }
    const stored = await this.feed.findById(after);
    if (stored && (viewer === null || mayViewEvent(stored.event, viewer))) return stored;
    // Past retention, or made before the oldest event kept (a feed bounded by count drops the oldest first).
    const madeMs = parseInt(after.slice(4, 13), 36);
    const [oldest] = await this.feed.find({ visibleTo: null, limit: 1 });
    if (madeMs < this.clock.nowMs() - this.retentionMs || (oldest !== undefined && madeMs < Date.parse(oldest.event.createdAt))) {
      throw new GoneError(
        `Event ${after} is older than the feed keeps; resynchronise: take the feed's position now ` +
          `(from=now), read the list of pets (and your adoption requests), then follow the feed from that ` +
          `position`,
      );
    }
    throw new ValidationError('after', `query parameter 'after' names no event of this feed that this key may see: ${after}`);
  }
}
