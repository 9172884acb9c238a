import { describe, expect, it } from 'vitest';
import {
  admit,
  peek,
  reportOf,
  SubjectState,
  windowsFor,
  type AdmissionPolicy,
  type RateDecision,
  type WindowUsage,
} from '../../../../src/domain/access/rate-limit.js';

const T0 = Date.UTC(2026, 10, 21, 12, 0, 0);
const noBan = { threshold: 0, durationMs: 900_000, strikeWindowMs: 60_000 };
const free: AdmissionPolicy = { windows: windowsFor({ perMinute: 60, perDay: 1000 }), ban: noBan };

function burst(state: SubjectState, policy: AdmissionPolicy, at: number, count: number): number {
  let admitted = 0;
  for (let i = 0; i < count; i++) if (admit(state, policy, at).outcome === 'admitted') admitted++;
  return admitted;
}

describe('sliding windows', () => {
  it('admits exactly the minute limit, then refuses', () => {
    const state = new SubjectState();
    expect(burst(state, free, T0, 61)).toBe(60);
  });

  it('never admits twice the limit across a minute boundary', () => {
    const state = new SubjectState();
    // 60 at the end of one minute, then a burst just after the boundary.
    expect(burst(state, free, T0 + 59_500, 60)).toBe(60);
    expect(burst(state, free, T0 + 60_500, 60)).toBe(0);
    // The same burst is admitted exactly when the first one has left the window, not before.
    expect(burst(state, free, T0 + 59_500 + 60_000 - 1, 1)).toBe(0);
    expect(burst(state, free, T0 + 59_500 + 60_000, 60)).toBe(60);
  });

  it("keeps at most one window's buckets and one more, however long a subject keeps sending", () => {
    const state = new SubjectState();
    const busy: AdmissionPolicy = { windows: windowsFor({ perMinute: 1_000_000, perDay: 1_000_000_000 }), ban: noBan };
    const most = { minute: 0, day: 0 };
    let refused = 0;
    // Three days of a request every 0.75 s: every bucket of both windows is used and left behind.
    for (let t = T0; t < T0 + 3 * 86_400_000; t += 750) {
      if (admit(state, busy, t).outcome !== 'admitted') refused++;
      for (const w of busy.windows) most[w.name] = Math.max(most[w.name], state.window(w).heldBuckets);
    }
    expect(refused).toBe(0);
    // 60 one-second buckets in a minute, 96 quarter-hours in a day; the oldest may still be partly in.
    expect(most).toEqual({ minute: 61, day: 97 });
    // After a pause longer than both windows, one request: only its own bucket is held.
    expect(admit(state, busy, T0 + 5 * 86_400_000).outcome).toBe('admitted');
    expect(busy.windows.map((w) => state.window(w).heldBuckets)).toEqual([1, 1]);
  });

  it('holds at most the limit in any span of one window length', () => {
    const state = new SubjectState();
    const admittedAt: number[] = [];
    for (let t = T0; t < T0 + 5 * 60_000; t += 250) {
      if (admit(state, free, t).outcome === 'admitted') admittedAt.push(t);
    }
    for (const start of admittedAt) {
      const inWindow = admittedAt.filter((t) => t >= start && t < start + 60_000).length;
      expect(inWindow).toBeLessThanOrEqual(60);
    }
    // And it is not needlessly strict: at least limit per (window + one bucket) over the run.
    expect(admittedAt.length).toBeGreaterThanOrEqual(Math.floor((5 * 60_000) / 61_000) * 60);
  });

  it('never states a Retry-After longer than the refusing window, nor a reset beyond now + that window', () => {
    const policy: AdmissionPolicy = { windows: windowsFor({ perMinute: 60, perDay: 500 }), ban: noBan };
    const state = new SubjectState();
    // Irregular traffic over two days, bursts at bucket edges included; times from a fixed sequence.
    let t = T0 + 999;
    let seed = 7;
    let refusals = 0;
    const admittedAt: number[] = [];
    // Refused requests change nothing (no bans here), so replaying the admitted ones rebuilds the state.
    const replay = () => {
      const copy = new SubjectState();
      for (const at of admittedAt) admit(copy, policy, at);
      return copy;
    };
    for (let i = 0; i < 20_000; i++) {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      t += seed % 7 === 0 ? seed % 900_001 : seed % 1_500;
      const decision = admit(state, policy, t);
      if (decision.outcome === 'admitted') admittedAt.push(t);
      const report = reportOf(decision);
      for (const usage of decision.windows) {
        const windowMs = usage.name === 'minute' ? 60_000 : 86_400_000;
        expect(usage.resetAtMs).toBeLessThanOrEqual(t + windowMs);
        if (usage.used >= usage.limit) expect(usage.retryAtMs - t).toBeLessThanOrEqual(windowMs);
      }
      if (decision.outcome === 'limited') {
        refusals++;
        const refusing = decision.windows.filter((w) => w.used >= w.limit).map((w) => (w.name === 'minute' ? 60_000 : 86_400_000));
        expect(report.retryAfterMs).toBeLessThanOrEqual(Math.max(...refusing));
        if (refusals <= 50) {
          // Honest too: one millisecond earlier is still refused, and at Retry-After the request is admitted.
          expect(admit(replay(), policy, t + (report.retryAfterMs as number) - 1).outcome).toBe('limited');
          expect(admit(replay(), policy, t + (report.retryAfterMs as number)).outcome).toBe('admitted');
        }
      }
    }
    expect(refusals).toBeGreaterThan(100);
  });

  it('refused requests use no quota', () => {
    const state = new SubjectState();
    burst(state, free, T0, 60);
    expect(burst(state, free, T0 + 1000, 500)).toBe(0);
    const next = admit(state, free, T0 + 60_000);
    expect(next.outcome).toBe('admitted');
    expect(reportOf(next).remaining).toBe(59);
  });

  it('spends the day window and says to retry when the latest request of its oldest bucket leaves it', () => {
    const policy: AdmissionPolicy = { windows: windowsFor({ perMinute: 60, perDay: 100 }), ban: noBan };
    const state = new SubjectState();
    let t = T0;
    for (let i = 0; i < 100; i++, t += 2_000) expect(admit(state, policy, t).outcome).toBe('admitted');
    const refused = admit(state, policy, t);
    expect(refused.outcome).toBe('limited');
    const report = reportOf(refused);
    expect(report.limit).toBe(100);
    expect(report.remaining).toBe(0);
    // All 100 sit in the 15-minute bucket starting at T0, the latest at T0 + 198 s: one day later it has left.
    expect(t + (report.retryAfterMs ?? 0)).toBe(T0 + 198_000 + 86_400_000);
    expect(report.retryAfterMs).toBeLessThanOrEqual(86_400_000);
    expect(admit(state, policy, T0 + 198_000 + 86_400_000 - 1).outcome).toBe('limited');
    expect(admit(state, policy, T0 + 198_000 + 86_400_000).outcome).toBe('admitted');
  });

  it('reports the window closest to exhaustion, with reset and retry times', () => {
    const state = new SubjectState();
    const first = reportOf(admit(state, free, T0));
    expect(first).toEqual({ limit: 60, remaining: 59, resetAtMs: T0 + 60_000, retryAfterMs: null });
    burst(state, free, T0 + 10_000, 59);
    const refused = reportOf(admit(state, free, T0 + 20_000));
    expect(refused.limit).toBe(60);
    expect(refused.remaining).toBe(0);
    // One slot frees when the request at T0 leaves: 60 s after T0.
    expect(refused.retryAfterMs).toBe(T0 + 60_000 - (T0 + 20_000));
    expect(refused.resetAtMs).toBe(T0 + 10_000 + 60_000);
  });

  it('reports the day window once it has less room than the minute window', () => {
    const policy: AdmissionPolicy = { windows: windowsFor({ perMinute: 60, perDay: 70 }), ban: noBan };
    const state = new SubjectState();
    burst(state, policy, T0, 60);
    const report = reportOf(admit(state, policy, T0 + 120_000));
    expect(report.limit).toBe(70);
    expect(report.remaining).toBe(9);
  });
});

