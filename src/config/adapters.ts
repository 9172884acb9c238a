/**
 * Adapter selection: the only place that chooses which engine backs each port. Staging and
 * production differ only in the configuration read here.
 */
import type { Logger } from 'pino';
import type { AdminCredentialStore } from '../application/access/ports/admin-credential-store.js';
import type { ApiKeyStore } from '../application/access/ports/api-key-store.js';
import type { AuditLog } from '../application/shared/ports/audit-log.js';
import { systemClock, type Clock } from '../application/shared/ports/clock.js';
import type { PetRepository } from '../application/adoption/ports/pet-repository.js';
import type { AdoptionRequestRepository } from '../application/adoption/ports/adoption-request-repository.js';
import type { PetCreateClaims } from '../application/adoption/ports/pet-create-claims.js';
import type { RateLimiter } from '../application/access/ports/rate-limiter.js';
import type { UsageStore } from '../application/access/ports/usage-store.js';
import { FailoverRateLimiter } from '../application/access/services/failover-rate-limiter.js';
import { isTimeout } from '../application/shared/within.js';
import { MemoryAdminCredentialStore } from '../adapters/access/memory/memory-admin-credential-store.js';
import { MemoryApiKeyStore } from '../adapters/access/memory/memory-api-key-store.js';
import { MemoryAuditLog } from '../adapters/shared/memory/memory-audit-log.js';
import { MemoryPetCreateClaims } from '../adapters/adoption/memory/memory-pet-create-claims.js';
import { MemoryPetRepository } from '../adapters/adoption/memory/memory-pet-repository.js';
import { MemoryAdoptionRequestRepository } from '../adapters/adoption/memory/memory-adoption-request-repository.js';
import { MemoryRateLimiter } from '../adapters/access/memory/memory-rate-limiter.js';
import { MemoryUsageStore } from '../adapters/access/memory/memory-usage-store.js';
import { CachingApiKeyStore } from '../adapters/access/cache/caching-api-key-store.js';
import { connectMongo, type MongoPreparation } from '../adapters/shared/mongo/mongo-connection.js';
import { MongoAdminCredentialStore } from '../adapters/access/mongo/mongo-admin-credential-store.js';
import { MongoApiKeyStore } from '../adapters/access/mongo/mongo-api-key-store.js';
import { MongoAuditLog } from '../adapters/shared/mongo/mongo-audit-log.js';
import { MongoPetCreateClaims } from '../adapters/adoption/mongo/mongo-pet-create-claims.js';
import { backfillPlaces } from '../adapters/adoption/mongo/mongo-pet-places.js';
import { MongoPetRepository } from '../adapters/adoption/mongo/mongo-pet-repository.js';
import { MongoAdoptionRequestRepository } from '../adapters/adoption/mongo/mongo-adoption-request-repository.js';
import { MongoUsageStore } from '../adapters/access/mongo/mongo-usage-store.js';
import { connectRedis } from '../adapters/access/redis/redis-connection.js';
import type { RedisClient } from '../adapters/access/redis/redis-connection.js';
import type { Db } from 'mongodb';
import { RedisRateLimiter } from '../adapters/access/redis/redis-rate-limiter.js';
import { RedisUsageStore } from '../adapters/access/redis/redis-usage-store.js';
import type { Metrics } from '../adapters/shared/metrics/metrics.js';
import { observedPort, timedCalls, type PortObserver } from '../adapters/shared/telemetry/observed-port.js';
import type { AppConfig, MemoryBounds } from './env.js';
import type { EventFeed } from '../application/adoption/ports/event-feed.js';
import { MemoryEventFeed } from '../adapters/adoption/memory/memory-event-feed.js';
import { MongoEventFeed } from '../adapters/adoption/mongo/mongo-event-feed.js';
import { MemoryWebhookEndpointStore } from '../adapters/webhooks/memory/memory-webhook-endpoint-store.js';
import { MemoryWebhookDeliveryStore } from '../adapters/webhooks/memory/memory-webhook-delivery-store.js';
import { MongoWebhookDeliveryStore } from '../adapters/webhooks/mongo/mongo-webhook-delivery-store.js';
import { HttpWebhookSender } from '../adapters/webhooks/net/http-webhook-sender.js';
import type { WebhookDeliveryStore } from '../application/webhooks/ports/webhook-delivery-store.js';
import type { WebhookSender } from '../application/webhooks/ports/webhook-sender.js';
import { DnsResolver } from '../adapters/webhooks/net/dns-resolver.js';
import { MongoWebhookEndpointStore } from '../adapters/webhooks/mongo/mongo-webhook-endpoint-store.js';
import { SecretBox } from '../adapters/webhooks/mongo/secret-box.js';
import type { WebhookEndpointStore } from '../application/webhooks/ports/webhook-endpoint-store.js';
import type { AddressResolver } from '../application/webhooks/ports/address-resolver.js';
import type { Gazetteer } from '../domain/shared/place.js';
import { ZipCodeGazetteer } from '../adapters/shared/places/zip-code-gazetteer.js';
import type { OrganizationStore } from '../application/organizations/ports/organization-store.js';
import { MemoryOrganizationStore } from '../adapters/organizations/memory/memory-organization-store.js';
import { MongoOrganizationStore } from '../adapters/organizations/mongo/mongo-organization-store.js';
import type { PhotoStore } from '../application/photos/ports/photo-store.js';
import { MemoryPhotoStore } from '../adapters/photos/memory/memory-photo-store.js';
import { MongoPhotoStore } from '../adapters/photos/mongo/mongo-photo-store.js';

