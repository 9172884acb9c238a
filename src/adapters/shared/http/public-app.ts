/**
 * Builds the HTTP application from use cases. Process concerns (listening, signals) stay in
 * src/config/main.ts; tests call this same builder through the same composition root.
 */
import type { BrowserOrigins } from '../../../application/access/use-cases/browser-origins.js';
import { corsPlugin } from '../../access/http/cors.js';
import type { FastifyInstance } from 'fastify';
import { registerOpenApi, serveOpenApi, type DoorDocument } from './plugins/openapi.js';
import type { AdmitRequest } from '../../../application/access/use-cases/admit-request.js';
import type { CreatePet } from '../../../application/adoption/use-cases/create-pet.js';
import type { GetPet } from '../../../application/adoption/use-cases/get-pet.js';
import type { ListPets } from '../../../application/adoption/use-cases/list-pets.js';
import type { ChangePet } from '../../../application/adoption/use-cases/change-pet.js';
import type { AdoptionRequests } from '../../../application/adoption/use-cases/adoption-requests.js';
import { orderRoutes } from '../../adoption/http/orders.js';
import { eventRoutes } from '../../adoption/http/events.js';
import { webhookEndpointRoutes } from '../../webhooks/http/webhook-endpoints.js';
import { webhookDeliveryRoutes } from '../../webhooks/http/webhook-deliveries.js';
import { outgoingWebhooks } from '../../webhooks/http/outgoing-webhooks.js';
import type { WebhookDeliveries } from '../../../application/webhooks/use-cases/webhook-deliveries.js';
import type { ManageWebhookEndpoints } from '../../../application/webhooks/use-cases/manage-webhook-endpoints.js';
import type { ReadEvents } from '../../../application/adoption/use-cases/read-events.js';
import type { ReadUsage } from '../../../application/access/use-cases/read-usage.js';
import { ERROR_CODES, statusOf } from './error-catalogue.js';
import { admissionPlugin } from '../../access/http/admission.js';
import { refuseUnrouted } from './plugins/unrouted.js';
import { createBaseApp, type BaseAppOptions } from './base-app.js';
import { metricsRoute } from './routes/metrics.js';
import { PLAN_LIMITS } from '../../../domain/access/plans.js';
import { healthRoutes, type ReadinessProbe } from './routes/health.js';
import { petRoutes } from '../../adoption/http/pets.js';
import { rateLimitRoutes } from '../../access/http/rate-limit.js';
import { usageRoutes } from '../../access/http/usage.js';
import type { UsageCounter } from './observe/request-observers.js';

const API_VERSION = '1.0.0';
const BASE_PATH = '/v1';
const DOCS_PATH = `${BASE_PATH}/docs`;
const OPENAPI_PATH = `${BASE_PATH}/openapi.json`;

export interface HttpAppDeps {
  readonly listPets: ListPets;
  readonly createPet: CreatePet;
  readonly getPet: GetPet;
  readonly changePet: ChangePet;
  readonly adoptionRequests: AdoptionRequests;
  readonly admitRequest: AdmitRequest;
  readonly readUsage: ReadUsage;
  readonly readEvents: ReadEvents;
  readonly webhookEndpoints: ManageWebhookEndpoints;
  readonly webhookDeliveries: WebhookDeliveries;
  /** Counts each request made with a key, for its usage. */
  readonly recordUsage: UsageCounter;
  readonly readinessProbes: Readonly<Record<string, ReadinessProbe>>;
  /** Which web origins some browser key allows, for CORS preflights. */
  readonly browserOrigins: BrowserOrigins;
}

export interface HttpAppOptions extends BaseAppOptions {
  readonly probeTimeoutMs: number;
  /** Where the API is published (production, staging), for the document's servers; empty: this server. */
  readonly servers: readonly { readonly url: string; readonly description: string }[];
  /** GET /metrics here, with the bearer token it asks for; null: metrics are served elsewhere (the admin listener). */
  readonly metricsEndpoint: { readonly token: string } | null;
  /** How often instances flush usage counts (USAGE_FLUSH_SECONDS). */
  readonly usageFlushSeconds: number;
}

