/** TypeBox schemas for webhook endpoints and their deliveries. A secret appears in the create's and the rotation's answers only. */
import { Type } from 'typebox';
import { EVENT_TYPES } from '../../../domain/adoption/feed-event.js';
import {
  ALL_EVENTS,
  MAX_ROTATION_OVERLAP_SECONDS,
  WEBHOOK_DESCRIPTION_MAX_LENGTH,
  WEBHOOK_STATUSES,
  WEBHOOK_URL_MAX_LENGTH,
} from '../../../domain/webhooks/webhook-endpoint.js';
import { WEBHOOK_ENDPOINT_ID_PATTERN } from '../../../domain/webhooks/webhook-endpoint.js';
import { WEBHOOK_DELIVERY_ID_PATTERN } from '../../../domain/webhooks/webhook-delivery.js';
import { ATTEMPT_ERRORS, DELIVERY_STATUSES } from '../../../domain/webhooks/webhook-delivery.js';
import { cursorQuery, limitQuery } from '../../shared/http/schemas/common-schemas.js';
import { TARGET_URL_PATTERN } from '../../shared/http/schemas/url-pattern.js';

const EndpointIdSchema = Type.String({
  pattern: WEBHOOK_ENDPOINT_ID_PATTERN,
  description: 'Identifier assigned by the service (`we_` and 19 characters; ids sort by creation time)',
  'x-invalid': 'must be a webhook endpoint id: we_ and 19 letters or digits',
});

const UrlSchema = (description: string) =>
  Type.String({
    minLength: 1,
    maxLength: WEBHOOK_URL_MAX_LENGTH,
    // An absolute http(s) URL without spaces or a fragment. http passes for WEBHOOK_ALLOW_LOOPBACK's
    // loopback hosts and is otherwise refused with 422, as is a user name or an inside address in any spelling.
    pattern: TARGET_URL_PATTERN,
    description,
    'x-invalid': `must be an absolute https URL without a fragment, of at most ${WEBHOOK_URL_MAX_LENGTH} characters`,
  });

const EnabledEventsSchema = (description: string) =>
  Type.Array(Type.Unsafe<string>({ type: 'string', enum: [ALL_EVENTS, ...EVENT_TYPES] }), {
    minItems: 1,
    maxItems: EVENT_TYPES.length,
    // "*" stands alone: it already means every type.
    not: { allOf: [{ contains: { const: ALL_EVENTS } }, { minItems: 2 }] },
    description,
    'x-invalid': `must be a list of event types (${EVENT_TYPES.join(', ')}), or ["${ALL_EVENTS}"]`,
  });

const DescriptionSchema = Type.String({
  maxLength: WEBHOOK_DESCRIPTION_MAX_LENGTH,
  description: `What the endpoint is for, up to ${WEBHOOK_DESCRIPTION_MAX_LENGTH} characters`,
});

const StatusSchema = Type.Unsafe<(typeof WEBHOOK_STATUSES)[number]>({
  type: 'string',
  enum: [...WEBHOOK_STATUSES],
  description: 'enabled (events are delivered) or disabled (none are; set it back to enabled to resume)',
});

const endpointFields = {
  id: EndpointIdSchema,
  url: Type.String({ description: 'Where deliveries are sent (POST)' }),
  enabledEvents: Type.Array(Type.String(), {
    description: `The event types delivered, or ["${ALL_EVENTS}"] for every type, now and later`,
  }),
  description: Type.Unsafe<string | null>({ type: ['string', 'null'], description: 'What the endpoint is for, or null' }),
  status: StatusSchema,
  disabledReason: Type.Unsafe<string | null>({
    type: ['string', 'null'],
    description: 'Why the service disabled the endpoint (after failing deliveries), or null',
  }),
  createdAt: Type.String({ format: 'date-time', description: 'When it was made' }),
  updatedAt: Type.String({ format: 'date-time', description: 'When it last changed' }),
  version: Type.Integer({ minimum: 1, description: '1 when made, one more at every change' }),
};

const EXAMPLE = {
  id: 'we_0mwqcvpc0001Ab3dE9f',
  url: 'https://shelter.example.org/hooks/adoptions',
  enabledEvents: ['pet.updated', 'pet.deleted'],
  description: 'Keeps the website in step',
  status: 'enabled',
  disabledReason: null,
  createdAt: '2026-11-26T10:00:00.000Z',
  updatedAt: '2026-11-26T10:00:00.000Z',
  version: 1,
};

