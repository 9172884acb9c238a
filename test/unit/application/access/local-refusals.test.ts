/** Refusals answered by an instance itself: exact, bounded, and still counted toward bans. */
import { beforeEach, describe, expect, it } from 'vitest';
import { LocalRefusals, STRIKE_FLUSH_MS } from '../../../../src/application/access/services/local-refusals.js';
import { MemoryRateLimiter } from '../../../../src/adapters/access/memory/memory-rate-limiter.js';
import {
  reportOf,
  retryAfterSeconds,
  windowsFor,
  type AdmissionPolicy,
  type RateDecision,
  type StrikeBatch,
} from '../../../../src/domain/access/rate-limit.js';
import { FakeClock } from '../../../support/fake-clock.js';

/** The shared store, counting what it is asked. */
class CountingLimiter extends MemoryRateLimiter {
  admits = 0;
  readonly batches: StrikeBatch[] = [];
  override admit(subject: string, policy: AdmissionPolicy) {
    this.admits++;
    return super.admit(subject, policy);
  }
  override strike(subject: string, policy: AdmissionPolicy, batch: StrikeBatch) {
    this.batches.push(batch);
    return super.strike(subject, policy, batch);
  }
}

const noBans: AdmissionPolicy = {
  windows: windowsFor({ perMinute: 3, perDay: 1000 }),
  ban: { threshold: 0, durationMs: 600_000, strikeWindowMs: 60_000 },
};
const bans: AdmissionPolicy = {
  windows: windowsFor({ perMinute: 3, perDay: 1000 }),
  ban: { threshold: 10, durationMs: 600_000, strikeWindowMs: 60_000 },
};
const afterTheTimer = () => new Promise((resolve) => setTimeout(resolve, STRIKE_FLUSH_MS + 50));

/** What a client is told: headers, Retry-After and outcome. */
const told = (d: RateDecision) => ({
  outcome: d.outcome,
  report: reportOf(d),
  retryAfter: retryAfterSeconds(d),
  bannedUntilMs: d.bannedUntilMs,
});

