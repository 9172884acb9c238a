/** The environment variables: one schema gives their types, defaults and checks; a bad value stops start-up naming the variable. */
import type { TracingConfig } from '../adapters/telemetry/open-telemetry.js';
import { Type, type Static, type TSchema } from 'typebox';
import { Value } from 'typebox/value';
import { checkKeyFormat, ENVIRONMENTS, KEY_FORMAT_TEXT, type Environment } from '../domain/api-key.js';
import {
  ADMIN_NAME_MAX_LENGTH,
  ADMIN_SCOPES,
  ADMIN_TOKEN_PREFIX,
  checkAdminTokenFormat,
  isAdminScope,
  type AdminScope,
} from '../domain/admin-credential.js';
import type { RedisAddress, RedisOptions } from '../adapters/redis/redis-connection.js';
import { parseDate, RFC3339 } from '../adapters/http/schemas/dates.js';
import { isPlanId, isValidLimits, type PlanId, type PlanLimits } from '../domain/plans.js';

const oneOf = <T extends string>(values: readonly T[], description: string, fallback: T) =>
  Type.Unsafe<T>({ type: 'string', enum: [...values], default: fallback, description });

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

export const EnvSchema = Type.Object({
  APP_ENV: oneOf(ENVIRONMENTS, 'Which deployment this is; selects the prefix of issued API keys', 'staging'),
  HOST: Type.String({ minLength: 1, default: '127.0.0.1', description: 'Address to listen on (0.0.0.0 in containers)' }),
  PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 3000, description: 'Port to listen on' }),
  ADMIN_HOST: Type.String({
    minLength: 1,
    default: '127.0.0.1',
    description: 'Address the admin API listens on; keep it private (loopback, or an address only operators reach)',
  }),
  ADMIN_PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 3001, description: 'Port the admin API listens on' }),
  ADMIN_TOKENS: Type.String({
    default: '',
    description:
      'Admin credentials to register at start-up: comma-separated token (all scopes) or token:scope+scope, each optionally named as name=token',
  }),
  LOG_LEVEL: oneOf(LOG_LEVELS, 'Log level', 'info'),
  API_KEYS: Type.String({
    default: '',
    description: 'Keys to register at start-up: comma-separated key:plan, or key:enterprise:PER_MINUTE:PER_DAY',
  }),
  BODY_LIMIT_BYTES: Type.Integer({ minimum: 256, maximum: 1_048_576, default: 16_384, description: 'Largest accepted request body' }),
  TRUST_PROXY: Type.String({
    default: 'false',
    description: 'false, true, a hop count, or comma-separated proxy addresses/CIDRs whose X-Forwarded-For is trusted',
  }),
  RATE_LIMIT_BAN_THRESHOLD: Type.Integer({
    minimum: 0,
    default: 100,
    description: 'Refused requests within a minute that block a client; 0 disables blocking',
  }),
  RATE_LIMIT_BAN_SECONDS: Type.Integer({ minimum: 60, default: 900, description: 'How long a blocked client stays blocked' }),
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
  LEGACY_PET_OWNER: Type.String({
    default: '',
    maxLength: 200,
    description: 'The owner of pets stored before owners were recorded (a key owner id); unset, no key may change those pets',
  }),
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
  REDIS_TIMEOUT_MS: Type.Integer({ minimum: 10, default: 500, description: 'Longest wait for a Redis connection or command' }),
  REDIS_KEY_PREFIX: Type.String({
    pattern: '^[A-Za-z0-9:_.-]{1,64}$',
    default: 'rl:',
    description: "Prefix of the limiter's Redis keys, so that deployments sharing one Redis keep their counts apart",
  }),
  RATE_LIMIT_FAILURE_MODE: oneOf(
    ['open', 'closed'] as const,
    'When Redis fails: open = limit per instance in memory, closed = refuse with 503',
    'open',
  ),
  KEY_CACHE_TTL_SECONDS: Type.Integer({
    minimum: 0,
    maximum: 3_600,
    default: 30,
    description: 'How long an instance keeps key records; a revoked key stops working within this time',
  }),
  IDEMPOTENCY_TTL_SECONDS: Type.Integer({
    minimum: 60,
    maximum: 604_800,
    default: 86_400,
    description: 'How long a create made with an Idempotency-Key is remembered and replayed',
  }),
  KEY_ROTATION_GRACE_SECONDS: Type.Integer({
    minimum: 0,
    maximum: 604_800,
    default: 86_400,
    description: 'How long the old key keeps working after a rotation that names no grace',
  }),
  USAGE_FLUSH_SECONDS: Type.Integer({
    minimum: 1,
    maximum: 30,
    default: 10,
    description: 'How often each instance adds its usage counts to the shared store; a crash loses at most this much',
  }),
  GET_PET_SUNSET: Type.String({
    default: '2030-12-05T00:00:00Z',
    description: 'RFC 3339 instant from which GET /v1/pets/{petId} answers 410 gone (sent as its Sunset header)',
  }),
  GET_PET_BROWNOUTS: Type.String({
    default: '',
    description:
      'Announced windows before the sunset in which GET /v1/pets/{petId} already answers 410: comma-separated RFC 3339 start/end',
  }),
});