export const WebhookEndpointSchema = Type.Object(endpointFields, {
  title: 'WebhookEndpoint',
  additionalProperties: false,
  description: 'Where an owner has its events pushed. Its secret is never shown here.',
  examples: [EXAMPLE],
});

export const WebhookEndpointsSchema = Type.Array(WebhookEndpointSchema, {
  title: 'WebhookEndpoints',
  description: "A page of the owner's webhook endpoints in ascending id order (oldest first)",
});

export const WebhookEndpointWithSecretSchema = Type.Object(
  {
    ...endpointFields,
    secret: Type.String({
      pattern: '^whsec_[A-Za-z0-9+/]{43}=$',
      description:
        'The signing secret (`whsec_` and the base64 of 32 random bytes). Shown only in this answer: ' +
        'store it now. Deliveries carry `webhook-signature: v1,<base64 HMAC-SHA256 of id.timestamp.body>` ' +
        'under it (Standard Webhooks 1.0).',
    }),
  },
  {
    title: 'WebhookEndpointWithSecret',
    additionalProperties: false,
    description: 'The endpoint with its new signing secret: returned once, when made or when its secret is rotated',
    examples: [{ ...EXAMPLE, secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw1e+VtnSBRtk=' }],
  },
);

export const NewWebhookEndpointSchema = Type.Object(
  {
    url: UrlSchema(
      'Where to send deliveries: https, no user name or password, and a host that resolves to public addresses only (checked now and at every delivery)',
    ),
    enabledEvents: EnabledEventsSchema(`The event types to deliver, or ["${ALL_EVENTS}"] for every type, now and later`),
    description: Type.Optional(DescriptionSchema),
  },
  {
    title: 'NewWebhookEndpoint',
    additionalProperties: false,
    description: 'A webhook endpoint to make',
    examples: [{ url: EXAMPLE.url, enabledEvents: EXAMPLE.enabledEvents, description: EXAMPLE.description }],
  },
);

export const WebhookEndpointPatchSchema = Type.Object(
  {
    url: Type.Optional(UrlSchema('A new URL, checked as a new one is')),
    enabledEvents: Type.Optional(EnabledEventsSchema('The event types to deliver from now on')),
    description: Type.Optional(
      Type.Unsafe<string | null>({ ...DescriptionSchema, type: ['string', 'null'], description: 'A new description, or null to clear it' }),
    ),
    status: Type.Optional(StatusSchema),
  },
  {
    title: 'WebhookEndpointPatch',
    additionalProperties: false,
    description: 'The fields to change; the others stay as they are',
    examples: [{ status: 'disabled' }],
  },
);

export const RotateSecretSchema = Type.Object(
  {
    overlapSeconds: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: MAX_ROTATION_OVERLAP_SECONDS,
        default: 86_400,
        description:
          `How long the old secret keeps signing beside the new one (every delivery then carries both ` +
          `signatures), 0 to ${MAX_ROTATION_OVERLAP_SECONDS} seconds; default a day`,
        'x-invalid': `must be an integer from 0 to ${MAX_ROTATION_OVERLAP_SECONDS}`,
      }),
    ),
  },
  {
    title: 'RotateSecret',
    additionalProperties: false,
    description: 'How to rotate the signing secret',
    examples: [{ overlapSeconds: 3600 }],
  },
);

export const EndpointIdParamsSchema = Type.Object({ endpointId: EndpointIdSchema }, { additionalProperties: false });

export const ListEndpointsQuerySchema = Type.Object(
  { limit: limitQuery('webhook endpoints'), cursor: cursorQuery('limit') },
  { additionalProperties: false },
);

const DeliveryIdSchema = Type.String({
  pattern: WEBHOOK_DELIVERY_ID_PATTERN,
  description: 'Identifier of the delivery of one event to one endpoint (`wd_` and 31 characters)',
  'x-invalid': 'must be a webhook delivery id: wd_ and 31 letters or digits',
});

