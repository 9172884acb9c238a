/** Webhook deliveries (beta): the log of an endpoint's deliveries and the partner's tools, each one hop from WebhookDeliveries. */
import type { FastifyInstance } from 'fastify';
import { MAX_RECOVERED, type WebhookDeliveries } from '../../../application/webhooks/use-cases/webhook-deliveries.js';
import { linkNextHeader, nextPageLink, NoQuerySchema } from '../../shared/http/schemas/common-schemas.js';
import {
  DeliveryParamsSchema,
  EndpointIdParamsSchema,
  ListDeliveriesQuerySchema,
  RecoveredSchema,
  RecoverSchema,
  TestResultSchema,
  WebhookDeliveriesSchema,
  WebhookDeliverySchema,
} from './webhook-schemas.js';
import { errorResponses, withHeaders } from '../../shared/http/schemas/responses.js';
import { callerOf } from '../../shared/http/preconditions.js';
import { BETA } from '../../shared/http/schemas/stability.js';
import { OWNER_ONLY } from './webhook-presenters.js';
import { presentDelivery } from './webhook-presenters.js';
import { typed, type TypedApp } from '../../shared/http/typed-app.js';

export interface WebhookDeliveryRoutesOptions {
  readonly deliveries: WebhookDeliveries;
  /** The path prefix the routes are mounted under, for Link headers. */
  readonly basePath: string;
}

const RETENTION_DAYS = 30;

/** What the routes share: the options and the helpers made of them. */
function webhookDeliveryContext(options: WebhookDeliveryRoutesOptions) {
  const { deliveries, basePath } = options;
  const config = { keyScope: 'webhooks:write' as const };
  const tags = ['webhooks'];

  return { deliveries, basePath, config, tags, options };
}

function listWebhookDeliveriesRoute(
  app: TypedApp,
  { deliveries, basePath, config, tags }: ReturnType<typeof webhookDeliveryContext>,
): void {
  app.get(
    '/webhook-endpoints/:endpointId/deliveries',
    {
      config,
      schema: {
        operationId: 'listWebhookDeliveries',
        summary: "List an endpoint's deliveries and their attempts",
        description:
          `${BETA}\n\n${OWNER_ONLY} Newest first, kept ${RETENTION_DAYS} days; \`status\` keeps one status. ` +
          `Each delivery lists its attempts: when, the HTTP status or why there was none, and how long it ` +
          `took. When more exist, the response carries \`Link: <...>; rel="next"\`.`,
        tags,
        params: EndpointIdParamsSchema,
        querystring: ListDeliveriesQuerySchema,
        response: {
          200: withHeaders(WebhookDeliveriesSchema, 'A page of deliveries', linkNextHeader('deliveries')),
          ...errorResponses(400, 401, 403, 404, 429),
        },
      },
    },
    async (request, reply) => {
      const { status, limit, cursor } = request.query;
      const { endpointId } = request.params;
      const page = await deliveries.list(endpointId, callerOf(request), {
        ...(status !== undefined && { status }),
        ...(limit !== undefined && { limit }),
        ...(cursor !== undefined && { cursor }),
      });
      if (page.nextCursor !== null) {
        reply.header('Link', nextPageLink(`${basePath}/webhook-endpoints/${endpointId}/deliveries`, { status, limit }, page.nextCursor));
      }
      return page.deliveries.map(presentDelivery);
    },
  );
}