export interface Adapters {
  readonly clock: Clock;
  readonly pets: PetRepository;
  readonly orders: AdoptionRequestRepository;
  /** Where events are kept in order once relayed from the repositories' outboxes. */
  readonly events: EventFeed;
  readonly organizations: OrganizationStore;
  /** Photos' variants: memory, or GridFS with MongoDB (every instance serves every photo). */
  readonly photos: PhotoStore;
  readonly webhookEndpoints: WebhookEndpointStore;
  /** Webhook deliveries and their attempts, and how far the fan-out has read the feed. */
  readonly webhookDeliveries: WebhookDeliveryStore;
  /** How webhook hosts are resolved, at creation and at every delivery. */
  readonly resolver: AddressResolver;
  /** How a delivery attempt is posted. */
  readonly webhookSender: WebhookSender;
  readonly apiKeys: ApiKeyStore;
  /** Looked up on every admin request, uncached: a revoked credential stops at once everywhere. */
  readonly adminCredentials: AdminCredentialStore;
  readonly audit: AuditLog;
  /** The offline postal-code dataset: locations of animals and organizations. */
  readonly gazetteer: Gazetteer;
  readonly rateLimiter: RateLimiter;
  readonly petCreateClaims: PetCreateClaims;
  /** Where every instance's usage counts meet (flushed to, off the request path), and its engine. */
  readonly usage: UsageStore;
  readonly usageEngine: 'memory' | 'mongodb' | 'redis';
  /** Which engines back the ports, for logs. */
  readonly description: string;
  /** What backs each probed port (engine and topology), for /readyz. */
  readonly backends: { readonly pets: string; readonly apiKeys: string; readonly rateLimiter: string };
  /** False when the instance keeps serving without the limiter's store (fail-open). */
  readonly rateLimiterCritical: boolean;
  /** Releases connections; called once when the application closes. */
  readonly close: () => Promise<void>;
}

/** Memory for every port; `bounds` caps the stores that grow with traffic (unbounded when not given, as in tests). */
export function memoryAdapters(clock: Clock = systemClock, metrics?: Metrics, bounds?: MemoryBounds): Adapters {
  // A write's events go into the feed as the write is stored: no relay pass between them in one process.
  const events = new MemoryEventFeed(bounds?.maxEvents, metrics && ((published) => metrics.eventsRelayed(published)));
  return {
    clock,
    pets: new MemoryPetRepository(events),
    orders: new MemoryAdoptionRequestRepository(events),
    events,
    organizations: new MemoryOrganizationStore(),
    photos: new MemoryPhotoStore(),
    webhookEndpoints: new MemoryWebhookEndpointStore(),
    webhookDeliveries: new MemoryWebhookDeliveryStore(),
    resolver: new DnsResolver(),
    webhookSender: new HttpWebhookSender(),
    apiKeys: new MemoryApiKeyStore(),
    adminCredentials: new MemoryAdminCredentialStore(),
    audit: new MemoryAuditLog(bounds?.maxAuditEvents),
    gazetteer: new ZipCodeGazetteer(),
    rateLimiter: new MemoryRateLimiter(clock),
    petCreateClaims: new MemoryPetCreateClaims(bounds?.maxIdempotencyRecords),
    usage: new MemoryUsageStore(clock),
    usageEngine: 'memory',
    description: 'memory',
    backends: { pets: 'memory', apiKeys: 'memory', rateLimiter: 'memory' },
    rateLimiterCritical: true,
    close: async () => undefined,
  };
}

