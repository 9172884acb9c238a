/** What every RateLimiter must do; run against each adapter with an injected clock. */
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { RateLimiter } from '../../../src/application/access/ports/rate-limiter.js';
import {
  addStrikes,
  admit,
  liftBan,
  peek,
  refusalHoldsUntil,
  reportOf,
  SubjectState,
  windowsFor,
  type AdmissionPolicy,
} from '../../../src/domain/access/rate-limit.js';
import { FakeClock } from '../../support/fake-clock.js';

export interface RateLimiterHarness {
  /** A limiter with no state, reading time from the given clock. */
  fresh(clock: FakeClock): Promise<RateLimiter>;
  close?(): Promise<void>;
}

const ban = { threshold: 0, durationMs: 900_000, strikeWindowMs: 60_000 };
const free: AdmissionPolicy = { windows: windowsFor({ perMinute: 60, perDay: 1000 }), ban };

async function send(limiter: RateLimiter, subject: string, policy: AdmissionPolicy, count: number) {
  const outcomes = await Promise.all(Array.from({ length: count }, async () => limiter.admit(subject, policy)));
  return outcomes.filter((d) => d.outcome === 'admitted').length;
}

export function describeRateLimiterContract(adapter: string, harness: RateLimiterHarness): void {
  describe(`RateLimiter contract: ${adapter}`, () => {
    let clock: FakeClock;
    let limiter: RateLimiter;
    let subject: string;
    let n = 0;

    beforeEach(async () => {
      clock = new FakeClock();
      limiter = await harness.fresh(clock);
      subject = `key:contract-${Date.now()}-${n++}`;
    });
    afterAll(async () => {
      await harness.close?.();
    });

    it('admits exactly the minute limit of a concurrent burst', async () => {
      expect(await send(limiter, subject, free, 75)).toBe(60);
    });

    it('keeps subjects apart', async () => {
      expect(await send(limiter, subject, free, 60)).toBe(60);
      expect(await send(limiter, `${subject}-other`, free, 60)).toBe(60);
    });

    it('does not admit a second full burst just across the minute boundary', async () => {
      clock.advance(59_500);
      expect(await send(limiter, subject, free, 60)).toBe(60);
      clock.advance(1_000);
      expect(await send(limiter, subject, free, 10)).toBe(0);
      // Free again exactly one minute after the burst, not a bucket later.
      clock.advance(59_000 - 1);
      expect(await send(limiter, subject, free, 1)).toBe(0);
      clock.advance(1);
      expect(await send(limiter, subject, free, 60)).toBe(60);
    });

    it('reports limit, remaining, reset and retry-after like the domain rules', async () => {
      const first = await limiter.admit(subject, free);
      expect(reportOf(first)).toEqual({ limit: 60, remaining: 59, resetAtMs: clock.ms + 60_000, retryAfterMs: null });
      clock.advance(10_000);
      await send(limiter, subject, free, 59);
      clock.advance(10_000);
      const refused = await limiter.admit(subject, free);
      expect(refused.outcome).toBe('limited');
      expect(reportOf(refused)).toEqual({ limit: 60, remaining: 0, resetAtMs: clock.ms - 10_000 + 60_000, retryAfterMs: 40_000 });
    });

    it('enforces the day window, released when the latest request of its oldest bucket leaves the day', async () => {
      const policy: AdmissionPolicy = { windows: windowsFor({ perMinute: 50, perDay: 120 }), ban };
      expect(await send(limiter, subject, policy, 50)).toBe(50);
      clock.advance(3_600_000);
      expect(await send(limiter, subject, policy, 50)).toBe(50);
      clock.advance(3_600_000);
      expect(await send(limiter, subject, policy, 50)).toBe(20);
      const refused = await limiter.admit(subject, policy);
      const report = reportOf(refused);
      expect(report.limit).toBe(120);
      // The first 50 came at the start time: that bucket is free again exactly one day later.
      expect(report.retryAfterMs).toBe(86_400_000 - 7_200_000);
      clock.advance(report.retryAfterMs as number);
      expect(await send(limiter, subject, policy, 60)).toBe(50);
    });

    it('bans a subject that keeps sending while limited, beyond the window', async () => {
      const banning: AdmissionPolicy = { ...free, ban: { threshold: 3, durationMs: 300_000, strikeWindowMs: 60_000 } };
      expect(await send(limiter, subject, banning, 60)).toBe(60);
      const outcomes = [];
      for (let i = 0; i < 3; i++) outcomes.push((await limiter.admit(subject, banning)).outcome);
      expect(outcomes).toEqual(['limited', 'limited', 'banned']);
      clock.advance(120_000);
      const during = await limiter.admit(subject, banning);
      expect(during.outcome).toBe('banned');
      expect(reportOf(during).retryAfterMs).toBe(180_000);
      clock.advance(180_000);
      expect((await limiter.admit(subject, banning)).outcome).toBe('admitted');
    });

    it('decides, counts and reports exactly as the domain rules, request by request', async () => {
      const policy: AdmissionPolicy = {
        windows: windowsFor({ perMinute: 30, perDay: 200 }),
        ban: { threshold: 5, durationMs: 120_000, strikeWindowMs: 60_000 },
      };
      const reference = new SubjectState();
      let seed = 11;
      for (let i = 0; i < 600; i++) {
        seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
        clock.advance(seed % 11 === 0 ? seed % 3_600_000 : seed % 2_000);
        const decision = await limiter.admit(subject, policy);
        expect(decision).toEqual(admit(reference, policy, clock.ms));
        const report = reportOf(decision);
        expect(report.resetAtMs).toBeLessThanOrEqual(clock.ms + 86_400_000);
        if (decision.outcome === 'limited') expect(report.retryAfterMs).toBeLessThanOrEqual(86_400_000);
      }
    });

    it('decides requests asked for at once in the order asked, each exactly as if it had been asked alone', async () => {
      const tight: AdmissionPolicy = {
        windows: windowsFor({ perMinute: 40, perDay: 500 }),
        ban: { threshold: 3, durationMs: 120_000, strikeWindowMs: 60_000 },
      };
      const subjects = [
        { name: subject, policy: tight, reference: new SubjectState() },
        { name: `${subject}-b`, policy: free, reference: new SubjectState() },
        { name: `${subject}-c`, policy: tight, reference: new SubjectState() },
      ];
      const asked: Promise<unknown>[] = [];
      const expected: unknown[] = [];
      for (let i = 0; i < 250; i++) {
        const { name, policy, reference } = subjects[i % 7 === 0 ? 1 : i % 2 === 0 ? 0 : 2]!;
        if (i % 5 === 4) {
          asked.push(limiter.peek(name, policy));
          expected.push(peek(reference, policy, clock.ms));
        } else {
          asked.push(limiter.admit(name, policy));
          expected.push(admit(reference, policy, clock.ms));
        }
        if (i % 3 === 0) clock.advance(7);
      }
      const decisions = await Promise.all(asked);
      expect(decisions).toEqual(expected);
      // Limited, then banned, in the order asked: the burst went well past the tight policy.
      expect(decisions.filter((d) => (d as { outcome: string }).outcome === 'banned').length).toBeGreaterThan(0);
    });

    it('peeks without counting or striking: the same answer as the domain, and the next admit is unchanged', async () => {
      const policy: AdmissionPolicy = {
        windows: windowsFor({ perMinute: 5, perDay: 100 }),
        ban: { threshold: 2, durationMs: 120_000, strikeWindowMs: 60_000 },
      };
      const reference = new SubjectState();
      expect(await limiter.peek(subject, policy)).toEqual(peek(reference, policy, clock.ms));
      for (let i = 0; i < 5; i++) {
        expect(await limiter.admit(subject, policy)).toEqual(admit(reference, policy, clock.ms));
        clock.advance(1_000);
      }
      for (let i = 0; i < 10; i++) expect(await limiter.peek(subject, policy)).toEqual(peek(reference, policy, clock.ms));
      const limited = await limiter.peek(subject, policy);
      expect(limited.outcome).toBe('limited');
      expect(reportOf(limited)).toMatchObject({ limit: 5, remaining: 0 });
      // Ten peeks while limited added no strike: one refusal does not reach the ban threshold of 2.
      expect((await limiter.admit(subject, policy)).outcome).toBe('limited');
      expect((await limiter.peek(subject, policy)).outcome).toBe('limited');
      expect((await limiter.admit(subject, policy)).outcome).toBe('banned');
      expect((await limiter.peek(subject, policy)).outcome).toBe('banned');
      // A subject never seen has everything left.
      expect(reportOf(await limiter.peek(`${subject}-new`, policy))).toMatchObject({ limit: 5, remaining: 5 });
    });

    it('counts batches of strikes as the domain does: a new strike window after the last closed, and the ban from the last strike that reaches the threshold', async () => {
      const policy: AdmissionPolicy = {
        windows: windowsFor({ perMinute: 3, perDay: 100 }),
        ban: { threshold: 10, durationMs: 300_000, strikeWindowMs: 30_000 },
      };
      const reference = new SubjectState();
      for (let i = 0; i < 4; i++) expect(await limiter.admit(subject, policy)).toEqual(admit(reference, policy, clock.ms));
      // One strike from the store's own refusal, then batches answered elsewhere.
      const t = clock.ms;
      const batches = [
        { count: 4, firstMs: t + 100, lastMs: t + 900 },
        // After the strike window (opened at t) has closed: a new one opens at its first strike.
        { count: 6, firstMs: t + 31_000, lastMs: t + 31_500 },
        { count: 4, firstMs: t + 32_000, lastMs: t + 32_200 },
        // While banned, strikes do not count.
        { count: 50, firstMs: t + 33_000, lastMs: t + 33_000 },
      ];
      const answers = [];
      for (const batch of batches) {
        const answer = await limiter.strike(subject, policy, batch);
        expect(answer).toEqual(addStrikes(reference, policy, batch));
        answers.push(answer);
      }
      expect(answers.map((a) => [a.outcome, a.strikes, a.banStarted])).toEqual([
        ['limited', 5, false],
        ['limited', 6, false],
        ['banned', 0, true],
        ['banned', 0, false],
      ]);
      expect(answers[2]?.bannedUntilMs).toBe(t + 32_200 + 300_000);
      // The refusal holds until the ban ends or a count drops: the three requests leave the minute at t + 60 s.
      expect(refusalHoldsUntil(answers[2]!)).toBe(t + 60_000);
      clock.advance(33_000);
      expect(await limiter.admit(subject, policy)).toEqual(admit(reference, policy, clock.ms));
    });

    it('says when a limited refusal stands until: the first count to drop, and the store and the domain agree', async () => {
      const policy: AdmissionPolicy = { windows: windowsFor({ perMinute: 3, perDay: 100 }), ban };
      const reference = new SubjectState();
      for (let i = 0; i < 3; i++) {
        expect(await limiter.admit(subject, policy)).toEqual(admit(reference, policy, clock.ms));
        clock.advance(2_000);
      }
      const refused = await limiter.admit(subject, policy);
      expect(refused).toEqual(admit(reference, policy, clock.ms));
      // The first of the three leaves the minute 60 s after it came, 6 s ago; the refusal holds until then.
      expect(refused.dropsAtMs).toBe(clock.ms - 6_000 + 60_000);
      expect(refusalHoldsUntil(refused)).toBe(clock.ms - 6_000 + 60_000);
      expect(refusalHoldsUntil(await limiter.peek(`${subject}-new`, policy))).toBeNull();
      expect((await limiter.peek(`${subject}-new`, policy)).dropsAtMs).toBe(Infinity);
    });

    it('lifts a ban and forgets the strikes, keeping what the windows counted', async () => {
      const policy: AdmissionPolicy = {
        windows: windowsFor({ perMinute: 2, perDay: 100 }),
        ban: { threshold: 2, durationMs: 600_000, strikeWindowMs: 60_000 },
      };
      const reference = new SubjectState();
      for (let i = 0; i < 4; i++) expect(await limiter.admit(subject, policy)).toEqual(admit(reference, policy, clock.ms));
      expect((await limiter.peek(subject, policy)).outcome).toBe('banned');
      clock.advance(1_000);
      liftBan(reference);
      const lifted = await limiter.unban(subject, policy);
      expect(lifted).toEqual(peek(reference, policy, clock.ms));
      expect(lifted).toMatchObject({ outcome: 'limited', strikes: 0, bannedUntilMs: null });
      // The two requests still count for the minute; one minute after them, both are admitted again.
      clock.advance(60_000);
      expect(await send(limiter, subject, policy, 3)).toBe(2);
      // Unbanning a subject never seen leaves it with everything.
      expect(reportOf(await limiter.unban(`${subject}-new`, policy))).toMatchObject({ limit: 2, remaining: 2 });
    });

    it('answers a ping', async () => {
      await expect(limiter.ping()).resolves.toBeUndefined();
    });
  });
}
