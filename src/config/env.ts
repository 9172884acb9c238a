/**
 * The environment variables: one schema gives their types, defaults and checks (the service's here,
 * each feature's in its settings file); a bad value stops start-up naming the variable. The rules of
 * composite values are in env/.
 */
import type { TracingConfig } from '../adapters/shared/telemetry/open-telemetry.js';
import { Type, type Static } from 'typebox';
import { FEATURES } from './modules/features.js';
import type { ConfigOf, Intersection } from './modules/module.js';
import { ENVIRONMENTS, type Environment } from '../domain/access/api-key.js';
import { ConfigError } from './env/config-error.js';
import { parseRedis, type RedisConfig } from './env/redis.js';
import type { SeedAdminToken, SeedKey } from './env/seeds.js';
import { parseTracing, type TraceSampler } from './env/tracing.js';
import { oneOf, parse, parseMetricsToken, parsePublicServers, parseTrustProxy, type TrustProxy } from './env/values.js';

export { ConfigError, type RedisConfig, type SeedAdminToken, type SeedKey, type TraceSampler };

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** The variables of the whole service; each feature's own are in its settings (FeatureModule.settings). */
const CORE_VARIABLES = {
  APP_ENV: oneOf(ENVIRONMENTS, 'Which deployment this is; selects the prefix of issued API keys', 'staging'),
  HOST: Type.String({ minLength: 1, default: '127.0.0.1', description: 'Address to listen on (0.0.0.0 in containers)' }),
  PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 3000, description: 'Port to listen on' }),
  ADMIN_HOST: Type.String({
    minLength: 1,
    default: '127.0.0.1',
    description: 'Address the admin API listens on; keep it private (loopback, or an address only operators reach)',
  }),
  ADMIN_PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 3001, description: 'Port the admin API listens on' }),
  LOG_LEVEL: oneOf(LOG_LEVELS, 'Log level', 'info'),
  BODY_LIMIT_BYTES: Type.Integer({ minimum: 256, maximum: 1_048_576, default: 65_536, description: 'Largest accepted request body' }),
  TRUST_PROXY: Type.String({
    default: 'false',
    description: 'false, true, a hop count, or comma-separated proxy addresses/CIDRs whose X-Forwarded-For is trusted',
  }),
  HTTP_HEADERS_TIMEOUT_MS: Type.Integer({
    minimum: 1_000,
    default: 10_000,
    description: 'How long a client may take to send its request headers before the connection is closed (408)',
  }),
  HTTP_REQUEST_TIMEOUT_MS: Type.Integer({
    minimum: 1_000,
    default: 30_000,
    description: 'How long a client may take to send its whole request, body included, before the connection is closed (408)',
  }),
  HTTP_KEEP_ALIVE_TIMEOUT_MS: Type.Integer({
    minimum: 1_000,
    default: 65_000,
    description: 'How long an idle keep-alive connection is kept open; above the load balancer idle timeout',
  }),
  PRODUCTION_BASE_URL: Type.String({
    default: '',
    description: 'Where production serves the API, ending in /v1 (listed in the OpenAPI document)',
  }),
  STAGING_BASE_URL: Type.String({
    default: '',
    description: 'Where staging serves the API, ending in /v1 (listed in the OpenAPI document)',
  }),
  METRICS_TOKEN: Type.String({
    default: '',
    description: 'Bearer token GET /metrics asks for (at least 16 characters); open when unset, and required when METRICS_LISTENER=public',
  }),
  METRICS_LISTENER: oneOf(
    ['admin', 'public'] as const,
    'Which listener serves GET /metrics: the admin one (ADMIN_HOST:ADMIN_PORT, private) or the public one (then METRICS_TOKEN is required)',
    'admin',
  ),
  ALLOW_IN_MEMORY_STORAGE: oneOf(
    ['true', 'false'] as const,
    'true lets APP_ENV=production start without MONGODB_URL, on memory (lost at every restart): a trial, never a deployment',
    'false',
  ),
  SHUTDOWN_TIMEOUT_SECONDS: Type.Integer({ minimum: 1, default: 10, description: 'Grace period for in-flight requests on SIGTERM/SIGINT' }),
  READINESS_TIMEOUT_MS: Type.Integer({ minimum: 50, default: 2_000, description: 'How long /readyz waits for each adapter' }),
  MONGODB_URL: Type.String({ default: '', description: 'MongoDB connection string; pets and keys are kept in memory when unset' }),
  MONGODB_DATABASE: Type.String({ pattern: '^[A-Za-z0-9_-]{1,63}$', default: 'adoption', description: 'Database name' }),
  MONGODB_TIMEOUT_MS: Type.Integer({
    minimum: 100,
    default: 2_000,
    description: 'Longest wait for MongoDB before a request gets 503 service_unavailable',
  }),
  REDIS_URL: Type.String({
    default: '',
    description: 'A standalone Redis (redis:// or rediss://, credentials in the URL) for limits shared by all instances',
  }),
  REDIS_CLUSTER_NODES: Type.String({
    default: '',
    description: 'A Redis Cluster instead: comma-separated host:port of some of its nodes (seeds)',
  }),
  REDIS_SENTINEL_NODES: Type.String({
    default: '',
    description: 'Redis under Sentinel instead: comma-separated host:port of the sentinels',
  }),
  REDIS_SENTINEL_MASTER: Type.String({ default: '', description: 'The master name the sentinels monitor (with REDIS_SENTINEL_NODES)' }),
  REDIS_SENTINEL_PASSWORD: Type.String({ default: '', description: "The sentinels' own password, when they require one" }),
  REDIS_USERNAME: Type.String({ default: '', description: 'ACL user for the data nodes of a cluster or a Sentinel-managed Redis' }),
  REDIS_PASSWORD: Type.String({ default: '', description: 'Password for the data nodes of a cluster or a Sentinel-managed Redis' }),
  REDIS_TLS: oneOf(['false', 'true'] as const, 'TLS to the nodes (and sentinels) of a cluster or a Sentinel-managed Redis', 'false'),
  REDIS_TIMEOUT_MS: Type.Integer({
    minimum: 10,
    default: 500,
    description: 'Longest wait for a Redis call on a request (a limit decision, a usage write, a readiness probe)',
  }),
  REDIS_KEY_PREFIX: Type.String({
    pattern: '^[A-Za-z0-9:_.-]{1,64}$',
    default: 'rl:',
    description: "Prefix of the limiter's Redis keys, so that deployments sharing one Redis keep their counts apart",
  }),
  MEMORY_MAX_EVENTS: Type.Integer({
    minimum: 10,
    maximum: 100_000_000,
    default: 10_000,
    description:
      'In-memory storage only: the most events the feed keeps; on reaching it the oldest tenth is ' +
      'dropped (an `after` among them gets 410, as past EVENT_RETENTION_DAYS)',
  }),
  MEMORY_MAX_AUDIT_EVENTS: Type.Integer({
    minimum: 10,
    maximum: 100_000_000,
    default: 100_000,
    description: 'In-memory storage only: the most audit events kept; on reaching it the oldest tenth is dropped',
  }),
  MEMORY_MAX_IDEMPOTENCY_RECORDS: Type.Integer({
    minimum: 10,
    maximum: 100_000_000,
    default: 10_000,
    description:
      'In-memory storage only: the most Idempotency-Key records kept; on reaching it the oldest tenth ' +
      'is dropped (a retry with one of their keys creates the animal again, as after ' +
      'IDEMPOTENCY_TTL_SECONDS)',
  }),
};

