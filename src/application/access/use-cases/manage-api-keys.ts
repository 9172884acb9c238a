// Over 300 lines: one use case's seven tasks share its audit, idempotent-replay and record helpers; the rules themselves are in domain/key-rules.ts.
/**
 * Operator tasks on API keys, for the admin API and the key tool alike: issue, import, list, read,
 * change, rotate and revoke. Every change is audited; secrets are returned once and never stored.
 */
import {
  checkKeyFormat,
  composeKey,
  KEY_FORMAT_TEXT,
  keyStatus,
  type ApiKeyRecord,
  type Environment,
  type KeyStatus,
  DEFAULT_KEY_SCOPES,
  keyHints,
} from '../../../domain/access/api-key.js';
import { changesBetween, type Actor, type AuditValue } from '../../../domain/shared/audit-event.js';
import { IdempotencyKeyReusedError, ValidationError } from '../../../domain/shared/errors.js';
import { KeyNotActiveError, KeyNotFoundError, KeyAlreadyRotatedError, KeySecretNotFoundError } from '../../../domain/access/errors.js';
import type { PlanId, PlanLimits } from '../../../domain/access/plans.js';
import {
  checkKeyUpdate,
  checkNewKey,
  checkRevokeReason,
  checkRotationGrace,
  type KeyUpdate,
  type NewKeyRequest,
} from '../../../domain/access/key-rules.js';
import type { ApiKeyChanges, ApiKeyStore } from '../ports/api-key-store.js';
import { DuplicateKeyError } from '../../shared/storage-errors.js';
import type { Clock } from '../../shared/ports/clock.js';
import { CONFIG_ACTOR, KEY_TOOL_ACTOR, type Auditor } from '../../shared/services/auditor.js';
import { derivedId, hashKey, newKeyBody, newKeyId } from '../services/key-secrets.js';

export { KeyNotFoundError };

export type { KeyUpdate, NewKeyRequest };

export interface IssuedKey {
  readonly record: ApiKeyRecord;
  /** The secret: shown to the operator once. */
  readonly key: string;
}

/**
 * What an issue with an Idempotency-Key gave: a new key with its secret, or the key an earlier
 * request with the same Idempotency-Key and body created, without its secret (it is shown once).
 */
export type IssueOutcome =
  (IssuedKey & { readonly replayed: false }) | { readonly record: ApiKeyRecord; readonly key: null; readonly replayed: true };

/** What `ensure` did to a configured key: stored it, changed its plan or limits, or found it as configured. */
export type EnsureOutcome =
  | { readonly action: 'created'; readonly record: ApiKeyRecord }
  | { readonly action: 'updated'; readonly record: ApiKeyRecord; readonly previous: Pick<ApiKeyRecord, 'plan' | 'customLimits'> }
  | { readonly action: 'unchanged'; readonly record: ApiKeyRecord };

export interface KeyListQuery {
  readonly status?: KeyStatus;
  readonly plan?: PlanId;
  readonly ownerId?: string;
  readonly after?: { readonly createdAt: Date; readonly id: string };
  readonly limit: number;
}

export class ManageApiKeys {
  constructor(
    private readonly keys: ApiKeyStore,
    private readonly auditor: Auditor,
    private readonly clock: Clock,
    private readonly environment: Environment,
  ) {}

  /** Issues a key (by the key tool unless another actor is named). */
  async issue(request: NewKeyRequest, actor: Actor = KEY_TOOL_ACTOR): Promise<IssuedKey> {
    this.checkNew(request);
    const key = composeKey(this.environment, newKeyBody());
    return { key, record: await this.store(key, request, actor, newKeyId()) };
  }

  /**
   * Issues a key once per Idempotency-Key: the key's id is derived from the actor and that key, so a
   * retry finds the key the first attempt created (on any instance) instead of issuing a second.
   */
  async issueOnce(request: NewKeyRequest, actor: Actor, idempotencyKey: string): Promise<IssueOutcome> {
    this.checkNew(request);
    const id = derivedId('key_', 'idempotent-issue', `${actor.id ?? ''}\0${idempotencyKey}`);
    const fingerprint = fingerprintOf(request);
    const earlier = await this.keys.findById(id);
    if (earlier) return replayOf(earlier, fingerprint);
    const key = composeKey(this.environment, newKeyBody());
    try {
      return { key, record: await this.store(key, request, actor, id, { requestFingerprint: fingerprint }), replayed: false };
    } catch (error) {
      // A concurrent attempt with the same Idempotency-Key stored it first.
      const stored = error instanceof DuplicateKeyError ? await this.keys.findById(id) : null;
      if (stored) return replayOf(stored, fingerprint);
      throw error;
    }
  }

