/** Operator tasks on API keys: issue, import, list, revoke, rotate. Secrets are returned once, never stored. */
import {
  checkKeyFormat,
  KEY_FORMAT_TEXT,
  composeKey,
  type ApiKeyRecord,
  type Environment,
} from '../../domain/api-key.js';
import { limitsForPlan, type PlanId, type PlanLimits } from '../../domain/plans.js';
import { DuplicateKeyError, type ApiKeyStore } from '../ports/api-key-store.js';
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

/** What `ensure` did to a configured key: stored it, changed its plan or limits, or found it as configured. */
export type EnsureOutcome =
  | { readonly action: 'created'; readonly record: ApiKeyRecord }
  | { readonly action: 'updated'; readonly record: ApiKeyRecord; readonly previous: Pick<ApiKeyRecord, 'plan' | 'customLimits'> }
  | { readonly action: 'unchanged'; readonly record: ApiKeyRecord };

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
          ? `A key must be ${KEY_FORMAT_TEXT}`
          : `The key has this service's prefix but is not valid here (${verdict.replace('_', ' ')})`,
      );
    }
    return this.store(key, request);
  }

  /**
   * Makes a configured key exist with exactly the given plan and limits: stored once (the hash is
   * unique, so instances starting together never duplicate it), and brought to the configuration
   * when it was stored with another plan. Name, history and revocation are left as they are.
   */
  async ensure(key: string, request: NewKeyRequest): Promise<EnsureOutcome> {
    try {
      return { action: 'created', record: await this.import(key, request) };
    } catch (error) {
      if (!(error instanceof DuplicateKeyError)) throw error;
    }
    const stored = await this.keys.findByHash(hashKey(key));
    if (!stored) throw new Error('The key was reported as stored, but no record has its hash');
    const customLimits = request.plan === 'enterprise' ? (request.customLimits ?? null) : null;
    if (stored.plan === request.plan && sameLimits(stored.customLimits ?? null, customLimits)) {
      return { action: 'unchanged', record: stored };
    }
    await this.keys.update(stored.id, { plan: request.plan, customLimits });
    const record = (await this.keys.findById(stored.id)) ?? stored;
    return {
      action: 'updated',
      record,
      previous: { plan: stored.plan, ...(stored.customLimits && { customLimits: stored.customLimits }) },
    };
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

function sameLimits(a: PlanLimits | null, b: PlanLimits | null): boolean {
  return a === b || (a !== null && b !== null && a.perMinute === b.perMinute && a.perDay === b.perDay);
}
