/** Webhook endpoints (beta): an owner's own, managed with a key that has webhooks:write (or pets:write), each one hop from its use case. */
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { ManageWebhookEndpoints } from '../../../application/webhooks/use-cases/manage-webhook-endpoints.js';
import { linkNextHeader, nextPageLink, NoQuerySchema } from '../../shared/http/schemas/common-schemas.js';
import {
  EndpointIdParamsSchema,
  ListEndpointsQuerySchema,
  NewWebhookEndpointSchema,
  RotateSecretSchema,
  WebhookEndpointPatchSchema,
  WebhookEndpointSchema,
  WebhookEndpointsSchema,
  WebhookEndpointWithSecretSchema,
} from './webhook-schemas.js';
import { errorResponses, withHeaders } from '../../shared/http/schemas/responses.js';
import { callerOf } from '../../shared/http/preconditions.js';
import { BETA } from '../../shared/http/schemas/stability.js';
import { OWNER_ONLY, presentEndpoint } from './webhook-presenters.js';
import { typed, type TypedApp } from '../../shared/http/typed-app.js';

export interface WebhookEndpointRoutesOptions {
  readonly endpoints: ManageWebhookEndpoints;
  /** The path prefix the routes are mounted under, for Location and Link headers. */
  readonly basePath: string;
}

/** What the routes share: the options and the helpers made of them. */
function webhookEndpointContext(options: WebhookEndpointRoutesOptions) {
  const { endpoints, basePath } = options;
  const config = { keyScope: 'webhooks:write' as const };
  const tags = ['webhooks'];

  return { endpoints, basePath, config, tags, options };
}

function createWebhookEndpointRoute(app: TypedApp, { endpoints, basePath, config, tags }: ReturnType<typeof webhookEndpointContext>): void {
  app.post(
    '/webhook-endpoints',
    {
      config,
      schema: {
        operationId: 'createWebhookEndpoint',
        summary: 'Have events pushed to a URL (make a webhook endpoint)',
        description:
          `${BETA}\n\n${OWNER_ONLY} The URL must be https, carry no user name or password, and its host must ` +
          `resolve to public addresses only: an address that is loopback, private, link-local, shared ` +
          `(CGNAT), multicast or otherwise reserved, in any spelling, gets 422 \`url_not_allowed\`. Each ` +
          `owner may have up to \`WEBHOOK_ENDPOINTS_PER_OWNER\` endpoints (10 by default); one more gets 409 ` +
          `\`endpoint_limit_reached\`. The answer carries the signing secret, **shown only here**.`,
        tags,
        querystring: NoQuerySchema,
        body: NewWebhookEndpointSchema,
        response: {
          201: withHeaders(WebhookEndpointWithSecretSchema, 'The endpoint, with its signing secret (shown only now)', {
            Location: { type: 'string', description: 'URL of the endpoint', 'x-required': true },
          }),
          ...errorResponses(400, 401, 403, 409, 413, 415, 422, 429),
        },
      },
    },
    async (request, reply) => {
      const { endpoint, secret } = await endpoints.create(request.body, callerOf(request));
      return reply
        .code(201)
        .header('Location', `${basePath}/webhook-endpoints/${endpoint.id}`)
        .send({ ...presentEndpoint(endpoint), secret });
    },
  );
}

function listWebhookEndpointsRoute(app: TypedApp, { endpoints, basePath, config, tags }: ReturnType<typeof webhookEndpointContext>): void {
  app.get(
    '/webhook-endpoints',
    {
      config,
      schema: {
        operationId: 'listWebhookEndpoints',
        summary: "List the owner's webhook endpoints",
        description: `${BETA}\n\n${OWNER_ONLY} Oldest first. When more exist, the response carries \`Link: <...>; rel="next"\`.`,
        tags,
        querystring: ListEndpointsQuerySchema,
        response: {
          200: withHeaders(WebhookEndpointsSchema, 'A page of webhook endpoints', linkNextHeader('webhook endpoints')),
          ...errorResponses(400, 401, 403, 429),
        },
      },
    },
    async (request, reply) => {
      const { limit, cursor } = request.query;
      const page = await endpoints.list(callerOf(request), {
        ...(limit !== undefined && { limit }),
        ...(cursor !== undefined && { cursor }),
      });
      if (page.nextCursor !== null) reply.header('Link', nextPageLink(`${basePath}/webhook-endpoints`, { limit }, page.nextCursor));
      return page.endpoints.map(presentEndpoint);
    },
  );
}