/** Every variable: the service's, then each feature's. */
export const EnvSchema = Type.Object({
  ...CORE_VARIABLES,
  ...Object.assign({}, ...FEATURES.map((feature) => feature.settings?.variables ?? {})),
} as typeof CORE_VARIABLES);

export type Env = Static<ReturnType<typeof Type.Object<typeof CORE_VARIABLES>>>;

/** Each feature's settings, under the name its settings give them. */
type FeatureConfig = Intersection<ConfigOf<(typeof FEATURES)[number]>>;

export interface MemoryBounds {
  readonly maxEvents: number;
  readonly maxAuditEvents: number;
  readonly maxIdempotencyRecords: number;
}

/** The service's settings; AppConfig adds each feature's. */
export interface CoreConfig {
  readonly environment: Environment;
  readonly host: string;
  readonly port: number;
  readonly admin: { readonly host: string; readonly port: number };
  readonly logLevel: Env['LOG_LEVEL'];
  readonly bodyLimitBytes: number;
  /** As Fastify takes it: a boolean, proxy addresses, or a function of the hop count. */
  readonly trustProxy: TrustProxy;
  readonly shutdownTimeoutMs: number;
  readonly connectionTimeouts: { readonly headersMs: number; readonly requestMs: number; readonly keepAliveMs: number };
  readonly readinessTimeoutMs: number;
  readonly mongo: { readonly url: string; readonly database: string; readonly timeoutMs: number } | null;
  readonly redis: RedisConfig | null;
  readonly metricsToken: string | null;
  /** Which listener serves GET /metrics. */
  readonly metricsListener: 'admin' | 'public';
  /** What the in-memory stores that grow with traffic keep at most (MEMORY_MAX_*). */
  readonly memoryBounds: MemoryBounds;
  /** Production may start without MongoDB only when this says so. */
  readonly allowInMemoryStorage: boolean;
  /** The environments that publish the API, for the OpenAPI document's servers. */
  readonly publicServers: readonly { readonly url: string; readonly description: string }[];
  /** OpenTelemetry tracing, when the standard OTEL_* variables ask for it; null: not loaded at all. */
  readonly tracing: TracingConfig | null;
}