/** What readies MongoDB at start-up, every store's indexes, then the migrations of stored data. */
export const MONGO_PREPARATIONS: readonly MongoPreparation[] = [
  (db) =>
    Promise.all([
      MongoPetRepository.ensureIndexes(db),
      MongoAdoptionRequestRepository.ensureIndexes(db),
      MongoEventFeed.ensureIndexes(db),
      MongoWebhookEndpointStore.ensureIndexes(db),
      MongoOrganizationStore.ensureIndexes(db),
      MongoPhotoStore.ensureIndexes(db),
      MongoWebhookDeliveryStore.ensureIndexes(db),
      MongoApiKeyStore.ensureIndexes(db),
      MongoAdminCredentialStore.ensureIndexes(db),
      MongoPetCreateClaims.ensureIndexes(db),
      MongoUsageStore.ensureIndexes(db),
      MongoAuditLog.ensureIndexes(db),
    ]),
  (db) => MongoPetRepository.backfillUnversionedPets(db),
  (db) => MongoPetRepository.backfillSearchFields(db),
  // Pets stored before places were: a foster animal at its location, a shelter animal at its organization's.
  (db) => backfillPlaces(db, async (ownerId) => (await new MongoOrganizationStore(db, 30_000).findById(ownerId))?.location ?? null),
];

export interface AdapterOptions {
  /**
   * The clock the adapters read. By default the system's, and the Redis limiter then reads Redis
   * TIME, so that instances agree; given one, every adapter reads it (a test moves time by hand).
   */
  readonly clock?: Clock;
  /** Where the limiter's failover and each storage call's time are reported. */
  readonly metrics?: Metrics;
  /** More observers of every MongoDB and Redis call (spans when tracing is on). */
  readonly portObservers?: readonly PortObserver[];
}

/**
 * The adapters the configuration asks for: MongoDB for pets, keys, admin credentials, the audit log
 * and usage counts when MONGODB_URL is set; Redis for limits (and usage counts, without MongoDB) when
 * a Redis is configured; memory otherwise. Usage is billing data kept up to 400 days: it goes to the
 * durable store when there is one. Staging and production differ only here.
 */
export async function configuredAdapters(config: AppConfig, logger: Logger, options: AdapterOptions = {}): Promise<Adapters> {
  const clock = options.clock ?? systemClock;
  const { metrics } = options;
  const observers = [
    ...(metrics ? [timedCalls((store, operation) => metrics.storageCallTimer(store, operation))] : []),
    ...(options.portObservers ?? []),
  ];
  const closers: (() => Promise<unknown>)[] = [];
  // Memory for every port, then the configured engines in their place.
  const memory = memoryAdapters(clock, metrics, config.memoryBounds);
  const engines = { store: 'memory', limiter: 'memory', usage: 'memory' };
  let chosen: Partial<Adapters> = {};
  if (config.mongo) {
    const mongo = await connectMongo(config.mongo, MONGO_PREPARATIONS);
    closers.push(() => mongo.client.close());
    const port = <T extends object>(adapter: T, name: string): T => observedPort(adapter, 'mongodb', name, observers);
    chosen = mongoAdapters(mongo.db, config.mongo.timeoutMs, config, clock, port);
    engines.store = 'mongodb';
    engines.usage = 'mongodb';
  }
  if (config.redis) {
    const redis = await connectRedis(config.redis);
    closers.push(redis.close);
    const port = <T extends object>(adapter: T, name: string): T => observedPort(adapter, 'redis', name, observers);
    chosen = { ...chosen, ...redisAdapters(redis.client, config.redis, config, logger, options, memory.rateLimiter, port) };
    engines.limiter = redis.description;
    if (!config.mongo) engines.usage = redis.description;
  }
  return {
    ...memory,
    ...chosen,
    description: `pets and keys: ${engines.store}, rate limits: ${engines.limiter}, usage: ${engines.usage}`,
    backends: { pets: engines.store, apiKeys: engines.store, rateLimiter: engines.limiter },
    rateLimiterCritical: !config.redis || config.rateLimitFailureMode === 'closed',
    close: async () => {
      await Promise.all(closers.map((close) => close()));
    },
  };
}

