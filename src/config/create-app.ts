/**
 * Builds the whole application: adapters, use cases, seeded keys and the HTTP app. Production
 * (main.ts) and the tests build it here; the key tool, which serves nothing, takes the same adapters
 * (configuredAdapters) and use cases (buildContainer) without the HTTP apps.
 */
import type { DependencyContainer } from 'tsyringe';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { resolve, TOKENS } from './tokens.js';
import type { UsageRecorder } from '../application/services/usage-recorder.js';
import type { SettleHolds } from '../application/use-cases/settle-holds.js';
import { isTimeout } from '../application/services/within.js';
import type { ManageApiKeys } from '../application/use-cases/manage-api-keys.js';
import type { ManageAdminCredentials } from '../application/use-cases/manage-admin-credentials.js';
import { buildHttpApp } from '../adapters/http/app.js';
import { buildAdminApp } from '../adapters/http/admin/admin-app.js';
import { Metrics } from '../adapters/metrics/metrics.js';
import { buildInfo } from './build.js';
import type { Tracing } from '../adapters/telemetry/open-telemetry.js';
import { configuredAdapters, type Adapters } from './adapters.js';
import { buildContainer } from './container.js';
import type { AppConfig } from './env.js';
import { stdoutDestination } from './log-destination.js';
import { createLogger } from './logger.js';
import { seedAdminTokens, seedKeys } from './seed-keys.js';
import type { EventRelay } from '../application/services/event-relay.js';
import type { Outbox } from '../application/ports/outbox.js';
import type { Clock } from '../application/ports/clock.js';
import type { WebhookDispatcher } from '../application/services/webhook-dispatcher.js';
import type { WebhookDeliveryStore } from '../application/ports/webhook-delivery-store.js';

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
  const logger = options.logger ?? createLogger(config);
  const metrics = options.metrics ?? new Metrics(buildInfo());
  if (!options.logger) {
    const stdout = stdoutDestination();
    metrics.countLogDrops(() => stdout.dropped);
  }
  // Imported only when tracing is configured: otherwise nothing of OpenTelemetry is loaded.
  const tracing =
    options.tracing !== undefined
      ? options.tracing
      : config.tracing && (await import('../adapters/telemetry/open-telemetry.js')).startTracing(config.tracing, buildInfo());
  if (tracing)
    logger.info(
      { sampler: config.tracing?.sampler, ratio: config.tracing?.ratio, endpoint: config.tracing?.endpoint },
      'OpenTelemetry tracing is on',
    );
  const adapters =
    options.adapters ?? (await configuredAdapters(config, logger, { metrics, ...(tracing && { portObservers: [tracing.portObserver] }) }));
  const { usageEngine } = adapters;
  const container = buildContainer(config, adapters, {
    eventRelayEvents: { relayed: (events) => metrics.eventsRelayed(events.map((event) => event.type)) },
    webhookEvents: {
      attempted: (outcome, durationMs) => metrics.webhookAttempted(outcome, durationMs),
      endpointDisabled: (endpoint, reason) => {
        metrics.webhookEndpointDisabled();
        logger.warn({ endpointId: endpoint.id, ownerId: endpoint.ownerId, reason }, 'Webhook endpoint disabled');
      },
    },
    usageEvents: {
      flushFailed: (error, entries) => {
        if (usageEngine !== 'memory') metrics.storageFailure(usageEngine, isTimeout(error) ? 'timeout' : 'unavailable');
        logger.warn({ err: error, entries }, 'Usage counts could not be stored; they are kept and retried at the next flush');
      },
      dropped: (requests) => metrics.usageDropped(requests),
    },
  });
  const usageRecorder = resolve(container, TOKENS.UsageRecorder);
  const keys = resolve(container, TOKENS.ManageApiKeys);
  const adminCredentials = resolve(container, TOKENS.ManageAdminCredentials);
  await seedKeys(config, keys, logger);
  await seedAdminTokens(config, adminCredentials);
  const base = {
    logger,
    bodyLimitBytes: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    connectionTimeouts: config.connectionTimeouts,
    metrics,
    ...(tracing && { tracer: tracing.requests }),
  };
  const http = await buildHttpApp(
    {
      listPets: resolve(container, TOKENS.ListPets),
      browserOrigins: resolve(container, TOKENS.BrowserOrigins),
      createPet: resolve(container, TOKENS.CreatePet),
      getPet: resolve(container, TOKENS.GetPet),
      changePet: resolve(container, TOKENS.ChangePet),
      adoptionRequests: resolve(container, TOKENS.AdoptionRequests),
      admitRequest: resolve(container, TOKENS.AdmitRequest),
      readUsage: resolve(container, TOKENS.ReadUsage),
      readEvents: resolve(container, TOKENS.ReadEvents),
      webhookEndpoints: resolve(container, TOKENS.ManageWebhookEndpoints),
      webhookDeliveries: resolve(container, TOKENS.WebhookDeliveries),
      recordUsage: (keyId, operation, outcome, status) => usageRecorder.record(keyId, operation, outcome, status),
      readinessProbes: {
        pets: { check: () => adapters.pets.ping(), critical: true, backend: adapters.backends.pets },
        apiKeys: { check: () => adapters.apiKeys.ping(), critical: true, backend: adapters.backends.apiKeys },
        rateLimiter: {
          check: () => adapters.rateLimiter.ping(),
          critical: adapters.rateLimiterCritical,
          backend: adapters.backends.rateLimiter,
        },
      },
    },
    {
      ...base,
      probeTimeoutMs: config.readinessTimeoutMs,
      metricsEndpoint: config.metricsListener === 'public' && config.metricsToken !== null ? { token: config.metricsToken } : null,
      servers: config.publicServers,
      usageFlushSeconds: config.usageFlushMs / 1000,
    },
  );
  const admin = await buildAdminApp(
    {
      keys,
      credentials: adminCredentials,
      usage: resolve(container, TOKENS.ReadUsage),
      auditor: resolve(container, TOKENS.Auditor),
      admitAdminRequest: resolve(container, TOKENS.AdmitAdminRequest),
      events: resolve(container, TOKENS.ReadEvents),
      clock: adapters.clock,
    },
    {
      ...base,
      defaultGraceMs: config.keyRotationGraceMs,
      usageFlushSeconds: config.usageFlushMs / 1000,
      metricsEndpoint: config.metricsListener === 'admin' ? { token: config.metricsToken } : null,
    },
  );
  const stopFlushing = flushEvery(usageRecorder, config.usageFlushMs, metrics);
  const stopSweeping = sweepEvery(resolve(container, TOKENS.SettleHolds), HOLD_SWEEP_INTERVAL_MS, logger);
  const stopRelaying = relayEvery(resolve(container, TOKENS.EventRelay), EVENT_RELAY_INTERVAL_MS, logger);
  const stopWatchingOutbox = watchOutboxes([adapters.pets, adapters.orders], adapters.clock, metrics, OUTBOX_WATCH_INTERVAL_MS);
  const stopDelivering = config.webhooks.worker
    ? deliverEvery(resolve(container, TOKENS.WebhookDispatcher), WEBHOOK_INTERVAL_MS, logger)
    : async () => undefined;
  const stopWatchingDeliveries = watchDeliveries(adapters.webhookDeliveries, adapters.clock, metrics, OUTBOX_WATCH_INTERVAL_MS);
  // The public app owns the adapters: closing it closes the admin door first, then the connections.
  http.addHook('onClose', async () => {
    await admin.close();
    // The counts of the last requests, before the connections go.
    await stopFlushing();
    await stopSweeping();
    // The events of the last changes, into the feed before the connections go.
    await stopRelaying();
    await stopWatchingOutbox();
    // Attempts under way finish (each bounded by WEBHOOK_TIMEOUT_MS); the rest wait for the next instance.
    await stopDelivering();
    await stopWatchingDeliveries();
    await adapters.close();
    // The spans of the last requests.
    await tracing?.shutdown();
    container.clearInstances();
  });
  return { http, admin, metrics, container, keys, adminCredentials, adapters, usage: usageRecorder };
}

