/**
 * API keys: the stored record, and the format of keys the service issues. Issued keys read
 * `<prefix><32 base62 chars><6 base62 checksum chars>`; the prefix names the environment so leaked
 * keys are easy to scan for, and the CRC-32 checksum lets a mistyped or forged key be refused
 * before any lookup.
 */
import { BASE62 } from '../shared/ids.js';
import { ForbiddenError, ValidationError } from '../shared/errors.js';
import { limitsForPlan, type PlanId, type PlanLimits } from './plans.js';

/**
 * What a key may do: read animals (list, get, its own quota), change them, manage its owner's
 * webhook endpoints, its owner's saved searches, and its owner's publishing destinations (which hold
 * the adoption sites' FTP passwords). `pets:write` grants `webhooks:write` and `searches:write` too
 * (keys issued before those scopes existed keep what they did), never `publishing:write`; a partner
 * that only reads holds `pets:read` with `webhooks:write` and `searches:write`.
 */
export const KEY_SCOPES = ['pets:read', 'pets:write', 'webhooks:write', 'searches:write', 'publishing:write'] as const;
export type KeyScope = (typeof KEY_SCOPES)[number];

/** What a key issued without scopes may do: every scope but `publishing:write`, which is asked for by name. */
export const DEFAULT_KEY_SCOPES: readonly KeyScope[] = KEY_SCOPES.filter((scope) => scope !== 'publishing:write');

/** The scopes `pets:write` grants besides its own. */
const GRANTED_BY_PETS_WRITE: readonly KeyScope[] = ['webhooks:write', 'searches:write'];

/** Whether a key with `scopes` may do what `needed` allows. */
export function grantsScope(scopes: readonly KeyScope[], needed: KeyScope): boolean {
  return scopes.includes(needed) || (GRANTED_BY_PETS_WRITE.includes(needed) && scopes.includes('pets:write'));
}

export function isKeyScope(value: unknown): value is KeyScope {
  return typeof value === 'string' && (KEY_SCOPES as readonly string[]).includes(value);
}

/** Where a key stands: usable, revoked by an operator, or past its expiry. */
export const KEY_STATUSES = ['active', 'revoked', 'expired'] as const;
export type KeyStatus = (typeof KEY_STATUSES)[number];

export const ENVIRONMENTS = ['production', 'staging'] as const;
export type Environment = (typeof ENVIRONMENTS)[number];

export const KEY_PREFIXES: Readonly<Record<Environment, string>> = {
  production: 'adopt_live_',
  staging: 'adopt_stage_',
};

/** 32 base62 characters carry about 190 bits of randomness. */
export const KEY_BODY_LENGTH = 32;
const CHECKSUM_LENGTH = 6;
/** Keys brought by operators are taken verbatim when they are URL-safe and at least this long. */
const MIN_KEY_LENGTH = 20;
const URL_SAFE = /^[A-Za-z0-9._~-]+$/;

export interface ApiKeyRecord {
  /** Public identifier, safe to show and log. */
  readonly id: string;
  readonly name: string;
  /** SHA-256 of the key, hex encoded; the key itself is never stored. */
  readonly hash: string;
  readonly plan: PlanId;
  /** Limits negotiated for this key, in force instead of the plan's; required on the enterprise plan. */
  readonly customLimits?: PlanLimits;
  readonly scopes: readonly KeyScope[];
  /** The operator's own reference for the customer (an account id), if given. */
  readonly ownerId: string | null;
  /**
   * The rate-limit subject: the id of the first key of a rotation chain, so that a rotated key and
   * its replacement spend one quota.
   */
  readonly quotaId: string;
  /** The key this one replaced, when it was issued by a rotation. */
  readonly rotatedFrom: string | null;
  /**
   * How the secret begins (its environment prefix and 4 more characters) and ends: enough to match a
   * reported key to its record, far too little to use. Absent on records stored before they were kept.
   */
  readonly start?: string;
  readonly last4?: string;
  /** Why it was revoked, when the operator said. */
  readonly revokedReason?: string;
  /** The key that replaced this one, once it was rotated (absent before). */
  readonly rotatedTo?: string;
  /**
   * A browser key: the exact web origins (`https://shelter.example`) whose pages may use it. Such a
   * key is read-only (`pets:read` alone); absent on every other key, which no origin may use.
   */
  readonly allowedOrigins?: readonly string[];
  /** Digest of the request that created it with an Idempotency-Key, to tell a retry from a reuse. */
  readonly requestFingerprint?: string;
  /** When an operator last lifted its quota's ban (absent before): instances drop what they remember of the refusals then. */
  readonly banLiftedAt?: Date;
  readonly createdAt: Date;
  readonly revokedAt: Date | null;
  /** After this the key no longer works (set at issue, or by a rotation's grace period). */
  readonly expiresAt: Date | null;
}

