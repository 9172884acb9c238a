import { beforeEach, describe, expect, it } from 'vitest';
import { FailoverRateLimiter, type FailureMode } from '../../../../src/application/access/services/failover-rate-limiter.js';
import type { RateLimiter } from '../../../../src/application/access/ports/rate-limiter.js';
import { MemoryRateLimiter } from '../../../../src/adapters/access/memory/memory-rate-limiter.js';
import { ServiceUnavailableError } from '../../../../src/domain/shared/errors.js';
import { windowsFor, type AdmissionPolicy } from '../../../../src/domain/access/rate-limit.js';
import { FakeClock } from '../../../support/fake-clock.js';

const POLICY: AdmissionPolicy = {
  windows: windowsFor({ perMinute: 2, perDay: 100 }),
  ban: { threshold: 3, durationMs: 600_000, strikeWindowMs: 60_000 },
};

/** A shared limiter that can be taken down and brought back, failing the way the test says. */
class SwitchableLimiter extends MemoryRateLimiter {
  failure: Error | null = null;
  readonly calls: string[] = [];
  override async admit(subject: string, policy: AdmissionPolicy) {
    this.calls.push(`admit ${subject}`);
    if (this.failure) throw this.failure;
    return super.admit(subject, policy);
  }
  override async peek(subject: string, policy: AdmissionPolicy) {
    this.calls.push(`peek ${subject}`);
    if (this.failure) throw this.failure;
    return super.peek(subject, policy);
  }
  override async ping() {
    if (this.failure) throw this.failure;
  }
}

describe('the failover rate limiter', () => {
  let clock: FakeClock;
  let primary: SwitchableLimiter;
  let fallback: SwitchableLimiter;
  let events: string[];
  const connectionLost = new Error('Connection is closed.');

  const limiter = (mode: FailureMode, withFailed = true): RateLimiter =>
    new FailoverRateLimiter(primary, fallback, mode, {
      outage: (error) => events.push(`outage: ${(error as Error).message}`),
      recovered: () => events.push('recovered'),
      ...(withFailed && { failed: (error: unknown) => events.push(`failed: ${(error as Error).message}`) }),
    });

  beforeEach(() => {
    clock = new FakeClock();
    primary = new SwitchableLimiter(clock);
    fallback = new SwitchableLimiter(clock);
    events = [];
  });

  it('decides on the shared limiter while it answers, and reports nothing', async () => {
    const failover = limiter('open');
    const decisions = [await failover.admit('key_a', POLICY), await failover.admit('key_a', POLICY), await failover.admit('key_a', POLICY)];
    expect(decisions.map((d) => d.outcome)).toEqual(['admitted', 'admitted', 'limited']);
    expect((await failover.peek('key_a', POLICY)).outcome).toBe('limited');
    expect(primary.calls).toEqual(['admit key_a', 'admit key_a', 'admit key_a', 'peek key_a']);
    expect(fallback.calls).toEqual([]);
    expect(events).toEqual([]);
  });

  it('fails open onto the per-instance limiter: the same operation, its own counts; the outage is reported once and every failure counted', async () => {
    const failover = limiter('open');
    await failover.admit('key_a', POLICY);
    primary.failure = connectionLost;
    const during = [await failover.admit('key_a', POLICY), await failover.admit('key_a', POLICY), await failover.admit('key_a', POLICY)];
    // The fallback starts empty: two admitted, then limited, by its own count.
    expect(during.map((d) => d.outcome)).toEqual(['admitted', 'admitted', 'limited']);
    expect((await failover.peek('key_a', POLICY)).outcome).toBe('limited');
    expect(fallback.calls).toEqual(['admit key_a', 'admit key_a', 'admit key_a', 'peek key_a']);
    expect(events).toEqual([
      'failed: Connection is closed.',
      'outage: Connection is closed.',
      'failed: Connection is closed.',
      'failed: Connection is closed.',
      'failed: Connection is closed.',
    ]);
  });

  it('reports the recovery once, and decides on the shared limiter again from then on', async () => {
    const failover = limiter('open');
    primary.failure = connectionLost;
    await failover.admit('key_a', POLICY);
    primary.failure = null;
    const after = await failover.admit('key_a', POLICY);
    await failover.admit('key_a', POLICY);
    expect(after.windows[0]?.used).toBe(1);
    expect(events).toEqual(['failed: Connection is closed.', 'outage: Connection is closed.', 'recovered']);
    // A second outage is a new one, reported again.
    primary.failure = new Error('second');
    await failover.admit('key_a', POLICY);
    expect(events.slice(3)).toEqual(['failed: second', 'outage: second']);
  });

  it('fails closed with 503 service_unavailable naming Redis, saying whether it timed out, and never asks the fallback', async () => {
    const failover = limiter('closed');
    primary.failure = connectionLost;
    const refused = await failover.admit('key_a', POLICY).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ServiceUnavailableError);
    const unavailable = refused as ServiceUnavailableError;
    expect(unavailable.code).toBe('service_unavailable');
    expect(unavailable.message).toBe('Rate limiting is unavailable, so requests are refused for now; retry in a few seconds');
    expect(unavailable.source).toEqual({ dependency: 'redis', timedOut: false });

    primary.failure = new Error('Command timed out');
    const timedOut = (await failover.peek('key_a', POLICY).catch((error: unknown) => error)) as ServiceUnavailableError;
    expect(timedOut.source).toEqual({ dependency: 'redis', timedOut: true });
    expect(fallback.calls).toEqual([]);
    expect(events).toEqual(['failed: Connection is closed.', 'outage: Connection is closed.', 'failed: Command timed out']);
  });

  it('works without a per-failure listener', async () => {
    const failover = limiter('open', false);
    primary.failure = connectionLost;
    expect((await failover.admit('key_a', POLICY)).outcome).toBe('admitted');
    expect(events).toEqual(['outage: Connection is closed.']);
  });

  it('is ready only when the shared limiter is: an instance on its fallback is degraded', async () => {
    const failover = limiter('open');
    await expect(failover.ping()).resolves.toBeUndefined();
    primary.failure = connectionLost;
    await expect(failover.ping()).rejects.toBe(connectionLost);
  });
});
