/** GET /admin/v1/audit-events: the audit log, newest first, read-only (nothing changes or deletes an event). */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Auditor } from '../../../../application/audit.js';
import { ValidationError } from '../../../../domain/errors.js';
import { withHeaders } from '../../schemas/responses.js';
import { adminErrorResponses, ADMIN_HEADERS, decodeCursor, encodeCursor } from '../admin-responses.js';
import { AuditEventsSchema, AuditQuerySchema } from '../admin-schemas.js';

export interface AuditRoutesOptions {
  readonly auditor: Auditor;
  readonly basePath: string;
}

export async function auditRoutes(base: FastifyInstance, options: AuditRoutesOptions): Promise<void> {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/audit-events',
    {
      config: { adminScope: 'audit:read' },
      schema: {
        operationId: 'listAuditEvents',
        summary: 'Read the audit log, newest first',
        description:
          'Needs `audit:read`. Every change to a key or an admin credential, and every failed admin authentication answered 401, with the acting credential id, the request id and the client address. Never a secret. When more exist, the response carries `Link: <...>; rel="next"`.',
        tags: ['audit'],
        querystring: AuditQuerySchema,
        response: {
          200: withHeaders(AuditEventsSchema, 'A page of events', { Link: { type: 'string', description: 'RFC 8288 link to the next page (rel="next"), present when more events exist', 'x-component': 'LinkNext' } }, ADMIN_HEADERS),
          ...adminErrorResponses(400, 401, 403, 429),
        },
      },
    },
    async (request, reply) => {
      const { limit = 20, cursor } = request.query;
      let beforeId: string | undefined;
      if (cursor !== undefined) {
        beforeId = decodeCursor(cursor);
        if (!/^evt_[0-9a-z]{13}[A-Za-z0-9]{6}$/.test(beforeId)) throw new ValidationError('cursor', "query parameter 'cursor' is not a cursor this API gave");
      }
      const page = await options.auditor.list({ limit: limit + 1, ...(beforeId !== undefined && { beforeId }) });
      const events = page.slice(0, limit);
      const last = events[events.length - 1];
      if (page.length > limit && last) reply.header('Link', `<${options.basePath}/audit-events?limit=${limit}&cursor=${encodeCursor(last.id)}>; rel="next"`);
      return events.map((event) => ({ ...event, at: event.at.toISOString() }));
    },
  );
}
