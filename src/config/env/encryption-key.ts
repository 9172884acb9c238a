/** A key that secrets are sealed with in MongoDB (WEBHOOK_ENCRYPTION_KEY, PUBLISHING_ENCRYPTION_KEY): base64 of 32 bytes. */
import { createHash } from 'node:crypto';
import { ConfigError } from './config-error.js';

/**
 * Outside production a missing key falls back to one every development install shares (one per
 * variable): secrets are then sealed in form only, which the README says. Production on MongoDB
 * refuses to start without one.
 */
function developmentKey(variable: string): Buffer {
  const purpose = variable === 'WEBHOOK_ENCRYPTION_KEY' ? 'webhook' : variable;
  return createHash('sha256').update(`animal-adoption-api development ${purpose} key`).digest();
}

/** The key `variable` holds; `required` (production on MongoDB) refuses an empty one, saying what it seals. */
export function parseEncryptionKey(variable: string, value: string, required: boolean, seals: string): Buffer {
  if (value === '') {
    if (required) {
      throw new ConfigError(
        `${variable} is required with APP_ENV=production and MONGODB_URL: ${seals} are stored encrypted with it. Make one with: openssl rand -base64 32`,
      );
    }
    return developmentKey(variable);
  }
  const key = Buffer.from(value, 'base64');
  if (key.length !== 32 || key.toString('base64') !== value) {
    throw new ConfigError(`${variable} must be the base64 of exactly 32 bytes (make one with: openssl rand -base64 32)`);
  }
  return key;
}
