/**
 * What a feature's module gives the composition root: its ports per storage engine (with their
 * indexes and migrations), its tokens' registrations (use cases and services), its readiness probes,
 * its routes on each door, the schemas its routes name, and its background work. The root assembles
 * the list of features and names none of their ports; a new use case touches its feature's folders and
 * its module file alone, a new port its feature's storage file.
 */
// tsyringe needs the metadata polyfill loaded before it: whichever of its importers is read first.
import 'reflect-metadata';
import { instanceCachingFactory, type DependencyContainer } from 'tsyringe';
import type { Db } from 'mongodb';
import type { Logger } from 'pino';
import type { FeatureErrors } from '../../adapters/shared/http/error-catalogue.js';
import type { Tag } from '../../adapters/shared/http/plugins/openapi.js';
import type { Gate, Routes } from '../../adapters/shared/http/public-app.js';
import type { ReadinessProbe } from '../../adapters/shared/http/routes/health.js';
import type { Metrics, MetricsKind } from '../../adapters/shared/metrics/metrics.js';
import type { RedisClient } from '../../adapters/access/redis/redis-connection.js';
import type { Clock } from '../../application/shared/ports/clock.js';
import type { Adapters, Engines } from '../adapters.js';
import type { TObject, TProperties, Static } from 'typebox';
import type { AppConfig, CoreConfig, MemoryBounds } from '../env.js';
import type { Provider } from '../tokens.js';

/** How the features' services report: to the metrics, and to the log where an operator acts (none in the key tool). */
export interface Observers {
  readonly metrics: Metrics;
  readonly logger: Logger;
}

export interface ModuleContext {
  readonly config: AppConfig;
  readonly adapters: Adapters;
  /** Where the feature's services report; absent where nothing is reported (the key tool). */
  readonly observers?: Observers;
}

/** Wraps a store so that each of its calls is timed and traced under the port's name. */
export type Observe = <T extends object>(adapter: T, port: string) => T;

/** What a feature's memory stores are made with. */
export interface MemoryContext {
  readonly clock: Clock;
  readonly metrics?: Metrics;
  /** Caps of the stores that grow with traffic; unbounded when not given (tests). */
  readonly bounds?: MemoryBounds;
}

/** What a feature's MongoDB stores are made with; `memory` is the feature's memory ports, replaced here. */
export interface MongoContext<P> {
  readonly config: AppConfig;
  readonly timeoutMs: number;
  readonly clock: Clock;
  readonly observe: Observe;
  readonly memory: P;
}

/** What a feature's Redis stores are made with. */
export interface RedisContext<P> {
  readonly config: AppConfig;
  readonly redis: NonNullable<AppConfig['redis']>;
  readonly logger: Logger;
  readonly metrics?: Metrics;
  /** The clock given by a test (else Redis TIME is read, so that instances agree). */
  readonly clock?: Clock;
  readonly observe: Observe;
  readonly memory: P;
  /** True when MongoDB is configured too (and keeps what is durable). */
  readonly withMongo: boolean;
}

/** A feature's ports on each storage engine: every port in memory, and those MongoDB or Redis keep instead. */
export interface FeatureStorage<P> {
  readonly memory: (context: MemoryContext) => P;
  readonly mongo?: {
    readonly ports: (db: Db, context: MongoContext<P>) => Partial<P>;
    /** Its collections' indexes, made at start-up before anything is served. */
    readonly indexes: (db: Db) => Promise<unknown>;
    /** Migrations of stored data, run in order after every feature's indexes. */
    readonly migrations?: readonly ((db: Db) => Promise<unknown>)[];
  };
  readonly redis?: (client: RedisClient, context: RedisContext<P>) => Partial<P>;
}

/** What a feature's background work runs with. */
export interface RunContext {
  readonly container: DependencyContainer;
  readonly config: AppConfig;
  readonly adapters: Adapters;
  readonly logger: Logger;
  readonly metrics: Metrics;
}

