/** What every RateLimiter must do; run against each adapter with an injected clock. */
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { RateLimiter } from '../../src/application/ports/rate-limiter.js';
import { admit, peek, reportOf, SubjectState, windowsFor, type AdmissionPolicy } from '../../src/domain/rate-limit.js';
import { FakeClock } from '../support/fake-clock.js';

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

    it('answers a ping', async () => {
      await expect(limiter.ping()).resolves.toBeUndefined();
    });
  });
}