export type AppConfig = CoreConfig & FeatureConfig;

/**
 * What a production start needs beyond valid variables: durable storage. Without MONGODB_URL every
 * pet, key and usage count lives in memory and is lost at the next restart, so production refuses to
 * start there unless ALLOW_IN_MEMORY_STORAGE=true says it is meant (a trial).
 */
export function checkProductionStorage(config: AppConfig): void {
  if (config.environment !== 'production' || config.mongo || config.allowInMemoryStorage) return;
  throw new ConfigError(
    'APP_ENV=production needs MONGODB_URL: without it, pets, keys and usage are kept in memory and ' +
      'lost at every restart. Set MONGODB_URL (see docs/operations.md), or ALLOW_IN_MEMORY_STORAGE=true ' +
      'to run a trial on memory anyway',
  );
}

/** Reads the configuration from an environment (process.env in production, a literal in tests). */
export function loadConfig(source: Readonly<Record<string, string | undefined>>): AppConfig {
  const raw: Record<string, unknown> = {};
  for (const name of Object.keys(EnvSchema.properties)) {
    const value = source[name];
    if (value !== undefined && value !== '') raw[name] = value.trim();
  }
  const env = parse(EnvSchema, raw);
  // Checked apart from the schema so that the message never repeats a URL (it may hold credentials).
  if (env.MONGODB_URL && !/^mongodb(\+srv)?:\/\//.test(env.MONGODB_URL)) {
    throw new ConfigError('MONGODB_URL must start with mongodb:// or mongodb+srv://');
  }
  const core: CoreConfig = {
    environment: env.APP_ENV,
    host: env.HOST,
    port: env.PORT,
    admin: { host: env.ADMIN_HOST, port: env.ADMIN_PORT },
    logLevel: env.LOG_LEVEL,
    bodyLimitBytes: env.BODY_LIMIT_BYTES,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_SECONDS * 1000,
    connectionTimeouts: {
      headersMs: env.HTTP_HEADERS_TIMEOUT_MS,
      requestMs: env.HTTP_REQUEST_TIMEOUT_MS,
      keepAliveMs: env.HTTP_KEEP_ALIVE_TIMEOUT_MS,
    },
    readinessTimeoutMs: env.READINESS_TIMEOUT_MS,
    mongo: env.MONGODB_URL ? { url: env.MONGODB_URL, database: env.MONGODB_DATABASE, timeoutMs: env.MONGODB_TIMEOUT_MS } : null,
    redis: parseRedis(env),
    metricsToken: parseMetricsToken(env.METRICS_TOKEN, env.METRICS_LISTENER),
    metricsListener: env.METRICS_LISTENER,
    memoryBounds: {
      maxEvents: env.MEMORY_MAX_EVENTS,
      maxAuditEvents: env.MEMORY_MAX_AUDIT_EVENTS,
      maxIdempotencyRecords: env.MEMORY_MAX_IDEMPOTENCY_RECORDS,
    },
    allowInMemoryStorage: env.ALLOW_IN_MEMORY_STORAGE === 'true',
    publicServers: parsePublicServers(env.PRODUCTION_BASE_URL, env.STAGING_BASE_URL),
    tracing: parseTracing(source),
  };
  const features = FEATURES.map((feature) => feature.settings?.read(env, core) ?? {});
  return Object.assign({}, core, ...features) as AppConfig;
}
