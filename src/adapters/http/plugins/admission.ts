/**
 * Authentication and rate limiting for every route under /v1, in one onRequest hook so the order is
 * fixed: identify the caller, admit or refuse under its limits, then refuse an invalid key. Callers
 * without a valid key are limited per client address, so keys cannot be guessed at speed.
 *
 * The hook calls Fastify's callback at the end of each step, with no promise handed back from a
 * callback (each would cost two more microtask hops). Each step goes on at once when its port answered
 * at once (in memory, a key cache hit), so such a request is admitted within the tick that parsed it;
 * a promise (Redis, MongoDB) is waited for. The RateLimiter port is the only place a decision is made.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { RateLimitExceededError, UnauthenticatedError } from '../../../domain/errors.js';
import { ANONYMOUS_LIMITS, type PlanLimits } from '../../../domain/plans.js';
import { reportOf, WINDOW_SHAPES, type RateDecision, type RateLimitReport } from '../../../domain/rate-limit.js';
import { andThen, isPromise, type Awaitable } from '../../../application/awaitable.js';
import type { AdmitRequest, Subject } from '../../../application/use-cases/admit-request.js';
import type { Metrics } from '../metrics.js';
import type { AuthenticatedKey, Authenticate } from '../../../application/use-cases/authenticate.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The API key that authenticated the request; null on public routes and refused keys. */
    apiKey: AuthenticatedKey | null;
  }
  interface FastifyContextConfig {
    /** False for routes that report on the quota (GET /v1/rate_limit): an authenticated call spends none. */
    spendsQuota?: boolean;
  }
}

export interface AdmissionOptions {
  readonly metrics: Metrics;
  readonly authenticate: Authenticate;
  readonly admitRequest: AdmitRequest;
  /** Route URLs (as registered) served without a key; still limited per client address. */
  readonly isPublicRoute: (routeUrl: string | undefined) => boolean;
}

interface Caller {
  readonly key: AuthenticatedKey | null;
  readonly subject: Subject;
  readonly limits: PlanLimits;
  /** Why the key was refused; the request is still counted against its address first. */
  readonly authError: UnauthenticatedError | null;
}

export function admissionPlugin(app: FastifyInstance, options: AdmissionOptions): void {
  const { authenticate, admitRequest, isPublicRoute, metrics } = options;
  app.decorateRequest('apiKey', null);

  app.addHook('onRequest', (request, reply, done) => {
    // Fastify builds routeOptions afresh on every read: read it once.
    const route = request.routeOptions;
    const spendsQuota = route.config.spendsQuota !== false;
    // A limiter that fails closed, or a key store that is down, rejects: no decision, so no headers.
    const caller = identify(request, isPublicRoute(route.url), authenticate);
    if (isPromise(caller)) caller.then((known) => admit(request, reply, known, spendsQuota, done), done);
    else admit(request, reply, caller, spendsQuota, done);
  });

  function admit(request: FastifyRequest, reply: FastifyReply, caller: Caller, spendsQuota: boolean, done: HookHandlerDoneFunction): void {
    if (caller.key && !spendsQuota) {
      request.apiKey = caller.key;
      done();
      return;
    }
    let decision: Awaitable<RateDecision>;
    try {
      decision = admitRequest.execute(caller.subject, caller.limits);
    } catch (error) {
      // Not expected (an Awaitable fails by rejecting), but a callback must not throw into a promise.
      done(error as Error);
      return;
    }
    if (isPromise(decision)) decision.then((made) => conclude(request, reply, caller, made, done), done);
    else conclude(request, reply, caller, decision, done);
  }

  function conclude(request: FastifyRequest, reply: FastifyReply, caller: Caller, decision: RateDecision, done: HookHandlerDoneFunction): void {
    let refusal: Error | undefined;
    try {
      refusal = decide(request, reply, caller, decision);
    } catch (error) {
      done(error as Error);
      return;
    }
    done(refusal);
  }

  /** Headers and metrics for a decision; the error to answer with, if the request may not go on. */
  function decide(request: FastifyRequest, reply: FastifyReply, caller: Caller, decision: RateDecision): Error | undefined {
    const report = reportOf(decision);
    metrics.decision(decision.outcome, caller.key?.plan ?? 'anonymous', admitRequest.startedBan(decision));
    setRateLimitHeaders(reply, caller.limits, decision, report);
    if (decision.outcome !== 'admitted') return new RateLimitExceededError(decision.outcome === 'banned', retryAfterSeconds(report));
    if (caller.authError) return caller.authError;
    request.apiKey = caller.key;
    return undefined;
  }
}

function identify(request: FastifyRequest, isPublic: boolean, authenticate: Authenticate): Awaitable<Caller> {
  if (isPublic) return byAddress(request, null);
  // Node keeps only the first of several Authorization headers; two credentials are ambiguous, so refuse them.
  if (authorizationCount(request.raw.rawHeaders) > 1) {
    return byAddress(request, new UnauthenticatedError('Send exactly one Authorization header'));
  }
  return andThen(
    authenticate.execute(request.headers.authorization),
    (key): Caller => ({ key, subject: { kind: 'key', keyId: key.keyId }, limits: key.limits, authError: null }),
    (error: unknown): Caller => {
      if (error instanceof UnauthenticatedError) return byAddress(request, error);
      throw error;
    },
  );
}

/** A caller known by its address only. request.ip is worked out (proxy headers included) only here. */
function byAddress(request: FastifyRequest, authError: UnauthenticatedError | null): Caller {
  return { key: null, subject: { kind: 'address', ip: request.ip }, limits: ANONYMOUS_LIMITS, authError };
}

function authorizationCount(rawHeaders: readonly string[]): number {
  let count = 0;
  for (let i = 0; i < rawHeaders.length; i += 2) {
    const name = rawHeaders[i] as string;
    if (name.length === 13 && name.toLowerCase() === 'authorization') count++;
  }
  return count;
}

function retryAfterSeconds(report: RateLimitReport): number {
  return Math.max(1, Math.ceil((report.retryAfterMs ?? 0) / 1000));
}

/** The policy header only changes with the limits, so it is built once per limits object. */
const policyHeaders = new WeakMap<PlanLimits, string>();

export function setRateLimitHeaders(reply: FastifyReply, limits: PlanLimits, decision: RateDecision, report: RateLimitReport): void {
  let policy = policyHeaders.get(limits);
  if (policy === undefined) {
    policy = decision.windows.map((w) => `"${w.name}";q=${w.limit};w=${WINDOW_SHAPES[w.name].windowMs / 1000}`).join(', ');
    policyHeaders.set(limits, policy);
  }
  reply.header('X-RateLimit-Limit', report.limit);
  reply.header('X-RateLimit-Remaining', report.remaining);
  reply.header('X-RateLimit-Reset', Math.ceil(report.resetAtMs / 1000));
  reply.header('RateLimit-Policy', policy);
  if (report.retryAfterMs !== null) reply.header('Retry-After', retryAfterSeconds(report));
}
