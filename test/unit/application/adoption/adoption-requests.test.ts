/**
 * AdoptionRequests: any owner places a request for an animal that is not sold; the pet's owner
 * approves (exclusively), delivers or rejects; the applicant withdraws; nobody else sees it. Every
 * refusal leaves the requests and the pet as they were.
 */
import { describe, expect, it } from 'vitest';
import {
  ForbiddenError,
  IdempotencyKeyReusedError,
  ServiceUnavailableError,
  ValidationError,
} from '../../../../src/domain/shared/errors.js';
import {
  PetHeldError,
  AdoptionRequestNotFoundError,
  InvalidTransitionError,
  PetNotAvailableError,
  PetNotFoundForRequestError,
} from '../../../../src/domain/adoption/errors.js';
import { MAX_WRITE_ROUNDS } from '../../../../src/application/shared/conditional-writes.js';
import { encodeCursor } from '../../../../src/application/shared/cursor.js';
import { newAdoptionRequestId } from '../../../../src/application/adoption/use-cases/adoption-requests.js';
import type { PetRepository } from '../../../../src/application/adoption/ports/pet-repository.js';
import { holdPet } from '../../../../src/domain/adoption/pet-lifecycle.js';
import { instantOf } from '../../../../src/domain/shared/instant.js';
import {
  adoptionWorld,
  alwaysOutraced,
  APPLICANT,
  callerOf,
  OTHER_APPLICANT,
  OTHER_SHELTER,
  SHELTER,
  overriding,
  type AdoptionWorld,
} from '../../../support/adoption-world.js';

