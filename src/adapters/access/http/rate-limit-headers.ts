/** The rate-limit headers every decided response carries, written in one place. */
import type { FastifyReply } from 'fastify';
import type { PlanLimits } from '../../../domain/access/plans.js';
import { reportOf, WINDOW_SHAPES, type RateDecision, type RateLimitReport } from '../../../domain/access/rate-limit.js';

/** The policy header only changes with the limits, so it is built once per limits object. */
const policyHeaders = new WeakMap<PlanLimits, string>();

/**
 * X-RateLimit-* and RateLimit-Policy. A refusal's Retry-After comes with its error (the error handler
 * writes it), so an operation that spends no quota never carries one.
 */
export function setRateLimitHeaders(
  reply: FastifyReply,
  limits: PlanLimits,
  decision: RateDecision,
  report: RateLimitReport = reportOf(decision),
): void {
  let policy = policyHeaders.get(limits);
  // Stryker disable next-line ConditionalExpression: a memo; building the header again gives the same text
  if (policy === undefined) {
    policy = decision.windows.map((w) => `"${w.name}";q=${w.limit};w=${WINDOW_SHAPES[w.name].windowMs / 1000}`).join(', ');
    policyHeaders.set(limits, policy);
  }
  // Names in lower case, as Fastify keeps and sends them: it lower-cases each name it is given.
  reply.header('x-ratelimit-limit', report.limit);
  reply.header('x-ratelimit-remaining', report.remaining);
  reply.header('x-ratelimit-reset', Math.ceil(report.resetAtMs / 1000));
  reply.header('ratelimit-policy', policy);
}