export function recordLimits(record: ApiKeyRecord): PlanLimits {
  return limitsForPlan(record.plan, record.customLimits);
}

export function keyStatus(record: Pick<ApiKeyRecord, 'revokedAt' | 'expiresAt'>, nowMs: number): KeyStatus {
  if (record.revokedAt !== null && record.revokedAt.getTime() <= nowMs) return 'revoked';
  if (record.expiresAt !== null && record.expiresAt.getTime() <= nowMs) return 'expired';
  return 'active';
}

export function isKeyActive(record: ApiKeyRecord, nowMs: number): boolean {
  return keyStatus(record, nowMs) === 'active';
}

/** What a key an operator brings must be, in the words every message uses. */
export const KEY_FORMAT_TEXT = `at least ${MIN_KEY_LENGTH} URL-safe characters (A-Z a-z 0-9 . _ ~ -)`;

export type KeyFormatVerdict = 'issued' | 'verbatim' | 'malformed' | 'bad_checksum' | 'other_environment' | 'admin_credential';

/** The prefix of admin credentials: never an API key, so that neither door takes the other's secret. */
export const ADMIN_TOKEN_PREFIX = 'adopt_admin_';

/** Classifies a presented key without any lookup. Only `issued` and `verbatim` are worth looking up. */
export function checkKeyFormat(key: string, environment: Environment): KeyFormatVerdict {
  if (!isWellFormedSecret(key)) return 'malformed';
  if (key.startsWith(ADMIN_TOKEN_PREFIX)) return 'admin_credential';
  const own = KEY_PREFIXES[environment];
  if (key.startsWith(own)) {
    return hasValidChecksum(key.slice(own.length), own) ? 'issued' : 'bad_checksum';
  }
  for (const other of ENVIRONMENTS) {
    if (other !== environment && key.startsWith(KEY_PREFIXES[other])) return 'other_environment';
  }
  return 'verbatim';
}

/** Long enough, short enough and URL-safe: the shape every key and admin credential has. */
export function isWellFormedSecret(secret: string): boolean {
  return secret.length >= MIN_KEY_LENGTH && secret.length <= 200 && URL_SAFE.test(secret);
}

/** Builds an issued key from a random base62 body of KEY_BODY_LENGTH characters. */
export function composeKey(environment: Environment, body: string): string {
  return composeSecret(KEY_PREFIXES[environment], body);
}

/** A prefix, a random base62 body of KEY_BODY_LENGTH characters, and the checksum of both. */
export function composeSecret(prefix: string, body: string): string {
  if (body.length !== KEY_BODY_LENGTH || ![...body].every((c) => BASE62.includes(c))) {
    throw new Error(`A key body is ${KEY_BODY_LENGTH} base62 characters`);
  }
  return prefix + body + checksum(prefix + body);
}

export function hasValidChecksum(rest: string, prefix: string): boolean {
  if (rest.length !== KEY_BODY_LENGTH + CHECKSUM_LENGTH) return false;
  const body = rest.slice(0, KEY_BODY_LENGTH);
  return checksum(prefix + body) === rest.slice(KEY_BODY_LENGTH);
}

