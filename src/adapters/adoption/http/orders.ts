/** Adoption requests (beta): place, list, read, and the actions that decide them, each one hop from its use case. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AdoptionRequests } from '../../../application/adoption/use-cases/adoption-requests.js';
import type { AdoptionRequestAction } from '../../../domain/adoption/adoption-request.js';
import { ValidationError } from '../../../domain/shared/errors.js';
import {
  IDEMPOTENCY_KEY_HEADER,
  ETAG_HEADER,
  linkNextHeader,
  nextPageLink,
  NoQuerySchema,
} from '../../shared/http/schemas/common-schemas.js';
import {
  CancelOrderSchema,
  ListOrdersQuerySchema,
  NewOrderSchema,
  OrderIdParamsSchema,
  OrderSchema,
  OrdersSchema,
  PlaceOrderHeadersSchema,
} from './order-schemas.js';
import { errorResponses, withHeaders } from '../../shared/http/schemas/responses.js';
import { callerOf, etagOf } from '../../shared/http/preconditions.js';
import { BETA } from '../../shared/http/schemas/stability.js';
import { typed, type TypedApp } from '../../shared/http/typed-app.js';

export interface OrderRoutesOptions {
  readonly orders: AdoptionRequests;
  /** The path prefix the routes are mounted under, for Location and Link headers. */
  readonly basePath: string;
}

const SAME_STATE =
  'An action into the state the request is already in answers 200 and changes nothing (a safe ' +
  'retry); from delivered or cancelled any other action gets 409 `invalid_transition`.';

/** What the routes share: the options. */
function orderContext(options: OrderRoutesOptions) {
  const { orders, basePath } = options;
  return { options, orders, basePath };
}

/** An action on an adoption request: `POST /orders/{orderId}/<name>`, with no body. */
function actionRoute(
  app: TypedApp,
  orders: OrderRoutesOptions['orders'],
  [name, operationId, summary, description]: [AdoptionRequestAction, string, string, string],
): void {
  app.post(
    `/orders/:orderId/${name}`,
    {
      config: { keyScope: 'pets:write' },
      schema: {
        operationId,
        summary,
        description: `${BETA}\n\n${description} ${SAME_STATE} Takes no body (an empty JSON object is accepted).`,
        tags: ['adoption requests'],
        params: OrderIdParamsSchema,
        querystring: NoQuerySchema,
        response: {
          200: withHeaders(OrderSchema, 'The adoption request after the action', ETAG_HEADER),
          ...errorResponses(400, 401, 403, 404, 409, 413, 415, 429),
        },
      },
    },
    async (request, reply) => {
      refuseBody(request);
      const order = await orders.act(request.params.orderId, name, callerOf(request));
      reply.header('ETag', etagOf(order.version));
      return order;
    },
  );
}

function approveOrderRoute(app: TypedApp, { orders }: ReturnType<typeof orderContext>): void {
  actionRoute(app, orders, [
    'approve',
    'approveOrder',
    'Approve an adoption request: the animal is held for it',
    "Only keys of the animal's owner (others get 403). placed → approved; the animal becomes " +
      '`pending`, held by this request: its status then moves only through it. One approved request per ' +
      'animal: when another holds it, or it is sold or removed, 409 `pet_not_available`. Exclusive ' +
      'under concurrency: of approvals for one animal sent at once, on any number of instances, exactly ' +
      'one succeeds.',
  ]);
}

function placeOrderRoute(app: TypedApp, { orders, basePath }: ReturnType<typeof orderContext>): void {
  app.post(
    '/orders',
    {
      config: { keyScope: 'pets:write' },
      schema: {
        operationId: 'placeOrder',
        summary: 'Ask to adopt an animal (place an adoption request)',
        description:
          `${BETA}\n\nNeeds the \`pets:write\` scope. A request for an animal that does not exist gets 422 ` +
          `\`pet_not_found\`; one for a sold animal 409 \`pet_not_available\`. Several placed requests per ` +
          `animal are allowed (a waiting list); the animal's owner approves one. Send an \`Idempotency-Key\` ` +
          `to make retries safe: a repeat with the same key and body returns the request it placed, as it ` +
          `stands now, with \`Idempotent-Replayed: true\`; the same key with another body gets 422.`,
        tags: ['adoption requests'],
        headers: PlaceOrderHeadersSchema,
        querystring: NoQuerySchema,
        body: NewOrderSchema,
        response: {
          201: withHeaders(OrderSchema, 'The placed request (or, on a replay, the request the first call placed)', {
            ...ETAG_HEADER,
            Location: { type: 'string', description: 'URL of the request', 'x-required': true },
            'Idempotent-Replayed': {
              type: 'string',
              description: '`true` when this is the request an earlier call with the same Idempotency-Key placed',
            },
          }),
          ...errorResponses(400, 401, 403, 409, 413, 415, 422, 429),
        },
      },
    },
    async (request, reply) => {
      const key = request.headers[IDEMPOTENCY_KEY_HEADER];
      const { order, replayed } = await orders.place(request.body, callerOf(request), key);
      if (replayed) reply.header('Idempotent-Replayed', 'true');
      return reply.code(201).header('Location', `${basePath}/orders/${order.id}`).header('ETag', etagOf(order.version)).send(order);
    },
  );
}