describe('refusals answered locally', () => {
  let clock: FakeClock;
  let store: CountingLimiter;
  let refusals: LocalRefusals;
  let answered: number;
  /** One request, as AdmitRequest decides it: from the instance's memory, else by the store (a refusal then remembered). */
  const decide = async (refusals: LocalRefusals, subject: string, stamp: string, policy: AdmissionPolicy): Promise<RateDecision> => {
    const local = refusals.answer(subject, stamp);
    if (local) return local;
    const askedAtMs = refusals.now();
    const decision = await store.admit(subject, policy);
    refusals.remember(subject, stamp, policy, decision, askedAtMs);
    return decision;
  };

  beforeEach(() => {
    clock = new FakeClock();
    store = new CountingLimiter(clock);
    answered = 0;
    refusals = new LocalRefusals(store, clock, { maxEntries: 100, events: { answered: () => answered++ } });
  });

  it('answers a refused subject exactly as the store would, without asking it, until a request fits again', async () => {
    for (let i = 0; i < 3; i++) {
      await decide(refusals, 'key:a', 's', noBans);
      clock.advance(1_000);
    }
    const first = await decide(refusals, 'key:a', 's', noBans);
    expect(first.outcome).toBe('limited');
    expect(store.admits).toBe(4);
    // From here to the moment the first request leaves the minute, every answer is local, and equal
    // to what the store says then (peek: the same answer without a strike, and strikes are off).
    for (const step of [1, 10_000, 30_000, 16_998]) {
      clock.advance(step);
      const local = await decide(refusals, 'key:a', 's', noBans);
      expect(told(local)).toEqual(told(await store.peek('key:a', noBans)));
      expect(local.nowMs).toBe(clock.ms);
    }
    expect(store.admits).toBe(4);
    expect(answered).toBe(4);
    // 60 s after the first request: the store is asked, and admits.
    clock.advance(1);
    expect((await decide(refusals, 'key:a', 's', noBans)).outcome).toBe('admitted');
    expect(store.admits).toBe(5);
  });

  it('never answers for another stamp (limits raised, a ban lifted): the store decides at once', async () => {
    for (let i = 0; i < 4; i++) await decide(refusals, 'key:a', '3/1000/0', noBans);
    const raised: AdmissionPolicy = { ...noBans, windows: windowsFor({ perMinute: 10, perDay: 1000 }) };
    expect((await decide(refusals, 'key:a', '10/1000/0', raised)).outcome).toBe('admitted');
    expect(store.admits).toBe(5);
  });

  it('never remembers an admission, and keeps subjects apart', async () => {
    for (let i = 0; i < 4; i++) await decide(refusals, 'key:a', 's', noBans);
    expect(refusals.size).toBe(1);
    expect((await decide(refusals, 'key:b', 's', noBans)).outcome).toBe('admitted');
    expect(refusals.size).toBe(1);
    expect(refusals.answer('key:b', 's')).toBeNull();
  });

  it('bans at exactly the threshold on one instance, as the store alone would, and the store agrees', async () => {
    const direct = new MemoryRateLimiter(clock);
    const outcomes: string[] = [];
    const expected: string[] = [];
    for (let i = 0; i < 20; i++) {
      const local = await decide(refusals, 'key:a', 's', bans);
      const alone = await direct.admit('key:a', bans);
      outcomes.push(local.outcome + (local.banStarted ? '*' : ''));
      expected.push(alone.outcome + (alone.banStarted ? '*' : ''));
      expect(told(local)).toEqual(told(alone));
      clock.advance(10);
    }
    expect(outcomes).toEqual(expected);
    // Three admitted, nine limited, the tenth refusal begins the ban.
    expect(outcomes.slice(0, 13)).toEqual([...Array<string>(3).fill('admitted'), ...Array<string>(9).fill('limited'), 'banned*']);
    // The ban reached the store at once, with the same end.
    await Promise.resolve();
    const stored = await store.peek('key:a', bans);
    expect(stored.outcome).toBe('banned');
    expect(stored.bannedUntilMs).toBe((await direct.peek('key:a', bans)).bannedUntilMs);
    expect(store.admits).toBe(4);
  });

  it('sends strikes in batches, within STRIKE_FLUSH_MS of the first', async () => {
    const patient: AdmissionPolicy = { ...bans, ban: { ...bans.ban, threshold: 1000 } };
    for (let i = 0; i < 4; i++) await decide(refusals, 'key:a', 's', patient);
    for (let i = 0; i < 50; i++) {
      await decide(refusals, 'key:a', 's', patient);
      clock.advance(1);
    }
    expect(store.batches).toEqual([]);
    await afterTheTimer();
    expect(store.batches).toEqual([{ count: 50, firstMs: clock.ms - 50, lastMs: clock.ms - 1 }]);
    expect((await store.peek('key:a', patient)).strikes).toBe(51);
  });

  it('starts a new batch where the strike window starts again, as the store counts it', async () => {
    const patient: AdmissionPolicy = { ...bans, ban: { ...bans.ban, threshold: 1000, strikeWindowMs: 5_000 } };
    const fourPerMinute: AdmissionPolicy = { ...patient, windows: windowsFor({ perMinute: 3, perDay: 1000 }) };
    for (let i = 0; i < 4; i++) await decide(refusals, 'key:a', 's', fourPerMinute);
    clock.advance(4_000);
    await decide(refusals, 'key:a', 's', fourPerMinute);
    clock.advance(2_000);
    await decide(refusals, 'key:a', 's', fourPerMinute);
    await decide(refusals, 'key:a', 's', fourPerMinute);
    await afterTheTimer();
    expect(store.batches.map((b) => b.count)).toEqual([1, 2]);
    // The store's copy: a strike window opened at the second batch, holding its two strikes.
    expect((await store.peek('key:a', fourPerMinute)).strikes).toBe(2);
  });

  it('bans, across two instances, once the store has every strike (one batch interval); each instance answers banned after its next batch (two)', async () => {
    const other = new LocalRefusals(store, clock, { maxEntries: 100 });
    for (let i = 0; i < 3; i++) await decide(refusals, 'key:a', 's', bans);
    // Each instance's first refusal is the store's (a strike each), then each answers four itself.
    const outcomes: string[] = [];
    for (let i = 0; i < 5; i++) {
      outcomes.push((await decide(refusals, 'key:a', 's', bans)).outcome, (await decide(other, 'key:a', 's', bans)).outcome);
    }
    // Ten refusals, none of them banned yet: neither instance has seen more than five.
    expect(outcomes.every((o) => o === 'limited')).toBe(true);
    await afterTheTimer();
    // The store counted the ten within the interval and banned on the second batch; the instance
    // that sent it learnt so from the reply.
    expect((await store.peek('key:a', bans)).outcome).toBe('banned');
    expect((await decide(other, 'key:a', 's', bans)).outcome).toBe('banned');
    // The first instance's batch came back before the ban: it learns of it from its next batch.
    expect((await decide(refusals, 'key:a', 's', bans)).outcome).toBe('limited');
    await afterTheTimer();
    const banned = await decide(refusals, 'key:a', 's', bans);
    expect(banned.outcome).toBe('banned');
    expect(banned.bannedUntilMs).toBe((await store.peek('key:a', bans)).bannedUntilMs);
  });

  it('refuses from memory for the ban, then asks the store when the ban ends', async () => {
    const short: AdmissionPolicy = { ...bans, ban: { ...bans.ban, threshold: 2, durationMs: 120_000 } };
    for (let i = 0; i < 5; i++) await decide(refusals, 'key:a', 's', short);
    const admitsBefore = store.admits;
    // The three requests leave the minute at +60 s: the answer is refreshed then, still banned.
    clock.advance(59_000);
    expect((await decide(refusals, 'key:a', 's', short)).outcome).toBe('banned');
    clock.advance(1_000);
    const refreshed = await decide(refusals, 'key:a', 's', short);
    expect(refreshed).toMatchObject({ outcome: 'banned', windows: [{ used: 0 }, { used: 3 }] });
    expect(store.admits).toBe(admitsBefore + 1);
    clock.advance(60_000);
    expect((await decide(refusals, 'key:a', 's', short)).outcome).toBe('admitted');
  });

  it('keeps at most maxEntries subjects, letting those that end soonest go first', async () => {
    const small = new LocalRefusals(store, clock, { maxEntries: 10 });
    for (let s = 0; s < 25; s++) {
      for (let i = 0; i < 4; i++) await decide(small, `key:${s}`, 's', noBans);
      clock.advance(100);
      expect(small.size).toBeLessThanOrEqual(10);
    }
    // The latest subjects end last: the newest is remembered, the first ones are not.
    expect(small.answer('key:24', 's')).not.toBeNull();
    expect(small.answer('key:0', 's')).toBeNull();
  });

  it('asks the store every time with no room at all', async () => {
    const off = new LocalRefusals(store, clock, { maxEntries: 0 });
    for (let i = 0; i < 10; i++) await decide(off, 'key:a', 's', noBans);
    expect(store.admits).toBe(10);
    expect(off.size).toBe(0);
  });
});