/** Stops a piece of background work, finishing what it has under way. */
export type Stop = () => Promise<void>;

/**
 * A feature's environment variables (its slice of the one schema, listed with the service's) and the
 * settings it reads from them, given to it as `config[<its key>]`; `core` is the service's settings.
 */
export interface FeatureSettings<C extends object> {
  readonly variables: TProperties;
  readonly read: (env: Readonly<Record<string, unknown>>, core: CoreConfig) => C;
}

/** A feature's settings from its variables' schema: `read` is given them parsed and checked against it. */
export function settingsOf<S extends TObject, C extends object>(
  schema: S,
  read: (env: Static<S>, core: CoreConfig) => C,
): FeatureSettings<C> {
  // The one schema holds these variables, and start-up stops on any value it refuses: env is their Static.
  return { variables: schema.properties, read: (env, core) => read(env as Static<S>, core) };
}

export interface FeatureModule<P extends object = object, C extends object = object, K extends object = object> {
  readonly name: string;
  /** Its tokens by name, for the composition root and the tests (TOKENS gathers every feature's). */
  readonly tokens: K;
  /** Its environment variables and the settings it reads from them. */
  readonly settings?: FeatureSettings<C>;
  /** The feature's ports on each storage engine. */
  readonly storage?: FeatureStorage<P>;
  /** Gives the feature's tokens: its ports (from the chosen adapters), services and use cases. */
  readonly register: (container: DependencyContainer, context: ModuleContext) => void;
  /** What /readyz pings of the feature's stores, by name. */
  readonly probes?: (adapters: Adapters, config: AppConfig, engines: Engines) => Readonly<Record<string, ReadinessProbe>>;
  /** The routes the feature serves under /v1, in the order the document lists them. */
  readonly publicRoutes?: (container: DependencyContainer, config: AppConfig, basePath: string) => Routes[];
  /** The routes the feature serves under /admin/v1, in the order the document lists them. */
  readonly adminRoutes?: (container: DependencyContainer, config: AppConfig, basePath: string) => Routes[];
  /** Its metrics, made on each instance's registry at start (so that its gauges read 0 before their first change). */
  readonly metrics?: readonly MetricsKind<unknown>[];
  /** Its error codes (status, example, which operations answer with them). */
  readonly errors?: FeatureErrors;
  /** The tags its operations are grouped under on each door's reference page. */
  readonly tags?: { readonly public?: readonly Tag[]; readonly admin?: readonly Tag[] };
  /** The requests it sends out, for the public document's `webhooks`, by name. */
  readonly outgoing?: () => Record<string, object>;
  /** The schemas of its routes that become named components, each with its own description, per door. */
  readonly schemas?: { readonly public?: readonly unknown[]; readonly admin?: readonly unknown[] };
  /** What every request meets before its route, per door (one feature, access, gives them). */
  readonly gates?: (container: DependencyContainer, metrics: Metrics) => { readonly public: Gate; readonly admin: Gate };
  /** Starts the feature's background work; the stops run when the application closes, in order. */
  readonly start?: (run: RunContext) => Stop[];
}

/** One instance per container, made on first use. */
export function once<T>(make: (container: DependencyContainer) => T): Provider<T> {
  return { useFactory: instanceCachingFactory<T>(make) };
}

/** The ports a feature's storage gives. */
export type PortsOf<F> = F extends FeatureModule<infer P> ? P : never;

/** The settings a feature adds to the configuration. */
export type ConfigOf<F> = F extends FeatureModule<never, infer C> ? C : never;

/** The tokens a feature gives. */
export type TokensOf<F> = F extends { readonly tokens: infer K } ? K : never;

/** The intersection of a union's members: what every feature's ports, settings or tokens make together. */
export type Intersection<U> = (U extends unknown ? (whole: U) => void : never) extends (whole: infer I) => void ? I : never;