function getWebhookDeliveryRoute(app: TypedApp, { deliveries, config, tags }: ReturnType<typeof webhookDeliveryContext>): void {
  app.get(
    '/webhook-endpoints/:endpointId/deliveries/:deliveryId',
    {
      config,
      schema: {
        operationId: 'getWebhookDelivery',
        summary: 'Read one delivery and its attempts',
        description: `${BETA}\n\n${OWNER_ONLY}`,
        tags,
        params: DeliveryParamsSchema,
        querystring: NoQuerySchema,
        response: { 200: withHeaders(WebhookDeliverySchema, 'The delivery'), ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => presentDelivery(await deliveries.get(request.params.endpointId, request.params.deliveryId, callerOf(request))),
  );
}

function retryWebhookDeliveryRoute(app: TypedApp, { deliveries, config, tags }: ReturnType<typeof webhookDeliveryContext>): void {
  app.post(
    '/webhook-endpoints/:endpointId/deliveries/:deliveryId/retry',
    {
      config,
      schema: {
        operationId: 'retryWebhookDelivery',
        summary: 'Send one delivery again now',
        description:
          `${BETA}\n\n${OWNER_ONLY} Whatever its status, the delivery is due at once: the next attempt ` +
          `(within a second) carries the same \`webhook-id\`, a new \`webhook-timestamp\` and a new signature. ` +
          `If it fails, the retry schedule goes on from the attempts already made. The 202 carries the ` +
          `delivery as it is now, \`status: pending\` with \`nextAttemptAt\` now: read it again for the ` +
          `attempt's outcome.`,
        tags,
        params: DeliveryParamsSchema,
        querystring: NoQuerySchema,
        response: { 202: withHeaders(WebhookDeliverySchema, 'The delivery, due now'), ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) =>
      reply
        .code(202)
        .send(presentDelivery(await deliveries.retry(request.params.endpointId, request.params.deliveryId, callerOf(request)))),
  );
}

function recoverWebhookDeliveriesRoute(app: TypedApp, { deliveries, config, tags }: ReturnType<typeof webhookDeliveryContext>): void {
  app.post(
    '/webhook-endpoints/:endpointId/recover',
    {
      config,
      schema: {
        operationId: 'recoverWebhookDeliveries',
        summary: 'Send again everything that failed since a time',
        description:
          `${BETA}\n\n${OWNER_ONLY} Every failed, exhausted or skipped delivery made at or after \`since\` (at ` +
          `most ${RETENTION_DAYS} days ago) is due again: the oldest ${MAX_RECOVERED} per call (call again ` +
          `with a later \`since\` for more). They are sent like every delivery, in parallel and so in no set ` +
          `order. \`recovered\` counts each delivery made due, including a retry that fell due while the ` +
          `endpoint was disabled (kept as skipped, never attempted). Enable a disabled endpoint first: ` +
          `while it is disabled, what comes due is skipped again.`,
        tags,
        params: EndpointIdParamsSchema,
        querystring: NoQuerySchema,
        body: RecoverSchema,
        response: {
          202: withHeaders(RecoveredSchema, 'How many deliveries are due again'),
          ...errorResponses(400, 401, 403, 404, 413, 415, 429),
        },
      },
    },
    async (request, reply) =>
      reply.code(202).send({ recovered: await deliveries.recover(request.params.endpointId, request.body.since, callerOf(request)) }),
  );
}

function testWebhookEndpointRoute(app: TypedApp, { deliveries, config, tags }: ReturnType<typeof webhookDeliveryContext>): void {
  app.post(
    '/webhook-endpoints/:endpointId/test',
    {
      config,
      schema: {
        operationId: 'testWebhookEndpoint',
        summary: 'Send a signed test event now and see what the endpoint answers',
        description:
          `${BETA}\n\n${OWNER_ONLY} A \`webhook.test\` event (\`data.endpointId\`), signed like every delivery, ` +
          `is sent at once, even to a disabled endpoint; the answer says what the endpoint replied and how ` +
          `long it took. It is recorded in the deliveries log and never retried.`,
        tags,
        params: EndpointIdParamsSchema,
        querystring: NoQuerySchema,
        response: { 200: withHeaders(TestResultSchema, 'What the endpoint answered'), ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => {
      const { delivery, outcome } = await deliveries.test(request.params.endpointId, callerOf(request));
      const attempt = delivery.attempts.at(-1);
      return {
        delivery: presentDelivery(delivery),
        response: {
          statusCode: outcome.kind === 'response' ? outcome.statusCode : null,
          error: outcome.kind === 'error' ? outcome.error : null,
          durationMs: attempt?.durationMs ?? 0,
          delivered: delivery.status === 'delivered',
        },
      };
    },
  );
}

export async function webhookDeliveryRoutes(base: FastifyInstance, options: WebhookDeliveryRoutesOptions): Promise<void> {
  const app = typed(base);
  const context = webhookDeliveryContext(options);
  listWebhookDeliveriesRoute(app, context);
  getWebhookDeliveryRoute(app, context);
  retryWebhookDeliveryRoute(app, context);
  recoverWebhookDeliveriesRoute(app, context);
  testWebhookEndpointRoute(app, context);
}