export type Env = Static<typeof EnvSchema>;

export interface SeedKey {
  readonly key: string;
  readonly plan: PlanId;
  readonly customLimits?: PlanLimits;
}

export interface SeedAdminToken {
  readonly token: string;
  readonly scopes: readonly AdminScope[];
  /** The name given as name=token; else the entry's position names it. */
  readonly name?: string;
}

export interface AppConfig {
  readonly environment: Environment;
  readonly host: string;
  readonly port: number;
  readonly admin: { readonly host: string; readonly port: number };
  readonly adminTokens: readonly SeedAdminToken[];
  readonly logLevel: Env['LOG_LEVEL'];
  readonly seedKeys: readonly SeedKey[];
  readonly bodyLimitBytes: number;
  /** As Fastify takes it: a boolean, proxy addresses, or a function of the hop count. */
  readonly trustProxy: boolean | string | ((address: string, hop: number) => boolean);
  readonly ban: { readonly threshold: number; readonly durationMs: number };
  readonly shutdownTimeoutMs: number;
  readonly connectionTimeouts: { readonly headersMs: number; readonly requestMs: number; readonly keepAliveMs: number };
  readonly readinessTimeoutMs: number;
  readonly mongo: { readonly url: string; readonly database: string; readonly timeoutMs: number } | null;
  readonly redis: RedisConfig | null;
  readonly rateLimitFailureMode: 'open' | 'closed';
  readonly keyCacheTtlMs: number;
  readonly keyRotationGraceMs: number;
  readonly idempotencyTtlMs: number;
  readonly metricsToken: string | null;
  /** Which listener serves GET /metrics. */
  readonly metricsListener: 'admin' | 'public';
  readonly usageFlushMs: number;
  /** Who owns pets stored before owners were recorded; null: nobody may change them. */
  readonly legacyPetOwner: string | null;
  /** Production may start without MongoDB only when this says so. */
  readonly allowInMemoryStorage: boolean;
  /** When GET /v1/pets/{petId} goes (sunset), and the windows before it in which it already answers 410. */
  readonly getPetRemoval: {
    readonly sunsetAtMs: number;
    readonly brownouts: readonly { readonly startMs: number; readonly endMs: number }[];
  };
  /** The environments that publish the API, for the OpenAPI document's servers. */
  readonly publicServers: readonly { readonly url: string; readonly description: string }[];
  /** OpenTelemetry tracing, when the standard OTEL_* variables ask for it; null: not loaded at all. */
  readonly tracing: TracingConfig | null;
}

/** The sampler names OTEL_TRACES_SAMPLER takes. */
export type TraceSampler = TracingConfig['sampler'];

/** Where Redis is and how to reach it: one server, a cluster, or a master found through Sentinel. */
export type RedisConfig = RedisOptions & { readonly keyPrefix: string };

export class ConfigError extends Error {}

/**
 * What a production start needs beyond valid variables: durable storage. Without MONGODB_URL every
 * pet, key and usage count lives in memory and is lost at the next restart, so production refuses to
 * start there unless ALLOW_IN_MEMORY_STORAGE=true says it is meant (a trial).
 */
