/**
 * Port: the event feed, in one order that never changes once read. One writer at a time appends
 * (the relay holding the writer's lease); an append by a writer whose lease was taken over is
 * refused, and an event already in the feed is never appended twice.
 */
import type { EventType, FeedEvent } from '../../../domain/adoption/feed-event.js';

export interface StoredEvent {
  /** Its place in the feed: larger for every event appended later. */
  readonly position: number;
  readonly event: FeedEvent;
}

export interface EventQuery {
  /** Only events after this position. */
  readonly afterPosition?: number;
  /** Only events of these types. */
  readonly types?: readonly EventType[];
  /** Only events this owner may see; null: every event (operators). */
  readonly visibleTo: string | null;
  readonly limit: number;
}

/** The writer's lease: who holds it and the token that fences its appends. */
export interface WriterLease {
  readonly token: string;
}

export interface EventFeed {
  /**
   * The right to append for `ttlMs` from `nowMs`: renewed for its holder, taken over when the last
   * holder's lease ran out, null while another holder's lease runs. Taking over fences the last
   * holder: any append of its still in flight is refused.
   */
  claimWriter(holder: string, nowMs: number, ttlMs: number): Promise<WriterLease | null>;
  /**
   * Appends the events in order under the lease; those already in the feed (a relay that stopped
   * between append and clear) are skipped. Returns the ids now in the feed; throws LeaseLostError
   * when the lease was taken over.
   */
  append(lease: WriterLease, events: readonly FeedEvent[]): Promise<readonly string[]>;
  find(query: EventQuery): Promise<StoredEvent[]>;
  /** The newest event `visibleTo` may see (null: any), null when it may see none. */
  newest(visibleTo: string | null): Promise<StoredEvent | null>;
  findById(id: string): Promise<StoredEvent | null>;
  /** Removes the events made before `beforeMs`; returns how many. */
  prune(beforeMs: number): Promise<number>;
}

/** The writer's lease was taken over: nothing of this append was stored. */
export class LeaseLostError extends Error {
  constructor() {
    super('The event feed writer lease was taken over by another instance');
  }
}
