/** Usage for operators: any key's buckets, and who still calls a deprecated operation. Read-only. */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { ReadUsage } from '../../../../application/access/use-cases/read-usage.js';
import { parseDate } from '../../../shared/http/schemas/dates.js';
import { withHeaders } from '../../../shared/http/schemas/responses.js';
import { DeprecationsSchema, deprecationsView, usageQuerySchema, UsageReportSchema, usageView } from '../usage-schemas.js';
import { adminErrorResponses, ADMIN_HEADERS } from '../../../shared/http/schemas/admin-responses.js';
import { KeyIdParamsSchema } from './key-schemas.js';

export interface AdminUsageRoutesOptions {
  readonly usage: ReadUsage;
  /** How often instances flush their counts: how far behind a report may be. */
  readonly flushSeconds: number;
}

export async function adminUsageRoutes(base: FastifyInstance, options: AdminUsageRoutesOptions): Promise<void> {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const { usage, flushSeconds } = options;

  app.get(
    '/keys/:id/usage',
    {
      config: { adminScope: 'usage:read' },
      schema: {
        operationId: 'getKeyUsage',
        summary: "A key's requests per minute, hour or day",
        description:
          `Needs \`usage:read\`. Per bucket: requests admitted, refused (limited, banned), and among the ` +
          `admitted those answered 4xx and 5xx, with a count per operation; the same report the key holder ` +
          `gets from \`GET /v1/usage\`, with minute buckets too. Counts reach it within ${flushSeconds}` +
          ` seconds. By default the last 60 minutes, 24 hours or 30 days; a range reaching back further ` +
          `than the granularity is kept, or covering more than 1000 buckets, is refused with 400. An ` +
          `unknown key id is 404.`,
        tags: ['usage'],
        params: KeyIdParamsSchema,
        querystring: usageQuerySchema(['minute', 'hour', 'day']),
        response: {
          200: withHeaders(UsageReportSchema, "The key's usage", {}, ADMIN_HEADERS),
          ...adminErrorResponses(400, 401, 403, 404, 429),
        },
      },
    },
    async (request) => {
      const { granularity = 'hour', from, to } = request.query;
      return usageView(
        await usage.ofKey(request.params.id, {
          granularity,
          ...(from !== undefined && { fromMs: parseDate(from, 'from', 'query parameter').getTime() }),
          ...(to !== undefined && { toMs: parseDate(to, 'to', 'query parameter').getTime() }),
        }),
      );
    },
  );

  app.get(
    '/deprecations',
    {
      config: { adminScope: 'usage:read' },
      schema: {
        operationId: 'listDeprecations',
        summary: 'Deprecated operations, and the keys that still call them',
        description:
          `Needs \`usage:read\`. Every deprecated operation with its deprecation and sunset dates, and each ` +
          `key that called it: its name and owner, calls over the last 7 and 30 days (in whole hours), and ` +
          `its first and latest call. Latest caller first; a key that never called it is not listed. Calls ` +
          `reach it within ${flushSeconds} seconds.`,
        tags: ['usage'],
        response: {
          200: withHeaders(DeprecationsSchema, 'Deprecated operations and their callers', {}, ADMIN_HEADERS),
          ...adminErrorResponses(401, 403, 429),
        },
      },
    },
    async () => deprecationsView(await usage.deprecationReport()),
  );
}
