/** Helpers for suites that need real servers: loud skipping, test-only databases, fresh state. */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { MongoClient, type Db } from 'mongodb';
import { describe, inject } from 'vitest';
import { connectMongo } from '../../src/adapters/shared/mongo/mongo-connection.js';
import type { Backend } from './backends.js';
import { MONGO_PREPARATIONS } from '../../src/config/adapters.js';
import { createApp, type Application } from '../../src/config/create-app.js';
import { loadConfig } from '../../src/config/env.js';

export function describeWith(engine: 'redis' | 'mongo' | 'both', name: string, body: () => void): void {
  const needed = engine === 'both' ? (['redis', 'mongo'] as const) : ([engine] as const);
  const backends = needed.map((e) => [e, inject(e)] as const);
  const missing = backends.filter(([, b]) => !b.url);
  if (missing.length > 0) {
    const why = missing.map(([e, b]) => `${e}: ${b.reason}`).join('; ');
    console.warn(`[backend] SKIPPED "${name}": ${why}`);
    describe.skip(`${name} (skipped: ${why})`, body);
    return;
  }
  const label = backends.map(([e, b]) => `${e}: ${b.backend}`).join(', ');
  console.info(`[backend] "${name}" runs on ${label}`);
  describe(`${name} [${label}]`, body);
}

export function backend(engine: 'redis' | 'mongo'): Backend & { url: string } {
  const found = inject(engine);
  if (!found.url) throw new Error(`${engine} is not available`);
  return found as Backend & { url: string };
}

/** Integration tests write only to databases whose name says they are for tests. */
export function assertTestDatabase(name: string): void {
  if (!/(^|[_-])test([_-]|$)/i.test(name)) {
    throw new Error(`Refusing to use database "${name}" for tests: its name must contain "test" (e.g. adoption_test)`);
  }
}

export function testDatabaseName(): string {
  const name = process.env.MONGODB_TEST_DATABASE ?? `adoption_test_${randomBytes(4).toString('hex')}`;
  assertTestDatabase(name);
  return name;
}

/** A connected test database with the service's indexes; `clear` empties it (the test server lacks drop). */
export async function openTestDatabase(): Promise<{
  client: MongoClient;
  db: Db;
  name: string;
  clear(): Promise<void>;
  close(): Promise<void>;
}> {
  const name = testDatabaseName();
  const { client, db } = await connectMongo({ url: backend('mongo').url, database: name, timeoutMs: 5_000 }, MONGO_PREPARATIONS);
  const clear = async () => {
    await Promise.all(
      [
        'pets',
        'orders',
        'counters',
        'pet_ids',
        'api_keys',
        'admin_credentials',
        'audit_events',
        'idempotency_keys',
        'usage_buckets',
        'usage_callers',
        'events',
        'event_feed',
        'webhook_endpoints',
        'webhook_owners',
        'webhook_deliveries',
        'webhook_fanout',
        'webhook_health',
        'organizations',
        'saved_searches',
        'saved_search_owners',
        'publishing_destinations',
        'publishing_owners',
        'photo_ids',
        'photos.files',
        'photos.chunks',
      ].map((c) => db.collection(c).deleteMany({})),
    );
  };
  return {
    client,
    db,
    name,
    clear,
    close: async () => {
      await clear();
      await client.close();
    },
  };
}

export function openRedis(): Redis {
  return new Redis(backend('redis').url, { maxRetriesPerRequest: 1 });
}

export function uniquePrefix(): string {
  return `test:${randomBytes(6).toString('hex')}:`;
}

export { MongoClient };

/**
 * Two instances as production runs them, on one fresh test database and one Redis (a key prefix of
 * their own), with more configuration if given; `close` stops both and drops the database.
 */
export async function twoInstances(env: Record<string, string> = {}): Promise<{
  readonly instances: readonly [Application, Application];
  /** The database they share, to read what they stored. */
  readonly database: Awaited<ReturnType<typeof openTestDatabase>>;
  readonly close: () => Promise<void>;
}> {
  const database = await openTestDatabase();
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    MONGODB_URL: backend('mongo').url,
    MONGODB_DATABASE: database.name,
    REDIS_URL: backend('redis').url,
    REDIS_KEY_PREFIX: uniquePrefix(),
    ...env,
  });
  const instances = (await Promise.all([1, 2].map(() => createApp(config)))) as [Application, Application];
  return {
    instances,
    database,
    close: async () => {
      await Promise.all(instances.map((app) => app.http.close()));
      await database.close();
    },
  };
}
