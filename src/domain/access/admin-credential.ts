/**
 * Admin credentials: the secrets that open the admin API, apart from API keys. Issued ones read
 * `adopt_admin_<32 base62 chars><6 base62 checksum chars>`; each carries the scopes it may use.
 */
import { ADMIN_TOKEN_PREFIX, hasValidChecksum, isWellFormedSecret, KEY_PREFIXES } from './api-key.js';
import { ValidationError } from '../shared/errors.js';
import { checkScopeSet } from './key-rules.js';

export { ADMIN_TOKEN_PREFIX };

export const ADMIN_SCOPES = ['keys:read', 'keys:write', 'usage:read', 'audit:read', 'credentials:read', 'credentials:write'] as const;
export type AdminScope = (typeof ADMIN_SCOPES)[number];

export function isAdminScope(value: unknown): value is AdminScope {
  return typeof value === 'string' && (ADMIN_SCOPES as readonly string[]).includes(value);
}

export interface AdminCredential {
  /** Public identifier (`adm_...`), safe to show and log; the actor of the audit events it causes. */
  readonly id: string;
  readonly name: string;
  /** SHA-256 of the credential, hex encoded; the credential itself is never stored. */
  readonly hash: string;
  readonly scopes: readonly AdminScope[];
  readonly createdAt: Date;
  readonly revokedAt: Date | null;
}

export const ADMIN_NAME_MAX_LENGTH = 100;

/** A credential's name: what operators and the audit log call it. */
export function checkAdminName(name: string): void {
  if (name.trim() === '' || name.length > ADMIN_NAME_MAX_LENGTH) {
    throw new ValidationError('name', `An admin credential's name must have 1 to ${ADMIN_NAME_MAX_LENGTH} characters, not only spaces`);
  }
}

/** A credential's scopes: one or more, each once. */
export function checkAdminScopes(scopes: readonly AdminScope[]): void {
  checkScopeSet(scopes, ADMIN_SCOPES, 'An admin credential needs one or more scopes, each once');
}

/** The scopes a credential may give another: only its own, so no credential makes a stronger one. */
export function scopesBeyond(granter: readonly AdminScope[], granted: readonly AdminScope[]): AdminScope[] {
  return granted.filter((scope) => !granter.includes(scope));
}

export type AdminTokenVerdict = 'issued' | 'verbatim' | 'refused';

/**
 * Classifies a presented admin credential without any lookup: an issued one (its checksum holds), one
 * brought verbatim by an operator, or one refused at once (malformed, a bad checksum, an API key).
 */
export function checkAdminTokenFormat(token: string): AdminTokenVerdict {
  if (!isWellFormedSecret(token)) return 'refused';
  if (token.startsWith(ADMIN_TOKEN_PREFIX))
    return hasValidChecksum(token.slice(ADMIN_TOKEN_PREFIX.length), ADMIN_TOKEN_PREFIX) ? 'issued' : 'refused';
  return Object.values(KEY_PREFIXES).some((prefix) => token.startsWith(prefix)) ? 'refused' : 'verbatim';
}
