/** TypeBox schemas of the event feed: an event as partners read it, and how they page the feed. */
import { Type } from 'typebox';
import { EVENT_TYPES } from '../../../domain/adoption/feed-event.js';
import { limitQuery } from '../../shared/http/schemas/common-schemas.js';
import { OrderSchema } from './order-schemas.js';
import { PetSchema } from './pet-schemas.js';
import { EVENT_ID_PATTERN } from '../../../domain/shared/ids.js';
import type { AttributeValue } from '../../../domain/adoption/feed-event.js';

const EventTypeSchema = Type.Unsafe<(typeof EVENT_TYPES)[number]>({
  type: 'string',
  enum: [...EVENT_TYPES],
  title: 'EventType',
  description:
    'What happened: `pet.created`, `pet.updated`, `pet.deleted`, `order.placed`, `order.approved`, `order.delivered`, ' +
    '`order.cancelled`, `search.matched` (beta: an animal entered one of your saved searches)',
});

const AttributeValueSchema = Type.Unsafe<AttributeValue>({
  // Arrays and objects first: the serialiser tries the types in order, and would write a list as text.
  type: ['array', 'object', 'string', 'number', 'boolean', 'null'],
  items: { type: 'string' },
  additionalProperties: true,
  description: "A field's old value: text, a number, a flag, a nested object (breeds, goodWith, ...) or a list (tags)",
});

export const EventSchema = Type.Object(
  {
    id: Type.String({ pattern: EVENT_ID_PATTERN, description: 'Unique; pass it as `after` to read the feed from here' }),
    type: EventTypeSchema,
    createdAt: Type.String({ format: 'date-time', description: 'When the change was made (RFC 3339, UTC)' }),
    sequence: Type.Integer({
      minimum: 1,
      description:
        "The object's `version` after the change (one past its last version for `pet.deleted`): drop an " +
        'event whose sequence is not above the one you hold for that object',
    }),
    data: Type.Object(
      {
        object: Type.Union([PetSchema, OrderSchema], {
          description: 'The animal or adoption request as the API returns it after the change (as it was, for `pet.deleted`)',
        }),
        savedSearch: Type.Optional(
          Type.Object(
            {
              id: Type.String({ description: 'The saved search the animal now matches' }),
              label: Type.String({ description: 'Its label, as you saved it' }),
              reference: Type.Union([Type.String(), Type.Null()], {
                description: 'Your own reference, as you saved it (never interpreted)',
              }),
            },
            { additionalProperties: false, description: '`search.matched` only: the saved search the animal entered' },
          ),
        ),
        previousAttributes: Type.Optional(
          Type.Record(Type.String(), AttributeValueSchema, {
            description: 'The old value of every field the change changed (`pet.updated`, `order.*` but `order.placed`)',
          }),
        ),
      },
      { additionalProperties: false },
    ),
  },
  {
    title: 'Event',
    additionalProperties: false,
    description: 'One change to an animal or an adoption request, or an animal entering one of your saved searches',
  },
);

export const EventsSchema = Type.Array(EventSchema, { title: 'Events', description: 'A page of the feed, in feed order' });

export const ListEventsQuerySchema = Type.Object(
  {
    after: Type.Optional(
      Type.String({
        pattern: EVENT_ID_PATTERN,
        description:
          'The id of the last event you have: the page starts after it. Leave it out to start from the ' +
          'oldest event the feed keeps. An id older than the feed keeps gets 410 `gone`.',
        'x-invalid': 'must be an event id (evt_...) from this feed',
      }),
    ),
    from: Type.Optional(
      Type.String({
        enum: ['now'],
        description:
          '`from=now`: no events, only where the feed stands: the page is empty and its `Link: rel="next"` ' +
          'starts with the next change (after the newest event you may see). Take it before reading the ' +
          'lists you mirror, then follow it: nothing is missed. Not with `after`',
        'x-invalid': 'must be now',
      }),
    ),
    type: Type.Optional(
      Type.Array(EventTypeSchema, {
        minItems: 1,
        maxItems: EVENT_TYPES.length,
        description: 'Only events of these types: `type=pet.created&type=pet.deleted`, or `type=pet.created,pet.deleted`',
        'x-invalid': `must be one or more of ${EVENT_TYPES.join(', ')}`,
      }),
    ),
    limit: limitQuery('events'),
  },
  { additionalProperties: false },
);

export const EventIdParamsSchema = Type.Object({
  eventId: Type.String({ pattern: EVENT_ID_PATTERN, description: 'Identifier of the event', 'x-invalid': 'must be an event id (evt_...)' }),
});
