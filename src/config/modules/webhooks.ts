/**
 * The webhooks feature: owners' endpoints, and the delivery of every event of the feed to them,
 * signed, retried and logged. It reads adoption through the event feed alone.
 */
import { WebhookMetrics } from '../../adapters/webhooks/metrics/webhook-metrics.js';
import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { WebhookDeliveryStore } from '../../application/webhooks/ports/webhook-delivery-store.js';
import type { WebhookEndpointStore } from '../../application/webhooks/ports/webhook-endpoint-store.js';
import type { WebhookSender } from '../../application/webhooks/ports/webhook-sender.js';
import { WebhookDispatcher, type WebhookDispatcherEvents } from '../../application/webhooks/services/webhook-dispatcher.js';
import { InspectWebhooks } from '../../application/webhooks/use-cases/inspect-webhooks.js';
import { ManageWebhookEndpoints } from '../../application/webhooks/use-cases/manage-webhook-endpoints.js';
import { WebhookDeliveries } from '../../application/webhooks/use-cases/webhook-deliveries.js';
import type { Clock } from '../../application/shared/ports/clock.js';
import { presentEvent } from '../../adapters/adoption/http/event-presenter.js';
import { DNS_TIMEOUT_MS } from '../../adapters/shared/net/dns-resolver.js';
import { adminWebhookRoutes } from '../../adapters/webhooks/http/admin-webhooks.js';
import { webhookDeliveryRoutes } from '../../adapters/webhooks/http/webhook-deliveries.js';
import { webhookEndpointRoutes } from '../../adapters/webhooks/http/webhook-endpoints.js';
import type { Metrics } from '../../adapters/shared/metrics/metrics.js';
import { every } from '../schedule.js';
import { provide, resolve, token } from '../tokens.js';
import { WEBHOOKS_ERRORS } from '../../adapters/webhooks/http/error-codes.js';
import { outgoingWebhooks } from '../../adapters/webhooks/http/outgoing-webhooks.js';
import { once, type FeatureModule, type Observers } from './module.js';
import { webhooksStorage, type WebhooksPorts } from './webhooks-storage.js';
import { webhooksSettings, type WebhookSettings } from './webhooks-settings.js';
import { ADOPTION_TOKENS } from './adoption.js';
import { SHARED_TOKENS } from './shared.js';

export const WEBHOOKS_TOKENS = {
  WebhookEndpointStore: token<WebhookEndpointStore>('WebhookEndpointStore'),
  WebhookDeliveryStore: token<WebhookDeliveryStore>('WebhookDeliveryStore'),
  WebhookSender: token<WebhookSender>('WebhookSender'),
  WebhookDispatcher: token<WebhookDispatcher>('WebhookDispatcher'),
  ManageWebhookEndpoints: token<ManageWebhookEndpoints>('ManageWebhookEndpoints'),
  WebhookDeliveries: token<WebhookDeliveries>('WebhookDeliveries'),
  InspectWebhooks: token<InspectWebhooks>('InspectWebhooks'),
} as const;

const T = WEBHOOKS_TOKENS;
const { Clock, Auditor, AddressResolver } = SHARED_TOKENS;

/** How long webhook deliveries and their attempts are kept (the deliveries log, recover's reach). */
export const WEBHOOK_DELIVERY_RETENTION_MS = 30 * 86_400_000;

/**
 * How long a delivery's claim outlives its attempt (WEBHOOK_TIMEOUT_MS): the host's lookup and five
 * store calls (the endpoint read, the outcome, a disable's audit line and write, the record), each at
 * its timeout; the store in memory answers at once. A stopped instance's deliveries go to another
 * this long after the timeout: 15 s with MongoDB at its default 2 s.
 */
export function claimMarginMs(storeTimeoutMs: number): number {
  return DNS_TIMEOUT_MS + 5 * storeTimeoutMs;
}

/** How often each instance looks for new events to deliver and for due webhook attempts. */
export const WEBHOOK_INTERVAL_MS = 250;

/** How often each instance reads the delivery backlog for its metrics. */
const DELIVERY_WATCH_INTERVAL_MS = 15_000;

/** The most webhook passes one tick runs back to back while they find work. */
const MAX_WEBHOOK_PASSES_PER_TICK = 20;

