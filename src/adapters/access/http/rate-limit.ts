/**
 * GET /v1/rate_limit: the caller's plan and where it stands in each window, without spending a
 * request (GitHub's GET /rate_limit semantics). Authentication still applies: a call without a valid
 * key is a 401 that counts against its client address, like any other.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AdmitRequest } from '../../../application/access/use-cases/admit-request.js';
import type { AuthenticatedKey } from '../../../application/access/use-cases/authenticate.js';
import { reportOf, type WindowName, type WindowUsage } from '../../../domain/access/rate-limit.js';
import { setRateLimitHeaders } from './rate-limit-headers.js';
import { RateLimitStatusSchema } from './rate-limit-schemas.js';
import { NoQuerySchema } from '../../shared/http/schemas/common-schemas.js';
import { ErrorSchema, RATE_LIMIT_HEADERS_IF_DECIDED } from '../../shared/http/schemas/error-schema.js';
import { errorResponses, withHeaders } from '../../shared/http/schemas/responses.js';

export interface RateLimitRoutesOptions {
  readonly admitRequest: AdmitRequest;
}

const seconds = (ms: number) => Math.ceil(ms / 1000);

function windowStatus(usage: WindowUsage) {
  return { limit: usage.limit, used: usage.used, remaining: Math.max(0, usage.limit - usage.used), reset: seconds(usage.resetAtMs) };
}

/**
 * The rate-limit headers of a 200 from an operation that spends no quota: where the key stands, as
 * its next request would find it, with no Retry-After.
 */
export async function sendQuotaHeaders(reply: FastifyReply, admitRequest: AdmitRequest, key: AuthenticatedKey) {
  const decision = await admitRequest.status(key);
  const report = reportOf(decision);
  setRateLimitHeaders(reply, key.limits, decision, report);
  return { decision, report };
}

export async function rateLimitRoutes(base: FastifyInstance, options: RateLimitRoutesOptions): Promise<void> {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/rate_limit',
    {
      config: { spendsQuota: false, keyScope: 'pets:read' },
      schema: {
        operationId: 'getRateLimit',
        summary: "The caller's plan and remaining quota, without spending any",
        description:
          'Where the API key stands in each window of its plan, as the rate-limit headers would say after a ' +
          'request, but computed without counting one: calling this operation spends no quota. The response ' +
          'carries the usual rate-limit headers.',
        tags: ['rate limits'],
        querystring: NoQuerySchema,
        response: {
          200: withHeaders(RateLimitStatusSchema, "The caller's plan and its windows"),
          ...errorResponses(401, 403, 429),
          // A query this operation does not take is refused before the rate limiter is asked.
          400: withHeaders(
            ErrorSchema,
            'The query has a field this operation does not take; the message names it',
            {},
            RATE_LIMIT_HEADERS_IF_DECIDED,
          ),
        },
      },
    },
    async (request, reply) => {
      const key = request.apiKey;
      if (!key) throw new Error('GET /rate_limit reached without an authenticated key');
      const { decision, report } = await sendQuotaHeaders(reply, options.admitRequest, key);
      const windowNamed = (name: WindowName) => {
        const usage = decision.windows.find((w) => w.name === name);
        if (!usage) throw new Error(`The rate-limit policy has no ${name} window`);
        return windowStatus(usage);
      };
      return {
        plan: key.plan,
        rate: { limit: report.limit, used: report.limit - report.remaining, remaining: report.remaining, reset: seconds(report.resetAtMs) },
        windows: { minute: windowNamed('minute'), day: windowNamed('day') },
        retryAfter: report.retryAfterMs === null ? null : Math.max(1, seconds(report.retryAfterMs)),
        blockedUntil: decision.bannedUntilMs === null ? null : seconds(decision.bannedUntilMs),
      };
    },
  );
}
