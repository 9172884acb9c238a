/** Keys (API_KEYS) and admin credentials (ADMIN_TOKENS) registered at start-up, read entry by entry. */
import { checkKeyFormat, KEY_FORMAT_TEXT, type Environment } from '../../domain/access/api-key.js';
import {
  ADMIN_NAME_MAX_LENGTH,
  ADMIN_SCOPES,
  ADMIN_TOKEN_PREFIX,
  checkAdminTokenFormat,
  type AdminScope,
} from '../../domain/access/admin-credential.js';
import { ValidationError } from '../../domain/shared/errors.js';
import { checkPlanLimits, isPlanId, needsOwnLimits, PLAN_IDS, type PlanId, type PlanLimits } from '../../domain/access/plans.js';
import { checkScopeSet } from '../../domain/access/key-rules.js';
import { ConfigError } from './config-error.js';

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

export function parseSeedKeys(text: string, environment: Environment): SeedKey[] {
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
    if (!isPlanId(plan)) throw new ConfigError(`${where}: plan must be one of ${PLAN_IDS.join(', ')} (format key:plan)`);
    if (needsOwnLimits(plan)) {
      const [perMinute, perDay] = parts.slice(2).map(Number);
      const customLimits = { perMinute: perMinute ?? NaN, perDay: perDay ?? NaN };
      if (parts.length !== 4) throw new ConfigError(`${where}: an enterprise key is key:enterprise:PER_MINUTE:PER_DAY`);
      inEntry(where, () => checkPlanLimits(plan, customLimits), 'key:enterprise:PER_MINUTE:PER_DAY');
      return { key, plan, customLimits };
    }
    if (parts.length !== 2) throw new ConfigError(`${where}: expected key:plan`);
    return { key, plan };
  });
}

export function parseAdminTokens(text: string): SeedAdminToken[] {
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
        `${where}: an admin credential must be ${KEY_FORMAT_TEXT}, must not be an API key, and must carry ` +
          `a valid checksum when it starts with ${ADMIN_TOKEN_PREFIX}`,
      );
    }
    if (separator < 0) return { token, scopes: [...ADMIN_SCOPES], ...(name !== undefined && { name }) };
    const scopes = entry
      .slice(separator + 1)
      .trim()
      .split('+');
    inEntry(
      where,
      () => checkScopeSet(scopes, ADMIN_SCOPES as readonly string[]),
      'name=token:scope+scope, e.g. token:keys:read+usage:read',
    );
    return { token, scopes: scopes as AdminScope[], ...(name !== undefined && { name }) };
  });
}

/** Runs a domain check on an entry's values; what it refuses is named by the entry. */
function inEntry(where: string, check: () => void, format: string): void {
  try {
    check();
  } catch (error) {
    if (error instanceof ValidationError) throw new ConfigError(`${where}: ${error.message} (format ${format})`);
    throw error;
  }
}
