/** Port: the one place a request is admitted or refused under its rate limits. */
import type { AdmissionPolicy, RateDecision } from '../../domain/rate-limit.js';

export interface RateLimiter {
  /** Decides and records one request by `subject` (an API key id or a client address). */
  admit(subject: string, policy: AdmissionPolicy): Promise<RateDecision>;
  /** What a request by `subject` would get now, without counting it or adding a strike. */
  peek(subject: string, policy: AdmissionPolicy): Promise<RateDecision>;
  ping(): Promise<void>;
}
