/** Events as the API shows them, on the public feed, the admin feed and in webhook bodies alike. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Static } from 'typebox';
import type { ReadEvents } from '../../../application/adoption/use-cases/read-events.js';
import { isAboutPet, type FeedEvent } from '../../../domain/adoption/feed-event.js';
import { nextPageLink } from '../../shared/http/schemas/common-schemas.js';
import type { ListEventsQuerySchema } from './event-schemas.js';
import { OrderSchema } from './order-schemas.js';
import { PetSchema } from './pet-schemas.js';
import { petView } from './pet-view.js';

const PET_FIELDS = Object.keys(PetSchema.properties);
const ORDER_FIELDS = Object.keys(OrderSchema.properties);

/** An event as the API shows it: its object with exactly the fields the resource shows. */
export function presentEvent(event: FeedEvent) {
  const aboutPet = isAboutPet(event);
  // An animal as every answer shows it (photos with their URLs); a request as stored.
  const source = (aboutPet ? petView(event.object) : event.object) as unknown as Record<string, unknown>;
  // Exactly the resource's fields (never an internal one), so the serialiser picks its schema.
  const object = Object.fromEntries((aboutPet ? PET_FIELDS : ORDER_FIELDS).map((field) => [field, source[field]])) as
    Static<typeof PetSchema> | Static<typeof OrderSchema>;
  // An alert names its search as its owner saved it, never its owner or its place.
  const savedSearch =
    event.type === 'search.matched'
      ? { savedSearch: { id: event.savedSearch.id, label: event.savedSearch.label, reference: event.savedSearch.reference } }
      : {};
  return {
    id: event.id,
    type: event.type,
    createdAt: event.createdAt,
    sequence: event.sequence,
    data: { object, ...savedSearch, ...(event.previousAttributes !== undefined && { previousAttributes: event.previousAttributes }) },
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
  const { after, type, limit, from } = query;
  const page = await events.list(
    {
      ...(after !== undefined && { after }),
      ...(type !== undefined && { types: type }),
      ...(limit !== undefined && { limit }),
      ...(from === 'now' && { fromNow: true }),
    },
    viewer,
  );
  const kept = { limit, type: type?.join(',') };
  if (page.nextAfter !== null) reply.header('Link', nextPageLink(path, kept, page.nextAfter, 'after'));
  // From now on an empty feed: the next page is the feed from its start, whatever comes first.
  else if (page.nextFromStart === true) reply.header('Link', nextPageLink(path, kept, '', 'after').replace(/[?&]after=>/, '>'));
  return page.events.map(presentEvent);
}
