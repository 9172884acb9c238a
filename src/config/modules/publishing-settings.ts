/** The PUBLISHING_* variables: destinations per owner, loopback for development, and the key FTP passwords are sealed with in MongoDB. */
import { Type } from 'typebox';
import { ConfigError } from '../env/config-error.js';
import { parseEncryptionKey } from '../env/encryption-key.js';
import { oneOf } from '../env/values.js';
import { settingsOf } from './module.js';

export interface PublishingSettings {
  readonly maxDestinationsPerOwner: number;
  /** Development and tests: destinations may name loopback hosts. */
  readonly allowLoopback: boolean;
  readonly encryptionKey: Buffer;
}

const PUBLISHING_VARIABLES = {
  PUBLISHING_DESTINATIONS_PER_OWNER: Type.Integer({
    minimum: 1,
    maximum: 100,
    default: 10,
    description: 'How many publishing destinations each owner may have',
  }),
  PUBLISHING_ALLOW_LOOPBACK: oneOf(
    ['true', 'false'] as const,
    'true lets publishing destinations name loopback hosts, for development and tests; refused with APP_ENV=production',
    'false',
  ),
  PUBLISHING_ENCRYPTION_KEY: Type.String({
    default: '',
    description:
      "Base64 of 32 random bytes: the key adoption sites' FTP passwords are encrypted with in MongoDB; required with APP_ENV=production and MONGODB_URL",
  }),
};

/** The publishing feature's settings, as `config.publishing`. */
export const publishingSettings = settingsOf(Type.Object(PUBLISHING_VARIABLES), (env, core) => {
  const production = core.environment === 'production';
  if (env.PUBLISHING_ALLOW_LOOPBACK === 'true' && production) {
    throw new ConfigError(
      'PUBLISHING_ALLOW_LOOPBACK=true is for development and tests: it would let uploads reach this host; unset it with APP_ENV=production',
    );
  }
  const publishing: PublishingSettings = {
    maxDestinationsPerOwner: env.PUBLISHING_DESTINATIONS_PER_OWNER,
    allowLoopback: env.PUBLISHING_ALLOW_LOOPBACK === 'true',
    encryptionKey: parseEncryptionKey(
      'PUBLISHING_ENCRYPTION_KEY',
      env.PUBLISHING_ENCRYPTION_KEY,
      production && core.mongo !== null,
      "adoption sites' FTP passwords",
    ),
  };
  return { publishing };
});
