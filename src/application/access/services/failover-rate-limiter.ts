/**
 * What happens when the shared limiter (Redis) fails: fail open (default, as Envoy and Kong do),
 * deciding on a per-instance limiter until it returns, or fail closed, refusing with 503. Either way
 * the outage is reported once, and so is the recovery.
 */
import { ServiceUnavailableError } from '../../../domain/shared/errors.js';
import type { AdmissionPolicy, RateDecision, StrikeBatch } from '../../../domain/access/rate-limit.js';
import type { RateLimiter } from '../ports/rate-limiter.js';
import { isTimeout } from '../../shared/within.js';

export type FailureMode = 'open' | 'closed';

export interface OutageEvents {
  /** The first failure of an outage. */
  outage(error: unknown): void;
  recovered(): void;
  /** Every failure, the first included. */
  failed?(error: unknown): void;
}

export class FailoverRateLimiter implements RateLimiter {
  private down = false;

  constructor(
    private readonly primary: RateLimiter,
    private readonly fallback: RateLimiter,
    private readonly mode: FailureMode,
    private readonly events: OutageEvents,
  ) {}

  admit(subject: string, policy: AdmissionPolicy): Promise<RateDecision> {
    return this.decide((limiter) => limiter.admit(subject, policy));
  }

  peek(subject: string, policy: AdmissionPolicy): Promise<RateDecision> {
    return this.decide((limiter) => limiter.peek(subject, policy));
  }

  strike(subject: string, policy: AdmissionPolicy, batch: StrikeBatch): Promise<RateDecision> {
    return this.decide((limiter) => limiter.strike(subject, policy, batch));
  }

  unban(subject: string, policy: AdmissionPolicy): Promise<RateDecision> {
    return this.decide((limiter) => limiter.unban(subject, policy));
  }

  private async decide(ask: (limiter: RateLimiter) => Promise<RateDecision>): Promise<RateDecision> {
    try {
      const decision = await ask(this.primary);
      if (this.down) {
        this.down = false;
        this.events.recovered();
      }
      return decision;
    } catch (error) {
      this.events.failed?.(error);
      if (!this.down) {
        this.down = true;
        this.events.outage(error);
      }
      if (this.mode === 'closed') {
        throw new ServiceUnavailableError('Rate limiting is unavailable, so requests are refused for now; retry in a few seconds', {
          dependency: 'redis',
          timedOut: isTimeout(error),
        });
      }
      return ask(this.fallback);
    }
  }

  /** Readiness follows the primary: an instance deciding on its fallback is degraded. */
  ping(): Promise<void> {
    return this.primary.ping();
  }
}
