/** Port: where API key records are kept, found by the hash of the key. */
import type { ApiKeyRecord, KeyScope, KeyStatus } from '../../../domain/access/api-key.js';
import type { PlanId, PlanLimits } from '../../../domain/access/plans.js';

/** Fields an update may change; `customLimits: null` removes the override, `allowedOrigins: null` the origins. */
export type ApiKeyChanges = Partial<
  Pick<ApiKeyRecord, 'revokedAt' | 'revokedReason' | 'expiresAt' | 'name' | 'ownerId' | 'rotatedTo' | 'banLiftedAt'>
> & {
  readonly plan?: PlanId;
  readonly customLimits?: PlanLimits | null;
  readonly allowedOrigins?: readonly string[] | null;
  readonly scopes?: readonly KeyScope[];
};

/** A page of keys in creation order (created, then id), after a position. */
export interface ApiKeyQuery {
  readonly status?: KeyStatus;
  readonly plan?: PlanId;
  readonly ownerId?: string;
  /** Only browser keys that list this exact origin. */
  readonly origin?: string;
  /** Only keys after this one in creation order. */
  readonly after?: { readonly createdAt: Date; readonly id: string };
  readonly limit: number;
  /** The instant `status` is judged at. */
  readonly nowMs: number;
}

export interface ApiKeyStore {
  /** Rejects with DuplicateKeyError when the id or the hash is taken. */
  add(record: ApiKeyRecord): Promise<void>;
  findByHash(hash: string): Promise<ApiKeyRecord | null>;
  /**
   * What findByHash would give now, when the store holds it in memory (null: it knows there is none);
   * undefined when only findByHash can tell. Never waits on anything.
   */
  findByHashInMemory?(hash: string): ApiKeyRecord | null | undefined;
  findById(id: string): Promise<ApiKeyRecord | null>;
  /** Keys matching the query, in creation order (createdAt, then id). */
  list(query: ApiKeyQuery): Promise<ApiKeyRecord[]>;
  /** Returns the changed record, or null when no record has that id. */
  update(id: string, changes: ApiKeyChanges): Promise<ApiKeyRecord | null>;
  ping(): Promise<void>;
}
