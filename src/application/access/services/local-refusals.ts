/**
 * Refusals answered by the instance itself, exactly as the shared store would answer them.
 *
 * When the store refuses a subject (a key's quota, a client address), its answer says until when the
 * refusal stands unchanged but for the time left: the time a request fits again or the ban ends, and
 * no later than the next time one of its windows' counts drops (refusalHoldsUntil). Until then the
 * instance answers that subject's requests itself, with the same windows, reset and Retry-After, and
 * without a call to the store. Nothing the store would admit is refused: an admission is never
 * remembered; an entry ends when the refusal does, measured on the store's clock as of when the
 * decision was asked for (so never later than the store's own end); and an entry is kept under the
 * stamp of what it was decided for (the key's limits and the last time its ban was lifted), so a
 * raised limit or a lifted ban passes the entry by as soon as this instance sees the key's new record.
 *
 * Refusals answered here still count as strikes toward a ban, as the store's do: the instance counts
 * them on its copy of the subject's strikes with the store's rule (countStrikes), so that on one
 * instance the ban begins at exactly the threshold, and sends them to the store in batches, at most
 * STRIKE_FLUSH_MS after the first of a batch, or at once when they begin a ban. Across instances,
 * the store has every strike within STRIKE_FLUSH_MS (and a round trip), and each instance learns of a
 * ban begun elsewhere from the reply to its next batch.
 *
 * At most `maxEntries` subjects are remembered; when full, the tenth that would end soonest go first.
 */
import {
  countStrikes,
  refusalHoldsUntil,
  type AdmissionPolicy,
  type RateDecision,
  type StrikeBatch,
  type StrikeState,
} from '../../../domain/access/rate-limit.js';
import type { Clock } from '../../shared/ports/clock.js';
import type { RateLimiter } from '../ports/rate-limiter.js';

/** Longest a locally answered refusal waits before the store counts it as a strike. */
export const STRIKE_FLUSH_MS = 100;

export interface LocalRefusalEvents {
  /** A refusal answered without the store. */
  answered(): void;
  /** A batch of strikes the store could not take (they are not counted). */
  strikesLost?(count: number, error: unknown): void;
}

export interface LocalRefusalsOptions {
  /** Subjects remembered at most; 0 asks the store for every request. */
  readonly maxEntries: number;
  readonly events?: LocalRefusalEvents;
}

interface Pending {
  count: number;
  firstMs: number;
  lastMs: number;
}

interface Entry extends StrikeState {
  readonly subject: string;
  readonly stamp: string;
  readonly policy: AdmissionPolicy;
  /** The store's latest answer for the subject: its windows stand until holdsUntilMs. */
  decision: RateDecision;
  holdsUntilMs: number;
  /** The store's clock minus this instance's, as of when the decision was asked for (at least the true difference). */
  readonly offsetMs: number;
  /** Strikes counted here and not yet sent. */
  pending: Pending | null;
  /** Strikes sent and not yet answered. */
  unacked: number;
}

export class LocalRefusals {
  private readonly entries = new Map<string, Entry>();
  /** Entries with strikes waiting to be sent. */
  private readonly unsent = new Set<Entry>();
  private timer: NodeJS.Timeout | null = null;
  /** Batches sent and not yet answered, so that closing can wait for them. */
  private readonly inFlight = new Set<Promise<unknown>>();

  constructor(
    private readonly limiter: RateLimiter,
    private readonly clock: Clock,
    private readonly options: LocalRefusalsOptions,
  ) {}

  /** Subjects remembered now. */
  get size(): number {
    return this.entries.size;
  }

  /** This instance's clock, read when a decision is asked for (remember takes it). */
  now(): number {
    return this.clock.nowMs();
  }

  /** The refusal this instance remembers for the subject as of now, counted as a strike; null when it has none. */
  answer(subject: string, stamp: string): RateDecision | null {
    const entry = this.entries.get(subject);
    if (entry === undefined) return null;
    const nowMs = this.clock.nowMs() + entry.offsetMs;
    if (entry.stamp !== stamp || nowMs >= entry.holdsUntilMs) {
      // Strikes counted under another stamp (limits since changed, a ban since lifted) are not sent.
      this.forget(entry, entry.stamp === stamp);
      return null;
    }
    let banStarted = false;
    if (entry.bannedUntilMs <= nowMs && entry.policy.ban.threshold > 0) {
      // A batch stays inside one strike window, as the store will count it.
      if (entry.pending && entry.strikesUntilMs <= nowMs) this.send(entry);
      banStarted = countStrikes(entry, entry.policy.ban, { count: 1, firstMs: nowMs, lastMs: nowMs });
      if (entry.pending) {
        entry.pending.count += 1;
        entry.pending.lastMs = nowMs;
      } else {
        entry.pending = { count: 1, firstMs: nowMs, lastMs: nowMs };
        this.unsent.add(entry);
        this.timer ??= setTimeout(this.sendAll, STRIKE_FLUSH_MS).unref();
      }
      if (banStarted) {
        entry.holdsUntilMs = Math.min(entry.bannedUntilMs, entry.decision.dropsAtMs);
        this.send(entry);
      }
    }
    this.options.events?.answered();
    const banned = entry.bannedUntilMs > nowMs;
    return {
      ...entry.decision,
      outcome: banned ? 'banned' : 'limited',
      nowMs,
      bannedUntilMs: banned ? entry.bannedUntilMs : null,
      banStarted,
      strikes: entry.strikes,
      strikesUntilMs: entry.strikesUntilMs,
    };
  }

