/** API_KEYS and ADMIN_TOKENS, applied to their stores at start-up. */
import type { Logger } from 'pino';
import type { ManageApiKeys } from '../application/access/use-cases/manage-api-keys.js';
import type { ManageAdminCredentials } from '../application/access/use-cases/manage-admin-credentials.js';
import type { AppConfig } from './env.js';

/**
 * Registers the keys from API_KEYS, and brings a key stored earlier (by an earlier start or another
 * instance) to the plan and limits the configuration now gives it, saying so in the log.
 */
export async function seedKeys(config: AppConfig, keys: ManageApiKeys, logger: Logger): Promise<void> {
  for (const [index, seed] of config.seedKeys.entries()) {
    const request = { name: `API_KEYS entry ${index + 1}`, plan: seed.plan, ...(seed.customLimits && { customLimits: seed.customLimits }) };
    const outcome = await keys.ensure(seed.key, request);
    if (outcome.action === 'updated') {
      logger.info(
        { keyId: outcome.record.id, entry: index + 1, from: outcome.previous, to: { plan: seed.plan, customLimits: seed.customLimits } },
        'API_KEYS changed the plan of a stored key',
      );
    }
  }
}

/** Registers the admin credentials from ADMIN_TOKENS with the scopes the configuration gives them. */
export async function seedAdminTokens(config: AppConfig, credentials: ManageAdminCredentials): Promise<void> {
  for (const [index, seed] of config.adminTokens.entries()) {
    await credentials.ensure(seed.token, seed.scopes, seed.name ?? `ADMIN_TOKENS entry ${index + 1}`);
  }
}
