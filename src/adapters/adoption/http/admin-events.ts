/** GET /admin/v1/events: the whole event feed for operators (every event, whoever may see it), read-only. */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { ReadEvents } from '../../../application/adoption/use-cases/read-events.js';
import { linkNextHeader } from '../../shared/http/schemas/common-schemas.js';
import { EventsSchema, ListEventsQuerySchema } from './event-schemas.js';
import { withHeaders } from '../../shared/http/schemas/responses.js';
import { eventsPage, typesAsList } from './event-presenter.js';
import { adminErrorResponses, ADMIN_HEADERS } from '../../shared/http/schemas/admin-responses.js';

export interface AdminEventRoutesOptions {
  readonly events: ReadEvents;
  readonly basePath: string;
}

export async function adminEventRoutes(base: FastifyInstance, options: AdminEventRoutesOptions): Promise<void> {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const { events, basePath } = options;
  app.get(
    '/events',
    {
      config: { adminScope: 'audit:read' },
      schema: {
        operationId: 'listAllEvents',
        summary: 'Read the event feed, every event',
        description:
          'Needs `audit:read`. The feed partners read at `GET /v1/events`, with every event whoever may see ' +
          'it: the same order, `after`, `type` and `limit`, and 410 for an `after` older than ' +
          '`EVENT_RETENTION_DAYS`. When more exist, the response carries `Link: <...>; rel="next"`.',
        tags: ['events'],
        querystring: ListEventsQuerySchema,
        response: {
          200: withHeaders(EventsSchema, 'A page of events', linkNextHeader('events'), ADMIN_HEADERS),
          ...adminErrorResponses(400, 401, 403, 410, 429),
        },
      },
      preValidation: typesAsList,
    },
    async (request, reply) => eventsPage(events, `${basePath}/events`, request.query, null, reply),
  );
}
