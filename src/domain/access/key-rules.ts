/**
 * What an API key's settings may be, stated once: name, plan and limits, scopes, owner, expiry,
 * browser origins, rotation grace and revocation reason. The admin API, the key tool and API_KEYS all
 * pass through these; each throws a ValidationError naming the field, and callers only say where the
 * input came from.
 */
import { checkBrowserKey, DEFAULT_KEY_SCOPES, KEY_SCOPES, type KeyScope } from './api-key.js';
import { ValidationError } from '../shared/errors.js';
import { checkPlanLimits, type PlanId, type PlanLimits } from './plans.js';
import { OWNER_ID_MAX_LENGTH } from '../shared/owner.js';

export const KEY_NAME_MAX_LENGTH = 100;
/** The longest grace a rotation may give the old key: a week. */
export const MAX_ROTATION_GRACE_MS = 604_800_000;
/** How long a revocation's reason may be. */
export const REVOKE_REASON_MAX_LENGTH = 500;

/** The settings of a key to issue. */
export interface NewKeyRequest {
  readonly name: string;
  readonly plan: PlanId;
  /** Limits in force instead of the plan's; required on enterprise. */
  readonly customLimits?: PlanLimits;
  /** Both scopes when absent. */
  readonly scopes?: readonly KeyScope[];
  readonly expiresAt?: Date | null;
  readonly ownerId?: string | null;
  /** A browser key's origins (then it must be read-only); absent: a key for servers. */
  readonly allowedOrigins?: readonly string[];
}

/** What a change may set; `customLimits: null` removes the override, `expiresAt`/`ownerId: null` clear them. */
export interface KeyUpdate {
  readonly name?: string;
  readonly plan?: PlanId;
  readonly customLimits?: PlanLimits | null;
  readonly scopes?: readonly KeyScope[];
  readonly expiresAt?: Date | null;
  readonly ownerId?: string | null;
  /** null: no longer a browser key. */
  readonly allowedOrigins?: readonly string[] | null;
}

/** The settings a key has now, as far as a change is checked against them. */
export interface KeySettings {
  readonly plan: PlanId;
  readonly customLimits?: PlanLimits;
  readonly scopes: readonly KeyScope[];
  readonly allowedOrigins?: readonly string[];
}

export function checkKeyName(name: string): void {
  if (name.trim() === '' || name.length > KEY_NAME_MAX_LENGTH) {
    throw new ValidationError('name', `name must have 1 to ${KEY_NAME_MAX_LENGTH} characters, not only spaces`);
  }
}

/** A set of scopes from `all`: one or more, each once. Keys and admin credentials share the rule. */
export function checkScopeSet<S extends string>(
  scopes: readonly S[],
  all: readonly S[],
  message = `scopes must list one or more of ${all.join(', ')}, each once`,
): void {
  if (scopes.length === 0 || new Set(scopes).size !== scopes.length || scopes.some((scope) => !all.includes(scope))) {
    throw new ValidationError('scopes', message);
  }
}

export function checkOwnerId(ownerId: string): void {
  if (ownerId === '' || ownerId.length > OWNER_ID_MAX_LENGTH) {
    throw new ValidationError('ownerId', `ownerId must have 1 to ${OWNER_ID_MAX_LENGTH} characters`);
  }
}

export function checkExpiry(expiresAt: Date, nowMs: number): void {
  if (expiresAt.getTime() <= nowMs) {
    throw new ValidationError('expiresAt', 'expiresAt must be in the future; to stop a key now, revoke it');
  }
}

export function checkRotationGrace(graceMs: number): void {
  if (!Number.isSafeInteger(graceMs) || graceMs < 0 || graceMs > MAX_ROTATION_GRACE_MS) {
    throw new ValidationError('graceSeconds', `graceSeconds must be a whole number from 0 to ${MAX_ROTATION_GRACE_MS / 1000}`);
  }
}

export function checkRevokeReason(reason: string): void {
  if (reason.trim() === '' || reason.length > REVOKE_REASON_MAX_LENGTH) {
    throw new ValidationError('reason', `reason must have 1 to ${REVOKE_REASON_MAX_LENGTH} characters, not only spaces`);
  }
}

/** Every rule a new key's settings must meet. */
export function checkNewKey(request: NewKeyRequest, nowMs: number): void {
  checkKeyName(request.name);
  checkPlanLimits(request.plan, request.customLimits ?? null);
  if (request.scopes !== undefined) checkScopeSet(request.scopes, KEY_SCOPES);
  if (request.ownerId !== undefined && request.ownerId !== null) checkOwnerId(request.ownerId);
  if (request.expiresAt) checkExpiry(request.expiresAt, nowMs);
  checkBrowserKey(request.allowedOrigins, request.scopes ?? DEFAULT_KEY_SCOPES);
}

/** Every rule a change must meet, checked on the key as it would be after it. */
export function checkKeyUpdate(current: KeySettings, update: KeyUpdate, nowMs: number): void {
  if (update.customLimits) checkPlanLimits(update.plan ?? current.plan, update.customLimits);
  const customLimits = update.customLimits === undefined ? (current.customLimits ?? null) : update.customLimits;
  checkPlanLimits(update.plan ?? current.plan, customLimits);
  if (update.name !== undefined) checkKeyName(update.name);
  if (update.scopes !== undefined) checkScopeSet(update.scopes, KEY_SCOPES);
  if (update.ownerId !== undefined && update.ownerId !== null) checkOwnerId(update.ownerId);
  if (update.expiresAt !== undefined && update.expiresAt !== null) checkExpiry(update.expiresAt, nowMs);
  // A browser key stays read-only, whichever field the change touches.
  const origins = update.allowedOrigins === undefined ? current.allowedOrigins : (update.allowedOrigins ?? undefined);
  checkBrowserKey(origins, update.scopes ?? current.scopes);
}
