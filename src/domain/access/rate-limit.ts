// Over 300 lines: the window rules and the strike and ban rules act on one subject state, which lua/admit.lua mirrors as one script.
/**
 * Sliding-window rate limiting, as data and pure rules.
 *
 * Each window (a minute, a day) is split into N buckets; each bucket keeps how many requests it holds
 * and the time of its latest one. A bucket counts, whole, for as long as its latest request is inside
 * the window (t - window, t]. So no span of one window length ever holds more than `limit` admitted
 * requests, across any boundary, and every time the limiter states is exact: a bucket leaves exactly
 * one window after its latest request, so Retry-After and the reset time are never more than one
 * window ahead. The price is that a request may be refused early while part of the oldest bucket has
 * already left the window. State per window is a running total plus at most N+1 buckets, whatever the
 * plan size.
 */
import type { PlanLimits } from './plans.js';
import type { Outcome } from '../shared/outcome.js';

export const WINDOW_SHAPES = {
  minute: { windowMs: 60_000, bucketMs: 1_000 },
  day: { windowMs: 86_400_000, bucketMs: 900_000 },
} as const;

export type WindowName = keyof typeof WINDOW_SHAPES;

export interface RateWindow {
  readonly name: WindowName;
  readonly limit: number;
  readonly windowMs: number;
  readonly bucketMs: number;
}

export interface BanPolicy {
  /** Refused requests within `strikeWindowMs` that trigger a ban; 0 turns bans off. */
  readonly threshold: number;
  readonly durationMs: number;
  readonly strikeWindowMs: number;
}

export interface AdmissionPolicy {
  readonly windows: readonly RateWindow[];
  readonly ban: BanPolicy;
}

export function windowsFor(limits: PlanLimits): RateWindow[] {
  return [
    { name: 'minute', limit: limits.perMinute, ...WINDOW_SHAPES.minute },
    { name: 'day', limit: limits.perDay, ...WINDOW_SHAPES.day },
  ];
}

export interface WindowUsage {
  readonly name: WindowName;
  readonly limit: number;
  /** Requests counted in the window, this one included when it was admitted. */
  readonly used: number;
  /** When every request counted now has left the window. */
  readonly resetAtMs: number;
  /** When one more request would fit (now, unless the window is spent). */
  readonly retryAtMs: number;
}

export interface RateDecision {
  readonly outcome: Outcome;
  readonly nowMs: number;
  readonly windows: readonly WindowUsage[];
  readonly bannedUntilMs: number | null;
  /** True for the one decision that began the ban (outcome 'banned'), so bans are counted once. */
  readonly banStarted: boolean;
  /**
   * For a refusal: when a request counted now next leaves a window, so that some window's count
   * drops (Infinity when none is counted). Until then, and until the refusal ends, a refusal's
   * answer stays the same but for the time left (refusalHoldsUntil). Infinity for an admission.
   */
  readonly dropsAtMs: number;
  /** Refusals counted toward a ban, and until when they count (0 with none). */
  readonly strikes: number;
  readonly strikesUntilMs: number;
}

/** A batch of refusals answered elsewhere (a local cache), to be counted as strikes: how many, and when the first and the last came. */
export interface StrikeBatch {
  readonly count: number;
  readonly firstMs: number;
  readonly lastMs: number;
}

/**
 * Until when a refusal stands exactly as decided, apart from the time left before a retry: the end
 * of the ban or the time a request fits again, and no later than the next drop of a window's count.
 * Null for an admission, which only the store may decide.
 */
export function refusalHoldsUntil(decision: RateDecision): number | null {
  if (decision.outcome === 'admitted') return null;
  const end =
    decision.outcome === 'banned' ? (decision.bannedUntilMs ?? decision.nowMs) : Math.max(...decision.windows.map((w) => w.retryAtMs));
  return Math.min(end, decision.dropsAtMs);
}

/** What the response headers say: the window closest to exhaustion, and when to retry. */
export interface RateLimitReport {
  readonly limit: number;
  readonly remaining: number;
  readonly resetAtMs: number;
  /** Only when the request was refused. */
  readonly retryAfterMs: number | null;
}