function listOrdersRoute(app: TypedApp, { orders, basePath }: ReturnType<typeof orderContext>): void {
  app.get(
    '/orders',
    {
      config: { keyScope: 'pets:read' },
      schema: {
        operationId: 'listOrders',
        summary: "List adoption requests: those the caller's owner placed, and those on its animals",
        description:
          `${BETA}\n\nOldest first. When more exist, the response carries \`Link: <...>; rel="next"\`; pass its ` +
          `\`cursor\` back with the same filters.`,
        tags: ['adoption requests'],
        querystring: ListOrdersQuerySchema,
        response: {
          200: withHeaders(OrdersSchema, 'A page of adoption requests', linkNextHeader('adoption requests')),
          ...errorResponses(400, 401, 403, 429),
        },
      },
    },
    async (request, reply) => {
      const { limit, cursor, status, petId } = request.query;
      const page = await orders.list(
        {
          ...(limit !== undefined && { limit }),
          ...(cursor !== undefined && { cursor }),
          ...(status !== undefined && { status }),
          ...(petId !== undefined && { petId }),
        },
        callerOf(request),
      );
      if (page.nextCursor !== null) reply.header('Link', nextPageLink(`${basePath}/orders`, { limit, status, petId }, page.nextCursor));
      return page.orders;
    },
  );
}

function getOrderRoute(app: TypedApp, { orders }: ReturnType<typeof orderContext>): void {
  app.get(
    '/orders/:orderId',
    {
      config: { keyScope: 'pets:read' },
      schema: {
        operationId: 'getOrder',
        summary: 'Read one adoption request',
        description: `${BETA}\n\nA request neither placed by the caller's owner nor on its animals gets 404, as one that does not exist.`,
        tags: ['adoption requests'],
        params: OrderIdParamsSchema,
        querystring: NoQuerySchema,
        response: {
          200: withHeaders(OrderSchema, 'The adoption request', ETAG_HEADER),
          ...errorResponses(400, 401, 403, 404, 429),
        },
      },
    },
    async (request, reply) => {
      const order = await orders.get(request.params.orderId, callerOf(request));
      reply.header('ETag', etagOf(order.version));
      return order;
    },
  );
}

function deliverOrderRoute(app: TypedApp, { orders }: ReturnType<typeof orderContext>): void {
  actionRoute(app, orders, [
    'deliver',
    'deliverOrder',
    'Record that the animal went home: the adoption is done',
    "Only keys of the animal's owner (others get 403). approved → delivered; the animal becomes " +
      '`sold` with `adoptedAt`, and its other placed requests are cancelled (reason `pet_adopted`).',
  ]);
}

function cancelOrderRoute(app: TypedApp, { orders }: ReturnType<typeof orderContext>): void {
  app.post(
    '/orders/:orderId/cancel',
    {
      config: { keyScope: 'pets:write' },
      schema: {
        operationId: 'cancelOrder',
        summary: 'Withdraw or reject an adoption request',
        description:
          `${BETA}\n\n\`withdrawn\`: by the owner that placed it; \`rejected\`: by the animal's owner (anyone ` +
          `else gets 403). placed or approved → cancelled; an animal held by the request is available ` +
          `again. ${SAME_STATE}`,
        tags: ['adoption requests'],
        params: OrderIdParamsSchema,
        querystring: NoQuerySchema,
        body: CancelOrderSchema,
        response: {
          200: withHeaders(OrderSchema, 'The adoption request, cancelled', ETAG_HEADER),
          ...errorResponses(400, 401, 403, 404, 409, 413, 415, 429),
        },
      },
    },
    async (request, reply) => {
      const order = await orders.act(request.params.orderId, 'cancel', callerOf(request), request.body.reason);
      reply.header('ETag', etagOf(order.version));
      return order;
    },
  );
}

export async function orderRoutes(base: FastifyInstance, options: OrderRoutesOptions): Promise<void> {
  const app = typed(base);
  const context = orderContext(options);
  placeOrderRoute(app, context);
  listOrdersRoute(app, context);
  getOrderRoute(app, context);
  approveOrderRoute(app, context);
  deliverOrderRoute(app, context);
  cancelOrderRoute(app, context);
}

/** Actions take no body: nothing, or an empty JSON object; anything in it is refused, never ignored. */
function refuseBody(request: FastifyRequest): void {
  const body = request.body;
  if (body === undefined || body === null) return;
  if (typeof body !== 'object' || Array.isArray(body)) throw new ValidationError('body', 'this action takes no body: send none, or {}');
  const [field] = Object.keys(body);
  if (field !== undefined) throw new ValidationError(field, `field '${field}' is not recognised: this action takes no body`);
}