  /**
   * Makes a configured key (API_KEYS) exist with exactly the given plan and limits. Its id is derived
   * from its hash, so every instance gives it the same id (and so one rate-limit subject), with or
   * without a shared store. A key stored with another plan is brought to the configuration; name,
   * history and revocation are left as they are.
   */
  async ensure(key: string, request: NewKeyRequest): Promise<EnsureOutcome> {
    const verdict = checkKeyFormat(key, this.environment);
    if (verdict !== 'issued' && verdict !== 'verbatim') {
      throw new ValidationError(
        'key',
        verdict === 'malformed'
          ? `A key must be ${KEY_FORMAT_TEXT}`
          : `The key has a reserved prefix but is not valid here (${verdict.replace('_', ' ')})`,
      );
    }
    this.checkNew(request);
    const hash = hashKey(key);
    let stored = await this.keys.findByHash(hash);
    if (!stored) {
      try {
        return { action: 'created', record: await this.store(key, request, CONFIG_ACTOR, derivedId('key_', 'configured-key', hash)) };
      } catch (error) {
        if (!(error instanceof DuplicateKeyError)) throw error;
      }
      stored = await this.keys.findByHash(hash);
      if (!stored) throw new Error('The key was reported as stored, but no record has its hash');
    }
    const customLimits = request.customLimits ?? null;
    if (stored.plan === request.plan && sameLimits(stored.customLimits ?? null, customLimits))
      return { action: 'unchanged', record: stored };
    await this.auditor.record(CONFIG_ACTOR, 'key.update', stored.id, {
      changes: changesBetween(auditedFields(stored), auditedFields(applyChanges(stored, { plan: request.plan, customLimits }))),
    });
    const record = (await this.keys.update(stored.id, { plan: request.plan, customLimits })) ?? stored;
    return {
      action: 'updated',
      record,
      previous: { plan: stored.plan, ...(stored.customLimits && { customLimits: stored.customLimits }) },
    };
  }

  async get(id: string): Promise<ApiKeyRecord> {
    const record = await this.keys.findById(id);
    if (!record) throw new KeyNotFoundError(id);
    return record;
  }

  /**
   * The record of a secret someone reported or leaked, found by its hash. Audited with what it found
   * (or nothing); the secret itself is neither kept nor repeated, not even in the refusal.
   */
  async lookup(key: string, actor: Actor): Promise<ApiKeyRecord> {
    const record = await this.keys.findByHash(hashKey(key));
    await this.auditor.record(actor, 'key.lookup', record?.id ?? null);
    if (!record) throw new KeySecretNotFoundError();
    return record;
  }

  list(query: KeyListQuery): Promise<ApiKeyRecord[]> {
    return this.keys.list({ ...query, nowMs: this.clock.nowMs() });
  }

  async update(id: string, update: KeyUpdate, actor: Actor): Promise<ApiKeyRecord> {
    const current = await this.get(id);
    // A revoked key stays as it was revoked: a change would read as if it still served.
    if (current.revokedAt !== null) throw new KeyNotActiveError(id, 'revoked');
    checkKeyUpdate(current, update, this.clock.nowMs());
    const changes: ApiKeyChanges = {
      ...(update.name !== undefined && { name: update.name }),
      ...(update.plan !== undefined && { plan: update.plan }),
      ...(update.customLimits !== undefined && { customLimits: update.customLimits }),
      ...(update.scopes !== undefined && { scopes: [...update.scopes] }),
      ...(update.expiresAt !== undefined && { expiresAt: update.expiresAt }),
      ...(update.ownerId !== undefined && { ownerId: update.ownerId }),
      ...(update.allowedOrigins !== undefined && { allowedOrigins: update.allowedOrigins }),
    };
    // What the change sets that differs from the record: nothing differs, nothing is written or audited.
    const audited = changesBetween(auditedFields(current), auditedFields(applyChanges(current, changes)));
    if (Object.keys(audited).length === 0) return current;
    await this.auditor.record(actor, 'key.update', id, { changes: audited });
    const record = await this.keys.update(id, changes);
    if (!record) throw new KeyNotFoundError(id);
    return record;
  }

