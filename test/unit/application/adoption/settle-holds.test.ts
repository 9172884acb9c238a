/**
 * SettleHolds finishes an adoption step a crash interrupted between its two writes, whichever read
 * meets it first (a read of the pet, of the request, or the sweep), and writes nothing otherwise.
 */
import { describe, expect, it } from 'vitest';
import { applyAction } from '../../../../src/domain/adoption/adoption-request.js';
import { holdPet, sellPet } from '../../../../src/domain/adoption/pet-lifecycle.js';
import { instantOf } from '../../../../src/domain/shared/instant.js';
import { ServiceUnavailableError } from '../../../../src/domain/shared/errors.js';
import { MAX_WRITE_ROUNDS } from '../../../../src/application/shared/conditional-writes.js';
import {
  adoptionWorld,
  alwaysOutraced,
  OTHER_APPLICANT,
  overriding,
  SHELTER,
  type AdoptionWorld,
} from '../../../support/adoption-world.js';

/** The pet held by the request, as the approval's first write leaves it. */
async function holdOnly(world: AdoptionWorld, petId: number, orderId: string) {
  const pet = await world.pet(petId);
  expect(await world.pets.update(holdPet(pet, orderId, instantOf(world.clock.nowMs())), pet.version, [])).toBe(true);
  return world.pet(petId);
}

/** An approved request, then its deliver or cancel written alone, as a crash before the pet's write leaves it. */
async function recordOnly(world: AdoptionWorld, action: 'deliver' | 'cancel') {
  const pet = await world.aPet();
  const request = await world.aRequest(pet);
  // Another applicant waits on the pet.
  const waiting = await world.aRequest(pet, OTHER_APPLICANT);
  const approved = await world.requests.act(request.id, 'approve', SHELTER);
  const recorded = applyAction(approved, action, instantOf(world.clock.nowMs()), action === 'cancel' ? 'rejected' : null);
  expect(await world.orders.update(recorded, approved.version, [])).toBe(true);
  return { pet: await world.pet(pet.id), request: recorded, waiting };
}

