/** The WEBHOOK_* variables: endpoints per owner, loopback for development, the key secrets are sealed with in MongoDB, and delivery. */
import { Type } from 'typebox';
import { ConfigError } from '../env/config-error.js';
import { parseEncryptionKey } from '../env/encryption-key.js';
import { oneOf } from '../env/values.js';
import { DEFAULT_RETRY_SCHEDULE_MS } from '../../domain/webhooks/webhook-delivery.js';
import { settingsOf } from './module.js';

const UNIT_MS: Readonly<Record<string, number>> = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** `1s,2s,4s` as milliseconds; empty: the default schedule. */
export function parseRetrySchedule(value: string): readonly number[] {
  if (value.trim() === '') return DEFAULT_RETRY_SCHEDULE_MS;
  return value.split(',').map((part) => {
    const match = /^(\d+)(ms|s|m|h|d)$/.exec(part.trim());
    const ms = match ? Number(match[1]) * (UNIT_MS[match[2] as string] as number) : NaN;
    if (!(ms > 0 && ms <= 7 * 86_400_000)) {
      throw new ConfigError(
        `WEBHOOK_RETRY_SCHEDULE has "${part.trim()}": give each wait as a number and a unit (ms, s, m, h, ` +
          `d), more than 0 and at most 7d, comma-separated, such as 1s,2s,4s`,
      );
    }
    return ms;
  });
}

export interface WebhookSettings {
  readonly maxEndpointsPerOwner: number;
  readonly allowLoopback: boolean;
  /** AES-256 key for webhook secrets at rest; the development key when none is given outside production. */
  readonly encryptionKey: Buffer;
  readonly timeoutMs: number;
  /** The wait after each failed attempt. */
  readonly retryScheduleMs: readonly number[];
  /** Whether this instance sends webhooks. */
  readonly worker: boolean;
  /** An endpoint failing this long with no delivery is disabled. */
  readonly disableAfterMs: number;
}

const WEBHOOK_VARIABLES = {
  WEBHOOK_ENDPOINTS_PER_OWNER: Type.Integer({
    minimum: 1,
    maximum: 1_000,
    default: 10,
    description: 'How many webhook endpoints each owner may have',
  }),
  WEBHOOK_ALLOW_LOOPBACK: oneOf(
    ['true', 'false'] as const,
    'true lets webhook endpoints use http:// and loopback hosts, for development and tests; refused with APP_ENV=production',
    'false',
  ),
  WEBHOOK_TIMEOUT_MS: Type.Integer({
    minimum: 100,
    maximum: 60_000,
    default: 15_000,
    description: 'Longest a webhook delivery attempt may take, connecting included; then it is a failed attempt (timeout)',
  }),
  WEBHOOK_RETRY_SCHEDULE: Type.String({
    default: '',
    description:
      'The waits after each failed webhook attempt, comma-separated (ms, s, m, h, d), such as 1s,2s,4s; ' +
      'empty: 5s,5m,30m,2h,5h,10h,10h,20h,24h (about three days)',
  }),
  WEBHOOK_DISABLE_AFTER_DAYS: Type.Integer({
    minimum: 1,
    maximum: 30,
    default: 5,
    description: 'An endpoint whose deliveries have all failed for this many days is disabled (its owner enables it again)',
  }),
  WEBHOOK_WORKER: oneOf(
    ['true', 'false'] as const,
    'false runs this instance without sending webhooks (another instance sends them)',
    'true',
  ),
  WEBHOOK_ENCRYPTION_KEY: Type.String({
    default: '',
    description:
      'Base64 of 32 random bytes: the key webhook secrets are encrypted with in MongoDB; required with APP_ENV=production and MONGODB_URL',
  }),
};

/** The webhooks feature's settings, as `config.webhooks`. */
export const webhooksSettings = settingsOf(Type.Object(WEBHOOK_VARIABLES), (env, core) => ({ webhooks: parseWebhooks(env, core) }));

function parseWebhooks(
  env: {
    readonly WEBHOOK_ENDPOINTS_PER_OWNER: number;
    readonly WEBHOOK_ALLOW_LOOPBACK: 'true' | 'false';
    readonly WEBHOOK_ENCRYPTION_KEY: string;
    readonly WEBHOOK_TIMEOUT_MS: number;
    readonly WEBHOOK_RETRY_SCHEDULE: string;
    readonly WEBHOOK_WORKER: 'true' | 'false';
    readonly WEBHOOK_DISABLE_AFTER_DAYS: number;
  },
  core: { readonly environment: string; readonly mongo: object | null },
): WebhookSettings {
  const production = core.environment === 'production';
  if (env.WEBHOOK_ALLOW_LOOPBACK === 'true' && production) {
    throw new ConfigError(
      'WEBHOOK_ALLOW_LOOPBACK=true is for development and tests: it would let webhooks reach this host; unset it with APP_ENV=production',
    );
  }
  return {
    maxEndpointsPerOwner: env.WEBHOOK_ENDPOINTS_PER_OWNER,
    allowLoopback: env.WEBHOOK_ALLOW_LOOPBACK === 'true',
    encryptionKey: parseEncryptionKey(
      'WEBHOOK_ENCRYPTION_KEY',
      env.WEBHOOK_ENCRYPTION_KEY,
      production && core.mongo !== null,
      'webhook secrets',
    ),
    timeoutMs: env.WEBHOOK_TIMEOUT_MS,
    retryScheduleMs: parseRetrySchedule(env.WEBHOOK_RETRY_SCHEDULE),
    worker: env.WEBHOOK_WORKER === 'true',
    disableAfterMs: env.WEBHOOK_DISABLE_AFTER_DAYS * 86_400_000,
  };
}
