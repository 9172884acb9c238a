/** Turns an Authorization header into the key record it names, or refuses it. */
import {
  checkKeyFormat,
  isKeyActive,
  recordLimits,
  type ApiKeyRecord,
  type Environment,
  type KeyScope,
} from '../../../domain/access/api-key.js';
import { UnauthenticatedError } from '../../../domain/shared/errors.js';
import { ownerOfKey } from '../../../domain/access/api-key.js';
import type { PlanId, PlanLimits } from '../../../domain/access/plans.js';
import type { ApiKeyStore } from '../ports/api-key-store.js';
import type { Clock } from '../../shared/ports/clock.js';
import { hashKey } from '../services/key-secrets.js';

export interface AuthenticatedKey {
  readonly keyId: string;
  /** The rate-limit subject, shared by a rotated key and its replacement. */
  readonly quotaId: string;
  /** Whose pets and adoption requests the key acts on (ownerOfKey): its owner, or its rotation chain. */
  readonly ownerId: string;
  readonly plan: PlanId;
  readonly limits: PlanLimits;
  readonly scopes: readonly KeyScope[];
  /** A browser key's origins; null for a key no web page may use. */
  readonly allowedOrigins: readonly string[] | null;
  /** When an operator last lifted its quota's ban (ms; absent when never). */
  readonly banLiftedAtMs?: number;
}

const BEARER = /^Bearer +([^\s]+) *$/i;

/** A credential verified recently: its hash, the record it matched, and what was made of it. */
interface Verified {
  readonly hash: string;
  readonly record: ApiKeyRecord;
  readonly key: AuthenticatedKey;
}

/** How many verified credentials are remembered (the oldest goes first). */
export const VERIFIED_MEMO_SIZE = 10_000;

/**
 * Verifies credentials, remembering the ones it verified recently: a header seen before skips the
 * parsing and the hashing, and is accepted only while the store hands back the very record it
 * matched. Stores hand out a new record object on every change (revocation, expiry, plan, limits,
 * scopes) and the key cache on every refetch, so the memo never answers differently from the store:
 * a revocation through this instance refuses the key on its next request, as before. Expiry is
 * checked on every request. The memo holds the headers of up to VERIFIED_MEMO_SIZE recently used,
 * valid keys in the process's memory, as the request does while it is served; it is never logged.
 */
export class Authenticate {
  private readonly verified = new Map<string, Verified>();

  constructor(
    private readonly keys: ApiKeyStore,
    private readonly clock: Clock,
    private readonly environment: Environment,
  ) {}

  /** Rejects with UnauthenticatedError when the header carries no valid key. */
  execute(authorization: string | undefined): Promise<AuthenticatedKey> {
    const known = authorization === undefined ? undefined : this.verified.get(authorization);
    if (known !== undefined) {
      return this.keys.findByHash(known.hash).then((record) => {
        if (record === known.record && isKeyActive(record, this.clock.nowMs())) return known.key;
        this.verified.delete(authorization as string);
        return this.accept(authorization as string, record, known.hash);
      });
    }
    let hash: string;
    try {
      hash = this.hashOf(authorization);
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
    return this.keys.findByHash(hash).then((record) => this.accept(authorization as string, record, hash));
  }

  /**
   * The key a header names, when execute would give it now without waiting: the header was verified
   * here and the store holds that very record in memory, still active. Undefined when only execute
   * can tell (it may then still accept the key).
   */
  inMemory(authorization: string | undefined): AuthenticatedKey | undefined {
    const known = authorization === undefined ? undefined : this.verified.get(authorization);
    if (known === undefined || this.keys.findByHashInMemory?.(known.hash) !== known.record) return undefined;
    return isKeyActive(known.record, this.clock.nowMs()) ? known.key : undefined;
  }

  /** True when this header's key was verified here recently (it may since have been revoked). */
  knows(authorization: string | undefined): boolean {
    return authorization !== undefined && this.verified.has(authorization);
  }

  /** How many verified credentials are remembered; for tests. */
  get remembered(): number {
    return this.verified.size;
  }

  /** The SHA-256 of the key the header carries; throws when there is no well-formed key. */
  private hashOf(authorization: string | undefined): string {
    if (authorization === undefined || authorization.trim() === '') {
      throw new UnauthenticatedError("Missing API key: send it as 'Authorization: Bearer <key>'");
    }
    const match = BEARER.exec(authorization);
    const key = match?.[1];
    if (key === undefined) {
      throw new UnauthenticatedError("The Authorization header must have the form 'Bearer <key>'");
    }
    const verdict = checkKeyFormat(key, this.environment);
    if (verdict === 'admin_credential') {
      throw new UnauthenticatedError('This is an admin credential: it opens the admin API only. Send an API key here');
    }
    if (verdict === 'other_environment') {
      throw new UnauthenticatedError(`This API key belongs to another environment; this is ${this.environment}`);
    }
    if (verdict !== 'issued' && verdict !== 'verbatim') {
      throw invalidKey();
    }
    // Stores look keys up by their SHA-256, never by the key: how long a lookup or the comparison takes
    // tells a caller nothing about a stored key (that would take a preimage of the hash).
    return hashKey(key);
  }

  private accept(authorization: string, record: ApiKeyRecord | null, hash: string): AuthenticatedKey {
    const now = this.clock.nowMs();
    if (!record || record.hash !== hash || !isKeyActive(record, now)) {
      throw invalidKey();
    }
    const key = {
      keyId: record.id,
      quotaId: record.quotaId,
      ownerId: ownerOfKey(record),
      plan: record.plan,
      limits: recordLimits(record),
      scopes: record.scopes,
      allowedOrigins: record.allowedOrigins ?? null,
      ...(record.banLiftedAt && { banLiftedAtMs: record.banLiftedAt.getTime() }),
    };
    if (this.verified.size >= VERIFIED_MEMO_SIZE) {
      // Maps iterate in insertion order: forget the oldest.
      const oldest = this.verified.keys().next();
      if (!oldest.done) this.verified.delete(oldest.value);
    }
    this.verified.set(authorization, { hash, record, key });
    return key;
  }
}

function invalidKey(): UnauthenticatedError {
  return new UnauthenticatedError('The API key is invalid, revoked or expired');
}