describe('SettleHolds', () => {
  it('finishes an approval whose hold was taken: the request becomes approved, the pet stays held', async () => {
    const world = adoptionWorld();
    const pet = await world.aPet();
    const request = await world.aRequest(pet);
    const held = await holdOnly(world, pet.id, request.id);
    expect(await world.holds.pet(held)).toEqual(held);
    expect((await world.order(request.id)).status).toBe('approved');
    expect(await world.pet(pet.id)).toEqual(held);
  });

  it('finishes a delivery: the pet is sold, unheld, and every other placed request is cancelled as pet_adopted', async () => {
    const world = adoptionWorld();
    const { pet, request, waiting } = await recordOnly(world, 'deliver');
    expect(waiting.status).toBe('placed');
    const settled = await world.holds.pet(pet);
    expect(settled).toMatchObject({ id: pet.id, status: 'sold', heldBy: null, version: pet.version + 1 });
    expect(await world.pet(pet.id)).toEqual(settled);
    expect((await world.order(request.id)).status).toBe('delivered');
    expect(await world.order(waiting.id)).toMatchObject({ status: 'cancelled', cancelReason: 'pet_adopted' });
  });

  it('finishes a cancellation: the pet is available again and unheld', async () => {
    const world = adoptionWorld();
    const { pet, waiting } = await recordOnly(world, 'cancel');
    expect(await world.holds.pet(pet)).toMatchObject({ status: 'available', heldBy: null, version: pet.version + 1 });
    // The waiting applicant still waits: the pet may be approved for it now.
    expect((await world.order(waiting.id)).status).toBe('placed');
  });

  it('releases a pet held by a request that does not exist', async () => {
    const world = adoptionWorld();
    const pet = await world.aPet();
    const held = await holdOnly(world, pet.id, 'ord_000000000000000000000');
    expect(await world.holds.pet(held)).toMatchObject({ status: 'available', heldBy: null });
  });

  it('writes nothing for a pet no step holds, nor for one an approved request holds', async () => {
    const world = adoptionWorld();
    const free = await world.aPet();
    expect(await world.holds.pet(free)).toBe(free);
    const pet = await world.aPet();
    const request = await world.aRequest(pet);
    await world.requests.act(request.id, 'approve', SHELTER);
    const held = await world.pet(pet.id);
    expect(await world.holds.pet(held)).toBe(held);
    expect(await world.pet(pet.id)).toEqual(held);
  });

  it("settles a request read alone: placed for a pet that was removed or sold meanwhile, it is cancelled with the pet's reason", async () => {
    const world = adoptionWorld();
    const removed = await world.aPet();
    const forRemoved = await world.aRequest(removed);
    expect(await world.pets.remove(removed.id, removed.version, [])).toBe(true);
    expect(await world.holds.order(forRemoved)).toMatchObject({ status: 'cancelled', cancelReason: 'pet_deleted' });

    const sold = await world.aPet();
    const forSold = await world.aRequest(sold);
    expect(await world.pets.update(sellPet(sold, instantOf(world.clock.nowMs())), sold.version, [])).toBe(true);
    expect(await world.holds.order(forSold)).toMatchObject({ status: 'cancelled', cancelReason: 'pet_adopted' });
  });

  it('finishes, from the request, the approval its pet records', async () => {
    const world = adoptionWorld();
    const pet = await world.aPet();
    const request = await world.aRequest(pet);
    await holdOnly(world, pet.id, request.id);
    expect(await world.holds.order(request)).toMatchObject({ id: request.id, status: 'approved' });
  });

  it('sweeps every held pet, page by page, and counts only those it had to write', async () => {
    const world = adoptionWorld();
    const interrupted = await Promise.all([recordOnly(world, 'deliver'), recordOnly(world, 'cancel'), recordOnly(world, 'cancel')]);
    const fine = await world.aPet();
    const fineRequest = await world.aRequest(fine);
    await world.requests.act(fineRequest.id, 'approve', SHELTER);
    expect(await world.holds.sweep(1)).toBe(3);
    expect((await Promise.all(interrupted.map(({ pet }) => world.pet(pet.id)))).map((pet) => [pet.status, pet.heldBy])).toEqual([
      ['sold', null],
      ['available', null],
      ['available', null],
    ]);
    expect(await world.pet(fine.id)).toMatchObject({ status: 'pending', heldBy: fineRequest.id });
    expect(await world.holds.sweep()).toBe(0);
  });

  it('answers 503 after losing every round of its conditional writes, and changes nothing', async () => {
    let outraced: ReturnType<typeof alwaysOutraced<AdoptionWorld['orders']>> | undefined;
    const world = adoptionWorld({ orders: (orders) => (outraced = alwaysOutraced(orders)) });
    const pet = await world.aPet();
    const request = await world.aRequest(pet);
    const held = await holdOnly(world, pet.id, request.id);
    await expect(world.holds.pet(held)).rejects.toThrow(ServiceUnavailableError);
    await expect(world.holds.pet(held)).rejects.toThrow(`Pet ${pet.id} is being changed by many requests at once`);
    expect(outraced?.writes()).toBe(2 * MAX_WRITE_ROUNDS);
    expect((await world.order(request.id)).status).toBe('placed');
  });

  it('names the request when other writers change it at every round of its settling, and leaves it placed', async () => {
    let outraced: ReturnType<typeof alwaysOutraced<AdoptionWorld['orders']>> | undefined;
    let reads = 0;
    // Every write loses, and every read finds a newer version: other writers keep changing the request.
    const world = adoptionWorld({
      orders: (orders) =>
        overriding((outraced = alwaysOutraced(orders)), {
          findById: async (id: string) => {
            const found = await orders.findById(id);
            return found && { ...found, version: found.version + ++reads };
          },
        }),
    });
    const pet = await world.aPet();
    const request = await world.aRequest(pet);
    // The pet removed by a step that stopped before cancelling its requests.
    expect(await world.pets.remove(pet.id, pet.version, [])).toBe(true);
    await expect(world.holds.order(request)).rejects.toThrow(`Adoption request ${request.id} is being changed by many requests at once`);
    expect(outraced?.writes()).toBe(MAX_WRITE_ROUNDS);
    expect((await world.order(request.id)).status).toBe('placed');
  });

  it('leaves a delivered or cancelled request as it is when read, and its pet untouched', async () => {
    const world = adoptionWorld();
    const pet = await world.aPet();
    const request = await world.aRequest(pet);
    await world.requests.act(request.id, 'approve', SHELTER);
    const delivered = await world.requests.act(request.id, 'deliver', SHELTER);
    const sold = await world.pet(pet.id);
    expect(await world.holds.order(delivered)).toEqual(delivered);
    expect(await world.order(request.id)).toEqual(delivered);
    expect(await world.pet(pet.id)).toEqual(sold);

    // A cancellation written alone: reading the request does not do the pet's step (a read of the pet, or the sweep, does).
    const { pet: held, request: cancelled } = await recordOnly(world, 'cancel');
    expect(await world.holds.order(cancelled)).toEqual(cancelled);
    expect(await world.pet(held.id)).toEqual(held);
  });

  it('answers a request as it is when its settling write is outraced: no 503 for a read, the next read settles it', async () => {
    const world = adoptionWorld({ orders: (orders) => alwaysOutraced(orders) });
    const pet = await world.aPet();
    const request = await world.aRequest(pet);
    expect(await world.pets.remove(pet.id, pet.version, [])).toBe(true);
    expect(await world.holds.order(request)).toEqual(request);
  });

  it('names the pet when cancelling its placed requests loses every round', async () => {
    const world = adoptionWorld({ orders: (orders) => alwaysOutraced(orders) });
    const pet = await world.aPet();
    await world.aRequest(pet);
    await expect(world.holds.cancelPlaced(pet.id, 'pet_adopted')).rejects.toThrow(
      `Pet ${pet.id} (its placed adoption requests) is being changed by many requests at once`,
    );
  });
});