function checksum(text: string): string {
  let value = crc32(text);
  let out = '';
  for (let i = 0; i < CHECKSUM_LENGTH; i++) {
    out = BASE62.charAt(value % 62) + out;
    value = Math.floor(value / 62);
  }
  return out;
}

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  // Stryker disable next-line EqualityOperator: a typed array ignores the write past its end
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** CRC-32 (IEEE) of an ASCII string. */
export function crc32(text: string): number {
  let crc = 0xffffffff;
  for (let i = 0; i < text.length; i++) {
    crc = (CRC_TABLE[(crc ^ text.charCodeAt(i)) & 0xff] as number) ^ (crc >>> 8);
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** What a record keeps of its secret to be recognised by: the environment prefix (if any) and 4 characters, and the last 4. */
export function keyHints(key: string): { readonly start: string; readonly last4: string } {
  const prefix = Object.values(KEY_PREFIXES).find((p) => key.startsWith(p)) ?? '';
  return { start: key.slice(0, prefix.length + 4), last4: key.slice(-4) };
}

export const MAX_ALLOWED_ORIGINS = 20;

/** An origin as browsers send it: http or https, a host, an optional port; no path, no trailing slash. */
export const ORIGIN_PATTERN =
  '^https?://(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\\[[0-9a-f:.]+\\])(?::[0-9]{1,5})?$';
const ORIGIN = new RegExp(ORIGIN_PATTERN);

/**
 * The rules of a browser key: 1 to 20 exact origins, each once, and the key read-only, since whatever
 * a web page holds, its visitors hold too.
 */
export function checkBrowserKey(allowedOrigins: readonly string[] | undefined, scopes: readonly KeyScope[]): void {
  if (allowedOrigins === undefined) return;
  if (
    allowedOrigins.length === 0 ||
    allowedOrigins.length > MAX_ALLOWED_ORIGINS ||
    new Set(allowedOrigins).size !== allowedOrigins.length
  ) {
    throw new ValidationError('allowedOrigins', `allowedOrigins lists 1 to ${MAX_ALLOWED_ORIGINS} origins, each once`);
  }
  const bad = allowedOrigins.find((origin) => !ORIGIN.test(origin));
  if (bad !== undefined) {
    throw new ValidationError(
      'allowedOrigins',
      `${JSON.stringify(bad.slice(0, 100))} is not an origin: scheme, host and optional port in lower ` +
        `case, as a browser sends it (https://shelter.example), no path`,
    );
  }
  if (scopes.length !== 1 || scopes[0] !== 'pets:read') {
    throw new ValidationError(
      'allowedOrigins',
      'A browser key (allowedOrigins) must be read-only: its scopes must be ["pets:read"] alone, since a web page hands its key to every visitor',
    );
  }
}

/**
 * Whether a request from a web page (its Origin header) may use the key: only a browser key listing
 * that exact origin. Requests without an Origin (servers, tools) are not browsers' and pass.
 */
export function checkKeyOrigin(allowedOrigins: readonly string[] | null | undefined, origin: string | undefined): void {
  if (origin === undefined) return;
  if (allowedOrigins?.includes(origin)) return;
  throw new ForbiddenError(
    !allowedOrigins
      ? `This key allows no web origin, and a request from ${origin.slice(0, 100)} came with it: keep a ` +
          `secret key on a server; a web page needs a read-only browser key (allowedOrigins)`
      : `This key does not allow the origin ${origin.slice(0, 100)}; the key's allowedOrigins lists the pages that may use it`,
  );
}

/** The identity a key acts for: its owner, or for a key without one, its rotation chain's first key. */
export function ownerOfKey(key: { readonly ownerId: string | null; readonly quotaId: string }): string {
  return key.ownerId ?? key.quotaId;
}
