/**
 * Authentication and rate limiting for every route under /v1: an onRequest hook hands what the
 * request says to the AdmitRequest use case, then writes the rate-limit headers and metrics of its
 * decision and refuses the request or lets it go on. The policy itself lives in the use case.
 */
import { AccessMetrics } from '../metrics/access-metrics.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Admission, AdmitRequest } from '../../../application/access/use-cases/admit-request.js';
import type { AuthenticatedKey } from '../../../application/access/use-cases/authenticate.js';
import type { KeyScope } from '../../../domain/access/api-key.js';
import { ADDRESS_QUOTAS, ANONYMOUS_QUOTA, type AddressQuota, type AddressQuotaName } from '../../../domain/access/plans.js';
import type { Outcome } from '../../../domain/shared/outcome.js';
import type { Metrics } from '../../shared/metrics/metrics.js';
import { setRateLimitHeaders } from './rate-limit-headers.js';
import { applyOriginRule } from './cors.js';
import { sendRateLimitRefusal } from '../../shared/http/plugins/error-handler.js';
import { RateLimitExceededError } from '../../../domain/shared/errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The API key that authenticated the request (whether admitted or refused); null on public routes and without a valid key. */
    apiKey: AuthenticatedKey | null;
    /** What the limiter decided for the request; null when it decided nothing (a quota report by a valid key). */
    rateOutcome: Outcome | null;
  }
  interface FastifyContextConfig {
    /** False for routes that report on the quota (GET /v1/rate_limit): an authenticated call spends none. */
    spendsQuota?: boolean;
    /** The scope an API key needs for the route; an admitted key without it gets 403. */
    keyScope?: KeyScope;
    /** Served without a key (a photo an `<img>` loads), limited per client address like the document. */
    keyless?: boolean;
    /** The quota a caller known by its address is counted under here, instead of the anonymous one. */
    addressQuota?: AddressQuotaName;
  }
}

export interface AdmissionOptions {
  readonly metrics: Metrics;
  readonly admitRequest: AdmitRequest;
  /** Route URLs (as registered) served without a key; still limited per client address. */
  readonly isPublicRoute: (routeUrl: string | undefined) => boolean;
}

/** A hook's way on: with an error for the error handler, or nothing to go on. */
type HookDone = (error?: Error) => void;

/** What admission needs to know of a route, fixed when it is registered. */
interface RouteAdmission {
  readonly needsKey: boolean;
  readonly spendsQuota: boolean;
  readonly scope: KeyScope | null;
  readonly addressQuota: AddressQuota;
}

/** Requests under the scope that no route took: a key is asked for, and they count. */
const UNROUTED: RouteAdmission = { needsKey: true, spendsQuota: true, scope: null, addressQuota: ANONYMOUS_QUOTA };

/**
 * Each route gets one admission hook of its own when it is registered, with what it needs (a key,
 * quota, a scope) worked out then; requests no route took are admitted by one hook on the scope, so
 * that their 404 or 405 carries the rate-limit headers too.
 */
export function admissionPlugin(app: FastifyInstance, options: AdmissionOptions): void {
  const { admitRequest, isPublicRoute } = options;
  const metrics = options.metrics.feature(AccessMetrics);
  app.decorateRequest('apiKey', null);
  // Stryker disable next-line StringLiteral: the decoration only gives requests their shape up front; an undecorated outcome reads as none alike
  app.decorateRequest('rateOutcome', null);

  /**
   * Writes what admission decided: its headers and metrics; then answers a refusal under the rate
   * limits itself, or goes on with `done` (with any other refusal, for the error handler).
   */
  const settle = (request: FastifyRequest, reply: FastifyReply, admission: Admission, done: HookDone): void => {
    if (admission.decision) {
      metrics.decision(admission.decision.outcome, admission.plan, admission.decision.banStarted);
      setRateLimitHeaders(reply, admission.limits, admission.decision);
    }
    // Known even when refused, so that the access line names the key and its usage counts the refusal.
    request.apiKey = admission.key;
    request.rateOutcome = admission.decision?.outcome ?? null;
    // A web page's request (it carries an Origin): CORS headers for a browser key's own origin, 403 for any other.
    const origin = request.headers.origin;
    const wrongOrigin = origin === undefined ? null : applyOriginRule(request, reply, origin);
    // Answered here: the request goes no further (done is not called).
    if (admission.refusal instanceof RateLimitExceededError) sendRateLimitRefusal(request, reply, admission.refusal);
    else done(admission.refusal ?? wrongOrigin ?? undefined);
  };

  /**
   * Admission as a callback hook: a refusal remembered here is answered in the same turn, without a
   * promise; a decision that waits on a store settles when it comes. A limiter that fails closed, or a
   * key store that is down, rejects: no decision, so no headers, and the error goes on to the handler.
   */
  const admit = (request: FastifyRequest, reply: FastifyReply, route: RouteAdmission, done: HookDone): void => {
    const admission = admitRequest.execute({
      authorization: request.headers.authorization,
      // Node keeps only the first of several Authorization headers: count them in the raw list.
      authorizationHeaders: authorizationCount(request.raw.rawHeaders),
      // request.ip is worked out (proxy headers included) only when asked for.
      clientAddress: () => request.ip,
      needsKey: route.needsKey,
      spendsQuota: route.spendsQuota,
      scope: route.scope,
      addressQuota: route.addressQuota,
    });
    // Fastify turns a hook's own throw into the request's error; a throw after a wait must be passed on.
    if (admission instanceof Promise) admission.then((decided) => settle(request, reply, decided, done)).catch(done);
    else settle(request, reply, admission, done);
  };

  app.addHook('onRoute', (routeOptions) => {
    const route: RouteAdmission = {
      needsKey: !isPublicRoute(routeOptions.url) && routeOptions.config?.keyless !== true,
      spendsQuota: routeOptions.config?.spendsQuota !== false,
      scope: routeOptions.config?.keyScope ?? null,
      addressQuota: quotaNamed(routeOptions.config?.addressQuota),
    };
    const hook = (request: FastifyRequest, reply: FastifyReply, done: HookDone): void => admit(request, reply, route, done);
    routeOptions.onRequest = routeOptions.onRequest === undefined ? [hook] : [...[routeOptions.onRequest].flat(), hook];
  });
  app.addHook('onRequest', (request, reply, done) => {
    if (request.is404) admit(request, reply, UNROUTED, done);
    else done();
  });
}

function quotaNamed(name: AddressQuotaName | undefined): AddressQuota {
  return name === undefined ? ANONYMOUS_QUOTA : ADDRESS_QUOTAS[name];
}

/** Node keeps only the first of several Authorization headers: count them in the raw list. */
export function authorizationCount(rawHeaders: readonly string[]): number {
  let count = 0;
  for (let i = 0; i < rawHeaders.length; i += 2) {
    const name = rawHeaders[i] as string;
    if (name.length === 13 && name.toLowerCase() === 'authorization') count++;
  }
  return count;
}
