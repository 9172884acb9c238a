/**
 * The access feature's variables: keys and admin credentials given at start-up, the rate limiter's
 * bans, failover and refusal cache, key caching and rotation, usage flushing.
 */
import { Type } from 'typebox';
import { oneOf } from '../env/values.js';
import { parseAdminTokens, parseSeedKeys, type SeedAdminToken, type SeedKey } from '../env/seeds.js';
import { settingsOf } from './module.js';

const ACCESS_VARIABLES = {
  ADMIN_TOKENS: Type.String({
    default: '',
    description:
      'Admin credentials to register at start-up: comma-separated token (all scopes) or token:scope+scope, each optionally named as name=token',
  }),
  API_KEYS: Type.String({
    default: '',
    description: 'Keys to register at start-up: comma-separated key:plan, or key:enterprise:PER_MINUTE:PER_DAY',
  }),
  RATE_LIMIT_BAN_THRESHOLD: Type.Integer({
    minimum: 0,
    default: 100,
    description: 'Refused requests within a minute that block a client; 0 disables blocking',
  }),
  RATE_LIMIT_BAN_SECONDS: Type.Integer({ minimum: 60, default: 900, description: 'How long a blocked client stays blocked' }),
  RATE_LIMIT_REFUSAL_CACHE_SIZE: Type.Integer({
    minimum: 0,
    default: 10_000,
    description:
      'Refused clients (keys and addresses) an instance remembers, answering their requests itself, ' +
      'exactly as the shared limiter would, until the refusal ends; 0 asks the limiter every time',
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
};

export interface AccessSettings {
  readonly adminTokens: readonly SeedAdminToken[];
  readonly seedKeys: readonly SeedKey[];
  readonly ban: { readonly threshold: number; readonly durationMs: number };
  /** Refused subjects remembered per instance (LocalRefusals); 0 turns the cache off. */
  readonly refusalCacheSize: number;
  readonly rateLimitFailureMode: 'open' | 'closed';
  readonly keyCacheTtlMs: number;
  readonly keyRotationGraceMs: number;
  readonly usageFlushMs: number;
}

/** The access feature's settings, in the configuration beside the service's. */
export const accessSettings = settingsOf(Type.Object(ACCESS_VARIABLES), (env, core): AccessSettings => ({
  adminTokens: parseAdminTokens(env.ADMIN_TOKENS),
  seedKeys: parseSeedKeys(env.API_KEYS, core.environment),
  ban: { threshold: env.RATE_LIMIT_BAN_THRESHOLD, durationMs: env.RATE_LIMIT_BAN_SECONDS * 1000 },
  refusalCacheSize: env.RATE_LIMIT_REFUSAL_CACHE_SIZE,
  rateLimitFailureMode: env.RATE_LIMIT_FAILURE_MODE,
  keyCacheTtlMs: env.KEY_CACHE_TTL_SECONDS * 1000,
  keyRotationGraceMs: env.KEY_ROTATION_GRACE_SECONDS * 1000,
  usageFlushMs: env.USAGE_FLUSH_SECONDS * 1000,
}));
