// Over 300 lines: one registration per use case and service, each a few lines of wiring; split, the files would share every token.
/** Registration: the use cases, wired to the ports the chosen adapters fill. */
import { BrowserOrigins } from '../application/access/use-cases/browser-origins.js';
import 'reflect-metadata';
import { container as rootContainer, instanceCachingFactory, type DependencyContainer } from 'tsyringe';
import { provide, resolve, TOKENS } from './tokens.js';
import { AdmitRequest } from '../application/access/use-cases/admit-request.js';
import { Authenticate } from '../application/access/use-cases/authenticate.js';
import { CreatePet } from '../application/adoption/use-cases/create-pet.js';
import { GetPet } from '../application/adoption/use-cases/get-pet.js';
import { ChangePet } from '../application/adoption/use-cases/change-pet.js';
import { AdoptionRequests } from '../application/adoption/use-cases/adoption-requests.js';
import { SettleHolds } from '../application/adoption/use-cases/settle-holds.js';
import { ListPets } from '../application/adoption/use-cases/list-pets.js';
import { ManageApiKeys } from '../application/access/use-cases/manage-api-keys.js';
import { ManageAdminCredentials } from '../application/access/use-cases/manage-admin-credentials.js';
import { AdmitAdminRequest } from '../application/access/use-cases/admit-admin-request.js';
import { Auditor } from '../application/shared/services/auditor.js';
import { ReadUsage } from '../application/access/use-cases/read-usage.js';
import { UsageRecorder, type UsageRecorderEvents } from '../application/access/services/usage-recorder.js';
import type { BanPolicy } from '../domain/access/rate-limit.js';
import { getPetDeprecation } from '../domain/shared/deprecation.js';
import type { Adapters } from './adapters.js';
import type { AppConfig } from './env.js';
import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import { EventRelay, type EventRelayEvents } from '../application/adoption/services/event-relay.js';
import { ReadEvents } from '../application/adoption/use-cases/read-events.js';
import { ManageWebhookEndpoints } from '../application/webhooks/use-cases/manage-webhook-endpoints.js';
import { WebhookDeliveries } from '../application/webhooks/use-cases/webhook-deliveries.js';
import { InspectWebhooks } from '../application/webhooks/use-cases/inspect-webhooks.js';
import { WebhookDispatcher, type WebhookDispatcherEvents } from '../application/webhooks/services/webhook-dispatcher.js';
import { presentEvent } from '../adapters/adoption/http/event-presenter.js';
import { LocalRefusals, type LocalRefusalEvents } from '../application/access/services/local-refusals.js';
import { LiftKeyBan } from '../application/access/use-cases/lift-key-ban.js';

/** How long webhook deliveries and their attempts are kept (the deliveries log, recover's reach). */
export const WEBHOOK_DELIVERY_RETENTION_MS = 30 * 86_400_000;

/** Refused requests are counted as strikes towards a ban within this span. */
const STRIKE_WINDOW_MS = 60_000;

/**
 * An in-flight Idempotency-Key claim outlives any create (each is bounded by MONGODB_TIMEOUT_MS), so
 * it is taken over only when its holder died; until then, repeats get 409.
 */
function idempotencyLeaseMs(config: AppConfig): number {
  return Math.max(10_000, 3 * (config.mongo?.timeoutMs ?? 0));
}

/** How long the event feed's writer lease lasts unless renewed: a stopped writer is replaced after it. */
const EVENT_LEASE_MS = 10_000;

/** Key-minutes of usage an instance holds while its store cannot take them (a few hundred bytes each). */
const USAGE_MAX_PENDING = 50_000;

export interface ContainerOptions {
  /** Told when usage counts cannot be flushed or are dropped. */
  readonly usageEvents?: UsageRecorderEvents;
  /** Told what each relay pass moved into the event feed. */
  readonly eventRelayEvents?: EventRelayEvents;
  /** Told of each webhook attempt and each endpoint disabled. */
  readonly webhookEvents?: WebhookDispatcherEvents;
  /** Told of each refusal answered without the limiter, and of strikes it could not take. */
  readonly refusalEvents?: LocalRefusalEvents;
}