function getWebhookEndpointRoute(app: TypedApp, { endpoints, config, tags }: ReturnType<typeof webhookEndpointContext>): void {
  app.get(
    '/webhook-endpoints/:endpointId',
    {
      config,
      schema: {
        operationId: 'getWebhookEndpoint',
        summary: 'Read one webhook endpoint',
        description: `${BETA}\n\n${OWNER_ONLY} The secret is not shown: rotate it to get a new one.`,
        tags,
        params: EndpointIdParamsSchema,
        querystring: NoQuerySchema,
        response: { 200: withHeaders(WebhookEndpointSchema, 'The webhook endpoint'), ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => presentEndpoint(await endpoints.get(request.params.endpointId, callerOf(request))),
  );
}

function updateWebhookEndpointRoute(app: TypedApp, { endpoints, config, tags }: ReturnType<typeof webhookEndpointContext>): void {
  app.patch(
    '/webhook-endpoints/:endpointId',
    {
      config,
      schema: {
        operationId: 'updateWebhookEndpoint',
        summary: 'Change a webhook endpoint: its URL, event types, description, or status',
        description:
          `${BETA}\n\n${OWNER_ONLY} A new URL is checked as at creation (422 \`url_not_allowed\`). \`status: ` +
          `disabled\` stops deliveries; \`enabled\` resumes them and clears \`disabledReason\`. A change that ` +
          `changes nothing answers 200 with the same version.`,
        tags,
        params: EndpointIdParamsSchema,
        querystring: NoQuerySchema,
        body: WebhookEndpointPatchSchema,
        response: {
          200: withHeaders(WebhookEndpointSchema, 'The webhook endpoint after the change'),
          ...errorResponses(400, 401, 403, 404, 413, 415, 422, 429),
        },
      },
    },
    async (request) => presentEndpoint(await endpoints.update(request.params.endpointId, request.body, callerOf(request))),
  );
}

function deleteWebhookEndpointRoute(app: TypedApp, { endpoints, config, tags }: ReturnType<typeof webhookEndpointContext>): void {
  app.delete(
    '/webhook-endpoints/:endpointId',
    {
      config,
      schema: {
        operationId: 'deleteWebhookEndpoint',
        summary: 'Remove a webhook endpoint',
        description: `${BETA}\n\n${OWNER_ONLY} Nothing more is delivered to it.`,
        tags,
        params: EndpointIdParamsSchema,
        querystring: NoQuerySchema,
        response: { 204: withHeaders(Type.Null(), 'The endpoint was removed'), ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      await endpoints.remove(request.params.endpointId, callerOf(request));
      // No payload at all (null would be serialised, then dropped on the wire).
      return reply.code(204).send(undefined as unknown as null);
    },
  );
}

function rotateWebhookSecretRoute(app: TypedApp, { endpoints, config, tags }: ReturnType<typeof webhookEndpointContext>): void {
  app.post(
    '/webhook-endpoints/:endpointId/rotate-secret',
    {
      config,
      schema: {
        operationId: 'rotateWebhookSecret',
        summary: 'Give a webhook endpoint a new signing secret, the old one signing beside it for a while',
        description:
          `${BETA}\n\n${OWNER_ONLY} Until \`overlapSeconds\` (default a day; 0 ends the old secret now) every ` +
          `delivery carries two signatures, space-separated, one under each secret, so a receiver can ` +
          `switch without missing one. The answer carries the new secret, **shown only here**.`,
        tags,
        params: EndpointIdParamsSchema,
        querystring: NoQuerySchema,
        body: RotateSecretSchema,
        response: {
          200: withHeaders(WebhookEndpointWithSecretSchema, 'The endpoint, with its new signing secret (shown only now)'),
          ...errorResponses(400, 401, 403, 404, 413, 415, 429),
        },
      },
    },
    async (request) => {
      const { endpoint, secret } = await endpoints.rotateSecret(
        request.params.endpointId,
        request.body.overlapSeconds ?? 86_400,
        callerOf(request),
      );
      return { ...presentEndpoint(endpoint), secret };
    },
  );
}

export async function webhookEndpointRoutes(base: FastifyInstance, options: WebhookEndpointRoutesOptions): Promise<void> {
  const app = typed(base);
  const context = webhookEndpointContext(options);
  createWebhookEndpointRoute(app, context);
  listWebhookEndpointsRoute(app, context);
  getWebhookEndpointRoute(app, context);
  updateWebhookEndpointRoute(app, context);
  deleteWebhookEndpointRoute(app, context);
  rotateWebhookSecretRoute(app, context);
}
