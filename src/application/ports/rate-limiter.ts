/**
 * Port: the one place a request is admitted or refused under its rate limits. Decisions are on every
 * request's path: an in-process limiter answers at once, a shared one with a promise (see Awaitable).
 */
import type { AdmissionPolicy, RateDecision } from '../../domain/rate-limit.js';
import type { Awaitable } from '../awaitable.js';

export interface RateLimiter {
  /** Decides and records one request by `subject` (an API key id or a client address). */
  admit(subject: string, policy: AdmissionPolicy): Awaitable<RateDecision>;
  /** What a request by `subject` would get now, without counting it or adding a strike. */
  peek(subject: string, policy: AdmissionPolicy): Awaitable<RateDecision>;
  ping(): Promise<void>;
}