export function reportOf(decision: RateDecision): RateLimitReport {
  let closest: WindowUsage | undefined;
  for (const usage of decision.windows) {
    const remaining = Math.max(0, usage.limit - usage.used);
    const best = closest ? Math.max(0, closest.limit - closest.used) : Infinity;
    if (remaining < best || (remaining === best && closest && usage.resetAtMs > closest.resetAtMs)) {
      closest = usage;
    }
  }
  const limit = closest?.limit ?? 0;
  const remaining = closest ? Math.max(0, closest.limit - closest.used) : 0;
  const resetAtMs = closest?.resetAtMs ?? decision.nowMs;
  let retryAtMs: number | null = null;
  if (decision.outcome === 'banned') {
    retryAtMs = decision.bannedUntilMs ?? decision.nowMs;
  } else if (decision.outcome === 'limited') {
    retryAtMs = Math.max(...decision.windows.map((w) => w.retryAtMs));
  }
  return {
    limit,
    remaining,
    resetAtMs,
    retryAfterMs: retryAtMs === null ? null : Math.max(0, retryAtMs - decision.nowMs),
  };
}

/** Whole seconds to wait before retrying a refused request (at least 1), as Retry-After says. */
export function retryAfterSeconds(decision: RateDecision, report: RateLimitReport = reportOf(decision)): number {
  return Math.max(1, Math.ceil((report.retryAfterMs ?? 0) / 1000));
}

/** One bucket: how many requests it holds, and when the latest of them came. */
interface Bucket {
  count: number;
  lastMs: number;
}

/** One window's counters. The Redis script keeps the same state in a hash. */
class BucketedWindow {
  private total = 0;
  private readonly buckets = new Map<number, Bucket>();
  /** Index of the oldest bucket that may still hold requests, and of the newest one. */
  private oldest = 0;
  private newest = -Infinity;
  /** The newest bucket itself: every decision asks when it leaves the window. */
  private latest: Bucket | undefined;
  private readonly span: number;

  constructor(
    private readonly bucketMs: number,
    private readonly windowMs: number,
  ) {
    this.span = windowMs / bucketMs;
  }

  /** Usage as if a request came at nowMs, before counting it. */
  usage(nowMs: number, name: WindowName, limit: number): WindowUsage {
    this.evict(nowMs);
    return this.usageNow(nowMs, name, limit);
  }

  /** Requests counted at nowMs, before counting another (forgets what has left the window). */
  usedAt(nowMs: number): number {
    this.evict(nowMs);
    return this.total;
  }

  /** Counts a request at nowMs (after `usage` or `usedAt` at the same time) and returns the usage including it. */
  record(nowMs: number, name: WindowName, limit: number): WindowUsage {
    const current = Math.floor(nowMs / this.bucketMs);
    // Stryker disable next-line ConditionalExpression: `latest` is the map's newest bucket, kept apart to save a lookup
    let bucket = current === this.newest ? this.latest : this.buckets.get(current);
    if (bucket) {
      bucket.count += 1;
      bucket.lastMs = Math.max(bucket.lastMs, nowMs);
    } else {
      bucket = { count: 1, lastMs: nowMs };
      this.buckets.set(current, bucket);
      if (this.total === 0) this.oldest = current;
    }
    this.total += 1;
    // Stryker disable next-line EqualityOperator: at equal indexes the bucket already is `latest`
    if (current >= this.newest) {
      this.newest = current;
      this.latest = bucket;
    }
    return this.usageNow(nowMs, name, limit);
  }

  /** Buckets held: at most one window's worth and one more, whatever has been counted (for tests and diagnostics). */
  get heldBuckets(): number {
    return this.buckets.size;
  }

  /** When the oldest request counted (after `usage` or `usedAt` at the same time) leaves the window; Infinity with none. */
  dropsAt(): number {
    for (let index = this.oldest; index <= this.newest; index++) {
      const bucket = this.buckets.get(index);
      if (bucket) return bucket.lastMs + this.windowMs;
    }
    return Infinity;
  }

