/**
 * Admission: who is calling, and may the request go on under its limits? Identifies the caller by
 * its API key, or by its client address when the route is public or the key is refused, and decides
 * the request on the rate limiter. A refused key still counts against its address before it is
 * answered 401, so keys cannot be guessed at speed. Routes that report on the quota spend none.
 */
import { grantsScope, type KeyScope } from '../../../domain/access/api-key.js';
import { ForbiddenError, RateLimitExceededError, UnauthenticatedError } from '../../../domain/shared/errors.js';
import { ANONYMOUS_LIMITS, ANONYMOUS_QUOTA, type AddressQuota, type PlanId, type PlanLimits } from '../../../domain/access/plans.js';
import {
  retryAfterSeconds,
  windowsFor,
  type AdmissionPolicy,
  type BanPolicy,
  type RateDecision,
} from '../../../domain/access/rate-limit.js';
import { systemClock } from '../../shared/ports/clock.js';
import type { RateLimiter } from '../ports/rate-limiter.js';
import { LocalRefusals } from '../services/local-refusals.js';
import type { AuthenticatedKey, Authenticate } from './authenticate.js';

/** The rate-limit subject of a key: its quota, which a rotated key shares with its replacement. */
export function keySubject(key: Pick<AuthenticatedKey, 'quotaId'>): string {
  return `key:${key.quotaId}`;
}

/**
 * What a key's decisions are made for, besides its subject: its limits and the last time its ban was
 * lifted. A refusal remembered under another stamp no longer holds (LocalRefusals).
 */
function keyStamp(key: AuthenticatedKey): string {
  return `${key.limits.perMinute}/${key.limits.perDay}/${key.banLiftedAtMs ?? 0}`;
}

interface KeySubject {
  readonly subject: string;
  readonly stamp: string;
}

/** Subjects of the keys seen (Authenticate hands back the same object for a key while it is unchanged). */
const subjects = new WeakMap<AuthenticatedKey, KeySubject>();

function subjectOf(key: AuthenticatedKey): KeySubject {
  let subject = subjects.get(key);
  // Stryker disable next-line ConditionalExpression: a memo; working the subject out again gives the same
  if (subject === undefined) {
    subject = { subject: keySubject(key), stamp: keyStamp(key) };
    // Stryker disable next-line CallExpression: a memo
    subjects.set(key, subject);
  }
  return subject;
}

/** The rate-limit subject of a caller known only by its address (no key, or a refused one), under a quota. */
export function addressSubject(ip: string, quota: AddressQuota = ANONYMOUS_QUOTA): string {
  return `${quota.name}:${ip}`;
}

const addressPolicies = new WeakMap<BanPolicy, AdmissionPolicy>();

/** Callers known only by their address get the anonymous limits, under the deployment's ban policy. */
export function addressPolicy(ban: BanPolicy): AdmissionPolicy {
  let policy = addressPolicies.get(ban);
  // Stryker disable next-line ConditionalExpression: a memo; building the policy again gives an equal one
  if (!policy) {
    policy = { windows: windowsFor(ANONYMOUS_LIMITS), ban };
    // Stryker disable next-line CallExpression: a memo
    addressPolicies.set(ban, policy);
  }
  return policy;
}

/** What the transport knows about a request. */
export interface AdmissionRequest {
  /** The Authorization header's value, if one came. */
  readonly authorization: string | undefined;
  /** How many Authorization headers came: two credentials are ambiguous, and refused. */
  readonly authorizationHeaders: number;
  /** The client's address; asked for only when the caller is limited by it. */
  readonly clientAddress: () => string;
  /** False for routes served without a key (still limited per address). */
  readonly needsKey: boolean;
  /** The limits a caller known by its address gets here (its own count for each quota). */
  readonly addressQuota: AddressQuota;
  /** False for routes that report on the quota: an authenticated call spends none. */
  readonly spendsQuota: boolean;
  /** The scope the key must have; an admitted request without it is refused with 403 (and still counted). */
  readonly scope: KeyScope | null;
}

export interface Admission {
  /** The key the request was made with, whatever was decided; null on public routes and when no valid key came. */
  readonly key: AuthenticatedKey | null;
  /** The plan the request was counted under, for metrics ('anonymous' when by address). */
  readonly plan: PlanId | 'anonymous';
  readonly limits: PlanLimits;
  /** The decision made; null when none was (a quota report by a valid key). */
  readonly decision: RateDecision | null;
  /** Why the request may not go on: its limits, its key, or its key's scopes. */
  readonly refusal: RateLimitExceededError | UnauthenticatedError | ForbiddenError | null;
}

interface Caller {
  readonly key: AuthenticatedKey | null;
  readonly subject: string;
  readonly stamp: string;
  readonly limits: PlanLimits;
  readonly authError: UnauthenticatedError | null;
}

export class AdmitRequest {
  /** Plan limits are shared objects (the plan table, a key record): build each policy once. */
  private readonly policies = new WeakMap<PlanLimits, AdmissionPolicy>();

  private readonly refusals: LocalRefusals;

  /** Without `refusals`, every request is decided by the limiter. */
  constructor(
    private readonly authenticate: Authenticate,
    private readonly limiter: RateLimiter,
    private readonly ban: BanPolicy,
    refusals?: LocalRefusals,
  ) {
    this.refusals = refusals ?? new LocalRefusals(limiter, systemClock, { maxEntries: 0 });
  }

