/** Turns an Authorization header into the key record it names, or refuses it. */
import {
  checkKeyFormat,
  isKeyActive,
  recordLimits,
  type ApiKeyRecord,
  type Environment,
  type KeyScope,
} from '../../domain/api-key.js';
import { UnauthenticatedError } from '../../domain/errors.js';
import type { PlanId, PlanLimits } from '../../domain/plans.js';
import type { ApiKeyStore } from '../ports/api-key-store.js';
import type { Clock } from '../ports/clock.js';
import { hashKey } from '../key-secrets.js';

export interface AuthenticatedKey {
  readonly keyId: string;
  /** The rate-limit subject, shared by a rotated key and its replacement. */
  readonly quotaId: string;
  readonly plan: PlanId;
  readonly limits: PlanLimits;
  readonly scopes: readonly KeyScope[];
}

const BEARER = /^Bearer +([^\s]+) *$/i;
export class Authenticate {
  constructor(
    private readonly keys: ApiKeyStore,
    private readonly clock: Clock,
    private readonly environment: Environment,
  ) {}

  /** Rejects with UnauthenticatedError when the header carries no valid key. */
  async execute(authorization: string | undefined): Promise<AuthenticatedKey> {
    const hash = this.hashOf(authorization);
    return this.accept(await this.keys.findByHash(hash), hash);
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

  private accept(record: ApiKeyRecord | null, hash: string): AuthenticatedKey {
    const now = this.clock.nowMs();
    if (!record || record.hash !== hash || !isKeyActive(record, now)) {
      throw invalidKey();
    }
    return { keyId: record.id, quotaId: record.quotaId, plan: record.plan, limits: recordLimits(record), scopes: record.scopes };
  }
}

function invalidKey(): UnauthenticatedError {
  return new UnauthenticatedError('The API key is invalid, revoked or expired');
}