  /** True when nothing counted so far is still inside the window at nowMs. */
  isEmptyAt(nowMs: number): boolean {
    return this.total === 0 || this.leavesAt(this.newest) <= nowMs;
  }

  private usageNow(nowMs: number, name: WindowName, limit: number): WindowUsage {
    return {
      name,
      limit,
      used: this.total,
      resetAtMs: this.total === 0 ? nowMs : this.leavesAt(this.newest),
      retryAtMs: this.total < limit ? nowMs : this.retryAt(limit),
    };
  }

  /** When a bucket's latest request, and so the whole bucket, leaves the window. */
  private leavesAt(index: number): number {
    // `latest` saves a lookup; a missing bucket (a gap) is only asked about where it counts nothing
    // either way
    // Stryker disable next-line ConditionalExpression,UnaryOperator: as above
    return ((index === this.newest ? this.latest : this.buckets.get(index))?.lastMs ?? -Infinity) + this.windowMs;
  }

  /** Forgets the buckets whose latest request has left the window: only the oldest live one can be partly in. */
  private evict(nowMs: number): void {
    // Stryker disable next-line ConditionalExpression: with nothing counted, the next test clears what is already empty
    if (this.total === 0) return;
    // Stryker disable next-line EqualityOperator,BlockStatement: a shortcut after a long pause; the loop below reaches the same state one bucket at a time
    if (this.leavesAt(this.newest) <= nowMs) {
      this.buckets.clear();
      this.total = 0;
      this.newest = -Infinity;
      this.latest = undefined;
      return;
    }
    const floor = Math.floor(nowMs / this.bucketMs) - this.span;
    // past the floor a held bucket's latest request is still in the window (it came after nowMs -
    // windowMs), so only empty slots could be skipped, which changes no count
    // Stryker disable next-line ConditionalExpression: as above
    while (this.oldest < floor || (this.oldest === floor && this.leavesAt(this.oldest) <= nowMs)) {
      const bucket = this.buckets.get(this.oldest);
      if (bucket) {
        this.total -= bucket.count;
        this.buckets.delete(this.oldest);
      }
      this.oldest += 1;
    }
  }

  /** When enough of the oldest buckets have left the window for one more request. */
  private retryAt(limit: number): number {
    let dropped = 0;
    // Stryker disable next-line EqualityOperator: at the newest bucket everything has been dropped, and the line after the loop answers the same
    for (let index = this.oldest; index <= this.newest; index++) {
      dropped += this.buckets.get(index)?.count ?? 0;
      if (this.total - dropped <= limit - 1) return this.leavesAt(index);
    }
    return this.leavesAt(this.newest);
  }
}

/** Everything the limiter remembers about one subject (an API key or a client address). */
export class SubjectState {
  readonly windows = new Map<WindowName, BucketedWindow>();
  strikes = 0;
  strikesUntilMs = 0;
  bannedUntilMs = 0;
  lastSeenMs = 0;

  window(rateWindow: RateWindow): BucketedWindow {
    let counters = this.windows.get(rateWindow.name);
    if (!counters) {
      counters = new BucketedWindow(rateWindow.bucketMs, rateWindow.windowMs);
      this.windows.set(rateWindow.name, counters);
    }
    return counters;
  }

  isIdle(nowMs: number): boolean {
    return this.bannedUntilMs <= nowMs && [...this.windows.values()].every((w) => w.isEmptyAt(nowMs));
  }
}

/** What bans are decided on: a subject's strikes and ban. */
export interface StrikeState {
  strikes: number;
  strikesUntilMs: number;
  bannedUntilMs: number;
}

/**
 * Counts refusals as strikes: a strike window opens at the first strike after the last one closed,
 * and the strike that reaches the threshold within it bans the subject from then on (true). The
 * caller counts no strikes while the subject is banned. One rule for the store's decisions, for
 * batches of refusals answered elsewhere, and for the copy an instance keeps while it answers them.
 */
