/**
 * Adapter selection: the only place that chooses which engine backs the features' ports. Every
 * feature gives its ports in memory, and those MongoDB and Redis keep instead (its storage file);
 * this file knows the engines, not the ports. Staging and production differ only in the
 * configuration read here.
 */
import type { Logger } from 'pino';
import { systemClock, type Clock } from '../application/shared/ports/clock.js';
import { connectMongo, type MongoPreparation } from '../adapters/shared/mongo/mongo-connection.js';
import { connectRedis } from '../adapters/access/redis/redis-connection.js';
import type { Metrics } from '../adapters/shared/metrics/metrics.js';
import { observedPort, timedCalls, type PortObserver } from '../adapters/shared/telemetry/observed-port.js';
import type { AppConfig, MemoryBounds } from './env.js';
import { FEATURES } from './modules/features.js';
import type { FeatureStorage, Intersection, Observe, PortsOf } from './modules/module.js';

/** Every feature's ports, by the names their storage files give them. */
export type Ports = Intersection<PortsOf<(typeof FEATURES)[number]>>;

/** Which engines back the ports: the store (memory or MongoDB), and Redis where one is configured (its topology). */
export interface Engines {
  readonly store: 'memory' | 'mongodb';
  readonly redis: string | null;
}

export type Adapters = Ports & {
  readonly engines: Engines;
  /** Which engines back the ports, for logs. */
  readonly description: string;
  /** Releases connections; called once when the application closes. */
  readonly close: () => Promise<void>;
};

type AnyStorage = FeatureStorage<Record<string, unknown>>;
const storages = (): AnyStorage[] => FEATURES.flatMap((feature) => (feature.storage ? [feature.storage as unknown as AnyStorage] : []));

/** Memory for every port; `bounds` caps the stores that grow with traffic (unbounded when not given, as in tests). */
export function memoryAdapters(clock: Clock = systemClock, metrics?: Metrics, bounds?: MemoryBounds): Adapters {
  const context = { clock, ...(metrics && { metrics }), ...(bounds && { bounds }) };
  const ports = Object.assign({}, ...storages().map((storage) => storage.memory(context))) as Ports;
  return { ...ports, ...withEngines({ store: 'memory', redis: null }, []) };
}

/** What readies MongoDB at start-up: every feature's indexes, then the features' migrations of stored data, in order. */
export const MONGO_PREPARATIONS: readonly MongoPreparation[] = [
  (db) => Promise.all(storages().flatMap((storage) => (storage.mongo ? [storage.mongo.indexes(db)] : []))),
  ...storages().flatMap((storage) => storage.mongo?.migrations ?? []),
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
 * The adapters the configuration asks for: each feature's MongoDB ports when MONGODB_URL is set, its
 * Redis ports when a Redis is configured, memory for the rest.
 */
export async function configuredAdapters(config: AppConfig, logger: Logger, options: AdapterOptions = {}): Promise<Adapters> {
  const clock = options.clock ?? systemClock;
  const { metrics } = options;
  const observers = [
    ...(metrics ? [timedCalls((store, operation) => metrics.storageCallTimer(store, operation))] : []),
    ...(options.portObservers ?? []),
  ];
  const observeOn =
    (engine: 'mongodb' | 'redis'): Observe =>
    (adapter, port) =>
      observedPort(adapter, engine, port, observers);
  const closers: (() => Promise<unknown>)[] = [];
  const context = { clock, ...(metrics && { metrics }), bounds: config.memoryBounds };
  const chosen = storages().map((storage) => ({ storage, ports: storage.memory(context) }));
  const engines = { store: config.mongo ? ('mongodb' as const) : ('memory' as const), redis: null as string | null };
  if (config.mongo) {
    const mongo = await connectMongo(config.mongo, MONGO_PREPARATIONS);
    closers.push(() => mongo.client.close());
    const given = { config, timeoutMs: config.mongo.timeoutMs, clock, observe: observeOn('mongodb') };
    for (const one of chosen) one.ports = { ...one.ports, ...one.storage.mongo?.ports(mongo.db, { ...given, memory: one.ports }) };
  }
  if (config.redis) {
    const redis = await connectRedis(config.redis);
    closers.push(redis.close);
    engines.redis = redis.description;
    const given = {
      config,
      redis: config.redis,
      logger,
      ...(metrics && { metrics }),
      ...(options.clock && { clock: options.clock }),
      observe: observeOn('redis'),
      withMongo: config.mongo !== null,
    };
    for (const one of chosen) one.ports = { ...one.ports, ...one.storage.redis?.(redis.client, { ...given, memory: one.ports }) };
  }
  const ports = Object.assign({}, ...chosen.map((one) => one.ports)) as Ports;
  return { ...ports, ...withEngines(engines, closers) };
}

function withEngines(engines: Engines, closers: readonly (() => Promise<unknown>)[]): Pick<Adapters, 'engines' | 'description' | 'close'> {
  return {
    engines,
    description: `stores: ${engines.store}${engines.redis ? `; Redis: ${engines.redis}` : ''}`,
    close: async () => {
      await Promise.all(closers.map((close) => close()));
    },
  };
}
