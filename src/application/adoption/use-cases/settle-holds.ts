/**
 * Finishes adoption steps that were interrupted. Without multi-document transactions, each step that
 * touches a pet and a request writes one, then the other, always in the same order:
 *
 * - approve: the pet's claim first (`claimedBy`, conditional on no claim or hold: what makes the
 *   approval exclusive; it changes no version and shows nothing), then the request, conditional on
 *   the version read (so of an approval and a cancellation of one placed request exactly one wins),
 *   then the hold shows on the pet (`heldBy`, pending, a new version and its event);
 * - deliver and cancel: the request first, then the pet.
 *
 * So a pet claimed by a request still placed is being approved (the approval is finished), one
 * claimed by an approved request has its hold to show, one claimed by a request that is neither
 * loses the claim (nothing shown having changed); a pet held by a delivered request is sold, one
 * held by a cancelled or missing request is released. The steps after the first are this
 * settlement itself, and any reader runs it too: a pet or request read singly is settled first, and
 * `sweep` settles every held or claimed pet (each instance runs it every minute), so an interrupted
 * step is finished at the next read or within a minute. Each write is conditional on the version
 * (and the pet's claim) read, so settlements racing each other or the original step agree. A pet
 * held by a request still placed (held before claims were) has its approval finished too.
 */
import { applyAction, type CancelReason, type AdoptionRequest } from '../../../domain/adoption/adoption-request.js';
import { holdPet, releasePet, sellPet, unclaimPet } from '../../../domain/adoption/pet-lifecycle.js';
import { type Pet, type PetId } from '../../../domain/adoption/pet.js';
import { instantOf } from '../../../domain/shared/instant.js';
import type { Clock } from '../../shared/ports/clock.js';
import type { AdoptionRequestRepository } from '../ports/adoption-request-repository.js';
import type { PetRepository } from '../ports/pet-repository.js';
import { feedEvents } from '../services/feed-events.js';
import { LOST_RACE, retryOnConflict } from '../../shared/conditional-writes.js';

export class SettleHolds {
  constructor(
    private readonly pets: PetRepository,
    private readonly requests: AdoptionRequestRepository,
    private readonly clock: Clock,
  ) {}

  /** The pet once any interrupted step on it is finished; null when it is gone. */
  async pet(start: Pet): Promise<Pet | null> {
    let pet: Pet | null = start;
    return retryOnConflict(`Pet ${start.id}`, async () => {
      if (pet === null) return null;
      if (pet.claimedBy !== null) {
        const settled = await this.claimed(pet, pet.claimedBy);
        if (settled !== null) return settled;
        pet = await this.pets.findById(pet.id);
        return LOST_RACE;
      }
      if (pet.heldBy === null) return pet;
      const order = await this.requests.findById(pet.heldBy);
      if (order?.status === 'approved') return pet;
      const now = instantOf(this.clock.nowMs());
      if (order?.status === 'placed') {
        // Held as before claims were (the hold shown first, then the request): finish the approval.
        const approved = applyAction(order, 'approve', now);
        if (await this.requests.update(approved, order.version, feedEvents.orderMoved(this.clock, order, approved))) return pet;
        return LOST_RACE;
      }
      const settled = order?.status === 'delivered' ? sellPet(pet, now) : releasePet(pet, now);
      if (await this.pets.update(settled, pet.version, feedEvents.petChanged(this.clock, pet, settled))) {
        if (settled.status === 'sold') await this.cancelPlaced(pet.id, 'pet_adopted');
        return settled;
      }
      pet = await this.pets.findById(pet.id);
      return LOST_RACE;
    });
  }

  /**
   * A pet claimed by a request being approved: the request's own conditional write decides. Placed:
   * it is approved now (as its approver would); approved: the hold shows (pending, a new version and
   * its event); anything else (cancelled first, gone): the claim goes, nothing shown having changed.
   * The pet settled, or null when a write lost a race (read again and go on).
   */
  private async claimed(pet: Pet, orderId: string): Promise<Pet | null> {
    const order = await this.requests.findById(orderId);
    const now = instantOf(this.clock.nowMs());
    if (order?.status === 'placed') {
      const approved = applyAction(order, 'approve', now);
      await this.requests.update(approved, order.version, feedEvents.orderMoved(this.clock, order, approved));
      return null;
    }
    const settled = order?.status === 'approved' ? holdPet(pet, orderId, now) : unclaimPet(pet);
    // The claim going changes nothing shown: no version, no event.
    const events = settled.version === pet.version ? [] : feedEvents.petChanged(this.clock, pet, settled);
    return (await this.pets.update(settled, pet.version, events, orderId)) ? settled : null;
  }

  /** The request once any interrupted step on it (or on its pet) is finished. */
  async order(start: AdoptionRequest): Promise<AdoptionRequest> {
    let order = start;
    return retryOnConflict(`Adoption request ${start.id}`, async () => {
      if (order.status === 'cancelled') return order;
      const pet = await this.pets.findById(order.petId);
      if (pet !== null && (pet.heldBy === order.id || pet.claimedBy === order.id)) {
        // Placed: an approval to finish; delivered: a sale to finish; approved and shown: as it should be.
        // Stryker disable next-line ConditionalExpression: pet() finds an approved request's hold as it should be and writes nothing; this saves its reads
        if (order.status === 'approved' && pet.heldBy === order.id) return order;
        await this.pet(pet);
      } else if (order.status === 'placed' && (pet === null || pet.status === 'sold')) {
        const reason: CancelReason = pet === null ? 'pet_deleted' : 'pet_adopted';
        const cancelled = applyAction(order, 'cancel', instantOf(this.clock.nowMs()), reason);
        await this.requests.update(cancelled, order.version, feedEvents.orderMoved(this.clock, order, cancelled));
      } else {
        return order;
      }
      const fresh = await this.requests.findById(order.id);
      if (fresh === null || fresh.version === order.version) return fresh ?? order;
      order = fresh;
      return LOST_RACE;
    });
  }

  /** Cancels the pet's placed requests: it was adopted or removed. */
  async cancelPlaced(petId: PetId, reason: CancelReason): Promise<void> {
    await retryOnConflict(`Pet ${petId} (its placed adoption requests)`, async () => {
      const placed = await this.requests.listPlaced(petId);
      if (placed.length === 0) return undefined;
      const now = instantOf(this.clock.nowMs());
      await Promise.all(
        placed.map((order) => {
          const cancelled = applyAction(order, 'cancel', now, reason);
          return this.requests.update(cancelled, order.version, feedEvents.orderMoved(this.clock, order, cancelled));
        }),
      );
      return LOST_RACE;
    });
  }

  /** Settles every held pet, a page at a time; returns how many were settled by a write. */
  async sweep(pageSize = 100): Promise<number> {
    let afterId = 0;
    let changed = 0;
    for (;;) {
      const held = await this.pets.listHeld(afterId, pageSize);
      for (const pet of held) {
        const settled = await this.pet(pet);
        if (settled !== pet) changed += 1;
        afterId = pet.id;
      }
      if (held.length < pageSize) return changed;
    }
  }
}