export function checkProductionStorage(config: AppConfig): void {
  if (config.environment !== 'production' || config.mongo || config.allowInMemoryStorage) return;
  throw new ConfigError(
    'Invalid configuration:\n  APP_ENV=production needs MONGODB_URL: without it, pets, keys and usage are kept in memory and lost at every restart. Set MONGODB_URL (see docs/operations.md), or ALLOW_IN_MEMORY_STORAGE=true to run a trial on memory anyway',
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
    throw new ConfigError('Invalid configuration:\n  MONGODB_URL must start with mongodb:// or mongodb+srv://');
  }
  return {
    environment: env.APP_ENV,
    host: env.HOST,
    port: env.PORT,
    admin: { host: env.ADMIN_HOST, port: env.ADMIN_PORT },
    adminTokens: parseAdminTokens(env.ADMIN_TOKENS),
    logLevel: env.LOG_LEVEL,
    seedKeys: parseSeedKeys(env.API_KEYS, env.APP_ENV),
    bodyLimitBytes: env.BODY_LIMIT_BYTES,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    ban: { threshold: env.RATE_LIMIT_BAN_THRESHOLD, durationMs: env.RATE_LIMIT_BAN_SECONDS * 1000 },
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_SECONDS * 1000,
    connectionTimeouts: {
      headersMs: env.HTTP_HEADERS_TIMEOUT_MS,
      requestMs: env.HTTP_REQUEST_TIMEOUT_MS,
      keepAliveMs: env.HTTP_KEEP_ALIVE_TIMEOUT_MS,
    },
    readinessTimeoutMs: env.READINESS_TIMEOUT_MS,
    mongo: env.MONGODB_URL ? { url: env.MONGODB_URL, database: env.MONGODB_DATABASE, timeoutMs: env.MONGODB_TIMEOUT_MS } : null,
    redis: parseRedis(env),
    rateLimitFailureMode: env.RATE_LIMIT_FAILURE_MODE,
    keyCacheTtlMs: env.KEY_CACHE_TTL_SECONDS * 1000,
    keyRotationGraceMs: env.KEY_ROTATION_GRACE_SECONDS * 1000,
    idempotencyTtlMs: env.IDEMPOTENCY_TTL_SECONDS * 1000,
    metricsToken: parseMetricsToken(env.METRICS_TOKEN, env.METRICS_LISTENER),
    metricsListener: env.METRICS_LISTENER,
    usageFlushMs: env.USAGE_FLUSH_SECONDS * 1000,
    legacyPetOwner: env.LEGACY_PET_OWNER || null,
    allowInMemoryStorage: env.ALLOW_IN_MEMORY_STORAGE === 'true',
    getPetRemoval: parseRemoval(env.GET_PET_SUNSET, env.GET_PET_BROWNOUTS),
    publicServers: parsePublicServers(env.PRODUCTION_BASE_URL, env.STAGING_BASE_URL),
    tracing: parseTracing(source),
  };
}

const SAMPLERS: readonly TraceSampler[] = [
  'always_on',
  'always_off',
  'traceidratio',
  'parentbased_always_on',
  'parentbased_always_off',
  'parentbased_traceidratio',
];

/**
 * Tracing from OpenTelemetry's own variables: on when OTEL_TRACES_EXPORTER=otlp, or when it is unset
 * and an OTLP endpoint is given; off with OTEL_SDK_DISABLED=true or OTEL_TRACES_EXPORTER=none.
 */
