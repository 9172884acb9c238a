/** Port: the one place a request is admitted or refused under its rate limits. */
import type { AdmissionPolicy, RateDecision, StrikeBatch } from '../../../domain/access/rate-limit.js';

export interface RateLimiter {
  /** Decides and records one request by `subject` (an API key id or a client address). */
  admit(subject: string, policy: AdmissionPolicy): Promise<RateDecision>;
  /** What a request by `subject` would get now, without counting it or adding a strike. */
  peek(subject: string, policy: AdmissionPolicy): Promise<RateDecision>;
  /**
   * Counts refusals answered without asking (by an instance's local cache) as strikes, as the last
   * of them found the subject, then says what the next request would get then (as peek does).
   */
  strike(subject: string, policy: AdmissionPolicy, batch: StrikeBatch): Promise<RateDecision>;
  /** Lifts the subject's ban and forgets its strikes; its windows' counts stay. Then as peek. */
  unban(subject: string, policy: AdmissionPolicy): Promise<RateDecision>;
  ping(): Promise<void>;
}
