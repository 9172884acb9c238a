/**
 * Adoption requests (the specification's store orders): the record, its states and the actions that
 * move it, who may take each action, and who may see a request. A request for a pet moves
 * placed -> approved -> delivered, or to cancelled from placed or approved; the pet follows it
 * (see pet-lifecycle.ts): approval holds it pending, delivery sells it, cancelling an approved
 * request releases it.
 */
import { ForbiddenError, ValidationError } from '../shared/errors.js';
import { InvalidTransitionError } from './errors.js';
import { VISIBLE_CHARACTER_PATTERN } from '../shared/name-pattern.js';
import type { PetId } from './pet.js';
import type { Instant } from '../shared/instant.js';

export const ADOPTION_REQUEST_STATUSES = ['placed', 'approved', 'delivered', 'cancelled'] as const;
export type AdoptionRequestStatus = (typeof ADOPTION_REQUEST_STATUSES)[number];

/** Why a request was cancelled: by its applicant, by the pet's owner, or by what happened to the pet. */
export const CANCEL_REASONS = ['withdrawn', 'rejected', 'pet_adopted', 'pet_deleted'] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number];

/** The reasons a client may give; the others are the service's own. */
export const CLIENT_CANCEL_REASONS = ['withdrawn', 'rejected'] as const;
export type ClientCancelReason = (typeof CLIENT_CANCEL_REASONS)[number];

export const APPLICANT_NAME_MAX_LENGTH = 100;
export const NOTE_MAX_LENGTH = 1_000;
export const APPLICANT_NAME_RULE_TEXT = `1 to ${APPLICANT_NAME_MAX_LENGTH} characters with at least one visible one`;

// Stryker disable next-line StringLiteral: the pattern is written with \uXXXX escapes only, so it means the same without the `u` flag
const VISIBLE_CHARACTER = new RegExp(VISIBLE_CHARACTER_PATTERN, 'u');

export interface AdoptionRequest {
  readonly id: string;
  readonly petId: PetId;
  readonly status: AdoptionRequestStatus;
  readonly applicantName: string;
  readonly note: string | null;
  readonly cancelReason: CancelReason | null;
  readonly createdAt: Instant;
  readonly updatedAt: Instant;
  readonly version: number;
  /** The owner whose key placed the request. */
  readonly placedBy: string;
  /** The pet's owner when the request was placed: who decides it. */
  readonly petOwnerId: string | null;
  /** The API key and Idempotency-Key it was placed with, so that a retry finds it; else null. */
  readonly requestKey: string | null;
  /** Digest of the body it was placed with, to tell a retry from a reuse of the Idempotency-Key. */
  readonly requestFingerprint: string;
}

export interface NewAdoptionRequest {
  readonly petId: PetId;
  readonly applicantName: string;
  readonly note?: string;
}

export function checkNewRequest(input: NewAdoptionRequest): void {
  if (!VISIBLE_CHARACTER.test(input.applicantName) || [...input.applicantName].length > APPLICANT_NAME_MAX_LENGTH) {
    throw new ValidationError('applicantName', `applicantName must be ${APPLICANT_NAME_RULE_TEXT}`);
  }
  if (input.note !== undefined && [...input.note].length > NOTE_MAX_LENGTH) {
    throw new ValidationError('note', `note must be at most ${NOTE_MAX_LENGTH} characters`);
  }
}

export type AdoptionRequestAction = 'approve' | 'deliver' | 'cancel';

/** Each action's target state and the states it may start from. */
export const ADOPTION_REQUEST_ACTIONS: Readonly<
  Record<AdoptionRequestAction, { readonly to: AdoptionRequestStatus; readonly from: readonly AdoptionRequestStatus[] }>
> = {
  approve: { to: 'approved', from: ['placed'] },
  deliver: { to: 'delivered', from: ['approved'] },
  cancel: { to: 'cancelled', from: ['placed', 'approved'] },
};

/**
 * Whether the action changes the request: false when it is already in the target state (a safe
 * retry answers 200 and changes nothing); an action the state does not allow is refused.
 */
export function actionChanges(order: AdoptionRequest, action: AdoptionRequestAction): boolean {
  const { to, from } = ADOPTION_REQUEST_ACTIONS[action];
  if (order.status === to) return false;
  if (from.includes(order.status)) return true;
  const allowed = (Object.keys(ADOPTION_REQUEST_ACTIONS) as AdoptionRequestAction[]).filter((a) =>
    ADOPTION_REQUEST_ACTIONS[a].from.includes(order.status),
  );
  throw new InvalidTransitionError(
    `Adoption request ${order.id} is ${order.status}; it cannot be ${to}${
      allowed.length > 0 ? ` (it may be: ${allowed.map((a) => ADOPTION_REQUEST_ACTIONS[a].to).join(', ')}` + `)` : ', it is final'
    }`,
  );
}

/** The request after the action, one version on. */
export function applyAction(
  order: AdoptionRequest,
  action: AdoptionRequestAction,
  now: Instant,
  reason: CancelReason | null = null,
): AdoptionRequest {
  return {
    ...order,
    status: ADOPTION_REQUEST_ACTIONS[action].to,
    cancelReason: action === 'cancel' ? reason : order.cancelReason,
    version: order.version + 1,
    updatedAt: now,
  };
}

/** The placer's owner and the pet's owner may see a request; nobody else learns it exists. */
export function mayViewRequest(order: AdoptionRequest, caller: string): boolean {
  return order.placedBy === caller || order.petOwnerId === caller;
}

/** Who may take an action: the pet's owner decides (approve, deliver, reject); the applicant withdraws. */
export function checkRequestActor(
  order: AdoptionRequest,
  action: AdoptionRequestAction,
  reason: ClientCancelReason | null,
  caller: string,
): void {
  const byApplicant = action === 'cancel' && reason === 'withdrawn';
  if (byApplicant ? order.placedBy === caller : order.petOwnerId === caller) return;
  throw new ForbiddenError(
    byApplicant
      ? `Only the owner that placed adoption request ${order.id} may withdraw it`
      : `Only the owner of pet ${order.petId} may ${action === 'cancel' ? 'reject' : action} adoption request ${order.id}`,
  );
}

/** `ord_`, the creation time in base 36 (9 digits, so ids sort by time), then 12 random base-36 digits. */
export const ADOPTION_REQUEST_ID_PATTERN = '^ord_[0-9a-z]{21}$';