type Observe = <T extends object>(adapter: T, port: string) => T;

/** Every port MongoDB keeps, each observed: the stores, the keys (cached), the audit log and usage. */
function mongoAdapters(db: Db, timeoutMs: number, config: AppConfig, clock: Clock, port: Observe): Partial<Adapters> {
  return {
    pets: port(new MongoPetRepository(db, timeoutMs), 'pets'),
    orders: port(new MongoAdoptionRequestRepository(db, timeoutMs), 'orders'),
    events: port(new MongoEventFeed(db, timeoutMs), 'events'),
    organizations: port(new MongoOrganizationStore(db, timeoutMs), 'organizations'),
    photos: port(new MongoPhotoStore(db, timeoutMs), 'photos'),
    webhookEndpoints: port(new MongoWebhookEndpointStore(db, timeoutMs, new SecretBox(config.webhooks.encryptionKey)), 'webhookEndpoints'),
    webhookDeliveries: port(new MongoWebhookDeliveryStore(db, timeoutMs), 'webhookDeliveries'),
    petCreateClaims: port(new MongoPetCreateClaims(db, timeoutMs), 'idempotency'),
    apiKeys: new CachingApiKeyStore(port(new MongoApiKeyStore(db, timeoutMs), 'api_keys'), clock, config.keyCacheTtlMs),
    adminCredentials: port(new MongoAdminCredentialStore(db, timeoutMs), 'admin_credentials'),
    audit: port(new MongoAuditLog(db, timeoutMs), 'audit'),
    usage: port(new MongoUsageStore(db, timeoutMs), 'usage'),
    usageEngine: 'mongodb',
  };
}

/**
 * The ports Redis keeps: the shared rate limiter, failing over to this instance's memory limiter as
 * RATE_LIMIT_FAILURE_MODE says, and usage counts when no MongoDB keeps them.
 */
function redisAdapters(
  client: RedisClient,
  redis: NonNullable<AppConfig['redis']>,
  config: AppConfig,
  logger: Logger,
  options: AdapterOptions,
  local: RateLimiter,
  port: Observe,
): Partial<Adapters> {
  const { metrics } = options;
  const shared = port(
    new RedisRateLimiter(client, {
      timeoutMs: redis.timeoutMs,
      keyPrefix: redis.keyPrefix,
      ...(options.clock && { clock: options.clock }),
    }),
    'rate_limiter',
  );
  const rateLimiter = new FailoverRateLimiter(shared, local, config.rateLimitFailureMode, {
    failed: (error) => metrics?.storageFailure('redis', isTimeout(error) ? 'timeout' : 'unavailable'),
    outage: (error) => {
      metrics?.limiterDegraded(true);
      logger.warn(
        { err: error, mode: config.rateLimitFailureMode },
        config.rateLimitFailureMode === 'open'
          ? 'Redis is unavailable: limiting per instance in memory until it returns'
          : 'Redis is unavailable: refusing requests with 503 until it returns',
      );
    },
    recovered: () => {
      metrics?.limiterDegraded(false);
      logger.info('Redis is back: limits are shared again');
    },
  });
  if (config.mongo) return { rateLimiter };
  const usage = port(
    new RedisUsageStore(client, {
      keyPrefix: redis.keyPrefix,
      timeoutMs: redis.timeoutMs,
      ...(options.clock && { clock: options.clock }),
    }),
    'usage',
  );
  return { rateLimiter, usage, usageEngine: 'redis' };
}
