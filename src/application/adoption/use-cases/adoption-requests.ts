/**
 * Adoption requests: placed by any key with pets:write for a pet that is not sold, decided by the
 * pet's owner (approve holds the pet, deliver sells it, reject cancels), withdrawn by the applicant.
 * An approval is exclusive: it claims the pet with one conditional write (see settle-holds.ts),
 * so of two approvals for one pet, on any number of instances, exactly one wins.
 */
import { hash, randomBytes } from 'node:crypto';
import {
  actionChanges,
  applyAction,
  checkNewRequest,
  checkRequestActor,
  mayViewRequest,
  type ClientCancelReason,
  type NewAdoptionRequest,
  type AdoptionRequest,
  type AdoptionRequestAction,
  type AdoptionRequestStatus,
} from '../../../domain/adoption/adoption-request.js';
import { IdempotencyKeyReusedError, ValidationError } from '../../../domain/shared/errors.js';
import {
  InvalidTransitionError,
  AdoptionRequestNotFoundError,
  PetNotAvailableError,
  PetNotFoundForRequestError,
} from '../../../domain/adoption/errors.js';
import { claimPet, ownerOfPet } from '../../../domain/adoption/pet-lifecycle.js';
import { isValidId, type PetId } from '../../../domain/adoption/pet.js';
import { instantOf } from '../../../domain/shared/instant.js';
import type { Clock } from '../../shared/ports/clock.js';
import type { AdoptionRequestRepository } from '../ports/adoption-request-repository.js';
import type { PetRepository } from '../ports/pet-repository.js';
import { decodeCursor, pageLimit, pageOf } from '../../shared/cursor.js';
import type { Caller } from '../../shared/caller.js';
import type { SettleHolds } from './settle-holds.js';
import { LOST_RACE, retryOnConflict } from '../../shared/conditional-writes.js';
import { feedEvents } from '../services/feed-events.js';
import { ADOPTION_REQUEST_ID_PATTERN } from '../../../domain/adoption/adoption-request.js';

const ADOPTION_REQUEST_ID = new RegExp(ADOPTION_REQUEST_ID_PATTERN);

const RANDOM_SPACE = 36n ** 12n;
let lastMs = 0;
let lastRandom = 0n;

/**
 * A new request id. Within one millisecond (or a clock that stepped back) an instance counts on from
 * its last id, as ULID's monotonic mode does, so one instance's ids follow the order it placed them.
 */
export function newAdoptionRequestId(nowMs: number): string {
  // the count starts in the lower half of the space, so it reaches the end only after 2^61 ids in one
  // millisecond
  // Stryker disable next-line EqualityOperator,ArithmeticOperator: as above
  if (nowMs <= lastMs && lastRandom + 1n < RANDOM_SPACE) {
    lastRandom += 1n;
  } else {
    lastMs = Math.max(nowMs, lastMs);
    // Half the space, so the count can go on within a millisecond; 64 bits reduced, bias irrelevant here.
    lastRandom = randomBytes(8).readBigUInt64BE() % (RANDOM_SPACE / 2n);
  }
  return `ord_${lastMs.toString(36).padStart(9, '0')}${lastRandom.toString(36).padStart(12, '0')}`;
}

export interface ListOrdersInput {
  readonly limit?: number;
  readonly cursor?: string;
  readonly status?: AdoptionRequestStatus;
  readonly petId?: PetId;
}

export interface PlacedAdoptionRequest {
  readonly order: AdoptionRequest;
  /** True when this is the request an earlier call with the same Idempotency-Key placed. */
  readonly replayed: boolean;
}

export class AdoptionRequests {
  constructor(
    private readonly pets: PetRepository,
    private readonly requests: AdoptionRequestRepository,
    private readonly holds: SettleHolds,
    private readonly clock: Clock,
    private readonly legacyOwner: string | null,
  ) {}

  async place(input: NewAdoptionRequest, caller: Caller, idempotencyKey?: string): Promise<PlacedAdoptionRequest> {
    checkNewRequest(input);
    const fingerprint = hash('sha256', JSON.stringify([input.petId, input.applicantName, input.note ?? null]), 'hex');
    const requestKey = idempotencyKey === undefined ? null : `${caller.keyId}\u0000${idempotencyKey}`;
    // A retry is answered from what the first call placed, whatever happened to the pet since.
    const earlier = requestKey === null ? null : await this.requests.findByRequestKey(requestKey);
    if (earlier) return this.replay(earlier, fingerprint);
    const found = await this.pets.findById(input.petId);
    const pet = found && (await this.holds.pet(found));
    if (!pet) throw new PetNotFoundForRequestError(input.petId);
    if (pet.status === 'sold') throw new PetNotAvailableError(`Pet ${pet.id} has been adopted; it takes no more adoption requests`);
    const now = instantOf(this.clock.nowMs());
    const placed: AdoptionRequest = {
      id: newAdoptionRequestId(this.clock.nowMs()),
      petId: pet.id,
      status: 'placed',
      applicantName: input.applicantName,
      note: input.note ?? null,
      cancelReason: null,
      createdAt: now,
      updatedAt: now,
      version: 1,
      placedBy: caller.ownerId,
      petOwnerId: ownerOfPet(pet, this.legacyOwner),
      requestKey,
      requestFingerprint: fingerprint,
    };
    const { order, created } = await this.requests.add(placed, feedEvents.orderPlaced(this.clock, placed));
    if (!created) return this.replay(order, fingerprint);
    // Removed or sold while the request was being placed, after that step cancelled the pet's placed
    // requests: cancel this one too, as if it had been placed just before (which it answers).
    await this.holds.order(order);
    return { order, replayed: false };
  }

