/**
 * Liveness and readiness for load balancers and orchestrators: no key, no API quota. Each /readyz
 * pings every adapter, so it is guarded against floods per client address by @fastify/rate-limit
 * (its in-memory fixed window: a guard for one instance's dependencies, not a quota).
 */
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { RateLimitExceededError, ServiceUnavailableError } from '../../../../domain/shared/errors.js';
import { within } from '../../../../application/shared/within.js';

/** Far above any orchestrator's probing (one every few seconds per prober), far below a flood. */
const READINESS_PROBES_PER_MINUTE = 300;

export interface ReadinessProbe {
  /** Resolves when the adapter answers. */
  readonly check: () => Promise<void>;
  /** A non-critical adapter that is down leaves the instance serving, reported as degraded. */
  readonly critical: boolean;
  /** What backs the adapter (engine and topology, no credentials), reported as is. */
  readonly backend: string;
}

export interface HealthOptions {
  readonly probes: Readonly<Record<string, ReadinessProbe>>;
  /** How long a probe may take before it counts as down. */
  readonly probeTimeoutMs: number;
}

export async function healthRoutes(app: FastifyInstance, options: HealthOptions): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => new RateLimitExceededError(false, Math.ceil(context.ttl / 1000)),
  });

  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));

  const guard = { rateLimit: { max: READINESS_PROBES_PER_MINUTE, timeWindow: 60_000 } };
  app.get('/readyz', { schema: { hide: true }, config: guard }, async () => {
    const entries = Object.entries(options.probes);
    const results = await Promise.all(entries.map(([, probe]) => answers(probe.check(), options.probeTimeoutMs)));
    const down = entries.filter((_, i) => results[i] !== true);
    const critical = down.filter(([, probe]) => probe.critical).map(([name]) => name);
    // The error handler writes the 503 (with Retry-After) and logs it.
    if (critical.length > 0) throw new ServiceUnavailableError(`Not ready: ${critical.join(', ')} did not answer`);
    const checks = Object.fromEntries(entries.map(([name], i) => [name, results[i] ? 'ok' : 'down']));
    const backends = Object.fromEntries(entries.map(([name, probe]) => [name, probe.backend]));
    return { status: down.length > 0 ? 'degraded' : 'ready', checks, backends };
  });
}

/** True when the probe answers within `ms`. */
function answers(probe: Promise<void>, ms: number): Promise<boolean> {
  return within(probe, ms, () => new Error(`no answer within ${ms} ms`)).then(
    () => true,
    () => false,
  );
}
