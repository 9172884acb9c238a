/**
 * GET /v1/usage: what the calling key used, in hour or day buckets, without spending a request (like
 * GET /v1/rate_limit). Only the caller's own key: there is no parameter naming another.
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AdmitRequest } from '../../../application/access/use-cases/admit-request.js';
import type { ReadUsage } from '../../../application/access/use-cases/read-usage.js';
import { ErrorSchema, RATE_LIMIT_HEADERS_IF_DECIDED } from '../../shared/http/schemas/error-schema.js';
import { sendQuotaHeaders } from './rate-limit.js';
import { parseDate } from '../../shared/http/schemas/dates.js';
import { errorResponses, withHeaders } from '../../shared/http/schemas/responses.js';
import { usageQuerySchema, UsageReportSchema, usageView } from './usage-schemas.js';

export interface UsageRoutesOptions {
  readonly usage: ReadUsage;
  readonly admitRequest: AdmitRequest;
  /** How often instances flush their counts: how far behind the report may be. */
  readonly flushSeconds: number;
}

export async function usageRoutes(base: FastifyInstance, options: UsageRoutesOptions): Promise<void> {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/usage',
    {
      config: { spendsQuota: false },
      schema: {
        operationId: 'getUsage',
        summary: "The calling key's requests, per hour or per day, without spending quota",
        description:
          `What your API key used: per bucket, requests admitted, refused (limited, banned), and among the ` +
          `admitted those answered 4xx and 5xx, with a count per operation. Only the calling key's usage is ` +
          `shown, and calling this operation spends no quota (any key may call it, whatever its scopes); ` +
          `its rate-limit headers say where the key stands, as for \`GET /rate_limit\`. Counts reach the ` +
          `report within ${options.flushSeconds} seconds. \`from\` and \`to\` select the range (by default the ` +
          `last 24 hours, or 30 days); a range reaching back further than the granularity is kept, or ` +
          `covering more than 1000 buckets, is refused with 400.`,
        tags: ['rate limits'],
        querystring: usageQuerySchema(['hour', 'day']),
        response: {
          200: withHeaders(UsageReportSchema, "The calling key's usage"),
          ...errorResponses(401, 429),
          // Refused by its query before the handler states where the key stands.
          400: withHeaders(
            ErrorSchema,
            'A query value is invalid (granularity, a date, a range over the retention or over 1000 buckets); the message names the field',
            {},
            RATE_LIMIT_HEADERS_IF_DECIDED,
          ),
        },
      },
    },
    async (request, reply) => {
      const key = request.apiKey;
      if (!key) throw new Error('GET /usage reached without an authenticated key');
      const { granularity = 'hour', from, to } = request.query;
      const report = await options.usage.ofOwnKey(key.keyId, {
        granularity,
        ...(from !== undefined && { fromMs: parseDate(from, 'from', 'query parameter').getTime() }),
        ...(to !== undefined && { toMs: parseDate(to, 'to', 'query parameter').getTime() }),
      });
      await sendQuotaHeaders(reply, options.admitRequest, key);
      return usageView(report);
    },
  );
}
