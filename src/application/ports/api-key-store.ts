/** Port: where API key records are kept, found by the hash of the key. */
import type { ApiKeyRecord } from '../../domain/api-key.js';
import type { PlanId, PlanLimits } from '../../domain/plans.js';

/** Fields an update may change; `customLimits: null` removes the custom limits. */
export type ApiKeyChanges = Partial<Pick<ApiKeyRecord, 'revokedAt' | 'expiresAt' | 'lastUsedAt'>> & {
  readonly plan?: PlanId;
  readonly customLimits?: PlanLimits | null;
};

export class DuplicateKeyError extends Error {
  constructor() {
    super('A key with the same secret or id is already stored');
  }
}

export interface ApiKeyStore {
  /** Rejects with DuplicateKeyError when the id or the hash is taken. */
  add(record: ApiKeyRecord): Promise<void>;
  findByHash(hash: string): Promise<ApiKeyRecord | null>;
  findById(id: string): Promise<ApiKeyRecord | null>;
  /** All records, oldest first. */
  list(): Promise<ApiKeyRecord[]>;
  /** Returns false when no record has that id. */
  update(id: string, changes: ApiKeyChanges): Promise<boolean>;
  ping(): Promise<void>;
}
