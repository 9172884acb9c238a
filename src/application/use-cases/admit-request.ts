/**
 * Admission: who is calling, and may the request go on under its limits? Identifies the caller by
 * its API key, or by its client address when the route is public or the key is refused, and decides
 * the request on the rate limiter. A refused key still counts against its address before it is
 * answered 401, so keys cannot be guessed at speed. Routes that report on the quota spend none.
 */
import { RateLimitExceededError, UnauthenticatedError } from '../../domain/errors.js';
import { ANONYMOUS_LIMITS, type PlanId, type PlanLimits } from '../../domain/plans.js';
import { retryAfterSeconds, windowsFor, type AdmissionPolicy, type BanPolicy, type RateDecision } from '../../domain/rate-limit.js';
import type { RateLimiter } from '../ports/rate-limiter.js';
import type { AuthenticatedKey, Authenticate } from './authenticate.js';

export type Subject = { readonly kind: 'key'; readonly keyId: string } | { readonly kind: 'address'; readonly ip: string };

function subjectId(subject: Subject): string {
  return subject.kind === 'key' ? `key:${subject.keyId}` : `ip:${subject.ip}`;
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
  /** False for routes that report on the quota: an authenticated call spends none. */
  readonly spendsQuota: boolean;
}

export interface Admission {
  /** The key that may go on; null on public routes and when refused. */
  readonly key: AuthenticatedKey | null;
  /** The plan the request was counted under, for metrics ('anonymous' when by address). */
  readonly plan: PlanId | 'anonymous';
  readonly limits: PlanLimits;
  /** The decision made; null when none was (a quota report by a valid key). */
  readonly decision: RateDecision | null;
  /** Why the request may not go on: its limits, or its key. */
  readonly refusal: RateLimitExceededError | UnauthenticatedError | null;
}

interface Caller {
  readonly key: AuthenticatedKey | null;
  readonly subject: Subject;
  readonly limits: PlanLimits;
  readonly authError: UnauthenticatedError | null;
}

export class AdmitRequest {
  /** Plan limits are shared objects (the plan table, a key record): build each policy once. */
  private readonly policies = new WeakMap<PlanLimits, AdmissionPolicy>();

  constructor(
    private readonly authenticate: Authenticate,
    private readonly limiter: RateLimiter,
    private readonly ban: BanPolicy,
  ) {}

  /** Rejects only when no decision can be made (a key store or a limiter that fails closed is down). */
  async execute(request: AdmissionRequest): Promise<Admission> {
    const caller = await this.identify(request);
    const plan = caller.key?.plan ?? 'anonymous';
    if (caller.key && !request.spendsQuota) {
      return { key: caller.key, plan, limits: caller.limits, decision: null, refusal: null };
    }
    const decision = await this.limiter.admit(subjectId(caller.subject), this.policyFor(caller.limits));
    const refusal =
      decision.outcome === 'admitted' ? caller.authError : new RateLimitExceededError(decision.outcome === 'banned', retryAfterSeconds(decision));
    return { key: refusal ? null : caller.key, plan, limits: caller.limits, decision, refusal };
  }

  /** Where a key stands, without spending a request: what its next request would get. */
  status(key: AuthenticatedKey): Promise<RateDecision> {
    return this.limiter.peek(subjectId({ kind: 'key', keyId: key.keyId }), this.policyFor(key.limits));
  }

  private async identify(request: AdmissionRequest): Promise<Caller> {
    if (!request.needsKey) return byAddress(request, null);
    if (request.authorizationHeaders > 1) return byAddress(request, new UnauthenticatedError('Send exactly one Authorization header'));
    try {
      const key = await this.authenticate.execute(request.authorization);
      return { key, subject: { kind: 'key', keyId: key.keyId }, limits: key.limits, authError: null };
    } catch (error) {
      if (error instanceof UnauthenticatedError) return byAddress(request, error);
      throw error;
    }
  }

  private policyFor(limits: PlanLimits): AdmissionPolicy {
    let policy = this.policies.get(limits);
    if (!policy) {
      policy = { windows: windowsFor(limits), ban: this.ban };
      this.policies.set(limits, policy);
    }
    return policy;
  }
}

function byAddress(request: AdmissionRequest, authError: UnauthenticatedError | null): Caller {
  return { key: null, subject: { kind: 'address', ip: request.clientAddress() }, limits: ANONYMOUS_LIMITS, authError };
}