export async function buildHttpApp(deps: HttpAppDeps, options: HttpAppOptions): Promise<FastifyInstance> {
  const app = createBaseApp(options, 'animal-adoption-api', deps.recordUsage);
  refuseUnrouted(app, app, BASE_PATH, (request) => !request.url.startsWith(`${BASE_PATH}/`));

  const door: DoorDocument = {
    basePath: BASE_PATH,
    title: 'Animal Adoption API',
    productName: 'Animal Adoption API',
    version: API_VERSION,
    description: documentDescription(),
    servers: options.servers,
    thisServer: 'This server',
    security: { scheme: 'bearerAuth', description: 'The API key, as `Authorization: Bearer <key>`' },
    tags: [
      { name: 'pets', description: 'Animals available for adoption' },
      {
        name: 'adoption requests',
        description:
          'Beta. Requests to adopt an animal (the store orders), and the decisions that move the animal from available through pending to sold',
      },
      { name: 'events', description: 'Beta. Every change to an animal or an adoption request, in one order a client can catch up from' },
      {
        name: 'webhooks',
        description: 'Beta. Endpoints to which an owner has its events pushed, signed as Standard Webhooks 1.0 says',
      },
      { name: 'rate limits', description: "The caller's quota and usage" },
    ],
    webhooks: outgoingWebhooks(),
  };
  await registerOpenApi(app, door);

  await app.register(healthRoutes, { probes: deps.readinessProbes, probeTimeoutMs: options.probeTimeoutMs });
  if (options.metricsEndpoint) await app.register(metricsRoute, { metrics: options.metrics, token: options.metricsEndpoint.token });

  await app.register(
    async (v1) => {
      // Before admission: a preflight carries no key and is answered here.
      corsPlugin(v1, { origins: deps.browserOrigins, admitRequest: deps.admitRequest, root: app });
      admissionPlugin(v1, {
        metrics: options.metrics,
        admitRequest: deps.admitRequest,
        isPublicRoute: (url) => url !== undefined && (url === OPENAPI_PATH || url.startsWith(DOCS_PATH)),
      });
      // After admission, so that 404 and 405 carry the rate-limit headers.
      refuseUnrouted(v1, app, BASE_PATH);
      await v1.register(rateLimitRoutes, { admitRequest: deps.admitRequest });
      await v1.register(usageRoutes, { usage: deps.readUsage, admitRequest: deps.admitRequest, flushSeconds: options.usageFlushSeconds });
      await v1.register(petRoutes, {
        listPets: deps.listPets,
        createPet: deps.createPet,
        getPet: deps.getPet,
        changePet: deps.changePet,
        basePath: BASE_PATH,
      });
      await v1.register(orderRoutes, { orders: deps.adoptionRequests, basePath: BASE_PATH });
      await v1.register(eventRoutes, { events: deps.readEvents, basePath: BASE_PATH });
      await v1.register(webhookEndpointRoutes, { endpoints: deps.webhookEndpoints, basePath: BASE_PATH });
      await v1.register(webhookDeliveryRoutes, { deliveries: deps.webhookDeliveries, basePath: BASE_PATH });
      await serveOpenApi(v1, app, door);
    },
    { prefix: BASE_PATH },
  );

  return app;
}

/**
 * The document's description, which the docs page shows first: what a client developer needs before
 * the first call (authentication, plans and limits, the rate-limit headers, errors, idempotency,
 * paging), and where the machine-readable document is.
 */