describe('bans', () => {
  const banning: AdmissionPolicy = { ...free, ban: { threshold: 5, durationMs: 900_000, strikeWindowMs: 60_000 } };

  it('bans a subject that keeps sending while limited, for longer than the window', () => {
    const state = new SubjectState();
    burst(state, banning, T0, 60);
    const outcomes = Array.from({ length: 5 }, () => admit(state, banning, T0 + 1000).outcome);
    expect(outcomes).toEqual(['limited', 'limited', 'limited', 'limited', 'banned']);
    // After the minute window has long passed, the ban still holds.
    const during = admit(state, banning, T0 + 5 * 60_000);
    expect(during.outcome).toBe('banned');
    expect(reportOf(during).retryAfterMs).toBe(T0 + 1000 + 900_000 - (T0 + 5 * 60_000));
    expect(admit(state, banning, T0 + 1000 + 900_000).outcome).toBe('admitted');
  });

  it('forgets strikes older than the strike window', () => {
    const policy = { ...banning, ban: { ...banning.ban, strikeWindowMs: 10_000 } };
    const state = new SubjectState();
    burst(state, policy, T0, 60);
    for (let i = 0; i < 4; i++) admit(state, policy, T0 + 1000);
    // The next strikes fall in a new strike window, so the count starts again.
    for (let i = 0; i < 4; i++) expect(admit(state, policy, T0 + 12_000).outcome).toBe('limited');
    expect(admit(state, policy, T0 + 12_000).outcome).toBe('banned');
  });

  it('is off when the threshold is 0', () => {
    const state = new SubjectState();
    burst(state, free, T0, 60);
    for (let i = 0; i < 1000; i++) expect(admit(state, free, T0 + 1).outcome).toBe('limited');
  });
});