  /** Stops a key at once, with the operator's reason if given; revoking a revoked key changes nothing and returns it as it is. */
  async revoke(id: string, actor: Actor, reason?: string): Promise<ApiKeyRecord> {
    if (reason !== undefined) checkRevokeReason(reason);
    const current = await this.get(id);
    if (current.revokedAt !== null) return current;
    const revokedAt = new Date(this.clock.nowMs());
    await this.auditor.record(actor, 'key.revoke', id, {
      reason,
      changes: changesBetween(auditedFields(current), auditedFields({ ...current, revokedAt })),
    });
    const record = await this.keys.update(id, { revokedAt, ...(reason !== undefined && { revokedReason: reason }) });
    if (!record) throw new KeyNotFoundError(id);
    return record;
  }

  /**
   * Issues a replacement with the same settings and the same quota (one rate-limit subject for both);
   * the old key keeps working for `graceMs`, never past an earlier expiry of its own.
   */
  async rotate(id: string, graceMs: number, actor: Actor): Promise<IssuedKey> {
    checkRotationGrace(graceMs);
    return this.rotateAs(id, graceMs, actor, newKeyId());
  }

  /**
   * Rotates once per Idempotency-Key: the successor's id is derived from the actor and that key, so a
   * retry after a lost response (on any instance, even after the old key's grace ended) finds the
   * successor the first attempt made, without its secret, instead of being refused or rotating again.
   * The same Idempotency-Key for another key or another grace is refused (422).
   */
  async rotateOnce(id: string, graceMs: number, actor: Actor, idempotencyKey: string): Promise<IssueOutcome> {
    checkRotationGrace(graceMs);
    const newId = derivedId('key_', 'idempotent-rotate', `${actor.id ?? ''}\0${idempotencyKey}`);
    const fingerprint = hashKey(JSON.stringify({ rotate: id, graceMs }));
    const earlier = await this.keys.findById(newId);
    if (earlier) return replayOf(earlier, fingerprint);
    try {
      return { ...(await this.rotateAs(id, graceMs, actor, newId, { requestFingerprint: fingerprint })), replayed: false };
    } catch (error) {
      // A concurrent attempt with the same Idempotency-Key stored the successor first.
      const stored = error instanceof DuplicateKeyError ? await this.keys.findById(newId) : null;
      if (stored) return replayOf(stored, fingerprint);
      throw error;
    }
  }

  private async rotateAs(id: string, graceMs: number, actor: Actor, newId: string, extra: Partial<ApiKeyRecord> = {}): Promise<IssuedKey> {
    const old = await this.get(id);
    const now = this.clock.nowMs();
    const status = keyStatus(old, now);
    if (status !== 'active') throw new KeyNotActiveError(id, status);
    // A second rotation of one key (a retry after a lost response) would leave two live successors,
    // the second dying with the first's grace: refused while the first successor lives.
    const successor = old.rotatedTo === undefined ? null : await this.keys.findById(old.rotatedTo);
    if (successor && keyStatus(successor, now) === 'active') throw new KeyAlreadyRotatedError(id, successor.id);
    const key = composeKey(this.environment, newKeyBody());
    const graceEnd = new Date(now + graceMs);
    // Stryker disable next-line EqualityOperator: at an expiry equal to the grace's end, writing it again changes nothing.
    const shortened = old.expiresAt === null || old.expiresAt > graceEnd;
    const oldChanges = { rotatedTo: newId, ...(shortened && { expiresAt: graceEnd }) };
    // The event names the successor (rotatedTo) and the old key's new end.
    await this.auditor.record(actor, 'key.rotate', id, {
      changes: changesBetween(auditedFields(old), auditedFields({ ...old, ...oldChanges })),
    });
    const record: ApiKeyRecord = {
      ...this.recordOf(key, newId, {
        name: old.name,
        plan: old.plan,
        ...(old.customLimits && { customLimits: old.customLimits }),
        scopes: old.scopes,
        expiresAt: old.expiresAt,
        ownerId: old.ownerId,
        ...(old.allowedOrigins && { allowedOrigins: old.allowedOrigins }),
      }),
      quotaId: old.quotaId,
      rotatedFrom: old.id,
      ...extra,
    };
    await this.keys.add(record);
    await this.keys.update(id, oldChanges);
    return { key, record };
  }