function documentDescription(): string {
  const plans = Object.entries(PLAN_LIMITS).map(([plan, limits]) => `| ${plan} | ${limits.perMinute} | ${limits.perDay} |`);
  return [
    'List animals available for adoption, add, change and remove them, take adoption requests that move an animal from available through pending to sold (beta), and (deprecated) fetch one by id.',
    '',
    `The OpenAPI document: [${OPENAPI_PATH}](${OPENAPI_PATH}) (OpenAPI 3.1; feed it to a client generator).`,
    '',
    '## Authentication',
    'Send your API key on every request as `Authorization: Bearer <key>`. A missing, malformed, unknown, revoked or expired key gets 401 `unauthorized` with a `WWW-Authenticate` header.',
    '',
    'A key carries scopes: `pets:read` (list and get animals and adoption requests, `GET /v1/rate_limit`) and `pets:write` (add, change and remove animals; place and decide adoption requests), both unless the operator chose otherwise. A key without the scope an operation needs gets 403 `forbidden`, and the request still counts against its limits.',
    '',
    "An animal belongs to the owner of the key that added it: only that owner's keys may change or remove it or decide its adoption requests (403 otherwise). Reads are open to every key.",
    '',
    'From a web page, only a browser key works: a read-only key the operator issued with the origins of its pages. CORS preflights are answered for those origins without a key; a request with an `Origin` its key does not list (any secret key, from any page) gets 403 `forbidden`.',
    '',
    '## Changing an animal',
    'Every animal carries a `version`; its ETag is that number in quotes. `PATCH /pets/{petId}` takes a JSON merge patch and needs `If-Match` with the ETag the animal was read at (428 without it; 412 with the current ETag when it changed since), so no update is lost. Status moves available → pending or sold, pending → available or sold, sold → available.',
    '',
    '## Stability',
    'Operations whose description starts with "Beta." (marked `x-stability-level: beta`) may still change in a backward-incompatible way within v1, announced at least 30 days ahead.',
    '',
    '## Plans and limits',
    'Each key has two sliding windows, a minute and a day, counted together across every instance:',
    '',
    '| plan | per minute | per day |',
    '|---|---|---|',
    ...plans,
    '| enterprise | set per key | set per key |',
    '',
    `Callers without a valid key are limited per client address at the free plan's numbers. A client that keeps sending while limited is blocked for a while (429 \`key_banned\`). \`GET ${BASE_PATH}/rate_limit\` tells where a key stands without spending quota, and \`GET ${BASE_PATH}/usage\` what it used, per hour or per day.`,
    '',
    '## Rate-limit headers',
    'Every response under /v1 carries `X-RateLimit-Limit`, `X-RateLimit-Remaining` and `X-RateLimit-Reset` (Unix seconds) for the window closest to exhaustion, and `RateLimit-Policy` with both windows; a 429 adds `Retry-After` in seconds. (A 500 or 503 may lack them when the request failed before the limiter decided.)',
    '',
    '## Errors',
    `Every error uses the Error body \`{"code", "message", "status"}\`; clients branch on \`code\`. Codes: ${ERROR_CODES.map((c) => `\`${c}\` (${statusOf(c)})`).join(', ')}. A method a path does not serve gets 405 \`method_not_allowed\` with \`Allow\`; an unknown path 404 \`route_not_found\`; query fields an operation does not take 400.`,
    '',
    '## Retrying creates',
    'Send an `Idempotency-Key` (a UUID, say) with `POST /pets` or `POST /orders` and keep it across retries: a repeat returns the first result with `Idempotent-Replayed: true` and stores nothing new, even when the first attempt timed out (503) after its write reached the database.',
    '',
    '## Paging',
    '`GET /pets` returns animals in ascending id order, `GET /orders` adoption requests oldest first. When more exist, the response carries `Link: <...>; rel="next"`; follow it, or pass its `cursor` query value as the `cursor` parameter (with the same other parameters) to get the next page.',
    '',
    'Every path that answers GET answers HEAD too, with the same status and headers and no body; HEAD is not listed as an operation of its own.',
  ].join('\n');
}