describe('AdoptionRequests', () => {
  it("places a request for the pet's owner to decide, visible to the applicant and that owner only", async () => {
    const world = adoptionWorld();
    const pet = await world.aPet();
    const request = await world.aRequest(pet);
    expect(request).toMatchObject({
      petId: pet.id,
      status: 'placed',
      placedBy: APPLICANT.ownerId,
      petOwnerId: SHELTER.ownerId,
      version: 1,
    });
    expect(await world.requests.get(request.id, SHELTER)).toEqual(request);
    expect(await world.requests.get(request.id, APPLICANT)).toEqual(request);
    await expect(world.requests.get(request.id, OTHER_APPLICANT)).rejects.toThrow(AdoptionRequestNotFoundError);
    expect((await world.requests.list({}, OTHER_APPLICANT)).orders).toEqual([]);
    expect((await world.requests.list({}, SHELTER)).orders).toEqual([request]);
  });

  it('refuses a request for a missing or sold pet, or with a bad name, storing nothing', async () => {
    const world = adoptionWorld();
    await expect(world.requests.place({ petId: 999, applicantName: 'Ada' }, APPLICANT)).rejects.toThrow(PetNotFoundForRequestError);
    const pet = await world.aPet();
    await world.change.update(pet.id, { status: 'sold' }, '*', SHELTER);
    await expect(world.aRequest(pet)).rejects.toThrow(PetNotAvailableError);
    const other = await world.aPet();
    await expect(world.requests.place({ petId: other.id, applicantName: ' ' }, APPLICANT)).rejects.toThrow(ValidationError);
    expect((await world.requests.list({}, APPLICANT)).orders).toEqual([]);
  });

  it('replays a retried placement with the same Idempotency-Key and body, and refuses the key with another body', async () => {
    const world = adoptionWorld();
    const pet = await world.aPet();
    const first = await world.requests.place({ petId: pet.id, applicantName: 'Ada' }, APPLICANT, 'retry-1');
    const again = await world.requests.place({ petId: pet.id, applicantName: 'Ada' }, APPLICANT, 'retry-1');
    expect(first.replayed).toBe(false);
    expect(again).toEqual({ order: first.order, replayed: true });
    await expect(world.requests.place({ petId: pet.id, applicantName: 'Bob' }, APPLICANT, 'retry-1')).rejects.toThrow(
      IdempotencyKeyReusedError,
    );
    // The same key from another key is another request.
    expect((await world.requests.place({ petId: pet.id, applicantName: 'Ada' }, OTHER_APPLICANT, 'retry-1')).replayed).toBe(false);
    expect((await world.requests.list({}, SHELTER)).orders).toHaveLength(2);
  });

  it('approves exclusively: of two approvals for one pet the second is refused while the first holds it', async () => {
    const world = adoptionWorld();
    const pet = await world.aPet();
    const first = await world.aRequest(pet);
    const second = await world.aRequest(pet, OTHER_APPLICANT);
    const [a, b] = await Promise.allSettled([
      world.requests.act(first.id, 'approve', SHELTER),
      world.requests.act(second.id, 'approve', SHELTER),
    ]);
    const won = [a, b].filter((result) => result.status === 'fulfilled');
    const lost = [a, b].filter((result) => result.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect((lost[0] as PromiseRejectedResult).reason).toBeInstanceOf(PetNotAvailableError);
    const winner = (won[0] as PromiseFulfilledResult<{ id: string }>).value.id;
    expect(await world.pet(pet.id)).toMatchObject({ status: 'pending', heldBy: winner });
    expect((await world.order(winner === first.id ? second.id : first.id)).status).toBe('placed');
  });

  it('delivers: the pet is sold and the other placed requests are cancelled as pet_adopted', async () => {
    const world = adoptionWorld();
    const pet = await world.aPet();
    const request = await world.aRequest(pet);
    const waiting = await world.aRequest(pet, OTHER_APPLICANT);
    await world.requests.act(request.id, 'approve', SHELTER);
    expect(await world.requests.act(request.id, 'deliver', SHELTER)).toMatchObject({ status: 'delivered' });
    expect(await world.pet(pet.id)).toMatchObject({ status: 'sold', heldBy: null });
    expect(await world.order(waiting.id)).toMatchObject({ status: 'cancelled', cancelReason: 'pet_adopted' });
  });

  it('rejecting an approved request releases the pet; a retried action into the same state changes nothing', async () => {
    const world = adoptionWorld();
    const pet = await world.aPet();
    const request = await world.aRequest(pet);
    await world.requests.act(request.id, 'approve', SHELTER);
    const rejected = await world.requests.act(request.id, 'cancel', SHELTER, 'rejected');
    expect(rejected).toMatchObject({ status: 'cancelled', cancelReason: 'rejected' });
    expect(await world.pet(pet.id)).toMatchObject({ status: 'available', heldBy: null });
    expect(await world.requests.act(request.id, 'cancel', SHELTER, 'rejected')).toEqual(rejected);
    await expect(world.requests.act(request.id, 'approve', SHELTER)).rejects.toThrow(InvalidTransitionError);
  });

  it("lets only the pet's owner decide and only the applicant withdraw; the request and pet stay as they were", async () => {
    const world = adoptionWorld();
    const pet = await world.aPet();
    const request = await world.aRequest(pet);
    await expect(world.requests.act(request.id, 'approve', APPLICANT)).rejects.toThrow(ForbiddenError);
    await expect(world.requests.act(request.id, 'cancel', SHELTER, 'withdrawn')).rejects.toThrow(ForbiddenError);
    // A third owner learns nothing: the request answers as missing.
    await expect(world.requests.act(request.id, 'approve', OTHER_SHELTER)).rejects.toThrow(AdoptionRequestNotFoundError);
    await expect(world.requests.act(request.id, 'approve', callerOf('nobody'))).rejects.toThrow(AdoptionRequestNotFoundError);
    expect(await world.order(request.id)).toEqual(request);
    expect(await world.pet(pet.id)).toEqual(pet);
    expect(await world.requests.act(request.id, 'cancel', APPLICANT, 'withdrawn')).toMatchObject({ cancelReason: 'withdrawn' });
  });

  it('refuses a malformed id or cursor as missing or invalid, without a lookup that could match', async () => {
    const world = adoptionWorld();
    await expect(world.requests.get('ord_../../etc', SHELTER)).rejects.toThrow(AdoptionRequestNotFoundError);
    await expect(world.requests.list({ cursor: 'not-a-cursor!' }, SHELTER)).rejects.toThrow(/cursor/);
    await expect(world.requests.list({ petId: 0 }, SHELTER)).rejects.toThrow(ValidationError);
  });

  it('answers 503 after losing every round of a decision, and the request stays placed', async () => {
    let outraced: ReturnType<typeof alwaysOutraced<AdoptionWorld['orders']>> | undefined;
    const world = adoptionWorld({ orders: (orders) => (outraced = alwaysOutraced(orders)) });
    const pet = await world.aPet();
    const request = await world.aRequest(pet);
    await expect(world.requests.act(request.id, 'cancel', APPLICANT, 'withdrawn')).rejects.toThrow(ServiceUnavailableError);
    expect(outraced?.writes()).toBe(MAX_WRITE_ROUNDS);
    expect(await world.order(request.id)).toEqual(request);
  });

  it('answers a request gone while it was being approved as not found, and leaves its pet unheld', async () => {
    let gone = false;
    let petWrites = 0;
    const world = adoptionWorld({
      // The request disappears once the approval has written the pet's hold.
      orders: (orders) => overriding(orders, { findById: async (id: string) => (gone ? null : orders.findById(id)) }),
      pets: (pets) =>
        overriding(pets, {
          update: async (...args: Parameters<typeof pets.update>) => {
            const written = await pets.update(...args);
            if (++petWrites === 1) gone = true;
            return written;
          },
        }),
    });
    const pet = await world.aPet();
    const request = await world.aRequest(pet);
    await expect(world.requests.act(request.id, 'approve', SHELTER)).rejects.toThrow(AdoptionRequestNotFoundError);
    expect(await world.pet(pet.id)).toMatchObject({ status: 'available', heldBy: null });
  });

  it('lists requests by status and by pet, a page at a time by the cursor it gives, and refuses a bad pet id or cursor', async () => {
    const world = adoptionWorld();
    const [rex, max] = [await world.aPet(), await world.aPet()];
    const made = [await world.aRequest(rex), await world.aRequest(max), await world.aRequest(rex, OTHER_APPLICANT)];
    await world.requests.act(made[1]?.id as string, 'approve', SHELTER);
    const ids = async (input: Parameters<AdoptionWorld['requests']['list']>[0]) =>
      (await world.requests.list(input, SHELTER)).orders.map((order) => order.id);
    expect(await ids({})).toEqual(made.map((order) => order.id));
    expect(await ids({ petId: rex.id })).toEqual([made[0]?.id, made[2]?.id]);
    expect(await ids({ status: 'approved' })).toEqual([made[1]?.id]);
    expect(await ids({ status: 'placed', petId: rex.id })).toEqual([made[0]?.id, made[2]?.id]);
    const first = await world.requests.list({ limit: 2 }, SHELTER);
    expect(first.orders.map((order) => order.id)).toEqual(made.slice(0, 2).map((order) => order.id));
    const second = await world.requests.list({ limit: 2, cursor: first.nextCursor as string }, SHELTER);
    expect(second.orders.map((order) => order.id)).toEqual([made[2]?.id]);
    expect(second.nextCursor).toBeNull();
    await expect(world.requests.list({ petId: 0 }, SHELTER)).rejects.toThrow(
      expect.objectContaining({ field: 'petId', message: 'petId is not a valid pet id' }),
    );
    await expect(world.requests.list({ cursor: encodeCursor('evt_1') }, SHELTER)).rejects.toThrow(/cursor is not valid/);
  });

  it('makes request ids that follow the order they were made in, within a millisecond and when the clock steps back', () => {
    // Later than any clock of the tests before it: the generator counts on from the latest id an instance made.
    const at = Date.UTC(2090, 0, 1);
    const made = [newAdoptionRequestId(at), newAdoptionRequestId(at), newAdoptionRequestId(at), newAdoptionRequestId(at - 5_000)];
    made.push(newAdoptionRequestId(at + 1));
    expect(new Set(made).size).toBe(made.length);
    expect([...made].sort()).toEqual(made);
    expect(made.slice(0, 4).every((id) => id.startsWith(`ord_${at.toString(36).padStart(9, '0')}`))).toBe(true);
    expect(made[4]?.startsWith(`ord_${(at + 1).toString(36).padStart(9, '0')}`)).toBe(true);
    expect(made.every((id) => /^ord_[0-9a-z]{21}$/.test(id))).toBe(true);
  });

  it('refuses the key with another note, and says why a sold pet takes no request', async () => {
    const world = adoptionWorld();
    const pet = await world.aPet();
    await world.requests.place({ petId: pet.id, applicantName: 'Ada', note: 'We have a garden' }, APPLICANT, 'note-1');
    await expect(
      world.requests.place({ petId: pet.id, applicantName: 'Ada', note: 'We have a flat' }, APPLICANT, 'note-1'),
    ).rejects.toThrow(IdempotencyKeyReusedError);
    await expect(world.requests.place({ petId: pet.id, applicantName: 'Ada' }, APPLICANT, 'note-1')).rejects.toThrow(
      IdempotencyKeyReusedError,
    );
    const sold = await world.aPet();
    await world.change.update(sold.id, { status: 'sold' }, '*', SHELTER);
    await expect(world.aRequest(sold)).rejects.toThrow(`Pet ${sold.id} has been adopted; it takes no more adoption requests`);
  });

  it('of two placements at once under one key, answers the second from the first, or refuses it when its body differs', async () => {
    const world = adoptionWorld();
    const pet = await world.aPet();
    const same = await Promise.all([
      world.requests.place({ petId: pet.id, applicantName: 'Ada' }, APPLICANT, 'at-once'),
      world.requests.place({ petId: pet.id, applicantName: 'Ada' }, APPLICANT, 'at-once'),
    ]);
    expect(same.map((placed) => placed.replayed).sort()).toEqual([false, true]);
    expect(same[0]?.order).toEqual(same[1]?.order);
    const different = await Promise.allSettled([
      world.requests.place({ petId: pet.id, applicantName: 'Ada' }, APPLICANT, 'at-once-2'),
      world.requests.place({ petId: pet.id, applicantName: 'Bob' }, APPLICANT, 'at-once-2'),
    ]);
    expect(different.map((settled) => settled.status)).toEqual(['fulfilled', 'rejected']);
    expect((different[1] as PromiseRejectedResult).reason).toBeInstanceOf(IdempotencyKeyReusedError);
    expect((await world.requests.list({}, APPLICANT)).orders).toHaveLength(2);
  });

  it('names the request when a decision loses every round', async () => {
    const world = adoptionWorld({ orders: (orders) => alwaysOutraced(orders) });
    const pet = await world.aPet();
    const request = await world.aRequest(pet);
    await expect(world.requests.act(request.id, 'cancel', APPLICANT, 'withdrawn')).rejects.toThrow(
      `Adoption request ${request.id} is being changed by many requests at once`,
    );
  });

  it('starts a new id from the clock when it moves on, not from the last count', () => {
    const at = Date.UTC(2091, 0, 1);
    const first = newAdoptionRequestId(at);
    const later = newAdoptionRequestId(at + 60_000);
    expect(first.slice(4, 13)).toBe(at.toString(36).padStart(9, '0'));
    expect(later.slice(4, 13)).toBe((at + 60_000).toString(36).padStart(9, '0'));
    // A fresh random part, not the last one plus one.
    const count = (id: string) => [...id.slice(13)].reduce((value, digit) => value * 36n + BigInt(parseInt(digit, 36)), 0n);
    expect(count(later)).not.toBe(count(first) + 1n);
  });
});

/**
 * Pets whose `nth` read after `arm` first lets `step` run: another call's step (or an interrupted
 * one's first write) between two of the approval's.
 */
function interleaved() {
  let armed: { nth: number; step: () => Promise<unknown> } | null = null;
  let reads = 0;
  const wrap = (pets: PetRepository): PetRepository =>
    overriding(pets, {
      findById: async (id: number) => {
        if (armed !== null && ++reads === armed.nth) {
          const { step } = armed;
          armed = null;
          await step();
        }
        return pets.findById(id);
      },
    });
  return {
    wrap,
    arm(nth: number, step: () => Promise<unknown>) {
      armed = { nth, step };
      reads = 0;
    },
  };
}

// An approval reads the request (and, settling it, its pet), then reads the pet again to hold it:
// the second read after the call starts is the approval's own.
const APPROVAL_READS_PET = 2;

/** A pet, a request for it, and a world whose pet reads can be interleaved with. */
async function approvalWorld() {
  const between = interleaved();
  const world = adoptionWorld({ pets: between.wrap });
  const pet = await world.aPet();
  const request = await world.aRequest(pet);
  return { between, world, pet, request };
}

describe('AdoptionRequests, an approval and what happens between its steps', () => {
  it('answers that the request was cancelled when its pet was sold after the request was read, and leaves the pet sold and unheld', async () => {
    const { between, world, pet, request } = await approvalWorld();
    between.arm(APPROVAL_READS_PET, () => world.change.update(pet.id, { status: 'sold' }, '*', SHELTER));
    await expect(world.requests.act(request.id, 'approve', SHELTER)).rejects.toThrow(InvalidTransitionError);
    expect(await world.pet(pet.id)).toMatchObject({ status: 'sold', heldBy: null });
    expect(await world.order(request.id)).toMatchObject({ status: 'cancelled', cancelReason: 'pet_adopted' });
  });

  it('finishes an approval of the same request that held the pet meanwhile, without holding it a second time', async () => {
    const { between, world, pet, request } = await approvalWorld();
    // Another instance's approval of this request wrote the hold, and stopped before marking the request.
    let heldVersion = 0;
    between.arm(APPROVAL_READS_PET, async () => {
      const current = await world.pet(pet.id);
      const held = holdPet(current, request.id, instantOf(world.clock.nowMs()));
      heldVersion = held.version;
      expect(await world.pets.update(held, current.version, [])).toBe(true);
    });
    const approved = await world.requests.act(request.id, 'approve', SHELTER);
    expect(approved).toMatchObject({ id: request.id, status: 'approved', version: request.version + 1 });
    expect(await world.pet(pet.id)).toMatchObject({ status: 'pending', heldBy: request.id, version: heldVersion });
  });

  it('refuses to approve while another approved request holds the pet, naming that request', async () => {
    const world = adoptionWorld();
    const pet = await world.aPet();
    const first = await world.aRequest(pet);
    const second = await world.aRequest(pet, OTHER_APPLICANT);
    await world.requests.act(first.id, 'approve', SHELTER);
    await expect(world.requests.act(second.id, 'approve', SHELTER)).rejects.toThrow(
      new PetNotAvailableError(`Pet ${pet.id} is held by another approved adoption request (${first.id}); cancel that one first`),
    );
    expect(await world.order(second.id)).toEqual(second);
  });

  it('says the request was cancelled while it was being approved when it was rejected between the hold and the settling', async () => {
    const { between, world, pet, request } = await approvalWorld();
    // The third read is the approval's, after its hold: the owner rejects the request there.
    between.arm(APPROVAL_READS_PET + 1, () => world.requests.act(request.id, 'cancel', SHELTER, 'rejected'));
    await expect(world.requests.act(request.id, 'approve', SHELTER)).rejects.toThrow(
      new InvalidTransitionError(`Adoption request ${request.id} was cancelled while it was being approved`),
    );
    expect(await world.pet(pet.id)).toMatchObject({ status: 'available', heldBy: null });
    expect(await world.order(request.id)).toMatchObject({ status: 'cancelled', cancelReason: 'rejected' });
  });

  it('keeps a claimed pet from being removed: the removal loses, the approval finishes, and removing it then is refused as held', async () => {
    const { between, world, pet, request } = await approvalWorld();
    // After the claim, a removal's conditional write meets it (the claim changes no version).
    between.arm(APPROVAL_READS_PET + 1, async () => {
      const current = await world.pet(pet.id);
      expect(current).toMatchObject({ version: pet.version, claimedBy: request.id, heldBy: null, status: 'available' });
      expect(await world.pets.remove(current.id, current.version, [])).toBe(false);
    });
    expect(await world.requests.act(request.id, 'approve', SHELTER)).toMatchObject({ status: 'approved' });
    expect(await world.pet(pet.id)).toMatchObject({ version: pet.version + 1, claimedBy: null, heldBy: request.id, status: 'pending' });
    await expect(world.change.remove(pet.id, undefined, SHELTER)).rejects.toThrow(PetHeldError);
  });

  it('shows nothing of an approval that a rejection of its request beat: no version, no event, the claim gone', async () => {
    const { between, world, pet, request } = await approvalWorld();
    // After the claim, the request is rejected by a call that read the pet before the claim.
    between.arm(APPROVAL_READS_PET + 1, async () => {
      const placed = await world.order(request.id);
      const cancelled = { ...placed, status: 'cancelled' as const, cancelReason: 'rejected' as const, version: placed.version + 1 };
      expect(await world.orders.update(cancelled, placed.version, [])).toBe(true);
    });
    await expect(world.requests.act(request.id, 'approve', SHELTER)).rejects.toThrow(InvalidTransitionError);
    expect(await world.order(request.id)).toMatchObject({ status: 'cancelled', cancelReason: 'rejected', version: 2 });
    expect(await world.pet(pet.id)).toEqual(pet);
  });
});
