/**
 * The composition root: the only place that chooses adapters and wires use cases to ports.
 * Production (main.ts), the key tool and the tests all build the application through createApp.
 */
import 'reflect-metadata';
import { container as rootContainer, instanceCachingFactory, type DependencyContainer } from 'tsyringe';
import type { FastifyInstance } from 'fastify';
import { pino, type Logger } from 'pino';
import type { ApiKeyStore } from '../application/ports/api-key-store.js';
import { systemClock, type Clock } from '../application/ports/clock.js';
import type { PetRepository } from '../application/ports/pet-repository.js';
import type { IdempotencyStore } from '../application/ports/idempotency-store.js';
import type { RateLimiter } from '../application/ports/rate-limiter.js';
import { TOKENS } from '../application/ports/tokens.js';
import { AdmitRequest } from '../application/use-cases/admit-request.js';
import { Authenticate } from '../application/use-cases/authenticate.js';
import { CreatePet } from '../application/use-cases/create-pet.js';
import { GetPet } from '../application/use-cases/get-pet.js';
import { ListPets } from '../application/use-cases/list-pets.js';
import { ManageApiKeys } from '../application/use-cases/manage-api-keys.js';
import { buildHttpApp } from '../adapters/http/app.js';
import { MemoryApiKeyStore } from '../adapters/memory/memory-api-key-store.js';
import { MemoryIdempotencyStore } from '../adapters/memory/memory-idempotency-store.js';
import { MemoryPetRepository } from '../adapters/memory/memory-pet-repository.js';
import { MemoryRateLimiter } from '../adapters/memory/memory-rate-limiter.js';
import { CachingApiKeyStore } from '../adapters/cache/caching-api-key-store.js';
import { connectMongo } from '../adapters/mongo/mongo-connection.js';
import { MongoApiKeyStore } from '../adapters/mongo/mongo-api-key-store.js';
import { MongoIdempotencyStore } from '../adapters/mongo/mongo-idempotency-store.js';
import { MongoPetRepository } from '../adapters/mongo/mongo-pet-repository.js';
import { connectRedis } from '../adapters/redis/redis-connection.js';
import { RedisRateLimiter } from '../adapters/redis/redis-rate-limiter.js';
import { FailoverRateLimiter, isTimeout } from '../application/failover-rate-limiter.js';
import { Metrics } from '../adapters/metrics/metrics.js';
import type { AppConfig } from './env.js';

/** Refused requests are counted as strikes towards a ban within this span. */
const STRIKE_WINDOW_MS = 60_000;

/**
 * An in-flight Idempotency-Key claim outlives any create (each is bounded by MONGODB_TIMEOUT_MS), so
 * it is taken over only when its holder died; until then, repeats get 409.
 */
function idempotencyLeaseMs(config: AppConfig): number {
  return Math.max(10_000, 3 * (config.mongo?.timeoutMs ?? 0));
}

export interface Adapters {
  readonly clock: Clock;
  readonly pets: PetRepository;
  readonly apiKeys: ApiKeyStore;
  readonly rateLimiter: RateLimiter;
  readonly idempotency: IdempotencyStore;
  /** Which engines back the ports, for logs. */
  readonly description: string;
  /** What backs each probed port (engine and topology), for /readyz. */
  readonly backends: { readonly pets: string; readonly apiKeys: string; readonly rateLimiter: string };
  /** False when the instance keeps serving without the limiter's store (fail-open). */
  readonly rateLimiterCritical: boolean;
  /** Releases connections; called once when the application closes. */
  readonly close: () => Promise<void>;
}

export function memoryAdapters(clock: Clock = systemClock): Adapters {
  return {
    clock,
    pets: new MemoryPetRepository(),
    apiKeys: new MemoryApiKeyStore(),
    rateLimiter: new MemoryRateLimiter(clock),
    idempotency: new MemoryIdempotencyStore(),
    description: 'memory',
    backends: { pets: 'memory', apiKeys: 'memory', rateLimiter: 'memory' },
    rateLimiterCritical: true,
    close: async () => undefined,
  };
}

export interface AdapterOptions {
  readonly clock?: Clock;
  /** Where the limiter's failover is reported; a registry of its own when not given. */
  readonly metrics?: Metrics;
  /** Tests only: a private key prefix, and optionally time from `clock` instead of Redis TIME. */
  readonly redisForTests?: { readonly keyPrefix: string; readonly timeFromClock: boolean };
}