export function countStrikes(state: StrikeState, ban: BanPolicy, batch: StrikeBatch): boolean {
  if (ban.threshold <= 0) return false;
  if (state.strikesUntilMs <= batch.firstMs) {
    state.strikes = 0;
    state.strikesUntilMs = batch.firstMs + ban.strikeWindowMs;
  }
  state.strikes += batch.count;
  if (state.strikes < ban.threshold) return false;
  state.strikes = 0;
  state.strikesUntilMs = 0;
  state.bannedUntilMs = batch.lastMs + ban.durationMs;
  return true;
}

function decided(
  state: SubjectState,
  policy: AdmissionPolicy,
  outcome: Outcome,
  nowMs: number,
  windows: WindowUsage[],
  banStarted = false,
): RateDecision {
  // Only a refusal is remembered until a count drops: an admission leaves it at Infinity.
  let dropsAtMs = Infinity;
  if (outcome !== 'admitted') for (const w of policy.windows) dropsAtMs = Math.min(dropsAtMs, state.window(w).dropsAt());
  return {
    outcome,
    nowMs,
    windows,
    bannedUntilMs: outcome === 'banned' ? state.bannedUntilMs : null,
    banStarted,
    dropsAtMs,
    strikes: state.strikes,
    strikesUntilMs: state.strikesUntilMs,
  };
}

/**
 * What a request would get now, without counting one or adding a strike: the answer to "how much
 * is left?" that costs no quota. `outcome` is what the next request would be answered.
 */
export function peek(state: SubjectState, policy: AdmissionPolicy, nowMs: number): RateDecision {
  const windows = policy.windows.map((w) => state.window(w).usage(nowMs, w.name, w.limit));
  if (state.bannedUntilMs > nowMs) return decided(state, policy, 'banned', nowMs, windows);
  const fits = windows.every((usage) => usage.used < usage.limit);
  return decided(state, policy, fits ? 'admitted' : 'limited', nowMs, windows);
}

/**
 * Decides one request: banned subjects are refused outright; otherwise the request is admitted only
 * if every window has room, and then counts in all of them. Refused requests use no quota, but they
 * add a strike, and enough strikes within the strike window ban the subject.
 */
export function admit(state: SubjectState, policy: AdmissionPolicy, nowMs: number): RateDecision {
  state.lastSeenMs = nowMs;
  const { windows } = policy;
  // Whether every window has room, before building what the decision reports (built once, below).
  let fits = true;
  for (const w of windows) if (state.window(w).usedAt(nowMs) >= w.limit) fits = false;
  if (fits && state.bannedUntilMs <= nowMs) {
    return decided(
      state,
      policy,
      'admitted',
      nowMs,
      windows.map((w) => state.window(w).record(nowMs, w.name, w.limit)),
    );
  }
  const usages = windows.map((w) => state.window(w).usage(nowMs, w.name, w.limit));
  if (state.bannedUntilMs > nowMs) return decided(state, policy, 'banned', nowMs, usages);
  const banStarted = countStrikes(state, policy.ban, { count: 1, firstMs: nowMs, lastMs: nowMs });
  return decided(state, policy, banStarted ? 'banned' : 'limited', nowMs, usages, banStarted);
}

/**
 * Counts refusals answered elsewhere as strikes (none while the subject is banned), then says what
 * the next request would get as of the last of them.
 */
export function addStrikes(state: SubjectState, policy: AdmissionPolicy, batch: StrikeBatch): RateDecision {
  const banned = state.bannedUntilMs > batch.lastMs;
  const banStarted = !banned && batch.count > 0 && countStrikes(state, policy.ban, batch);
  const decision = peek(state, policy, batch.lastMs);
  return banStarted ? { ...decision, banStarted } : decision;
}

/** Lifts a ban and forgets the strikes toward one; what has been counted in the windows stays. */
export function liftBan(state: StrikeState): void {
  state.bannedUntilMs = 0;
  state.strikes = 0;
  state.strikesUntilMs = 0;
}
