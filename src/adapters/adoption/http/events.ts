/** The event feed (beta): every change to an animal or an adoption request, in one order, one hop from ReadEvents. */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { ReadEvents } from '../../../application/adoption/use-cases/read-events.js';
import { linkNextHeader } from '../../shared/http/schemas/common-schemas.js';
import { EventIdParamsSchema, EventSchema, EventsSchema, ListEventsQuerySchema } from './event-schemas.js';
import { errorResponses, withHeaders } from '../../shared/http/schemas/responses.js';
import { callerOf } from '../../shared/http/preconditions.js';
import { BETA } from '../../shared/http/schemas/stability.js';
import { eventsPage, presentEvent, typesAsList } from './event-presenter.js';

export interface EventRoutesOptions {
  readonly events: ReadEvents;
  readonly basePath: string;
}

export async function eventRoutes(base: FastifyInstance, options: EventRoutesOptions): Promise<void> {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const { events, basePath } = options;

  app.get(
    '/events',
    {
      config: { keyScope: 'pets:read' },
      schema: {
        operationId: 'listEvents',
        summary: 'Follow every change: the event feed',
        description:
          `${BETA}\n\nEvery change to an animal (\`pet.created\`, \`pet.updated\`, \`pet.deleted\`) and to an ` +
          `adoption request (\`order.*\`), oldest first, in one order that never changes once read: pass the ` +
          `id of the last event you have as \`after\` and you get exactly what came after it. Animal events ` +
          `are visible to every key; an adoption request's only to the owner that placed it and the owner ` +
          `of its animal. Events appear within about a second of their change and are kept for 30 days ` +
          `(\`EVENT_RETENTION_DAYS\`); an \`after\` older than that gets 410 \`gone\`: take the feed's position ` +
          `with \`from=now\` (one call: an empty page whose next link starts with the next change), read the ` +
          `list again, then follow that link. When more exist, the response carries \`Link: <...>; ` +
          `rel="next"\`.`,
        tags: ['events'],
        querystring: ListEventsQuerySchema,
        response: {
          200: withHeaders(EventsSchema, 'A page of events', linkNextHeader('events')),
          ...errorResponses(400, 401, 403, 410, 429),
        },
      },
      preValidation: typesAsList,
    },
    async (request, reply) => eventsPage(events, `${basePath}/events`, request.query, callerOf(request).ownerId, reply),
  );

  app.get(
    '/events/:eventId',
    {
      config: { keyScope: 'pets:read' },
      schema: {
        operationId: 'getEvent',
        summary: 'Read one event',
        description: `${BETA}\n\nAn event the caller may not see gets 404, as one that does not exist.`,
        tags: ['events'],
        params: EventIdParamsSchema,
        response: {
          200: withHeaders(EventSchema, 'The event'),
          ...errorResponses(400, 401, 403, 404, 429),
        },
      },
    },
    async (request) => presentEvent(await events.get(request.params.eventId, callerOf(request).ownerId)),
  );
}