  private async replay(order: AdoptionRequest, fingerprint: string): Promise<PlacedAdoptionRequest> {
    if (order.requestFingerprint !== fingerprint) throw new IdempotencyKeyReusedError();
    return { order: await this.holds.order(order), replayed: true };
  }

  async get(id: string, caller: Caller): Promise<AdoptionRequest> {
    return this.visible(id, caller);
  }

  async list(input: ListOrdersInput, caller: Caller): Promise<{ readonly orders: AdoptionRequest[]; readonly nextCursor: string | null }> {
    const limit = pageLimit(input.limit);
    const afterId =
      input.cursor === undefined ? undefined : decodeCursor(input.cursor, (text) => (ADOPTION_REQUEST_ID.test(text) ? text : null));
    if (input.petId !== undefined && !isValidId(input.petId)) throw new ValidationError('petId', 'petId is not a valid pet id');
    const found = await this.requests.list({
      visibleTo: caller.ownerId,
      limit: limit + 1,
      ...(input.status !== undefined && { status: input.status }),
      ...(input.petId !== undefined && { petId: input.petId }),
      ...(afterId !== undefined && { afterId }),
    });
    const { rows, nextCursor } = pageOf(found, limit, (order) => order.id);
    return { orders: rows, nextCursor };
  }

  /** Takes the action as the caller; a request already in the action's target state is returned unchanged. */
  async act(id: string, action: AdoptionRequestAction, caller: Caller, reason: ClientCancelReason | null = null): Promise<AdoptionRequest> {
    return retryOnConflict(`Adoption request ${id}`, async () => {
      const order = await this.visible(id, caller);
      checkRequestActor(order, action, reason, caller.ownerId);
      if (!actionChanges(order, action)) return order;
      const done = action === 'approve' ? await this.approve(order) : await this.recordThenSettle(order, action, reason);
      return done ?? LOST_RACE;
    });
  }

  /** Claims the pet, then settles the claim (which marks the request approved and shows the hold); null to go again. */
  private async approve(order: AdoptionRequest): Promise<AdoptionRequest | null> {
    const found = await this.pets.findById(order.petId);
    const pet = found && (await this.holds.pet(found));
    // Removed or sold since the request was read: read it again, now cancelled by that step (or by its settling).
    if (!pet || pet.status === 'sold') return null;
    if (pet.heldBy !== null && pet.heldBy !== order.id) {
      throw new PetNotAvailableError(`Pet ${pet.id} is held by another approved adoption request (${pet.heldBy}); cancel that one first`);
    }
    // The claim shows nothing and makes the approval exclusive; settling it approves the request
    // (unless a cancellation won first) and then shows the hold.
    if (pet.heldBy === null && !(await this.pets.update(claimPet(pet, order.id), pet.version, [], null))) return null;
    const held = await this.pets.findById(pet.id);
    if (held) await this.holds.pet(held);
    const after = await this.requests.findById(order.id);
    // Still placed (or gone): go again, to settle it or to answer that it is not found.
    if (after === null || after.status === 'placed') return null;
    if (after.status === 'approved') return after;
    throw new InvalidTransitionError(`Adoption request ${order.id} was ${after.status} while it was being approved`);
  }

  /** Deliver and cancel: the request first, then its pet; null to go again. */
  private async recordThenSettle(
    order: AdoptionRequest,
    action: 'deliver' | 'cancel',
    reason: ClientCancelReason | null,
  ): Promise<AdoptionRequest | null> {
    const changed = applyAction(order, action, instantOf(this.clock.nowMs()), reason);
    if (!(await this.requests.update(changed, order.version, feedEvents.orderMoved(this.clock, order, changed)))) return null;
    const pet = await this.pets.findById(order.petId);
    if (pet?.heldBy === order.id || pet?.claimedBy === order.id) await this.holds.pet(pet);
    return changed;
  }

  private async visible(id: string, caller: Caller): Promise<AdoptionRequest> {
    const found = ADOPTION_REQUEST_ID.test(id) ? await this.requests.findById(id) : null;
    if (!found || !mayViewRequest(found, caller.ownerId)) throw new AdoptionRequestNotFoundError(id);
    return this.holds.order(found);
  }
}