/** How often each instance finishes adoption steps interrupted by a crash (settle-holds.ts): the bound on how long one may show. */
export const HOLD_SWEEP_INTERVAL_MS = 60_000;

/** How often each instance moves events from the outboxes into the feed: about how long an event takes to appear. */
export const EVENT_RELAY_INTERVAL_MS = 200;

/** How often each instance looks for new events to deliver and for due webhook attempts. */
export const WEBHOOK_INTERVAL_MS = 250;

/** The most webhook passes one tick runs back to back while they find work. */
const MAX_WEBHOOK_PASSES_PER_TICK = 20;

/** Fans events out to webhook endpoints and makes the due attempts every `intervalMs`; the returned function stops it. */
export function deliverEvery(dispatcher: WebhookDispatcher, intervalMs: number, logger: Logger): () => Promise<void> {
  return every(intervalMs, async () => {
    try {
      for (let passes = 0; passes < MAX_WEBHOOK_PASSES_PER_TICK; passes++) {
        const fanned = await dispatcher.fanOut();
        const attempted = await dispatcher.attemptDue();
        if (fanned === 0 && attempted === 0) break;
      }
    } catch (error) {
      logger.warn({ err: error }, 'Webhook delivery paused: the store failed; deliveries wait and go at the next pass');
    }
  });
}

