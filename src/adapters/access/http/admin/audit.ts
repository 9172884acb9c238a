/** GET /admin/v1/audit-events: the audit log, newest first, read-only (nothing changes or deletes an event). */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Auditor } from '../../../../application/shared/services/auditor.js';
import { EVENT_ID } from '../../../../application/shared/ids.js';
import { decodeCursor, PAGE_LIMIT, pageOf } from '../../../../application/shared/cursor.js';
import { linkNextHeader, nextPageLink } from '../../../shared/http/schemas/common-schemas.js';
import { ValidationError } from '../../../../domain/shared/errors.js';
import { withHeaders } from '../../../shared/http/schemas/responses.js';
import { parseDate } from '../../../shared/http/schemas/dates.js';
import { adminErrorResponses, ADMIN_HEADERS } from '../../../shared/http/schemas/admin-responses.js';
import { AuditEventsSchema, AuditQuerySchema } from './audit-schemas.js';

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
          'Needs `audit:read`. Every change to a key or an admin credential, and every failed admin ' +
          'authentication answered 401, with the acting credential id, the request id, the client address ' +
          'and `changes` (each field set, before and after). Never a secret. Filter by `target`, `actor`, ' +
          '`action` and a time range (`from` included, `to` excluded). When more exist, the response ' +
          'carries `Link: <...>; rel="next"` with the same filters.',
        tags: ['audit'],
        querystring: AuditQuerySchema,
        response: {
          200: withHeaders(AuditEventsSchema, 'A page of events', linkNextHeader('events'), ADMIN_HEADERS),
          ...adminErrorResponses(400, 401, 403, 429),
        },
      },
    },
    async (request, reply) => {
      const { limit = PAGE_LIMIT.default, cursor, target, actor, action, from, to } = request.query;
      const beforeId = cursor === undefined ? undefined : decodeCursor(cursor, (id) => (EVENT_ID.test(id) ? id : null));
      const fromDate = from === undefined ? undefined : parseDate(from, 'from', 'query parameter');
      const toDate = to === undefined ? undefined : parseDate(to, 'to', 'query parameter');
      if (fromDate && toDate && fromDate.getTime() >= toDate.getTime())
        throw new ValidationError('to', "query parameter 'to' must be after 'from'");
      const filters = {
        ...(target !== undefined && { target }),
        ...(actor !== undefined && { actor }),
        ...(action !== undefined && { action }),
      };
      const page = await options.auditor.list({
        limit: limit + 1,
        ...filters,
        ...(fromDate && { from: fromDate }),
        ...(toDate && { to: toDate }),
        ...(beforeId !== undefined && { beforeId }),
      });
      const { rows: events, nextCursor } = pageOf(page, limit, (event) => event.id);
      if (nextCursor !== null)
        reply.header('Link', nextPageLink(`${options.basePath}/audit-events`, { limit, ...filters, from, to }, nextCursor));
      return events.map((event) => ({ ...event, at: event.at.toISOString() }));
    },
  );
}
