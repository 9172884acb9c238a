/**
 * Builds the whole application: adapters, use cases, seeded keys and the HTTP app. Production
 * (main.ts) and the tests build it here; the key tool, which serves nothing, takes the same adapters
 * (configuredAdapters) and use cases (buildContainer) without the HTTP apps.
 */
import type { DependencyContainer } from 'tsyringe';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { resolve } from './tokens.js';
import type { UsageRecorder } from '../application/access/services/usage-recorder.js';
import type { ManageApiKeys } from '../application/access/use-cases/manage-api-keys.js';
import type { ManageAdminCredentials } from '../application/access/use-cases/manage-admin-credentials.js';
import { BASE_PATH, buildHttpApp, type Gate } from '../adapters/shared/http/public-app.js';
import { ADMIN_BASE_PATH, buildAdminApp } from '../adapters/shared/http/admin-app.js';
import { operationsOf } from '../adapters/shared/http/openapi-document.js';
import { Metrics } from '../adapters/shared/metrics/metrics.js';
import { buildInfo } from './build.js';
import type { Tracing } from '../adapters/shared/telemetry/open-telemetry.js';
import { configuredAdapters, type Adapters } from './adapters.js';
import { buildContainer } from './container.js';
import { adminDoor, publicDoor } from './doors.js';
import type { AppConfig } from './env.js';
import { stdoutDestination } from '../adapters/shared/logging/log-destination.js';
import { createLogger } from './logger.js';
import { errorCatalogue, FEATURES, TOKENS } from './modules/features.js';
import type { Stop } from './modules/module.js';
import { seedAdminTokens, seedKeys } from './seed-keys.js';
import { keepTickShape } from './tick-shape.js';

export interface Application {
  /** The public API (/v1), on HOST:PORT. */
  readonly http: FastifyInstance;
  /** The admin API (/admin/v1), on ADMIN_HOST:ADMIN_PORT. */
  readonly admin: FastifyInstance;
  readonly metrics: Metrics;
  readonly container: DependencyContainer;
  readonly keys: ManageApiKeys;
  readonly adminCredentials: ManageAdminCredentials;
  readonly adapters: Adapters;
  /** This instance's usage counts on their way to the store; `flush()` hands them over now. */
  readonly usage: UsageRecorder;
}

export interface CreateAppOptions {
  /** The adapters to use; by default, those the configuration asks for. */
  readonly adapters?: Adapters;
  /** Where logs go; by default, pino on stdout at LOG_LEVEL. */
  readonly logger?: Logger;
  /** The instance's metrics; by default, a registry of its own. Pass the same to configuredAdapters. */
  readonly metrics?: Metrics;
  /** Tracing; by default started when the configuration asks for it (OTEL_*), else none. */
  readonly tracing?: Tracing | null;
}