export function buildContainer(config: AppConfig, adapters: Adapters, options: ContainerOptions = {}): DependencyContainer {
  const c = rootContainer.createChildContainer();
  provide(c, TOKENS.Clock, { useValue: adapters.clock });
  provide(c, TOKENS.PetRepository, { useValue: adapters.pets });
  provide(c, TOKENS.AdoptionRequestRepository, { useValue: adapters.orders });
  provide(c, TOKENS.ApiKeyStore, { useValue: adapters.apiKeys });
  provide(c, TOKENS.RateLimiter, { useValue: adapters.rateLimiter });
  provide(c, TOKENS.PetCreateClaims, { useValue: adapters.petCreateClaims });
  provide(c, TOKENS.AdminCredentialStore, { useValue: adapters.adminCredentials });
  provide(c, TOKENS.AuditLog, { useValue: adapters.audit });
  provide(c, TOKENS.UsageStore, { useValue: adapters.usage });
  provide(c, TOKENS.EventFeed, { useValue: adapters.events });
  provide(c, TOKENS.WebhookEndpointStore, { useValue: adapters.webhookEndpoints });
  provide(c, TOKENS.AddressResolver, { useValue: adapters.resolver });
  provide(c, TOKENS.WebhookDeliveryStore, { useValue: adapters.webhookDeliveries });
  provide(c, TOKENS.WebhookSender, { useValue: adapters.webhookSender });
  const deprecation = getPetDeprecation(config.getPetRemoval);
  const ban: BanPolicy = { threshold: config.ban.threshold, durationMs: config.ban.durationMs, strikeWindowMs: STRIKE_WINDOW_MS };
  const once = <T>(make: (d: DependencyContainer) => T) => ({ useFactory: instanceCachingFactory<T>(make) });
  provide(
    c,
    TOKENS.ListPets,
    once((d) => new ListPets(resolve(d, TOKENS.PetRepository))),
  );
  provide(
    c,
    TOKENS.BrowserOrigins,
    once((d) => new BrowserOrigins(resolve(d, TOKENS.ApiKeyStore), resolve(d, TOKENS.Clock), config.keyCacheTtlMs)),
  );
  provide(
    c,
    TOKENS.CreatePet,
    once(
      (d) =>
        new CreatePet(resolve(d, TOKENS.PetRepository), resolve(d, TOKENS.PetCreateClaims), resolve(d, TOKENS.Clock), {
          ttlMs: config.idempotencyTtlMs,
          leaseMs: idempotencyLeaseMs(config),
        }),
    ),
  );
  provide(
    c,
    TOKENS.SettleHolds,
    once((d) => new SettleHolds(resolve(d, TOKENS.PetRepository), resolve(d, TOKENS.AdoptionRequestRepository), resolve(d, TOKENS.Clock))),
  );
  provide(
    c,
    TOKENS.GetPet,
    once((d) => new GetPet(resolve(d, TOKENS.PetRepository), resolve(d, TOKENS.SettleHolds), resolve(d, TOKENS.Clock), deprecation)),
  );
  provide(
    c,
    TOKENS.ChangePet,
    once(
      (d) =>
        new ChangePet(resolve(d, TOKENS.PetRepository), resolve(d, TOKENS.SettleHolds), resolve(d, TOKENS.Clock), config.legacyPetOwner),
    ),
  );
  provide(
    c,
    TOKENS.AdoptionRequests,
    once(
      (d) =>
        new AdoptionRequests(
          resolve(d, TOKENS.PetRepository),
          resolve(d, TOKENS.AdoptionRequestRepository),
          resolve(d, TOKENS.SettleHolds),
          resolve(d, TOKENS.Clock),
          config.legacyPetOwner,
        ),
    ),
  );
  provide(
    c,
    TOKENS.UsageRecorder,
    once(
      (d) =>
        new UsageRecorder(resolve(d, TOKENS.UsageStore), resolve(d, TOKENS.Clock), {
          maxEntries: USAGE_MAX_PENDING,
          ...(options.usageEvents && { events: options.usageEvents }),
        }),
    ),
  );
  provide(
    c,
    TOKENS.ReadUsage,
    once((d) => new ReadUsage(resolve(d, TOKENS.UsageStore), resolve(d, TOKENS.ApiKeyStore), resolve(d, TOKENS.Clock), [deprecation])),
  );
  provide(
    c,
    TOKENS.ReadEvents,
    once((d) => new ReadEvents(resolve(d, TOKENS.EventFeed), resolve(d, TOKENS.Clock), config.eventRetentionMs)),
  );
  provide(
    c,
    TOKENS.ManageWebhookEndpoints,
    once(
      (d) =>
        new ManageWebhookEndpoints(
          resolve(d, TOKENS.WebhookEndpointStore),
          resolve(d, TOKENS.AddressResolver),
          resolve(d, TOKENS.Auditor),
          resolve(d, TOKENS.Clock),
          {
            maxPerOwner: config.webhooks.maxEndpointsPerOwner,
            allowLoopback: config.webhooks.allowLoopback,
          },
        ),
    ),
  );
  provide(
    c,
    TOKENS.EventRelay,
    once(
      (d) =>
        new EventRelay(
          [resolve(d, TOKENS.PetRepository), resolve(d, TOKENS.AdoptionRequestRepository)],
          resolve(d, TOKENS.EventFeed),
          resolve(d, TOKENS.Clock),
          {
            holder: `${hostname()}:${process.pid}:${randomUUID()}`,
            leaseMs: EVENT_LEASE_MS,
            batch: 100,
            retentionMs: config.eventRetentionMs,
          },
          options.eventRelayEvents ?? {},
        ),
    ),
  );
  provide(
    c,
    TOKENS.WebhookDispatcher,
    once(
      (d) =>
        new WebhookDispatcher(
          {
            feed: resolve(d, TOKENS.EventFeed),
            auditor: resolve(d, TOKENS.Auditor),
            endpoints: resolve(d, TOKENS.WebhookEndpointStore),
            deliveries: resolve(d, TOKENS.WebhookDeliveryStore),
            resolver: resolve(d, TOKENS.AddressResolver),
            sender: resolve(d, TOKENS.WebhookSender),
            clock: resolve(d, TOKENS.Clock),
          },
          {
            holder: `${hostname()}:${process.pid}:${randomUUID()}`,
            timeoutMs: config.webhooks.timeoutMs,
            retryScheduleMs: config.webhooks.retryScheduleMs,
            allowLoopback: config.webhooks.allowLoopback,
            render: (event) => JSON.stringify(presentEvent(event)),
            batch: 100,
            retentionMs: WEBHOOK_DELIVERY_RETENTION_MS,
            disableAfterMs: config.webhooks.disableAfterMs,
          },
          options.webhookEvents ?? {},
        ),
    ),
  );
  provide(
    c,
    TOKENS.WebhookDeliveries,
    once(
      (d) =>
        new WebhookDeliveries(
          resolve(d, TOKENS.ManageWebhookEndpoints),
          resolve(d, TOKENS.WebhookDeliveryStore),
          resolve(d, TOKENS.WebhookDispatcher),
          resolve(d, TOKENS.Clock),
          { retentionMs: WEBHOOK_DELIVERY_RETENTION_MS },
        ),
    ),
  );
  provide(
    c,
    TOKENS.InspectWebhooks,
    once((d) => new InspectWebhooks(resolve(d, TOKENS.WebhookEndpointStore), resolve(d, TOKENS.WebhookDeliveryStore))),
  );
  provide(
    c,
    TOKENS.Authenticate,
    once((d) => new Authenticate(resolve(d, TOKENS.ApiKeyStore), resolve(d, TOKENS.Clock), config.environment)),
  );
  provide(
    c,
    TOKENS.AdmitRequest,
    once((d) => new AdmitRequest(resolve(d, TOKENS.Authenticate), resolve(d, TOKENS.RateLimiter), ban, resolve(d, TOKENS.LocalRefusals))),
  );
  provide(
    c,
    TOKENS.LiftKeyBan,
    once(
      (d) =>
        new LiftKeyBan(
          resolve(d, TOKENS.ApiKeyStore),
          resolve(d, TOKENS.RateLimiter),
          resolve(d, TOKENS.Auditor),
          resolve(d, TOKENS.Clock),
          ban,
        ),
    ),
  );
  provide(
    c,
    TOKENS.LocalRefusals,
    once(
      (d) =>
        new LocalRefusals(resolve(d, TOKENS.RateLimiter), resolve(d, TOKENS.Clock), {
          maxEntries: config.refusalCacheSize,
          ...(options.refusalEvents && { events: options.refusalEvents }),
        }),
    ),
  );
  provide(
    c,
    TOKENS.Auditor,
    once((d) => new Auditor(resolve(d, TOKENS.AuditLog), resolve(d, TOKENS.Clock))),
  );
  provide(
    c,
    TOKENS.ManageApiKeys,
    once(
      (d) => new ManageApiKeys(resolve(d, TOKENS.ApiKeyStore), resolve(d, TOKENS.Auditor), resolve(d, TOKENS.Clock), config.environment),
    ),
  );
  provide(
    c,
    TOKENS.ManageAdminCredentials,
    once((d) => new ManageAdminCredentials(resolve(d, TOKENS.AdminCredentialStore), resolve(d, TOKENS.Auditor), resolve(d, TOKENS.Clock))),
  );
  provide(
    c,
    TOKENS.AdmitAdminRequest,
    once(
      (d) =>
        new AdmitAdminRequest(resolve(d, TOKENS.AdminCredentialStore), resolve(d, TOKENS.RateLimiter), ban, resolve(d, TOKENS.Auditor)),
    ),
  );
  return c;
}