function parseTracing(source: Readonly<Record<string, string | undefined>>): TracingConfig | null {
  const get = (name: string): string | undefined => {
    const value = source[name]?.trim();
    return value === undefined || value === '' ? undefined : value;
  };
  if (get('OTEL_SDK_DISABLED')?.toLowerCase() === 'true') return null;
  const exporter = get('OTEL_TRACES_EXPORTER');
  const tracesEndpoint = get('OTEL_EXPORTER_OTLP_TRACES_ENDPOINT');
  const endpoint = get('OTEL_EXPORTER_OTLP_ENDPOINT');
  if (exporter === 'none' || (exporter === undefined && tracesEndpoint === undefined && endpoint === undefined)) return null;
  const problems: string[] = [];
  if (exporter !== undefined && exporter !== 'otlp')
    problems.push(`OTEL_TRACES_EXPORTER=${JSON.stringify(exporter)} must be otlp or none (spans are sent over OTLP/HTTP)`);
  const protocol = get('OTEL_EXPORTER_OTLP_TRACES_PROTOCOL') ?? get('OTEL_EXPORTER_OTLP_PROTOCOL');
  if (protocol !== undefined && protocol !== 'http/json')
    problems.push(
      `OTEL_EXPORTER_OTLP_PROTOCOL=${JSON.stringify(protocol)} must be http/json, the protocol this service sends (an OpenTelemetry Collector takes it on port 4318)`,
    );
  const sampler = (get('OTEL_TRACES_SAMPLER') ?? 'parentbased_traceidratio') as TraceSampler;
  if (!SAMPLERS.includes(sampler)) problems.push(`OTEL_TRACES_SAMPLER=${JSON.stringify(sampler)} must be one of ${SAMPLERS.join(', ')}`);
  const ratioText = get('OTEL_TRACES_SAMPLER_ARG');
  const ratio = ratioText === undefined ? 0.01 : Number(ratioText);
  if (!Number.isFinite(ratio) || ratio < 0 || ratio > 1)
    problems.push(`OTEL_TRACES_SAMPLER_ARG=${JSON.stringify(ratioText)} must be a number from 0 to 1 (the share of new traces recorded)`);
  const url = tracesEndpoint ?? (endpoint === undefined ? 'http://localhost:4318/v1/traces' : `${endpoint.replace(/\/+$/, '')}/v1/traces`);
  if (!/^https?:\/\//.test(url))
    problems.push('OTEL_EXPORTER_OTLP_ENDPOINT (or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) must be an http:// or https:// URL');
  if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  return { endpoint: url, sampler, ratio, serviceName: get('OTEL_SERVICE_NAME') ?? 'animal-adoption-api' };
}

function parse<T extends TSchema>(schema: T, raw: Record<string, unknown>): Static<T> {
  const value = Value.Convert(schema, Value.Default(schema, raw));
  if (Value.Check(schema, value)) return value;
  const problems = new Map<string, string>();
  for (const error of Value.Errors(schema, value)) {
    const name = error.instancePath.replace(/^\//, '');
    if (problems.has(name)) continue;
    const property = (schema as unknown as { properties: Record<string, { enum?: string[]; description?: string }> }).properties[name];
    const expected = property?.enum ? `must be one of ${property.enum.join(', ')}` : error.message;
    problems.set(name, `${name}=${JSON.stringify(raw[name])} ${expected} (${property?.description ?? ''})`);
  }
  throw new ConfigError(`Invalid configuration:\n  ${[...problems.values()].join('\n  ')}`);
}

function parseSeedKeys(text: string, environment: Environment): SeedKey[] {
  if (text.trim() === '') return [];
  return text.split(',').map((entry, index) => {
    const parts = entry.trim().split(':');
    const [key = '', plan = ''] = parts;
    const where = `API_KEYS entry ${index + 1}`;
    const verdict = checkKeyFormat(key, environment);
    if (verdict === 'malformed') {
      throw new ConfigError(`${where}: a key must be ${KEY_FORMAT_TEXT}`);
    }
    if (verdict === 'admin_credential') {
      throw new ConfigError(`${where}: keys starting with ${ADMIN_TOKEN_PREFIX} are admin credentials; put them in ADMIN_TOKENS`);
    }
    if (verdict !== 'issued' && verdict !== 'verbatim') {
      throw new ConfigError(
        `${where}: the key carries an issued-key prefix but is not valid for APP_ENV=${environment} (${verdict.replace('_', ' ')})`,
      );
    }
    if (!isPlanId(plan)) throw new ConfigError(`${where}: plan must be one of free, pro, business, enterprise (format key:plan)`);
    if (plan === 'enterprise') {
      const [perMinute, perDay] = parts.slice(2).map(Number);
      const customLimits = { perMinute: perMinute ?? NaN, perDay: perDay ?? NaN };
      if (parts.length !== 4 || !isValidLimits(customLimits)) {
        throw new ConfigError(`${where}: an enterprise key is key:enterprise:PER_MINUTE:PER_DAY with 1 <= PER_MINUTE <= PER_DAY`);
      }
      return { key, plan, customLimits };
    }
    if (parts.length !== 2) throw new ConfigError(`${where}: expected key:plan`);
    return { key, plan };
  });
}

function parseAdminTokens(text: string): SeedAdminToken[] {
  if (text.trim() === '') return [];
  return text.split(',').map((given, index) => {
    const where = `ADMIN_TOKENS entry ${index + 1}`;
    // name=token[:scopes]: the name is what the credential list and the audit log show.
    const equals = given.indexOf('=');
    const name = equals < 0 ? undefined : given.slice(0, equals).trim();
    if (name !== undefined && (name === '' || name.length > ADMIN_NAME_MAX_LENGTH)) {
      throw new ConfigError(
        `${where}: the name before '=' must have 1 to ${ADMIN_NAME_MAX_LENGTH} characters (name=token or name=token:scope+scope)`,
      );
    }
    const entry = given.slice(equals + 1);
    const separator = entry.indexOf(':');
    const token = (separator < 0 ? entry : entry.slice(0, separator)).trim();
    if (checkAdminTokenFormat(token) === 'refused') {
      throw new ConfigError(
        `${where}: an admin credential must be ${KEY_FORMAT_TEXT}, must not be an API key, and must carry a valid checksum when it starts with ${ADMIN_TOKEN_PREFIX}`,
      );
    }
    if (separator < 0) return { token, scopes: [...ADMIN_SCOPES], ...(name !== undefined && { name }) };
    const scopes = entry
      .slice(separator + 1)
      .trim()
      .split('+');
    if (scopes.some((scope) => !isAdminScope(scope)) || new Set(scopes).size !== scopes.length) {
      throw new ConfigError(`${where}: scopes are one or more of ${ADMIN_SCOPES.join(', ')}, joined by + (token:keys:read+usage:read)`);
    }
    return { token, scopes: scopes as AdminScope[], ...(name !== undefined && { name }) };
  });
}

function parseRedis(env: Env): RedisConfig | null {
  const chosen = (['REDIS_URL', 'REDIS_CLUSTER_NODES', 'REDIS_SENTINEL_NODES'] as const).filter((name) => env[name] !== '');
  const invalid = (message: string) => new ConfigError(`Invalid configuration:\n  ${message}`);
  if (chosen.length > 1) throw invalid(`set one of REDIS_URL, REDIS_CLUSTER_NODES or REDIS_SENTINEL_NODES, not ${chosen.join(' and ')}`);
  const sentinelOnly = (['REDIS_SENTINEL_MASTER', 'REDIS_SENTINEL_PASSWORD'] as const).filter((name) => env[name] !== '');
  if (chosen[0] !== 'REDIS_SENTINEL_NODES' && sentinelOnly.length > 0)
    throw invalid(`${sentinelOnly.join(' and ')} need REDIS_SENTINEL_NODES`);
  const nodeSettings: string[] = (['REDIS_USERNAME', 'REDIS_PASSWORD'] as const).filter((name) => env[name] !== '');
  if (env.REDIS_TLS === 'true') nodeSettings.push('REDIS_TLS');
  if (chosen[0] !== 'REDIS_CLUSTER_NODES' && chosen[0] !== 'REDIS_SENTINEL_NODES' && nodeSettings.length > 0) {
    throw invalid(
      chosen[0] === 'REDIS_URL'
        ? `${nodeSettings.join(' and ')}: for a standalone Redis, put credentials and TLS in REDIS_URL (rediss://user:password@host:port)`
        : `${nodeSettings.join(' and ')} need REDIS_CLUSTER_NODES or REDIS_SENTINEL_NODES`,
    );
  }
  const auth = { ...(env.REDIS_USERNAME && { username: env.REDIS_USERNAME }), ...(env.REDIS_PASSWORD && { password: env.REDIS_PASSWORD }) };
  const common = { timeoutMs: env.REDIS_TIMEOUT_MS, auth, tls: env.REDIS_TLS === 'true', keyPrefix: env.REDIS_KEY_PREFIX };
  switch (chosen[0]) {
    case 'REDIS_URL':
      // Checked apart from the schema so that the message never repeats the URL (it may hold credentials).
      if (!/^rediss?:\/\/./.test(env.REDIS_URL)) throw invalid('REDIS_URL must start with redis:// or rediss://');
      return { ...common, topology: { kind: 'standalone', url: env.REDIS_URL } };
    case 'REDIS_CLUSTER_NODES':
      return { ...common, topology: { kind: 'cluster', nodes: parseAddresses('REDIS_CLUSTER_NODES', env.REDIS_CLUSTER_NODES) } };
    case 'REDIS_SENTINEL_NODES':
      if (env.REDIS_SENTINEL_MASTER === '')
        throw invalid('REDIS_SENTINEL_MASTER must name the master the sentinels monitor (e.g. mymaster)');
      return {
        ...common,
        topology: {
          kind: 'sentinel',
          sentinels: parseAddresses('REDIS_SENTINEL_NODES', env.REDIS_SENTINEL_NODES),
          masterName: env.REDIS_SENTINEL_MASTER,
          ...(env.REDIS_SENTINEL_PASSWORD && { sentinelPassword: env.REDIS_SENTINEL_PASSWORD }),
        },
      };
    default:
      return null;
  }
}

function parseAddresses(name: string, text: string): RedisAddress[] {
  return text.split(',').map((entry, index) => {
    const match = /^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+):([0-9]{1,5})$/.exec(entry.trim());
    const port = Number(match?.[2]);
    if (!match?.[1] || port < 1 || port > 65535) {
      throw new ConfigError(
        `Invalid configuration:\n  ${name} entry ${index + 1} must be host:port (e.g. redis-1.internal:6379), comma-separated`,
      );
    }
    return { host: match[1].replace(/^\[|\]$/g, ''), port };
  });
}

function parsePublicServers(production: string, staging: string): AppConfig['publicServers'] {
  const servers = [];
  for (const [name, url, description] of [
    ['PRODUCTION_BASE_URL', production, 'Production'],
    ['STAGING_BASE_URL', staging, 'Staging'],
  ] as const) {
    if (url === '') continue;
    if (!/^https?:\/\/[^\s/]+(\/[^\s]*)?\/v1$/.test(url)) {
      throw new ConfigError(`Invalid configuration:\n  ${name} must be an http(s) URL ending in /v1, e.g. https://api.example.org/v1`);
    }
    servers.push({ url, description });
  }
  return servers;
}

/** An RFC 3339 date-time with a time zone, read as the API reads one; null when it is not one or does not exist. */
function instant(text: string): number | null {
  if (!new RegExp(RFC3339).test(text)) return null;
  try {
    return parseDate(text, '').getTime();
  } catch {
    return null;
  }
}

function parseRemoval(sunsetText: string, brownoutsText: string): AppConfig['getPetRemoval'] {
  const invalid = (message: string) => new ConfigError(`Invalid configuration:\n  ${message}`);
  const sunsetAtMs = instant(sunsetText);
  if (sunsetAtMs === null) throw invalid('GET_PET_SUNSET must be an RFC 3339 date-time with a time zone, e.g. 2030-12-05T00:00:00Z');
  const brownouts =
    brownoutsText === ''
      ? []
      : brownoutsText.split(',').map((entry, index) => {
          const [start = '', end = '', extra] = entry.trim().split('/');
          const startMs = instant(start);
          const endMs = instant(end);
          const where = `GET_PET_BROWNOUTS entry ${index + 1}`;
          if (extra !== undefined || startMs === null || endMs === null) {
            throw invalid(`${where} must be start/end, two RFC 3339 date-times, e.g. 2030-06-01T14:00:00Z/2030-06-01T15:00:00Z`);
          }
          if (startMs >= endMs) throw invalid(`${where} must end after it starts`);
          if (endMs > sunsetAtMs)
            throw invalid(`${where} must end by GET_PET_SUNSET (${sunsetText}); after it the operation is gone for good`);
          return { startMs, endMs };
        });
  return { sunsetAtMs, brownouts };
}

function parseMetricsToken(text: string, listener: 'admin' | 'public'): string | null {
  if (text === '' && listener === 'public') {
    throw new ConfigError(
      'Invalid configuration:\n  METRICS_LISTENER=public needs METRICS_TOKEN (at least 16 visible characters): the public listener never serves metrics open',
    );
  }
  if (text === '') return null;
  if (text.length < 16 || !/^[\x21-\x7E]+$/.test(text)) {
    throw new ConfigError('Invalid configuration:\n  METRICS_TOKEN must be at least 16 visible ASCII characters (no spaces)');
  }
  return text;
}

function parseTrustProxy(text: string): AppConfig['trustProxy'] {
  if (text === 'false') return false;
  if (text === 'true') return true;
  if (/^[0-9]+$/.test(text)) {
    const hops = Number(text);
    return (_address, hop) => hop < hops;
  }
  return text;
}
