/**
 * Sliding-window rate limiting, as data and pure rules.
 *
 * Each window (a minute, a day) is split into N buckets. A request at time t counts every request in
 * the N+1 buckets that overlap [t - window, t]. Because the oldest bucket is counted whole, no span of
 * one window length ever holds more than `limit` admitted requests, across any boundary; the price is
 * that a request may be refused up to one bucket early (1 s for the minute window, 15 min for the
 * day). State per window is a running total plus at most N+1 bucket counters, whatever the plan size.
 */
import type { PlanLimits } from './plans.js';

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

export type Outcome = 'admitted' | 'limited' | 'banned';

export interface RateDecision {
  readonly outcome: Outcome;
  readonly nowMs: number;
  readonly windows: readonly WindowUsage[];
  readonly bannedUntilMs: number | null;
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

/** One window's counters. The Redis script keeps the same fields in a hash. */
export class BucketedWindow {
  private total = 0;
  private oldest = -Infinity;
  private newest = -Infinity;
  private readonly buckets = new Map<number, number>();
  private readonly span: number;

  constructor(private readonly bucketMs: number, windowMs: number) {
    this.span = windowMs / bucketMs;
  }

  /** Usage as if a request came at nowMs, before counting it. */
  usage(nowMs: number, name: WindowName, limit: number): WindowUsage {
    const current = Math.floor(nowMs / this.bucketMs);
    this.evictBefore(current - this.span);
    return {
      name,
      limit,
      used: this.total,
      resetAtMs: this.total === 0 ? nowMs : (this.newest + this.span + 1) * this.bucketMs,
      retryAtMs: this.total < limit ? nowMs : this.retryAt(limit),
    };
  }

  /** Counts a request at nowMs (after `usage` at the same time) and returns the usage including it. */
  record(nowMs: number, name: WindowName, limit: number): WindowUsage {
    const current = Math.floor(nowMs / this.bucketMs);
    this.buckets.set(current, (this.buckets.get(current) ?? 0) + 1);
    this.total += 1;
    if (current > this.newest) this.newest = current;
    return {
      name,
      limit,
      used: this.total,
      resetAtMs: (this.newest + this.span + 1) * this.bucketMs,
      retryAtMs: this.total < limit ? nowMs : this.retryAt(limit),
    };
  }

  /** True when nothing counted so far is still inside the window at nowMs. */
  isEmptyAt(nowMs: number): boolean {
    return this.total === 0 || (this.newest + this.span + 1) * this.bucketMs <= nowMs;
  }

  private evictBefore(oldestCounted: number): void {
    if (this.oldest >= oldestCounted) return;
    if (this.total === 0 || oldestCounted - this.oldest > this.span + 1) {
      this.buckets.clear();
      this.total = 0;
    } else {
      for (let b = this.oldest; b < oldestCounted; b++) {
        const count = this.buckets.get(b);
        if (count !== undefined) {
          this.total -= count;
          this.buckets.delete(b);
        }
      }
    }
    this.oldest = oldestCounted;
  }

  /** The time at which enough of the oldest buckets have left the window for one more request. */
  private retryAt(limit: number): number {
    let dropped = 0;
    for (let b = this.oldest; b <= this.newest; b++) {
      dropped += this.buckets.get(b) ?? 0;
      if (this.total - dropped <= limit - 1) return (b + this.span + 1) * this.bucketMs;
    }
    return (this.newest + this.span + 1) * this.bucketMs;
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

/**
 * Decides one request: banned subjects are refused outright; otherwise the request is admitted only
 * if every window has room, and then counts in all of them. Refused requests use no quota, but they
 * add a strike, and enough strikes within the strike window ban the subject.
 */
export function admit(state: SubjectState, policy: AdmissionPolicy, nowMs: number): RateDecision {
  state.lastSeenMs = nowMs;
  const { windows } = policy;
  const usages: WindowUsage[] = [];
  let fits = true;
  for (const w of windows) {
    const usage = state.window(w).usage(nowMs, w.name, w.limit);
    if (usage.used >= usage.limit) fits = false;
    usages.push(usage);
  }
  if (state.bannedUntilMs > nowMs) {
    return { outcome: 'banned', nowMs, windows: usages, bannedUntilMs: state.bannedUntilMs };
  }
  if (fits) {
    for (let i = 0; i < windows.length; i++) {
      const w = windows[i] as RateWindow;
      usages[i] = state.window(w).record(nowMs, w.name, w.limit);
    }
    return { outcome: 'admitted', nowMs, windows: usages, bannedUntilMs: null };
  }
  if (policy.ban.threshold > 0) {
    if (state.strikesUntilMs <= nowMs) {
      state.strikes = 0;
      state.strikesUntilMs = nowMs + policy.ban.strikeWindowMs;
    }
    state.strikes += 1;
    if (state.strikes >= policy.ban.threshold) {
      state.strikes = 0;
      state.bannedUntilMs = nowMs + policy.ban.durationMs;
      return { outcome: 'banned', nowMs, windows: usages, bannedUntilMs: state.bannedUntilMs };
    }
  }
  return { outcome: 'limited', nowMs, windows: usages, bannedUntilMs: null };
}
