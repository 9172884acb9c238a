/**
 * Moves events from the outboxes of changed records into the feed. Every instance runs it; the one
 * holding the feed's writer lease appends, in the order the records' first waiting events were made
 * (merged by time; each record's own events in the order of its changes), then clears what is in the feed from the
 * outboxes. A relay that stops between the two leaves events that the next pass finds already in the
 * feed: they are cleared, not appended again. The lease holder also drops events past retention.
 * A pass's events are appended with what follows them (saved searches' alerts, made again alike by
 * a pass that finds the same changes: their ids come from the changes').
 */
import type { FeedEvent } from '../../../domain/adoption/feed-event.js';
import { LeaseLostError, type EventFeed } from '../ports/event-feed.js';
import type { Clock } from '../../shared/ports/clock.js';
import type { Outbox, PendingEvents } from '../ports/outbox.js';

export interface EventRelayOptions {
  /** This instance, unique among those sharing the feed. */
  readonly holder: string;
  /** How long a lease lasts unless renewed; a stopped holder is replaced after it. */
  readonly leaseMs: number;
  /** Records taken from each outbox per pass. */
  readonly batch: number;
  /** Events older than this are dropped from the feed. */
  readonly retentionMs: number;
}

/** The events a pass appends, from those it took from the outboxes (in order): each change followed by what it makes. */
export type FollowEvents = (events: readonly FeedEvent[]) => Promise<readonly FeedEvent[]>;

export interface EventRelayEvents {
  /** Events the pass appended (or found already appended) to the feed. */
  readonly relayed?: (events: readonly FeedEvent[]) => void;
}

/** How often, at most, the lease holder drops expired events. */
const PRUNE_EVERY_MS = 60_000;

export class EventRelay {
  private nextPruneMs = 0;
  private running: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly outboxes: readonly Outbox[],
    private readonly feed: EventFeed,
    private readonly clock: Clock,
    private readonly options: EventRelayOptions,
    private readonly events: EventRelayEvents = {},
    private readonly follow: FollowEvents = async (events) => events,
  ) {}

  /**
   * One pass; returns how many events it moved into the feed (0 when another instance holds the lease).
   * Passes of this relay run one after another: two at once would both find, append and clear the
   * same events (the feed takes them once) and both report them relayed.
   */
  pass(): Promise<number> {
    const run = this.running.then(() => this.passNow());
    this.running = run.catch(() => undefined);
    return run;
  }

  private async passNow(): Promise<number> {
    const nowMs = this.clock.nowMs();
    const lease = await this.feed.claimWriter(this.options.holder, nowMs, this.options.leaseMs);
    if (lease === null) return 0;
    if (nowMs >= this.nextPruneMs) {
      this.nextPruneMs = nowMs + PRUNE_EVERY_MS;
      await this.feed.prune(nowMs - this.options.retentionMs);
    }
    const waiting: { outbox: Outbox; pending: PendingEvents }[] = [];
    for (const outbox of this.outboxes) {
      for (const pending of await outbox.pendingEvents(this.options.batch)) waiting.push({ outbox, pending });
    }
    if (waiting.length === 0) return 0;
    const events = await this.follow(merge(waiting.map(({ pending }) => pending.events)));
    let inFeed: ReadonlySet<string>;
    try {
      inFeed = new Set(await this.feed.append(lease, events));
    } catch (error) {
      // Another instance took the lease over: it relays these.
      if (error instanceof LeaseLostError) return 0;
      throw error;
    }
    for (const outbox of this.outboxes) {
      const cleared = waiting
        .filter((entry) => entry.outbox === outbox)
        .map(({ pending }) => ({
          recordId: pending.recordId,
          eventIds: pending.events.map((event) => event.id).filter((id) => inFeed.has(id)),
        }))
        .filter(({ eventIds }) => eventIds.length > 0);
      if (cleared.length > 0) await outbox.clearEvents(cleared);
    }
    const relayed = events.filter((event) => inFeed.has(event.id));
    this.events.relayed?.(relayed);
    return relayed.length;
  }
}

/**
 * The records' events as one list in the order they were made (time, then id: ids made by one
 * instance in one millisecond follow its own order), each record's own events kept in the order of
 * its changes even when instances' clocks disagree: an event made on a slower clock than the change
 * before it sorts as that change, right after it. One sort, not a merge that compares every record's
 * head for each event.
 */
function merge(lists: readonly (readonly FeedEvent[])[]): FeedEvent[] {
  const keyed: { event: FeedEvent; at: string; id: string; rank: number }[] = [];
  for (const events of lists) {
    let at = '';
    // Stryker disable next-line StringLiteral: a record's first event always sets it (every time sorts after '')
    let id = '';
    for (const event of events) {
      // An id begins with its time, so the same-millisecond clause orders as the ids do (docs/testing.md, 20,000 random inputs).
      // Stryker disable next-line ConditionalExpression,EqualityOperator: equivalent, as above
      if (event.createdAt > at || (event.createdAt === at && event.id > id)) {
        at = event.createdAt;
        id = event.id;
      }
      keyed.push({ event, at, id, rank: keyed.length });
    }
  }
  // Ids begin with their time and are unique, and a sort reads only a comparison's sign (docs/testing.md).
  // Stryker disable next-line ConditionalExpression,EqualityOperator,ArithmeticOperator: equivalent, as above
  keyed.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : a.rank - b.rank));
  return keyed.map(({ event }) => event);
}