describe('boundaries', () => {
  const oneMinute = (limit: number): AdmissionPolicy => ({
    windows: [{ name: 'minute', limit, windowMs: 60_000, bucketMs: 1_000 }],
    ban: noBan,
  });
  // A day spent at once, so that the day window is still full when a ban ends.
  const spentDay: AdmissionPolicy = {
    windows: windowsFor({ perMinute: 60, perDay: 60 }),
    ban: { threshold: 5, durationMs: 900_000, strikeWindowMs: 60_000 },
  };

  it('reports the window with the least room; of two with the same room, the one that resets later; else the first', () => {
    const usage = (name: 'minute' | 'day', limit: number, used: number, resetAtMs: number): WindowUsage => ({
      name,
      limit,
      used,
      resetAtMs,
      retryAtMs: T0,
    });
    const report = (...windows: WindowUsage[]) =>
      reportOf({
        outcome: 'admitted',
        nowMs: T0,
        windows,
        bannedUntilMs: null,
        banStarted: false,
        dropsAtMs: Infinity,
        strikes: 0,
        strikesUntilMs: 0,
      } satisfies RateDecision);
    const tight = usage('minute', 10, 8, T0 + 60_000);
    const roomy = usage('day', 100, 50, T0 + 86_400_000);
    expect(report(tight, roomy)).toMatchObject({ limit: 10, remaining: 2, resetAtMs: T0 + 60_000 });
    expect(report(roomy, tight)).toMatchObject({ limit: 10, remaining: 2, resetAtMs: T0 + 60_000 });
    // Three left in each: the day's three come back later, so the day is the one to report.
    const soon = usage('minute', 10, 7, T0 + 60_000);
    const late = usage('day', 100, 97, T0 + 86_400_000);
    expect(report(soon, late)).toMatchObject({ limit: 100, remaining: 3, resetAtMs: T0 + 86_400_000 });
    expect(report(late, soon)).toMatchObject({ limit: 100, remaining: 3, resetAtMs: T0 + 86_400_000 });
    // The same room and the same reset: the first window stays.
    expect(report(soon, usage('day', 100, 97, T0 + 60_000)).limit).toBe(10);
  });

  it('says to retry when enough of the oldest buckets have left for one more request, also below a lowered limit', () => {
    const state = new SubjectState();
    burst(state, oneMinute(10), T0, 2);
    burst(state, oneMinute(10), T0 + 1_000, 3);
    burst(state, oneMinute(10), T0 + 2_000, 5);
    // Ten counted and a limit of five: six must leave, so the buckets at T0 (2), T0+1s (3) and T0+2s (5).
    const refused = admit(state, oneMinute(5), T0 + 3_000);
    expect(refused.outcome).toBe('limited');
    expect(refused.windows[0]).toMatchObject({ used: 10, retryAtMs: T0 + 2_000 + 60_000, resetAtMs: T0 + 2_000 + 60_000 });
    // A limit of eight: three must leave, so the buckets at T0 (2) and T0+1s (3).
    expect(admit(state, oneMinute(8), T0 + 3_000).windows[0]?.retryAtMs).toBe(T0 + 1_000 + 60_000);
    // A limit of nine: two must leave, the bucket at T0.
    expect(admit(state, oneMinute(9), T0 + 3_000).windows[0]?.retryAtMs).toBe(T0 + 60_000);
  });

  it('keeps the reset time when a request carries an earlier time than the latest one (a clock stepped back)', () => {
    const state = new SubjectState();
    admit(state, oneMinute(10), T0 + 5_000);
    expect(admit(state, oneMinute(10), T0 + 2_000).windows[0]).toMatchObject({ used: 2, resetAtMs: T0 + 5_000 + 60_000 });
  });

  it('ends a ban exactly at its stated time; a peek never starts one', () => {
    const state = new SubjectState();
    burst(state, spentDay, T0, 60);
    const outcomes = Array.from({ length: 5 }, () => admit(state, spentDay, T0 + 1_000).outcome);
    expect(outcomes.at(-1)).toBe('banned');
    const until = T0 + 1_000 + 900_000;
    expect(peek(state, spentDay, until - 1)).toMatchObject({ outcome: 'banned', bannedUntilMs: until, banStarted: false });
    expect(admit(state, spentDay, until - 1)).toMatchObject({ outcome: 'banned', bannedUntilMs: until, banStarted: false });
    // At its end the day is still spent: the answer is limited, no longer banned.
    expect(peek(state, spentDay, until)).toMatchObject({ outcome: 'limited', bannedUntilMs: null, banStarted: false });
    expect(admit(state, spentDay, until)).toMatchObject({ outcome: 'limited', bannedUntilMs: null, banStarted: false });
    // And a peek where a request would be admitted says so, starting nothing.
    expect(peek(new SubjectState(), spentDay, until)).toMatchObject({ outcome: 'admitted', bannedUntilMs: null, banStarted: false });
  });

  it('starts a new strike window exactly when the last one ends', () => {
    const policy: AdmissionPolicy = { ...spentDay, ban: { threshold: 2, durationMs: 900_000, strikeWindowMs: 10_000 } };
    const state = new SubjectState();
    burst(state, policy, T0, 60);
    expect(admit(state, policy, T0 + 1_000).outcome).toBe('limited');
    // The strike window of the refusal at T0+1s ends at T0+11s: the strike there is the first of a new one.
    expect(admit(state, policy, T0 + 11_000).outcome).toBe('limited');
    expect(admit(state, policy, T0 + 11_000).outcome).toBe('banned');
  });

  it('is idle, so may be forgotten, exactly when nothing it counted is in a window and no ban holds', () => {
    const state = new SubjectState();
    admit(state, oneMinute(10), T0 + 500);
    expect(state.isIdle(T0 + 500 + 59_999)).toBe(false);
    expect(state.isIdle(T0 + 500 + 60_000)).toBe(true);
    // The oldest bucket counts, whole, until its latest request has left, and then not at all, in a peek as in an admit.
    expect(peek(state, oneMinute(10), T0 + 60_200).windows[0]).toMatchObject({ used: 1, resetAtMs: T0 + 500 + 60_000 });
    expect(peek(state, oneMinute(10), T0 + 500 + 60_000).windows[0]).toMatchObject({ used: 0, resetAtMs: T0 + 500 + 60_000 });

    const banned = new SubjectState();
    banned.bannedUntilMs = T0 + 1_000;
    expect(banned.isIdle(T0 + 999)).toBe(false);
    expect(banned.isIdle(T0 + 1_000)).toBe(true);
  });
});
