/**
 * The access feature's ports on each engine: keys and admin credentials (MongoDB, keys cached), the
 * rate limiter (Redis, failing over to this instance's memory limiter as RATE_LIMIT_FAILURE_MODE
 * says) and usage counts. Usage is billing data kept up to 400 days: it goes to the durable store when
 * there is one (MongoDB, else Redis).
 */
import { AccessMetrics } from '../../adapters/access/metrics/access-metrics.js';
import type { AdminCredentialStore } from '../../application/access/ports/admin-credential-store.js';
import type { ApiKeyStore } from '../../application/access/ports/api-key-store.js';
import type { RateLimiter } from '../../application/access/ports/rate-limiter.js';
import type { UsageStore } from '../../application/access/ports/usage-store.js';
import { FailoverRateLimiter } from '../../application/access/services/failover-rate-limiter.js';
import { isTimeout } from '../../application/shared/within.js';
import { CachingApiKeyStore } from '../../adapters/access/cache/caching-api-key-store.js';
import { MemoryAdminCredentialStore } from '../../adapters/access/memory/memory-admin-credential-store.js';
import { MemoryApiKeyStore } from '../../adapters/access/memory/memory-api-key-store.js';
import { MemoryRateLimiter } from '../../adapters/access/memory/memory-rate-limiter.js';
import { MemoryUsageStore } from '../../adapters/access/memory/memory-usage-store.js';
import { MongoAdminCredentialStore } from '../../adapters/access/mongo/mongo-admin-credential-store.js';
import { MongoApiKeyStore } from '../../adapters/access/mongo/mongo-api-key-store.js';
import { MongoUsageStore } from '../../adapters/access/mongo/mongo-usage-store.js';
import type { RedisClient } from '../../adapters/access/redis/redis-connection.js';
import { RedisRateLimiter } from '../../adapters/access/redis/redis-rate-limiter.js';
import { RedisUsageStore } from '../../adapters/access/redis/redis-usage-store.js';
import type { FeatureStorage, RedisContext } from './module.js';

export interface AccessPorts {
  readonly apiKeys: ApiKeyStore;
  /** Looked up on every admin request, uncached: a revoked credential stops at once everywhere. */
  readonly adminCredentials: AdminCredentialStore;
  readonly rateLimiter: RateLimiter;
  /** Where every instance's usage counts meet (flushed to, off the request path), and its engine. */
  readonly usage: UsageStore;
  readonly usageEngine: 'memory' | 'mongodb' | 'redis';
}

export const accessStorage: FeatureStorage<AccessPorts> = {
  memory: ({ clock }) => ({
    apiKeys: new MemoryApiKeyStore(),
    adminCredentials: new MemoryAdminCredentialStore(),
    rateLimiter: new MemoryRateLimiter(clock),
    usage: new MemoryUsageStore(clock),
    usageEngine: 'memory',
  }),
  mongo: {
    ports: (db, { timeoutMs, observe, clock, config }) => ({
      apiKeys: new CachingApiKeyStore(observe(new MongoApiKeyStore(db, timeoutMs), 'api_keys'), clock, config.keyCacheTtlMs),
      adminCredentials: observe(new MongoAdminCredentialStore(db, timeoutMs), 'admin_credentials'),
      usage: observe(new MongoUsageStore(db, timeoutMs), 'usage'),
      usageEngine: 'mongodb',
    }),
    indexes: (db) =>
      Promise.all([MongoApiKeyStore.ensureIndexes(db), MongoAdminCredentialStore.ensureIndexes(db), MongoUsageStore.ensureIndexes(db)]),
  },
  redis: (client, context) => {
    const rateLimiter = sharedRateLimiter(client, context);
    if (context.withMongo) return { rateLimiter };
    const { redis, clock, observe } = context;
    const usage = observe(
      new RedisUsageStore(client, { keyPrefix: redis.keyPrefix, timeoutMs: redis.timeoutMs, ...(clock && { clock }) }),
      'usage',
    );
    return { rateLimiter, usage, usageEngine: 'redis' };
  },
};

/** The shared limiter, failing over to this instance's memory limiter; each change of state is counted and logged once. */
function sharedRateLimiter(
  client: RedisClient,
  { redis, config, logger, metrics, clock, observe, memory }: RedisContext<AccessPorts>,
): RateLimiter {
  const shared = observe(
    new RedisRateLimiter(client, { timeoutMs: redis.timeoutMs, keyPrefix: redis.keyPrefix, ...(clock && { clock }) }),
    'rate_limiter',
  );
  const mode = config.rateLimitFailureMode;
  return new FailoverRateLimiter(shared, memory.rateLimiter, mode, {
    failed: (error) => metrics?.storageFailure('redis', isTimeout(error) ? 'timeout' : 'unavailable'),
    outage: (error) => {
      metrics?.feature(AccessMetrics).limiterDegraded(true);
      logger.warn(
        { err: error, mode },
        mode === 'open'
          ? 'Redis is unavailable: limiting per instance in memory until it returns'
          : 'Redis is unavailable: refusing requests with 503 until it returns',
      );
    },
    recovered: () => {
      metrics?.feature(AccessMetrics).limiterDegraded(false);
      logger.info('Redis is back: limits are shared again');
    },
  });
}
