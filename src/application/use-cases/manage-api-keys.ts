/** Operator tasks on API keys: issue, import, list, revoke, rotate. Secrets are returned once, never stored. */
import {
  checkKeyFormat,
  composeKey,
  type ApiKeyRecord,
  type Environment,
} from '../../domain/api-key.js';
import { limitsForPlan, type PlanId, type PlanLimits } from '../../domain/plans.js';
import type { ApiKeyStore } from '../ports/api-key-store.js';
import type { Clock } from '../ports/clock.js';
import { hashKey, newKeyId, randomBase62 } from '../key-secrets.js';

export interface NewKeyRequest {
  readonly name: string;
  readonly plan: PlanId;
  readonly customLimits?: PlanLimits;
}

export interface IssuedKey {
  readonly record: ApiKeyRecord;
  /** The secret: shown to the operator once. */
  readonly key: string;
}

export class KeyNotFoundError extends Error {
  constructor(id: string) {
    super(`No API key with id ${id}`);
  }
}

export class ManageApiKeys {
  constructor(
    private readonly keys: ApiKeyStore,
    private readonly clock: Clock,
    private readonly environment: Environment,
  ) {}

  async issue(request: NewKeyRequest): Promise<IssuedKey> {
    const key = composeKey(this.environment, randomBase62());
    return { key, record: await this.store(key, request) };
  }

  /** Registers a key an operator already has, verbatim. */
  async import(key: string, request: NewKeyRequest): Promise<ApiKeyRecord> {
    const verdict = checkKeyFormat(key, this.environment);
    if (verdict !== 'issued' && verdict !== 'verbatim') {
      throw new Error(
        verdict === 'malformed'
          ? 'A key must be at least 20 URL-safe characters (A-Z a-z 0-9 . _ ~ -)'
          : `The key has this service's prefix but is not valid here (${verdict.replace('_', ' ')})`,
      );
    }
    return this.store(key, request);
  }

  list(): Promise<ApiKeyRecord[]> {
    return this.keys.list();
  }

  async revoke(id: string): Promise<void> {
    if (!(await this.keys.update(id, { revokedAt: new Date(this.clock.nowMs()) }))) throw new KeyNotFoundError(id);
  }

  /** Issues a replacement on the same plan; the old key keeps working for `graceMs`. */
  async rotate(id: string, graceMs: number): Promise<IssuedKey> {
    const old = await this.keys.findById(id);
    if (!old) throw new KeyNotFoundError(id);
    const issued = await this.issue({
      name: old.name,
      plan: old.plan,
      ...(old.customLimits && { customLimits: old.customLimits }),
    });
    const expiresAt = new Date(this.clock.nowMs() + graceMs);
    if (old.expiresAt === null || old.expiresAt > expiresAt) await this.keys.update(id, { expiresAt });
    return issued;
  }

  private async store(key: string, request: NewKeyRequest): Promise<ApiKeyRecord> {
    limitsForPlan(request.plan, request.customLimits);
    const record: ApiKeyRecord = {
      id: newKeyId(),
      name: request.name,
      hash: hashKey(key),
      plan: request.plan,
      ...(request.plan === 'enterprise' && request.customLimits && { customLimits: request.customLimits }),
      createdAt: new Date(this.clock.nowMs()),
      revokedAt: null,
      expiresAt: null,
      lastUsedAt: null,
    };
    await this.keys.add(record);
    return record;
  }
}