const DeliveryStatusSchema = Type.Unsafe<(typeof DELIVERY_STATUSES)[number]>({
  type: 'string',
  enum: [...DELIVERY_STATUSES],
  description:
    'pending (an attempt is due at nextAttemptAt), delivered (a 2xx), failed (stopped and not ' +
    'retried: the address was refused, the endpoint answered 410, or it was removed), exhausted ' +
    '(every retry failed), skipped (the endpoint was disabled when the event came)',
});

/** What the endpoint answered, or why there was no usable answer: in an attempt and in a test's result. */
const StatusCodeSchema = Type.Unsafe<number | null>({
  type: ['integer', 'null'],
  description: 'What the endpoint answered; null when it gave no answer',
});
const AttemptErrorSchema = Type.Unsafe<(typeof ATTEMPT_ERRORS)[number] | null>({
  type: ['string', 'null'],
  enum: [...ATTEMPT_ERRORS, null],
  description:
    'Why there was no usable answer: timeout (none within the time allowed), connect (no connection), ' +
    'redirect (a 3xx, never followed), blocked (the host resolved to an address webhooks may not ' +
    'reach); null when it answered',
});

export const AttemptSchema = Type.Object(
  {
    at: Type.String({ format: 'date-time', description: 'When the attempt started' }),
    statusCode: StatusCodeSchema,
    error: AttemptErrorSchema,
    durationMs: Type.Integer({ minimum: 0, description: 'How long the attempt took' }),
  },
  { title: 'WebhookAttempt', additionalProperties: false },
);

export const WebhookDeliverySchema = Type.Object(
  {
    id: DeliveryIdSchema,
    endpointId: EndpointIdSchema,
    eventId: Type.String({ description: 'The event delivered: the `webhook-id` header of every attempt' }),
    eventType: Type.String({ description: 'Its type (`webhook.test` for a test event)' }),
    status: DeliveryStatusSchema,
    attempts: Type.Array(AttemptSchema, { description: 'Every attempt, oldest first' }),
    nextAttemptAt: Type.Unsafe<string | null>({
      type: ['string', 'null'],
      format: 'date-time',
      description: 'When the next attempt is due; null unless pending',
    }),
    createdAt: Type.String({ format: 'date-time', description: 'When the delivery was made (the event reached the endpoint)' }),
    updatedAt: Type.String({ format: 'date-time', description: 'When it last changed' }),
  },
  {
    title: 'WebhookDelivery',
    additionalProperties: false,
    description: 'The delivery of one event to one endpoint, with its attempts',
  },
);

export const WebhookDeliveriesSchema = Type.Array(WebhookDeliverySchema, {
  title: 'WebhookDeliveries',
  description: 'A page of deliveries, newest first',
});

export const DeliveryParamsSchema = Type.Object(
  { endpointId: EndpointIdSchema, deliveryId: DeliveryIdSchema },
  { additionalProperties: false },
);

export const ListDeliveriesQuerySchema = Type.Object(
  {
    status: Type.Optional(DeliveryStatusSchema),
    limit: limitQuery('deliveries'),
    cursor: cursorQuery('limit and status'),
  },
  { additionalProperties: false },
);

export const RecoverSchema = Type.Object(
  {
    since: Type.String({
      format: 'date-time',
      description: 'Send again every failed, exhausted or skipped delivery made at or after this time (at most 30 days ago)',
      'x-invalid': 'must be an RFC 3339 date-time, such as 2026-11-20T00:00:00Z',
    }),
  },
  { title: 'RecoverDeliveries', additionalProperties: false, examples: [{ since: '2026-11-20T00:00:00Z' }] },
);

export const RecoveredSchema = Type.Object(
  { recovered: Type.Integer({ minimum: 0, description: 'How many deliveries are due again' }) },
  { title: 'RecoveredDeliveries', additionalProperties: false },
);

export const TestResultSchema = Type.Object(
  {
    delivery: WebhookDeliverySchema,
    response: Type.Object(
      {
        statusCode: StatusCodeSchema,
        error: AttemptErrorSchema,
        durationMs: Type.Integer({ minimum: 0, description: 'How long it took' }),
        delivered: Type.Boolean({ description: 'True when it answered 2xx' }),
      },
      { additionalProperties: false },
    ),
  },
  { title: 'WebhookTestResult', additionalProperties: false },
);