  /**
   * Answered at once (no promise) when memory alone decides: while some subject is refused here, a
   * request whose caller memory can name and whose refusal is remembered. Otherwise asks the key store
   * and the limiter; rejects only when no decision can be made (a key store or a limiter that fails
   * closed is down).
   */
  execute(request: AdmissionRequest): Admission | Promise<Admission> {
    if (this.refusals.size > 0) {
      const remembered = this.refusalInMemory(request);
      if (remembered !== null) return remembered;
    }
    return this.decide(request);
  }

  /**
   * A refusal remembered here for the caller, named from memory: the address on a public route or
   * under two credentials, the key when this instance holds it verified and current, and the address
   * for a key this instance has not verified (refused as that address without looking the key up, so
   * that a refused address learns nothing about the keys it tries). Null when none is remembered or
   * only the key store can name the caller; decide() then gives what this would have.
   */
  private refusalInMemory(request: AdmissionRequest): Admission | null {
    if (!request.needsKey || request.authorizationHeaders > 1) return this.addressRefusal(request);
    const key = this.authenticate.inMemory(request.authorization);
    if (key === undefined) return this.authenticate.knows(request.authorization) ? null : this.addressRefusal(request);
    if (!request.spendsQuota) return null;
    const { subject, stamp } = subjectOf(key);
    const decision = this.refusals.answer(subject, stamp);
    return decision && { key, plan: key.plan, limits: key.limits, decision, refusal: refusalOf(decision, 'key') };
  }

  private addressRefusal(request: AdmissionRequest): Admission | null {
    const quota = request.addressQuota;
    // Every address under a quota is decided under the same limits: the quota's name is the stamp.
    const decision = this.refusals.answer(addressSubject(request.clientAddress(), quota), quota.name);
    return decision && { key: null, plan: 'anonymous', limits: quota.limits, decision, refusal: refusalOf(decision, 'address') };
  }

  private async decide(request: AdmissionRequest): Promise<Admission> {
    const caller = await this.identify(request);
    const plan = caller.key?.plan ?? 'anonymous';
    if (caller.key && !request.spendsQuota) {
      // Nothing is spent; a refusal still tells where the key stands, as every refusal of a key does.
      const refusal = this.scopeRefusal(caller.key, request.scope);
      const decision = refusal && (await this.status(caller.key));
      return { key: caller.key, plan, limits: caller.limits, decision, refusal };
    }
    const policy = this.policyFor(caller.limits);
    let decision = this.refusals.answer(caller.subject, caller.stamp);
    if (decision === null) {
      const askedAtMs = this.refusals.now();
      decision = await this.limiter.admit(caller.subject, policy);
      // An admission matters only to a refusal remembered for the subject (it ends it).
      if (decision.outcome !== 'admitted' || this.refusals.size > 0) {
        this.refusals.remember(caller.subject, caller.stamp, policy, decision, askedAtMs);
      }
    }
    const refusal =
      decision.outcome === 'admitted'
        ? (caller.authError ?? (caller.key && this.scopeRefusal(caller.key, request.scope)))
        : refusalOf(decision, caller.key === null ? 'address' : 'key');
    return { key: caller.key, plan, limits: caller.limits, decision, refusal };
  }

  /** Where a key stands, without spending a request: what its next request would get. */
  status(key: AuthenticatedKey): Promise<RateDecision> {
    return this.limiter.peek(keySubject(key), this.policyFor(key.limits));
  }

  private scopeRefusal(key: AuthenticatedKey, scope: KeyScope | null): ForbiddenError | null {
    return scope === null || grantsScope(key.scopes, scope)
      ? null
      : new ForbiddenError(`This API key does not have the ${scope} scope this operation needs`);
  }

  private identify(request: AdmissionRequest): Caller | Promise<Caller> {
    if (!request.needsKey) return this.byAddress(request, null);
    if (request.authorizationHeaders > 1) return this.byAddress(request, new UnauthenticatedError('Send exactly one Authorization header'));
    return this.authenticate.execute(request.authorization).then(
      (key): Caller => {
        const { subject, stamp } = subjectOf(key);
        return { key, subject, stamp, limits: key.limits, authError: null };
      },
      (error: unknown) => {
        if (error instanceof UnauthenticatedError) return this.byAddress(request, error);
        throw error;
      },
    );
  }

  private byAddress(request: AdmissionRequest, authError: UnauthenticatedError | null): Caller {
    const quota = request.addressQuota;
    return { key: null, subject: addressSubject(request.clientAddress(), quota), stamp: quota.name, limits: quota.limits, authError };
  }

  private policyFor(limits: PlanLimits): AdmissionPolicy {
    let policy = this.policies.get(limits);
    // Stryker disable next-line ConditionalExpression: a memo; building the policy again gives an equal one
    if (!policy) {
      policy = { windows: windowsFor(limits), ban: this.ban };
      // Stryker disable next-line CallExpression: a memo
      this.policies.set(limits, policy);
    }
    return policy;
  }
}

/** Refusals made so far, by Retry-After and kind: a flood's refusals are a few alike, made once each. */
const refusalErrors = new Map<number, RateLimitExceededError>();

function refusalOf(decision: RateDecision, of: 'key' | 'address'): RateLimitExceededError {
  const banned = decision.outcome === 'banned';
  const seconds = retryAfterSeconds(decision);
  const id = seconds * 4 + (banned ? 1 : 0) + (of === 'address' ? 2 : 0);
  let refusal = refusalErrors.get(id);
  if (refusal === undefined) {
    // Stryker disable next-line ConditionalExpression,EqualityOperator: a bound on a memo
    if (refusalErrors.size >= 10_000) refusalErrors.clear();
    refusal = new RateLimitExceededError(banned, seconds, of);
    refusalErrors.set(id, refusal);
  }
  return refusal;
}