export const webhooksModule: FeatureModule<WebhooksPorts, { readonly webhooks: WebhookSettings }, typeof WEBHOOKS_TOKENS> = {
  name: 'webhooks',
  tokens: WEBHOOKS_TOKENS,
  settings: webhooksSettings,
  storage: webhooksStorage,
  metrics: [WebhookMetrics],
  errors: WEBHOOKS_ERRORS,
  tags: {
    public: [
      { name: 'webhooks', description: 'Beta. Endpoints to which an owner has its events pushed, signed as Standard Webhooks 1.0 says' },
    ],
    admin: [{ name: 'webhooks', description: "Owners' webhook endpoints and their failures" }],
  },
  outgoing: outgoingWebhooks,
  register: (c, { config, adapters, observers }) => {
    provide(c, T.WebhookEndpointStore, { useValue: adapters.webhookEndpoints });
    provide(c, T.WebhookDeliveryStore, { useValue: adapters.webhookDeliveries });
    provide(c, T.WebhookSender, { useValue: adapters.webhookSender });
    provide(
      c,
      T.ManageWebhookEndpoints,
      once(
        (d) =>
          new ManageWebhookEndpoints(
            resolve(d, T.WebhookEndpointStore),
            resolve(d, AddressResolver),
            resolve(d, Auditor),
            resolve(d, Clock),
            {
              maxPerOwner: config.webhooks.maxEndpointsPerOwner,
              allowLoopback: config.webhooks.allowLoopback,
            },
          ),
      ),
    );
    provide(
      c,
      T.WebhookDispatcher,
      once(
        (d) =>
          new WebhookDispatcher(
            {
              feed: resolve(d, ADOPTION_TOKENS.EventFeed),
              auditor: resolve(d, Auditor),
              endpoints: resolve(d, T.WebhookEndpointStore),
              deliveries: resolve(d, T.WebhookDeliveryStore),
              resolver: resolve(d, AddressResolver),
              sender: resolve(d, T.WebhookSender),
              clock: resolve(d, Clock),
            },
            {
              holder: `${hostname()}:${process.pid}:${randomUUID()}`,
              timeoutMs: config.webhooks.timeoutMs,
              claimMarginMs: claimMarginMs(config.mongo?.timeoutMs ?? 0),
              retryScheduleMs: config.webhooks.retryScheduleMs,
              allowLoopback: config.webhooks.allowLoopback,
              // A webhook's body is the event exactly as the feed shows it.
              render: (event) => JSON.stringify(presentEvent(event)),
              batch: 100,
              retentionMs: WEBHOOK_DELIVERY_RETENTION_MS,
              disableAfterMs: config.webhooks.disableAfterMs,
            },
            dispatcherEvents(observers),
          ),
      ),
    );
    provide(
      c,
      T.WebhookDeliveries,
      once(
        (d) =>
          new WebhookDeliveries(
            resolve(d, T.ManageWebhookEndpoints),
            resolve(d, T.WebhookDeliveryStore),
            resolve(d, T.WebhookDispatcher),
            resolve(d, Clock),
            { retentionMs: WEBHOOK_DELIVERY_RETENTION_MS },
          ),
      ),
    );
    provide(
      c,
      T.InspectWebhooks,
      once((d) => new InspectWebhooks(resolve(d, T.WebhookEndpointStore), resolve(d, T.WebhookDeliveryStore))),
    );
  },
  publicRoutes: (d, _config, basePath) => [
    (v1) => webhookEndpointRoutes(v1, { endpoints: resolve(d, T.ManageWebhookEndpoints), basePath }),
    (v1) => webhookDeliveryRoutes(v1, { deliveries: resolve(d, T.WebhookDeliveries), basePath }),
  ],
  adminRoutes: (d, config) => [
    (admin) => adminWebhookRoutes(admin, { webhooks: resolve(d, T.InspectWebhooks), maxPerOwner: config.webhooks.maxEndpointsPerOwner }),
  ],
  start: ({ container, config, adapters, logger, metrics }) => [
    // Attempts under way finish (each bounded by WEBHOOK_TIMEOUT_MS); the rest wait for the next instance.
    config.webhooks.worker ? deliverEvery(resolve(container, T.WebhookDispatcher), WEBHOOK_INTERVAL_MS, logger) : async () => undefined,
    watchDeliveries(adapters.webhookDeliveries, adapters.clock, metrics, DELIVERY_WATCH_INTERVAL_MS),
  ],
};

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
      metrics.feature(WebhookMetrics).webhookBacklog(due, oldestDueAt === null ? 0 : Math.max(0, (nowMs - Date.parse(oldestDueAt)) / 1000));
    } catch {
      // The store is down: the storage metrics say so; these keep their last values.
    }
  });
}

/** Each webhook attempt counted, and each endpoint disabled counted and logged (its owner may need telling). */
function dispatcherEvents(observers: Observers | undefined): WebhookDispatcherEvents {
  if (!observers) return {};
  const { metrics, logger } = observers;
  return {
    attempted: (outcome, durationMs) => metrics.feature(WebhookMetrics).webhookAttempted(outcome, durationMs),
    endpointDisabled: (endpoint, reason) => {
      metrics.feature(WebhookMetrics).webhookEndpointDisabled();
      logger.warn({ endpointId: endpoint.id, ownerId: endpoint.ownerId, reason }, 'Webhook endpoint disabled');
    },
  };
}
