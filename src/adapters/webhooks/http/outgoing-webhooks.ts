/**
 * The requests this service sends to webhook endpoints, as OpenAPI 3.1 `webhooks` describes them: one
 * entry per event type (the body is the event as the feed shows it, the `Event` component) and the
 * test event, each with the Standard Webhooks headers and what the endpoint's answer means.
 */
import { EVENT_TYPES } from '../../../domain/adoption/feed-event.js';
import { TEST_EVENT_TYPE } from '../../../domain/webhooks/webhook-delivery.js';

const HEADERS = [
  {
    name: 'webhook-id',
    description: 'The event id: the same on every attempt of this event to this endpoint. Deduplicate on it.',
    example: 'evt_0mwqcvpc00001Ab3dE9',
  },
  {
    name: 'webhook-timestamp',
    description: 'When this attempt was signed, in seconds since 1970. Refuse a delivery more than 5 minutes away from your clock.',
    example: '1795953600',
  },
  {
    name: 'webhook-signature',
    description:
      'Space-separated `v1,<base64 HMAC-SHA256>` signatures of ' +
      '`<webhook-id>.<webhook-timestamp>.<body>` under the endpoint secret (the bytes after `whsec_`, ' +
      'base64-decoded); two during a secret rotation. Accept the delivery when one matches.',
    example: 'v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=',
  },
].map(({ name, description, example }) => ({ name, in: 'header', required: true, description, schema: { type: 'string' }, example }));

const RESPONSES = {
  '2XX': { description: 'Delivered: any 2xx, answered within WEBHOOK_TIMEOUT_MS (15 s by default). The body is ignored.' },
  '410': { description: 'Gone: the endpoint is disabled (disabledReason says so) until its owner enables it again.' },
  default: {
    description:
      'Any other answer, a redirect (never followed), a timeout or no connection fails the attempt; it ' +
      'is retried for about three days with backoff (a Retry-After on 429 or 503 is waited out), then ' +
      'the delivery is exhausted.',
  },
};

/** `pet.created` → `petCreatedWebhook`. */
const operationIdOf = (type: string) => `${type.replace(/\.(\w)/g, (_, letter: string) => letter.toUpperCase())}Webhook`;

function entry(type: string, summary: string, description: string, body: object): object {
  return {
    post: {
      operationId: operationIdOf(type),
      summary,
      description,
      tags: ['webhooks'],
      parameters: HEADERS,
      requestBody: { required: true, content: { 'application/json': { schema: body } } },
      responses: RESPONSES,
    },
  };
}

export function outgoingWebhooks(): Record<string, object> {
  const webhooks: Record<string, object> = {};
  for (const type of EVENT_TYPES) {
    webhooks[type] = entry(
      type,
      `A ${type} event`,
      `Sent to every enabled endpoint whose enabledEvents has \`${type}\` (or \`*\`) and whose owner may ` +
        `see the event, once the event is in the feed. At least once: deduplicate on \`webhook-id\`, and ` +
        `order by \`sequence\` per object.`,
      { $ref: '#/components/schemas/Event' },
    );
  }
  webhooks[TEST_EVENT_TYPE] = entry(
    TEST_EVENT_TYPE,
    'A test event',
    'Sent once by `POST /webhook-endpoints/{endpointId}/test`, signed like every delivery; never retried.',
    {
      title: 'WebhookTestEvent',
      type: 'object',
      required: ['id', 'type', 'createdAt', 'data'],
      additionalProperties: false,
      properties: {
        id: { type: 'string' },
        type: { type: 'string', const: TEST_EVENT_TYPE },
        createdAt: { type: 'string', format: 'date-time' },
        data: {
          type: 'object',
          required: ['endpointId'],
          additionalProperties: false,
          properties: { endpointId: { type: 'string', description: 'The endpoint tested' } },
        },
      },
    },
  );
  return webhooks;
}