export async function createApp(config: AppConfig, options: CreateAppOptions = {}): Promise<Application> {
  // Before the first full garbage collection can strand process.nextTick off V8's fast path (tick-shape.ts).
  keepTickShape();
  const logger = options.logger ?? createLogger(config);
  const metrics = options.metrics ?? new Metrics(buildInfo());
  if (!options.logger) {
    const stdout = stdoutDestination();
    metrics.countLogDrops(() => stdout.dropped);
  }
  for (const kind of FEATURES.flatMap((feature) => feature.metrics ?? [])) metrics.feature(kind);
  const tracing = await tracingOf(config, options, logger);
  const adapters =
    options.adapters ?? (await configuredAdapters(config, logger, { metrics, ...(tracing && { portObservers: [tracing.portObserver] }) }));
  const container = buildContainer(config, adapters, { metrics, logger });
  const usageRecorder = resolve(container, TOKENS.UsageRecorder);
  const keys = resolve(container, TOKENS.ManageApiKeys);
  const adminCredentials = resolve(container, TOKENS.ManageAdminCredentials);
  await seedKeys(config, keys, logger);
  await seedAdminTokens(config, adminCredentials);
  const errors = errorCatalogue();
  const base = {
    logger,
    bodyLimitBytes: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    connectionTimeouts: config.connectionTimeouts,
    metrics,
    errors,
    ...(tracing && { tracer: tracing.requests }),
  };
  const gates = gatesOf(container, metrics);
  const outgoing = Object.assign({}, ...FEATURES.map((feature) => feature.outgoing?.() ?? {})) as Record<string, object>;
  const http = await buildHttpApp(
    {
      door: publicDoor(config.publicServers, {
        schemas: FEATURES.flatMap((feature) => feature.schemas?.public ?? []),
        tags: FEATURES.flatMap((feature) => feature.tags?.public ?? []),
        catalogue: errors,
        ...(Object.keys(outgoing).length > 0 && { webhooks: outgoing }),
      }),
      gate: gates.public,
      routes: FEATURES.flatMap((feature) => feature.publicRoutes?.(container, config, BASE_PATH) ?? []),
      recordUsage: (keyId, operation, outcome, status) => usageRecorder.record(keyId, operation, outcome, status),
      readinessProbes: Object.fromEntries(
        FEATURES.flatMap((feature) => Object.entries(feature.probes?.(adapters, config, adapters.engines) ?? {})),
      ),
    },
    {
      ...base,
      probeTimeoutMs: config.readinessTimeoutMs,
      metricsEndpoint: config.metricsListener === 'public' && config.metricsToken !== null ? { token: config.metricsToken } : null,
    },
  );
  const admin = await buildAdminApp(
    {
      door: adminDoor({
        schemas: FEATURES.flatMap((feature) => feature.schemas?.admin ?? []),
        tags: FEATURES.flatMap((feature) => feature.tags?.admin ?? []),
        catalogue: errors,
        // Usage counts the public door's operations: its own document's.
        countedOperations: () => operationsOf(http.swagger().paths),
      }),
      gate: gates.admin,
      routes: FEATURES.flatMap((feature) => feature.adminRoutes?.(container, config, ADMIN_BASE_PATH) ?? []),
    },
    { ...base, metricsEndpoint: config.metricsListener === 'admin' ? { token: config.metricsToken } : null },
  );
  // Each feature's background work; stopped in the same order when the application closes.
  const stops: Stop[] = FEATURES.flatMap((feature) => feature.start?.({ container, config, adapters, logger, metrics }) ?? []);
  // The public app owns the adapters: closing it closes the admin door first, then the connections.
  http.addHook('onClose', async () => {
    await admin.close();
    // Usage counts and strikes, the adoption steps and events under way, webhook attempts in flight.
    for (const stop of stops) await stop();
    await adapters.close();
    // The spans of the last requests.
    await tracing?.shutdown();
    container.clearInstances();
  });
  return { http, admin, metrics, container, keys, adminCredentials, adapters, usage: usageRecorder };
}

/** The gates of both doors: one feature (access) gives them. */
function gatesOf(container: DependencyContainer, metrics: Metrics): { readonly public: Gate; readonly admin: Gate } {
  const given = FEATURES.flatMap((feature) => (feature.gates ? [feature.gates(container, metrics)] : []));
  const [gates] = given;
  if (given.length !== 1 || gates === undefined) throw new Error(`Exactly one feature gates the doors; ${given.length} do`);
  return gates;
}

/** Tracing as the options give it, else as the configuration asks (OTEL_*), else none. */
async function tracingOf(config: AppConfig, options: CreateAppOptions, logger: Logger): Promise<Tracing | null> {
  // Imported only when tracing is configured: otherwise nothing of OpenTelemetry is loaded.
  const tracing =
    options.tracing !== undefined
      ? options.tracing
      : config.tracing && (await import('../adapters/shared/telemetry/open-telemetry.js')).startTracing(config.tracing, buildInfo());
  if (tracing)
    logger.info(
      { sampler: config.tracing?.sampler, ratio: config.tracing?.ratio, endpoint: config.tracing?.endpoint },
      'OpenTelemetry tracing is on',
    );
  return tracing ?? null;
}
