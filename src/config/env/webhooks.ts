/** The WEBHOOK_* variables: endpoints per owner, loopback for development, and the key secrets are sealed with in MongoDB. */
import { createHash } from 'node:crypto';
import { ConfigError } from './config-error.js';

/**
 * Outside production a missing key falls back to one every development install shares: secrets are
 * then sealed in form only, which the README says. Production on MongoDB refuses to start without one.
 */
const DEVELOPMENT_KEY = createHash('sha256').update('animal-adoption-api development webhook key').digest();

export function parseEncryptionKey(value: string, required: boolean): Buffer {
  if (value === '') {
    if (required) {
      throw new ConfigError(
        'WEBHOOK_ENCRYPTION_KEY is required with APP_ENV=production and MONGODB_URL: webhook secrets are stored encrypted with it. Make one with: openssl rand -base64 32',
      );
    }
    return DEVELOPMENT_KEY;
  }
  const key = Buffer.from(value, 'base64');
  if (key.length !== 32 || key.toString('base64') !== value) {
    throw new ConfigError('WEBHOOK_ENCRYPTION_KEY must be the base64 of exactly 32 bytes (make one with: openssl rand -base64 32)');
  }
  return key;
}

export function parseWebhooks(env: {
  readonly APP_ENV: string;
  readonly MONGODB_URL: string;
  readonly WEBHOOK_ENDPOINTS_PER_OWNER: number;
  readonly WEBHOOK_ALLOW_LOOPBACK: 'true' | 'false';
  readonly WEBHOOK_ENCRYPTION_KEY: string;
}): { readonly maxEndpointsPerOwner: number; readonly allowLoopback: boolean; readonly encryptionKey: Buffer } {
  const production = env.APP_ENV === 'production';
  if (env.WEBHOOK_ALLOW_LOOPBACK === 'true' && production) {
    throw new ConfigError(
      'WEBHOOK_ALLOW_LOOPBACK=true is for development and tests: it would let webhooks reach this host; unset it with APP_ENV=production',
    );
  }
  return {
    maxEndpointsPerOwner: env.WEBHOOK_ENDPOINTS_PER_OWNER,
    allowLoopback: env.WEBHOOK_ALLOW_LOOPBACK === 'true',
    encryptionKey: parseEncryptionKey(env.WEBHOOK_ENCRYPTION_KEY, production && env.MONGODB_URL !== ''),
  };
}