  /** Sends every strike counted here now, and waits for the store's replies (the application calls it as it closes). */
  async flush(): Promise<void> {
    this.sendAll();
    await Promise.allSettled([...this.inFlight]);
  }

  /** What the store decided for a request asked for at `askedAtMs` (this instance's clock, from now()). */
  remember(subject: string, stamp: string, policy: AdmissionPolicy, decision: RateDecision, askedAtMs: number): void {
    if (this.options.maxEntries <= 0) return;
    const existing = this.entries.get(subject);
    const holdsUntilMs = refusalHoldsUntil(decision);
    if (existing && existing.stamp === stamp) {
      // An answer to a request sent before the first refusal came back (the store answers a
      // subject's requests in the order they were sent): it counted one more strike there.
      this.update(existing, decision);
      return;
    }
    if (existing) this.forget(existing, false);
    if (holdsUntilMs === null || holdsUntilMs <= decision.nowMs) return;
    if (this.entries.size >= this.options.maxEntries) this.makeRoom();
    this.entries.set(subject, {
      subject,
      stamp,
      policy,
      decision,
      holdsUntilMs,
      offsetMs: decision.nowMs - askedAtMs,
      strikes: decision.strikes,
      strikesUntilMs: decision.strikesUntilMs,
      bannedUntilMs: decision.bannedUntilMs ?? 0,
      pending: null,
      unacked: 0,
    });
  }

  /**
   * Brings the entry up to a later answer of the store: an admission ends it; a ban begun elsewhere
   * replaces it (what was counted before the ban no longer counts); otherwise the copy of the
   * strikes becomes the store's count with what this instance has counted since the store answered
   * (strikes in flight and unsent), unless the copy has moved on to a later strike window.
   */
  private update(entry: Entry, reply: RateDecision): void {
    const holdsUntilMs = refusalHoldsUntil(reply);
    if (holdsUntilMs === null) {
      this.forget(entry, true);
    } else if (reply.outcome === 'banned') {
      if (entry.bannedUntilMs > reply.nowMs) return;
      entry.decision = reply;
      entry.holdsUntilMs = holdsUntilMs;
      entry.bannedUntilMs = reply.bannedUntilMs ?? 0;
      entry.strikes = reply.strikes;
      entry.strikesUntilMs = reply.strikesUntilMs;
      entry.pending = null;
      this.unsent.delete(entry);
    } else if (entry.bannedUntilMs <= reply.nowMs && reply.strikesUntilMs >= entry.strikesUntilMs) {
      entry.strikes = reply.strikes + entry.unacked + (entry.pending?.count ?? 0);
      entry.strikesUntilMs = reply.strikesUntilMs;
    }
  }

  private forget(entry: Entry, sendStrikes: boolean): void {
    if (sendStrikes) this.send(entry);
    else {
      entry.pending = null;
      this.unsent.delete(entry);
    }
    if (this.entries.get(entry.subject) === entry) this.entries.delete(entry.subject);
  }

  /** Drops the entries that have ended, and if none had, the tenth that end soonest. */
  private makeRoom(): void {
    const localNow = this.clock.nowMs();
    for (const entry of this.entries.values()) if (localNow + entry.offsetMs >= entry.holdsUntilMs) this.forget(entry, true);
    if (this.entries.size < this.options.maxEntries) return;
    const soonest = [...this.entries.values()].sort((a, b) => a.holdsUntilMs - a.offsetMs - (b.holdsUntilMs - b.offsetMs));
    for (const entry of soonest.slice(0, Math.max(1, Math.ceil(this.options.maxEntries / 10)))) this.forget(entry, true);
  }

  private readonly sendAll = (): void => {
    this.timer = null;
    for (const entry of [...this.unsent]) this.send(entry);
  };

  /** Sends the entry's unsent strikes; the reply brings back what other instances added. */
  private send(entry: Entry): void {
    const batch: StrikeBatch | null = entry.pending;
    this.unsent.delete(entry);
    if (batch === null) return;
    entry.pending = null;
    entry.unacked += batch.count;
    const sent = this.limiter.strike(entry.subject, entry.policy, batch).then(
      (reply) => {
        entry.unacked -= batch.count;
        if (this.entries.get(entry.subject) === entry) this.update(entry, reply);
      },
      (error: unknown) => {
        entry.unacked -= batch.count;
        this.options.events?.strikesLost?.(batch.count, error);
      },
    );
    this.inFlight.add(sent);
    void sent.finally(() => this.inFlight.delete(sent));
  }
}
