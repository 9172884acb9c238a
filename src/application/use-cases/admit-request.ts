/** Admits or refuses a request under the minute and day windows of its plan, and the ban rule. */
import type { PlanLimits } from '../../domain/plans.js';
import { windowsFor, type BanPolicy, type RateDecision } from '../../domain/rate-limit.js';
import type { RateLimiter } from '../ports/rate-limiter.js';

export type Subject = { readonly kind: 'key'; readonly keyId: string } | { readonly kind: 'address'; readonly ip: string };

export function subjectId(subject: Subject): string {
  return subject.kind === 'key' ? `key:${subject.keyId}` : `ip:${subject.ip}`;
}

export class AdmitRequest {
  constructor(
    private readonly limiter: RateLimiter,
    private readonly ban: BanPolicy,
  ) {}

  execute(subject: Subject, limits: PlanLimits): Promise<RateDecision> {
    return this.limiter.admit(subjectId(subject), { windows: windowsFor(limits), ban: this.ban });
  }
}
