/** Admits or refuses a request under the minute and day windows of its plan, and the ban rule. */
import type { PlanLimits } from '../../domain/plans.js';
import { windowsFor, type AdmissionPolicy, type BanPolicy, type RateDecision } from '../../domain/rate-limit.js';
import type { Awaitable } from '../awaitable.js';
import type { RateLimiter } from '../ports/rate-limiter.js';

export type Subject = { readonly kind: 'key'; readonly keyId: string } | { readonly kind: 'address'; readonly ip: string };

export function subjectId(subject: Subject): string {
  return subject.kind === 'key' ? `key:${subject.keyId}` : `ip:${subject.ip}`;
}

export class AdmitRequest {
  /** Plan limits are shared objects (the plan table, a key record): build each policy once. */
  private readonly policies = new WeakMap<PlanLimits, AdmissionPolicy>();

  constructor(
    private readonly limiter: RateLimiter,
    private readonly ban: BanPolicy,
  ) {}

  execute(subject: Subject, limits: PlanLimits): Awaitable<RateDecision> {
    return this.limiter.admit(subjectId(subject), this.policyFor(limits));
  }

  /** True when this decision is the one that blocked its subject (a ban begins now). */
  startedBan(decision: RateDecision): boolean {
    return decision.outcome === 'banned' && decision.bannedUntilMs === decision.nowMs + this.ban.durationMs;
  }

  /** Where the subject stands, without spending a request: what the next request would get. */
  status(subject: Subject, limits: PlanLimits): Awaitable<RateDecision> {
    return this.limiter.peek(subjectId(subject), this.policyFor(limits));
  }

  private policyFor(limits: PlanLimits): AdmissionPolicy {
    let policy = this.policies.get(limits);
    if (!policy) {
      policy = { windows: windowsFor(limits), ban: this.ban };
      this.policies.set(limits, policy);
    }
    return policy;
  }
}