/** Sets the webhook backlog metrics every `intervalMs`: attempts due, and how long the oldest has waited. */
export function watchDeliveries(deliveries: WebhookDeliveryStore, clock: Clock, metrics: Metrics, intervalMs: number): () => Promise<void> {
  return every(intervalMs, async () => {
    try {
      const nowMs = clock.nowMs();
      const { due, oldestDueAt } = await deliveries.backlog(nowMs);
      metrics.webhookBacklog(due, oldestDueAt === null ? 0 : Math.max(0, (nowMs - Date.parse(oldestDueAt)) / 1000));
    } catch {
      // The store is down: the storage metrics say so; these keep their last values.
    }
  });
}

/** How often each instance reads the outboxes' backlog for its metrics. */
export const OUTBOX_WATCH_INTERVAL_MS = 15_000;

/** Sets the outbox metrics every `intervalMs`: how many records wait, and the oldest event's age. */
export function watchOutboxes(outboxes: readonly Outbox[], clock: Clock, metrics: Metrics, intervalMs: number): () => Promise<void> {
  return every(intervalMs, async () => {
    try {
      const backlogs = await Promise.all(outboxes.map((outbox) => outbox.backlog()));
      const oldest = backlogs
        .map((b) => b.oldestAt)
        .filter((at): at is string => at !== null)
        .sort()[0];
      const ageSeconds = oldest === undefined ? 0 : Math.max(0, (clock.nowMs() - Date.parse(oldest)) / 1000);
      metrics.outboxBacklog(
        backlogs.reduce((sum, b) => sum + b.records, 0),
        ageSeconds,
      );
    } catch {
      // The store is down: the storage metrics say so; these keep their last values.
    }
  });
}

/** The most relay passes one tick runs back to back (each up to 100 records per outbox). */
const MAX_PASSES_PER_TICK = 50;

/** Relays events every `intervalMs`; the returned function stops it and relays once more. */
export function relayEvery(relay: EventRelay, intervalMs: number, logger: Logger): () => Promise<void> {
  // Passes follow one another while they find events, so a burst drains at once instead of one batch a tick.
  const drain = async () => {
    for (let passes = 0; passes < MAX_PASSES_PER_TICK && (await relay.pass()) > 0; passes++);
  };
  const pass = () =>
    drain().catch((error: unknown) =>
      logger.warn({ err: error }, 'Relaying events to the feed failed; they stay in the outboxes and go at the next pass'),
    );
  const stop = every(intervalMs, pass);
  return async () => {
    await stop();
    await pass();
  };
}

/** Runs the hold sweep every `intervalMs`; the returned function stops it (waiting for a sweep under way). */
export function sweepEvery(holds: SettleHolds, intervalMs: number, logger: Logger): () => Promise<void> {
  return every(intervalMs, () =>
    holds
      .sweep()
      .then((settled) => {
        if (settled > 0) logger.warn({ settled }, 'Finished adoption steps that an earlier failure interrupted');
      })
      .catch((error: unknown) => logger.warn({ err: error }, 'The adoption hold sweep failed; it runs again at the next interval')),
  );
}

/**
 * Flushes the usage counts every `intervalMs`. The returned function stops the timer and flushes
 * what is left.
 */
export function flushEvery(recorder: UsageRecorder, intervalMs: number, metrics?: Metrics): () => Promise<void> {
  const stop = every(intervalMs, async () => {
    await recorder.flush();
    metrics?.usagePending(recorder.pending);
  });
  return async () => {
    await stop();
    await recorder.flush();
  };
}

/**
 * Runs `work` every `intervalMs`, one run at a time: a slow run delays the next rather than stacking
 * them. `work` reports its own failures. The returned function stops the timer and waits for a run
 * under way.
 */
function every(intervalMs: number, work: () => Promise<void>): () => Promise<void> {
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const schedule = () => {
    timer = setTimeout(() => {
      running = work().finally(() => {
        if (!stopped) schedule();
      });
    }, intervalMs);
    timer.unref();
  };
  schedule();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  };
}