  private async store(
    key: string,
    request: NewKeyRequest,
    actor: Actor,
    id: string,
    extra: Partial<ApiKeyRecord> = {},
  ): Promise<ApiKeyRecord> {
    const record: ApiKeyRecord = { ...this.recordOf(key, id, request), ...extra };
    await this.auditor.record(actor, 'key.create', id);
    await this.keys.add(record);
    return record;
  }

  private recordOf(key: string, id: string, request: NewKeyRequest): ApiKeyRecord {
    return {
      id,
      name: request.name,
      hash: hashKey(key),
      ...keyHints(key),
      plan: request.plan,
      ...(request.customLimits && { customLimits: request.customLimits }),
      scopes: request.scopes ? [...request.scopes] : [...DEFAULT_KEY_SCOPES],
      ownerId: request.ownerId ?? null,
      quotaId: id,
      rotatedFrom: null,
      createdAt: new Date(this.clock.nowMs()),
      revokedAt: null,
      expiresAt: request.expiresAt ?? null,
      ...(request.allowedOrigins && { allowedOrigins: [...request.allowedOrigins] }),
    };
  }

  private checkNew(request: NewKeyRequest): void {
    checkNewKey(request, this.clock.nowMs());
  }
}

function sameLimits(a: PlanLimits | null, b: PlanLimits | null): boolean {
  return a === b || (a !== null && b !== null && a.perMinute === b.perMinute && a.perDay === b.perDay);
}

/** A key's fields as its audit events show them: what an operator sets or a rotation and revocation change; never the secret or its hash. */
function auditedFields(record: ApiKeyRecord): Record<string, AuditValue> {
  return {
    name: record.name,
    plan: record.plan,
    limits: record.customLimits ? { perMinute: record.customLimits.perMinute, perDay: record.customLimits.perDay } : null,
    scopes: [...record.scopes],
    expiresAt: record.expiresAt?.toISOString() ?? null,
    ownerId: record.ownerId,
    revokedAt: record.revokedAt?.toISOString() ?? null,
    rotatedTo: record.rotatedTo ?? null,
    allowedOrigins: record.allowedOrigins ? [...record.allowedOrigins] : null,
  };
}

/** The record as it will be once the changes are stored (null limits: the plan's). */
function applyChanges(record: ApiKeyRecord, changes: ApiKeyChanges): ApiKeyRecord {
  const { customLimits, allowedOrigins, ...rest } = changes;
  const next = { ...record, ...rest };
  if (customLimits === null) delete next.customLimits;
  else if (customLimits !== undefined) next.customLimits = customLimits;
  if (allowedOrigins === null) delete next.allowedOrigins;
  else if (allowedOrigins !== undefined) next.allowedOrigins = allowedOrigins;
  return next;
}

/** The request as a digest: the same fields in any order give the same fingerprint. */
function fingerprintOf(request: NewKeyRequest): string {
  const canonical = {
    name: request.name,
    plan: request.plan,
    customLimits: request.customLimits ? [request.customLimits.perMinute, request.customLimits.perDay] : null,
    scopes: request.scopes ? [...request.scopes].sort() : null,
    expiresAt: request.expiresAt ? request.expiresAt.getTime() : null,
    ownerId: request.ownerId ?? null,
    // Only when given, so that fingerprints stored before browser keys still match their retries.
    ...(request.allowedOrigins && { allowedOrigins: [...request.allowedOrigins].sort() }),
  };
  return hashKey(JSON.stringify(canonical));
}

function replayOf(record: ApiKeyRecord, fingerprint: string): IssueOutcome {
  if (record.requestFingerprint !== fingerprint) throw new IdempotencyKeyReusedError();
  return { record, key: null, replayed: true };
}
