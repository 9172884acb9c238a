/**
 * Port: the events a stored record carries until the relay moves them into the feed. They are
 * written with the change, in the same conditional write, so a change and its event stand or fall
 * together; the relay then copies them into the EventFeed and clears them here.
 */
import type { FeedEvent } from '../../../domain/adoption/feed-event.js';
import type { Instant } from '../../../domain/shared/instant.js';

export interface PendingEvents {
  readonly recordId: string;
  /** In the order the record's changes were made. */
  readonly events: readonly FeedEvent[];
}

/** Events of one record that are in the feed, to clear from its outbox. */
export interface ClearedEvents {
  readonly recordId: string;
  readonly eventIds: readonly string[];
}

export interface OutboxBacklog {
  /** Records carrying events not yet in the feed. */
  readonly records: number;
  /** When the oldest of those events was made; null when none waits. */
  readonly oldestAt: Instant | null;
}

export interface Outbox {
  /**
   * Records with events waiting, the least recently changed first; at most `limit`. A record that
   * keeps changing moves back each time, and is reached once the relay has caught up with those
   * before it (its passes follow one another while they find events).
   */
  pendingEvents(limit: number): Promise<PendingEvents[]>;
  /**
   * Clears these events from their records (a removed record's remains go with its last event), all
   * of one pass at once. Clearing an event no longer there changes nothing.
   */
  clearEvents(cleared: readonly ClearedEvents[]): Promise<void>;
  backlog(): Promise<OutboxBacklog>;
}
