/**
 * Authentication and rate limiting for every route under /v1, in one onRequest hook so the order is
 * fixed: identify the caller, admit or refuse under its limits, then refuse an invalid key. Callers
 * without a valid key are limited per client address, so keys cannot be guessed at speed.
 *
 * @fastify/rate-limit drives the check through a custom store; the store asks the RateLimiter port,
 * which is the only place a decision is made (the plugin's own stores are fixed-window, one window
 * per registration). The plugin hands the store only a key string, so the key is a per-request
 * ticket that leads the store to the request's subject and plan limits.
 */
import rateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { RateLimitExceededError, UnauthenticatedError } from '../../../domain/errors.js';
import { ANONYMOUS_LIMITS, type PlanLimits } from '../../../domain/plans.js';
import { reportOf, WINDOW_SHAPES, type RateDecision, type RateLimitReport } from '../../../domain/rate-limit.js';
import type { AdmitRequest, Subject } from '../../../application/use-cases/admit-request.js';
import type { Authenticate } from '../../../application/use-cases/authenticate.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The id of the API key that authenticated the request; null on public routes and refused keys. */
    apiKeyId: string | null;
  }
}

export interface AdmissionOptions {
  readonly authenticate: Authenticate;
  readonly admitRequest: AdmitRequest;
  /** Route URLs (as registered) served without a key; still limited per client address. */
  readonly isPublicRoute: (routeUrl: string | undefined) => boolean;
}

interface Admission {
  readonly subject: Subject;
  readonly limits: PlanLimits;
  readonly authError: UnauthenticatedError | null;
  decision: RateDecision | null;
  report: RateLimitReport | null;
  ticket?: string;
}

export async function admissionPlugin(app: FastifyInstance, options: AdmissionOptions): Promise<void> {
  const waiting = new Map<string, Admission>();
  const admissions = new WeakMap<FastifyRequest, Admission>();
  let lastTicket = 0;

  class RateLimiterPortStore implements FastifyRateLimitStore {
    incr(ticket: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void): void {
      const admission = waiting.get(ticket);
      waiting.delete(ticket);
      if (!admission) {
        callback(new Error(`No admission is waiting for rate-limit ticket ${ticket}`));
        return;
      }
      options.admitRequest.execute(admission.subject, admission.limits).then((decision) => {
        const report = reportOf(decision);
        admission.decision = decision;
        admission.report = report;
        // In the plugin's terms: current > max (1) means refused.
        callback(null, { current: decision.outcome === 'admitted' ? 1 : 2, ttl: report.retryAfterMs ?? 0 });
      }, callback);
    }

    child(): FastifyRateLimitStore {
      return this;
    }
  }

  app.decorateRequest('apiKeyId', null);
  await app.register(rateLimit, {
    global: false,
    store: RateLimiterPortStore,
    max: 1,
    addHeaders: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false, 'retry-after': false },
    addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
  });
  const checkLimits = app.createRateLimit({
    keyGenerator: (request) => {
      const admission = admissions.get(request) as Admission;
      admission.ticket = String(++lastTicket);
      waiting.set(admission.ticket, admission);
      return admission.ticket;
    },
  });

  app.addHook('onRequest', async (request, reply) => {
    const admission = await identify(request, options);
    admissions.set(request, admission);
    try {
      const result = await checkLimits(request);
      const { decision, report } = admission;
      if (!result.isAllowed && result.isExceeded && decision && report) {
        throw new RateLimitExceededError(decision.outcome === 'banned', retryAfterSeconds(report));
      }
    } finally {
      // Normally the store took the ticket already; never leave one behind if it did not run.
      if (admission.ticket !== undefined) waiting.delete(admission.ticket);
      setRateLimitHeaders(reply, admission);
    }
    if (admission.authError) throw admission.authError;
  });
}

async function identify(request: FastifyRequest, options: AdmissionOptions): Promise<Admission> {
  const byAddress: Admission = {
    subject: { kind: 'address', ip: request.ip },
    limits: ANONYMOUS_LIMITS,
    authError: null,
    decision: null,
    report: null,
  };
  if (options.isPublicRoute(request.routeOptions.url)) return byAddress;
  // Node keeps only the first of several Authorization headers; two credentials are ambiguous, so refuse them.
  if (authorizationCount(request.raw.rawHeaders) > 1) {
    return { ...byAddress, authError: new UnauthenticatedError('Send exactly one Authorization header') };
  }
  try {
    const key = await options.authenticate.execute(request.headers.authorization);
    request.apiKeyId = key.keyId;
    return { subject: { kind: 'key', keyId: key.keyId }, limits: key.limits, authError: null, decision: null, report: null };
  } catch (error) {
    if (error instanceof UnauthenticatedError) return { ...byAddress, authError: error };
    throw error;
  }
}

function authorizationCount(rawHeaders: readonly string[]): number {
  let count = 0;
  for (let i = 0; i < rawHeaders.length; i += 2) if ((rawHeaders[i] as string).toLowerCase() === 'authorization') count++;
  return count;
}

function retryAfterSeconds(report: RateLimitReport): number {
  return Math.max(1, Math.ceil((report.retryAfterMs ?? 0) / 1000));
}

/** The policy header only changes with the limits, so it is built once per limits object. */
const policyHeaders = new WeakMap<PlanLimits, string>();

/** Nothing to say when no decision was made (the limiter failed closed). */
function setRateLimitHeaders(reply: FastifyReply, { limits, decision, report }: Admission): void {
  if (!decision || !report) return;
  let policy = policyHeaders.get(limits);
  if (policy === undefined) {
    policy = decision.windows.map((w) => `"${w.name}";q=${w.limit};w=${WINDOW_SHAPES[w.name].windowMs / 1000}`).join(', ');
    policyHeaders.set(limits, policy);
  }
  reply.headers({
    'X-RateLimit-Limit': report.limit,
    'X-RateLimit-Remaining': report.remaining,
    'X-RateLimit-Reset': Math.ceil(report.resetAtMs / 1000),
    'RateLimit-Policy': policy,
    ...(report.retryAfterMs !== null && { 'Retry-After': retryAfterSeconds(report) }),
  });
}
