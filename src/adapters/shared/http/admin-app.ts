/**
 * The admin API: a second door, on a listener of its own (ADMIN_HOST, loopback by default), so that it
 * is never exposed with the public API by accident. Built on the same base as the public app (request
 * ids, logging, JSON bodies, validation, the Error body) from the same kind of parts: its document,
 * its gate (admin credentials, from the access feature) and each feature's admin routes.
 */
import type { FastifyInstance } from 'fastify';
import { registerOpenApi, serveOpenApi, type DoorDocument } from './plugins/openapi.js';
import { createBaseApp, type BaseAppOptions } from './base-app.js';
import { refuseUnrouted } from './plugins/unrouted.js';
import { metricsRoute } from './routes/metrics.js';
import type { Gate, Routes } from './public-app.js';

export const ADMIN_BASE_PATH = '/admin/v1';

export interface AdminAppParts {
  readonly door: DoorDocument;
  readonly gate: Gate;
  /** Every feature's admin routes, in the order the document lists them. */
  readonly routes: readonly Routes[];
}

export interface AdminAppOptions extends BaseAppOptions {
  /** GET /metrics here (the default), with the bearer token it asks for (null: open); null: served on the public listener. */
  readonly metricsEndpoint: { readonly token: string | null } | null;
}

export async function buildAdminApp(parts: AdminAppParts, options: AdminAppOptions): Promise<FastifyInstance> {
  const app = createBaseApp(options, 'animal-adoption-admin');
  refuseUnrouted(app, app, ADMIN_BASE_PATH, (request) => !request.url.startsWith(`${ADMIN_BASE_PATH}/`));
  await registerOpenApi(app, parts.door);

  // Outside /admin/v1 and its credentials, for Prometheus: the admin listener is private.
  if (options.metricsEndpoint) await app.register(metricsRoute, { metrics: options.metrics, token: options.metricsEndpoint.token });

  await app.register(
    async (admin) => {
      parts.gate(admin, app, () => false);
      refuseUnrouted(admin, app, ADMIN_BASE_PATH);
      for (const routes of parts.routes) await admin.register(routes);
      await serveOpenApi(admin, app, parts.door);
    },
    { prefix: ADMIN_BASE_PATH },
  );
  return app;
}
