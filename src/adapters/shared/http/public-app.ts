/**
 * Builds the public HTTP application (/v1) from its parts: the door's document, the gate every /v1
 * request meets before its route (CORS and admission, from the access feature), and each feature's
 * routes. Process concerns (listening, signals) stay in src/config/main.ts; production and the tests
 * build it through the same composition root (src/config/create-app.ts).
 */
import type { FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import { registerOpenApi, serveOpenApi, type DoorDocument } from './plugins/openapi.js';
import { refuseUnrouted } from './plugins/unrouted.js';
import { createBaseApp, type BaseAppOptions } from './base-app.js';
import { metricsRoute } from './routes/metrics.js';
import { healthRoutes, type ReadinessProbe } from './routes/health.js';
import type { UsageCounter } from './observe/request-observers.js';

export const BASE_PATH = '/v1';
export const DOCS_PATH = `${BASE_PATH}/docs`;
export const OPENAPI_PATH = `${BASE_PATH}/openapi.json`;

/** Answers shorter than this go as they are: compressing them costs more than the bytes it saves. */
export const COMPRESS_THRESHOLD_BYTES = 1_024;

/** A feature's routes, registered inside a door's prefix. */
export type Routes = (scope: FastifyInstance) => Promise<void>;

/**
 * What a door's requests meet before their route, on the door's scope: `isPublicRoute` tells the
 * routes that need no credential (the document and its reference page).
 */
export type Gate = (scope: FastifyInstance, app: FastifyInstance, isPublicRoute: (routeUrl: string | undefined) => boolean) => void;

export interface HttpAppParts {
  readonly door: DoorDocument;
  readonly gate: Gate;
  /** Every feature's routes, in the order the document lists them. */
  readonly routes: readonly Routes[];
  /** Counts each request made with a key, for its usage. */
  readonly recordUsage: UsageCounter;
  readonly readinessProbes: Readonly<Record<string, ReadinessProbe>>;
}

export interface HttpAppOptions extends BaseAppOptions {
  readonly probeTimeoutMs: number;
  /** GET /metrics here, with the bearer token it asks for; null: metrics are served elsewhere (the admin listener). */
  readonly metricsEndpoint: { readonly token: string } | null;
}

export async function buildHttpApp(parts: HttpAppParts, options: HttpAppOptions): Promise<FastifyInstance> {
  const app = createBaseApp(options, 'animal-adoption-api', parts.recordUsage);
  // Compressed when the client asks (Accept-Encoding: br, gzip or deflate), with Vary: Accept-Encoding;
  // images, already compressed, go as they are.
  await app.register(compress, { global: true, threshold: COMPRESS_THRESHOLD_BYTES });
  refuseUnrouted(app, app, BASE_PATH, (request) => !request.url.startsWith(`${BASE_PATH}/`));
  await registerOpenApi(app, parts.door);

  await app.register(healthRoutes, { probes: parts.readinessProbes, probeTimeoutMs: options.probeTimeoutMs });
  if (options.metricsEndpoint) await app.register(metricsRoute, { metrics: options.metrics, token: options.metricsEndpoint.token });

  await app.register(
    async (v1) => {
      parts.gate(v1, app, (url) => url !== undefined && (url === OPENAPI_PATH || url.startsWith(DOCS_PATH)));
      // After the gate, so that 404 and 405 carry the rate-limit headers.
      refuseUnrouted(v1, app, BASE_PATH);
      for (const routes of parts.routes) await v1.register(routes);
      await serveOpenApi(v1, app, parts.door);
    },
    { prefix: BASE_PATH },
  );

  return app;
}
