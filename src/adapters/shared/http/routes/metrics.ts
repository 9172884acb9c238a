/**
 * GET /metrics: the Prometheus exposition of this instance, outside /v1 (no API key, no quota).
 * With METRICS_TOKEN set, it asks for `Authorization: Bearer <token>`, compared in constant time.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Metrics } from '../../metrics/metrics.js';
import { HttpError } from '../http-errors.js';

export interface MetricsRouteOptions {
  readonly metrics: Metrics;
  readonly token: string | null;
}

export async function metricsRoute(app: FastifyInstance, options: MetricsRouteOptions): Promise<void> {
  const expected = options.token === null ? null : Buffer.from(`Bearer ${options.token}`);
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (expected !== null) {
      const given = Buffer.from(request.headers.authorization ?? '');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        throw new HttpError('unauthorized', 'GET /metrics needs the token set in METRICS_TOKEN, as Authorization: Bearer <token>', {
          'WWW-Authenticate': 'Bearer realm="metrics"',
        });
      }
    }
    const { body, contentType } = await options.metrics.scrape();
    return reply.type(contentType).send(body);
  });
}
