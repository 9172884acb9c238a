/** The event feed (beta): every change to an animal or an adoption request, in one order, one hop from ReadEvents. */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Static } from 'typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { ReadEvents } from '../../../application/use-cases/read-events.js';
import type { FeedEvent } from '../../../domain/feed-event.js';
import { linkNextHeader, nextPageLink } from '../schemas/common-schemas.js';
import { EventIdParamsSchema, EventSchema, EventsSchema, ListEventsQuerySchema } from '../schemas/event-schemas.js';
import { OrderSchema } from '../schemas/order-schemas.js';
import { PetSchema } from '../schemas/pet-schemas.js';
import { errorResponses, withHeaders } from '../schemas/responses.js';
import { callerOf } from '../preconditions.js';
import { BETA } from './orders.js';

export interface EventRoutesOptions {
  readonly events: ReadEvents;
  readonly basePath: string;
}

const PET_FIELDS = Object.keys(PetSchema.properties);
const ORDER_FIELDS = Object.keys(OrderSchema.properties);

/** An event as the API shows it: its object with exactly the fields the resource shows. */
export function presentEvent(event: FeedEvent) {
  const fields = event.type.startsWith('pet.') ? PET_FIELDS : ORDER_FIELDS;
  const source = event.object as unknown as Record<string, unknown>;
  // Exactly the resource's fields (never an internal one), so the serialiser picks its schema.
  const object = Object.fromEntries(fields.map((field) => [field, source[field]])) as Static<typeof PetSchema> | Static<typeof OrderSchema>;
  return {
    id: event.id,
    type: event.type,
    createdAt: event.createdAt,
    sequence: event.sequence,
    data: { object, ...(event.previousAttributes !== undefined && { previousAttributes: event.previousAttributes }) },
  };
}

/** `type=a,b` and `type=a&type=b` alike, before validation. */
export function typesAsList(request: FastifyRequest, _reply: FastifyReply, done: () => void): void {
  const query = request.query as { type?: unknown };
  if (query.type !== undefined) {
    const given = Array.isArray(query.type) ? (query.type as unknown[]) : [query.type];
    query.type = given.flatMap((value) => String(value).split(','));
  }
  done();
}

/** A page of the feed as the query asks, with its Link; `viewer` null: every event (operators). */
export async function eventsPage(
  events: ReadEvents,
  path: string,
  query: Static<typeof ListEventsQuerySchema>,
  viewer: string | null,
  reply: FastifyReply,
) {
  const { after, type, limit } = query;
  const page = await events.list(
    { ...(after !== undefined && { after }), ...(type !== undefined && { types: type }), ...(limit !== undefined && { limit }) },
    viewer,
  );
  if (page.nextAfter !== null) reply.header('Link', nextPageLink(path, { limit, type: type?.join(',') }, page.nextAfter, 'after'));
  return page.events.map(presentEvent);
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
        description: `${BETA}\n\nEvery change to an animal (\`pet.created\`, \`pet.updated\`, \`pet.deleted\`) and to an adoption request (\`order.*\`), oldest first, in one order that never changes once read: pass the id of the last event you have as \`after\` and you get exactly what came after it. Animal events are visible to every key; an adoption request's only to the owner that placed it and the owner of its animal. Events appear within about a second of their change and are kept for 30 days (\`EVENT_RETENTION_DAYS\`); an \`after\` older than that gets 410 \`gone\`: read the list again, then follow the feed from its newest event. When more exist, the response carries \`Link: <...>; rel="next"\`.`,
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
