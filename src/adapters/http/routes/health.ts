/** Liveness and readiness for load balancers and orchestrators: no key, no rate limit. */
import type { FastifyInstance } from 'fastify';
import { errorBody } from '../http-errors.js';

export interface HealthOptions {
  /** One probe per adapter: resolves when it answers. */
  readonly probes: Readonly<Record<string, () => Promise<void>>>;
  /** How long a probe may take before it counts as down. */
  readonly probeTimeoutMs: number;
}

export async function healthRoutes(app: FastifyInstance, options: HealthOptions): Promise<void> {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));

  app.get('/readyz', { schema: { hide: true } }, async (request, reply) => {
    const entries = Object.entries(options.probes);
    const results = await Promise.all(entries.map(([, probe]) => withTimeout(probe(), options.probeTimeoutMs)));
    const down = entries.filter((_, i) => results[i] !== true).map(([name]) => name);
    if (down.length > 0) {
      request.log.warn({ down }, 'not ready');
      return reply.code(503).send(errorBody('service_unavailable', `Not ready: ${down.join(', ')} did not answer`));
    }
    return { status: 'ready', checks: Object.fromEntries(entries.map(([name]) => [name, 'ok'])) };
  });
}

async function withTimeout(probe: Promise<void>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([probe.then(() => true, () => false), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