/**
 * The adapters the configuration asks for: MongoDB for pets and keys when MONGODB_URL is set, Redis
 * for limits when REDIS_URL is set, memory otherwise. Staging and production differ only here.
 */
export async function configuredAdapters(config: AppConfig, logger: Logger, options: AdapterOptions = {}): Promise<Adapters> {
  const clock = options.clock ?? systemClock;
  const { metrics } = options;
  const closers: (() => Promise<unknown>)[] = [];
  let pets: PetRepository = new MemoryPetRepository();
  let apiKeys: ApiKeyStore = new MemoryApiKeyStore();
  let rateLimiter: RateLimiter = new MemoryRateLimiter(clock);
  let idempotency: IdempotencyStore = new MemoryIdempotencyStore();
  const engines = { store: 'memory', limiter: 'memory' };
  if (config.mongo) {
    const mongo = await connectMongo(config.mongo);
    closers.push(() => mongo.client.close());
    pets = new MongoPetRepository(mongo.db, config.mongo.timeoutMs);
    idempotency = new MongoIdempotencyStore(mongo.db, config.mongo.timeoutMs);
    apiKeys = new CachingApiKeyStore(new MongoApiKeyStore(mongo.db, config.mongo.timeoutMs), clock, config.keyCacheTtlMs);
    engines.store = 'mongodb';
  }
  if (config.redis) {
    const redis = await connectRedis(config.redis);
    closers.push(redis.close);
    const testing = options.redisForTests;
    const shared = new RedisRateLimiter(redis.client, {
      timeoutMs: config.redis.timeoutMs,
      ...(testing && { keyPrefix: testing.keyPrefix }),
      ...(testing?.timeFromClock && { clock }),
    });
    rateLimiter = new FailoverRateLimiter(shared, new MemoryRateLimiter(clock), config.rateLimitFailureMode, {
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
    engines.limiter = redis.description;
  }
  return {
    clock,
    pets,
    apiKeys,
    rateLimiter,
    idempotency,
    description: `pets and keys: ${engines.store}, rate limits: ${engines.limiter}`,
    backends: { pets: engines.store, apiKeys: engines.store, rateLimiter: engines.limiter },
    rateLimiterCritical: !config.redis || config.rateLimitFailureMode === 'closed',
    close: async () => {
      await Promise.all(closers.map((close) => close()));
    },
  };
}

/**
 * JSON lines on stdout, written asynchronously: at idle each line goes out at once, under load the
 * lines that arrive while a write is in flight go out together in the next one. pino flushes what
 * is left when the process exits.
 */
export function createLogger(config: AppConfig): Logger {
  return pino(
    {
      level: config.logLevel,
      redact: { paths: ['req.headers.authorization', 'headers.authorization', 'authorization'], censor: '[redacted]' },
    },
    // Written asynchronously, 4 KiB at a time (one write call per twenty-odd access lines: each call
    // is a trip through libuv's thread pool, and one every few lines cost more than the lines), and
    // at least once a second, so that a quiet service's lines are not held back. What is left is
    // written on exit.
    pino.destination({ dest: 1, sync: false, minLength: 4096, periodicFlush: 1000 }),
  );
}

export function buildContainer(config: AppConfig, adapters: Adapters): DependencyContainer {
  const c = rootContainer.createChildContainer();
  c.register(TOKENS.Clock, { useValue: adapters.clock });
  c.register(TOKENS.PetRepository, { useValue: adapters.pets });
  c.register(TOKENS.ApiKeyStore, { useValue: adapters.apiKeys });
  c.register(TOKENS.RateLimiter, { useValue: adapters.rateLimiter });
  c.register(TOKENS.IdempotencyStore, { useValue: adapters.idempotency });
  const once = <T>(make: (d: DependencyContainer) => T) => ({ useFactory: instanceCachingFactory<T>(make) });
  c.register(TOKENS.ListPets, once((d) => new ListPets(d.resolve(TOKENS.PetRepository))));
  c.register(
    TOKENS.CreatePet,
    once(
      (d) =>
        new CreatePet(d.resolve(TOKENS.PetRepository), d.resolve(TOKENS.IdempotencyStore), d.resolve(TOKENS.Clock), {
          ttlMs: config.idempotencyTtlMs,
          leaseMs: idempotencyLeaseMs(config),
        }),
    ),
  );
  c.register(TOKENS.GetPet, once((d) => new GetPet(d.resolve(TOKENS.PetRepository))));
  c.register(
    TOKENS.Authenticate,
    once((d) => new Authenticate(d.resolve(TOKENS.ApiKeyStore), d.resolve(TOKENS.Clock), config.environment)),
  );
  c.register(
    TOKENS.AdmitRequest,
    once(
      (d) =>
        new AdmitRequest(d.resolve(TOKENS.Authenticate), d.resolve(TOKENS.RateLimiter), {
          threshold: config.ban.threshold,
          durationMs: config.ban.durationMs,
          strikeWindowMs: STRIKE_WINDOW_MS,
        }),
    ),
  );
  c.register(
    TOKENS.ApiKeys,
    once((d) => new ManageApiKeys(d.resolve(TOKENS.ApiKeyStore), d.resolve(TOKENS.Clock), config.environment)),
  );
  return c;
}

export interface Application {
  readonly http: FastifyInstance;
  readonly metrics: Metrics;
  readonly container: DependencyContainer;
  readonly keys: ManageApiKeys;
  readonly adapters: Adapters;
}

export interface CreateAppOptions {
  /** The adapters to use; by default, those the configuration asks for. */
  readonly adapters?: Adapters;
  /** Where logs go; by default, pino on stdout at LOG_LEVEL. */
  readonly logger?: Logger;
  /** The instance's metrics; by default, a registry of its own. Pass the same to configuredAdapters. */
  readonly metrics?: Metrics;
}

/** Builds the whole application: adapters, use cases, seeded keys and the HTTP app. */
export async function createApp(config: AppConfig, options: CreateAppOptions = {}): Promise<Application> {
  const logger = options.logger ?? createLogger(config);
  const metrics = options.metrics ?? new Metrics();
  const adapters = options.adapters ?? (await configuredAdapters(config, logger, { metrics }));
  const container = buildContainer(config, adapters);
  const keys = container.resolve<ManageApiKeys>(TOKENS.ApiKeys);
  await seedKeys(config, keys, logger);
  const http = await buildHttpApp(
    {
      listPets: container.resolve(TOKENS.ListPets),
      createPet: container.resolve(TOKENS.CreatePet),
      getPet: container.resolve(TOKENS.GetPet),
      admitRequest: container.resolve(TOKENS.AdmitRequest),
      readinessProbes: {
        pets: { check: () => adapters.pets.ping(), critical: true, backend: adapters.backends.pets },
        apiKeys: { check: () => adapters.apiKeys.ping(), critical: true, backend: adapters.backends.apiKeys },
        rateLimiter: { check: () => adapters.rateLimiter.ping(), critical: adapters.rateLimiterCritical, backend: adapters.backends.rateLimiter },
      },
    },
    {
      logger,
      bodyLimitBytes: config.bodyLimitBytes,
      trustProxy: config.trustProxy,
      probeTimeoutMs: config.readinessTimeoutMs,
      connectionTimeouts: config.connectionTimeouts,
      metrics,
      metricsToken: config.metricsToken,
      servers: config.publicServers,
    },
  );
  http.addHook('onClose', async () => {
    await adapters.close();
    container.clearInstances();
  });
  return { http, metrics, container, keys, adapters };
}

/**
 * Registers the keys from API_KEYS, and brings a key stored earlier (by an earlier start or another
 * instance) to the plan and limits the configuration now gives it, saying so in the log.
 */
async function seedKeys(config: AppConfig, keys: ManageApiKeys, logger: Logger): Promise<void> {
  for (const [index, seed] of config.seedKeys.entries()) {
    const request = { name: `API_KEYS entry ${index + 1}`, plan: seed.plan, ...(seed.customLimits && { customLimits: seed.customLimits }) };
    const outcome = await keys.ensure(seed.key, request);
    if (outcome.action === 'updated') {
      logger.info(
        { keyId: outcome.record.id, entry: index + 1, from: outcome.previous, to: { plan: seed.plan, customLimits: seed.customLimits } },
        'API_KEYS changed the plan of a stored key',
      );
    }
  }
}
