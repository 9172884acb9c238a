/** GET /admin/v1/webhook-endpoints: an owner's webhook endpoints and their latest failures, for operators (keys:read), read-only. */
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { RECENT_FAILURES, type InspectWebhooks } from '../../../application/webhooks/use-cases/inspect-webhooks.js';
import { OWNER_ID_MAX_LENGTH } from '../../../domain/shared/owner.js';
import { withHeaders } from '../../shared/http/schemas/responses.js';
import { AttemptSchema, WebhookEndpointSchema } from './webhook-schemas.js';
import { presentEndpoint } from './webhook-presenters.js';
import { adminErrorResponses, ADMIN_HEADERS } from '../../shared/http/schemas/admin-responses.js';

export interface AdminWebhookRoutesOptions {
  readonly webhooks: InspectWebhooks;
  readonly maxPerOwner: number;
}

const OwnerEndpointsSchema = Type.Array(
  Type.Object(
    {
      endpoint: WebhookEndpointSchema,
      recentFailures: Type.Array(
        Type.Object(
          {
            deliveryId: Type.String({ description: 'The delivery the attempt belongs to' }),
            eventType: Type.String({ description: 'The type of the event it carried' }),
            ...AttemptSchema.properties,
          },
          { additionalProperties: false },
        ),
        { description: `The latest failed attempts, newest first (up to ${RECENT_FAILURES}, among the latest 50 deliveries)` },
      ),
    },
    { additionalProperties: false },
  ),
  { title: 'OwnerWebhookEndpoints', description: "An owner's webhook endpoints, oldest first, each with its latest failures" },
);

export async function adminWebhookRoutes(base: FastifyInstance, options: AdminWebhookRoutesOptions): Promise<void> {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const { webhooks, maxPerOwner } = options;
  app.get(
    '/webhook-endpoints',
    {
      config: { adminScope: 'keys:read' },
      schema: {
        operationId: 'listOwnerWebhookEndpoints',
        summary: "List an owner's webhook endpoints and their latest failures",
        description:
          'Needs `keys:read`. Every endpoint of the owner (never a secret), with `status` and ' +
          '`disabledReason`, and its latest failed attempts: what a partner asking why it hears nothing ' +
          'needs to be told.',
        tags: ['webhooks'],
        querystring: Type.Object(
          {
            ownerId: Type.String({
              minLength: 1,
              maxLength: OWNER_ID_MAX_LENGTH,
              description: "The owner (the keys' ownerId)",
              'x-invalid': `must be a string of 1 to ${OWNER_ID_MAX_LENGTH} characters`,
            }),
          },
          { additionalProperties: false },
        ),
        response: {
          200: withHeaders(OwnerEndpointsSchema, "The owner's endpoints", {}, ADMIN_HEADERS),
          ...adminErrorResponses(400, 401, 403, 429),
        },
      },
    },
    async (request) =>
      (await webhooks.ownerEndpoints(request.query.ownerId, maxPerOwner)).map(({ endpoint, recentFailures }) => ({
        endpoint: presentEndpoint(endpoint),
        recentFailures: recentFailures.map((failure) => ({ ...failure })),
      })),
  );
}
