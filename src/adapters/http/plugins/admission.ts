/**
 * Authentication and rate limiting for every route under /v1: one onRequest hook hands what the
 * request says to the AdmitRequest use case, then writes the rate-limit headers and metrics of its
 * decision and refuses the request or lets it go on. The policy itself lives in the use case.
 */
import type { FastifyInstance } from 'fastify';
import type { AdmitRequest } from '../../../application/use-cases/admit-request.js';
import type { AuthenticatedKey } from '../../../application/use-cases/authenticate.js';
import type { KeyScope } from '../../../domain/api-key.js';
import type { Outcome } from '../../../domain/rate-limit.js';
import type { Metrics } from '../../metrics/metrics.js';
import { setRateLimitHeaders } from '../rate-limit-headers.js';

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
  }
}

export interface AdmissionOptions {
  readonly metrics: Metrics;
  readonly admitRequest: AdmitRequest;
  /** Route URLs (as registered) served without a key; still limited per client address. */
  readonly isPublicRoute: (routeUrl: string | undefined) => boolean;
}

export function admissionPlugin(app: FastifyInstance, options: AdmissionOptions): void {
  const { admitRequest, isPublicRoute, metrics } = options;
  app.decorateRequest('apiKey', null);
  app.decorateRequest('rateOutcome', null);

  app.addHook('onRequest', async (request, reply) => {
    // Fastify builds routeOptions afresh on every read: read it once.
    const route = request.routeOptions;
    // A limiter that fails closed, or a key store that is down, rejects: no decision, so no headers.
    const admission = await admitRequest.execute({
      authorization: request.headers.authorization,
      // Node keeps only the first of several Authorization headers: count them in the raw list.
      authorizationHeaders: authorizationCount(request.raw.rawHeaders),
      // request.ip is worked out (proxy headers included) only when asked for.
      clientAddress: () => request.ip,
      needsKey: !isPublicRoute(route.url),
      spendsQuota: route.config.spendsQuota !== false,
      scope: route.config.keyScope ?? null,
    });
    if (admission.decision) {
      metrics.decision(admission.decision.outcome, admission.plan, admission.decision.banStarted);
      setRateLimitHeaders(reply, admission.limits, admission.decision);
    }
    // Known even when refused, so that the access line names the key and its usage counts the refusal.
    request.apiKey = admission.key;
    request.rateOutcome = admission.decision?.outcome ?? null;
    if (admission.refusal) throw admission.refusal;
  });
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
