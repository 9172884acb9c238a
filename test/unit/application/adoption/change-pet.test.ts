/**
 * ChangePet: only the owner's keys change or remove a pet, only from the version the client read
 * (If-Match), only as the lifecycle allows; and a refused change leaves the stored pet as it was.
 */
import { MemoryPhotoStore } from '../../../../src/adapters/adoption/memory/memory-photo-store.js';
import { gazetteer } from '../../../support/gazetteer.js';
import { describe, expect, it } from 'vitest';
import {
  ForbiddenError,
  PreconditionFailedError,
  PreconditionRequiredError,
  ServiceUnavailableError,
} from '../../../../src/domain/shared/errors.js';
import { InvalidTransitionError, PetHeldError, PetNotFoundError } from '../../../../src/domain/adoption/errors.js';
import { MAX_WRITE_ROUNDS } from '../../../../src/application/shared/conditional-writes.js';
import { ChangePet } from '../../../../src/application/adoption/use-cases/change-pet.js';
import {
  adoptionWorld,
  alwaysOutraced,
  OTHER_APPLICANT,
  OTHER_SHELTER,
  SHELTER,
  type AdoptionWorld,
} from '../../../support/adoption-world.js';

describe('ChangePet', () => {
  it('changes a pet from the version read, one version on, and answers a change that changes nothing with the same version', async () => {
    const world = adoptionWorld();
    const pet = await world.aPet();
    const renamed = await world.change.update(pet.id, { name: 'Rex' }, [pet.version], SHELTER);
    expect(renamed).toMatchObject({ id: pet.id, name: 'Rex', version: pet.version + 1 });
    expect(await world.pet(pet.id)).toEqual(renamed);
    expect(await world.change.update(pet.id, { name: 'Rex' }, [renamed.version], SHELTER)).toEqual(renamed);
  });

  it("refuses another owner's change and removal, and the pet stays as it was", async () => {
    const world = adoptionWorld();
    const pet = await world.aPet();
    await expect(world.change.update(pet.id, { name: 'Mine' }, '*', OTHER_SHELTER)).rejects.toThrow(ForbiddenError);
    await expect(world.change.remove(pet.id, '*', OTHER_SHELTER)).rejects.toThrow(ForbiddenError);
    expect(await world.pet(pet.id)).toEqual(pet);
  });

  it('needs If-Match to change, and refuses a stale one with the current version, changing nothing', async () => {
    const world = adoptionWorld();
    const pet = await world.aPet();
    await expect(world.change.update(pet.id, { name: 'Rex' }, undefined, SHELTER)).rejects.toThrow(PreconditionRequiredError);
    const renamed = await world.change.update(pet.id, { name: 'Rex' }, '*', SHELTER);
    await expect(world.change.update(pet.id, { name: 'Max' }, [pet.version], SHELTER)).rejects.toThrow(PreconditionFailedError);
    await expect(world.change.remove(pet.id, [pet.version], SHELTER)).rejects.toThrow(PreconditionFailedError);
    expect(await world.pet(pet.id)).toEqual(renamed);
  });

  it('moves status only as the table allows', async () => {
    const world = adoptionWorld();
    const pet = await world.aPet();
    const sold = await world.change.update(pet.id, { status: 'sold' }, '*', SHELTER);
    await expect(world.change.update(pet.id, { status: 'pending' }, '*', SHELTER)).rejects.toThrow(InvalidTransitionError);
    expect(await world.pet(pet.id)).toEqual(sold);
  });

  it('selling a pet cancels its placed requests as pet_adopted; removing it cancels them as pet_deleted', async () => {
    const world = adoptionWorld();
    const sold = await world.aPet();
    const forSold = await world.aRequest(sold);
    await world.change.update(sold.id, { status: 'sold' }, '*', SHELTER);
    expect(await world.order(forSold.id)).toMatchObject({ status: 'cancelled', cancelReason: 'pet_adopted' });

    const removed = await world.aPet();
    const forRemoved = await world.aRequest(removed, OTHER_APPLICANT);
    await world.change.remove(removed.id, [removed.version], SHELTER);
    expect(await world.pets.findById(removed.id)).toBeNull();
    expect(await world.order(forRemoved.id)).toMatchObject({ status: 'cancelled', cancelReason: 'pet_deleted' });
    await expect(world.change.remove(removed.id, '*', SHELTER)).rejects.toThrow(PetNotFoundError);
  });

  it('refuses to remove, or to move the status of, a pet an approved request holds', async () => {
    const world = adoptionWorld();
    const pet = await world.aPet();
    const request = await world.aRequest(pet);
    await world.requests.act(request.id, 'approve', SHELTER);
    const held = await world.pet(pet.id);
    await expect(world.change.remove(pet.id, '*', SHELTER)).rejects.toThrow(PetHeldError);
    await expect(world.change.update(pet.id, { status: 'available' }, '*', SHELTER)).rejects.toThrow(PetHeldError);
    expect(await world.pet(pet.id)).toEqual(held);
    // Its name may still change: the hold is about its status.
    expect((await world.change.update(pet.id, { name: 'Held' }, '*', SHELTER)).heldBy).toBe(request.id);
  });

  it('lets the operator-named owner change pets stored before owners were recorded, and nobody when none is named', async () => {
    const world = adoptionWorld();
    const legacy = await world.pets.add({ ...(await world.aPet()), ownerId: null }, () => []);
    const named = new ChangePet(
      world.pets,
      world.holds,
      world.clock,
      gazetteer,
      new MemoryPhotoStore(),
      'legacy_shelter',
      world.homes,
      world.relocate,
    );
    expect((await named.update(legacy.id, { name: 'Old' }, '*', { ownerId: 'legacy_shelter', keyId: 'key_l' })).name).toBe('Old');
    await expect(world.change.update(legacy.id, { name: 'Mine' }, '*', SHELTER)).rejects.toThrow(ForbiddenError);
  });

  it('answers 503 after losing every round, and the pet stays as it was', async () => {
    let outraced: ReturnType<typeof alwaysOutraced<AdoptionWorld['pets']>> | undefined;
    const world = adoptionWorld({ pets: (pets) => (outraced = alwaysOutraced(pets)) });
    const pet = await world.aPet();
    await expect(world.change.update(pet.id, { name: 'Rex' }, '*', SHELTER)).rejects.toThrow(ServiceUnavailableError);
    await expect(world.change.remove(pet.id, '*', SHELTER)).rejects.toThrow(`Pet ${pet.id} is being changed by many requests at once`);
    expect(outraced?.writes()).toBe(2 * MAX_WRITE_ROUNDS);
    expect(await world.pet(pet.id)).toEqual(pet);
  });

  it('writes nothing and makes no event for a change that changes nothing', async () => {
    const world = adoptionWorld();
    const pet = await world.aPet();
    while ((await world.relay.pass()) > 0);
    const events = async () => (await world.feed.find({ visibleTo: null, limit: 100 })).length;
    const before = await events();
    expect(await world.change.update(pet.id, { name: pet.name, status: pet.status }, [pet.version], SHELTER)).toEqual(pet);
    while ((await world.relay.pass()) > 0);
    expect(await events()).toBe(before);
    expect(await world.pet(pet.id)).toEqual(pet);
  });

  it("leaves a pet's placed requests alone on a change that does not sell it", async () => {
    const world = adoptionWorld();
    const pet = await world.aPet();
    const request = await world.aRequest(pet);
    await world.change.update(pet.id, { name: 'Renamed' }, '*', SHELTER);
    await world.change.update(pet.id, { status: 'pending' }, '*', SHELTER);
    await world.change.update(pet.id, { status: 'available' }, '*', SHELTER);
    expect(await world.order(request.id)).toMatchObject({ status: 'placed', cancelReason: null });
  });

  it('removes without If-Match (honoured when sent), and says which pet each refusal is about', async () => {
    const world = adoptionWorld();
    const pet = await world.aPet();
    await expect(world.change.update(pet.id, { name: 'Rex' }, undefined, SHELTER)).rejects.toThrow(
      `Changing pet ${pet.id} needs an If-Match header`,
    );
    await expect(world.change.update(pet.id, { name: 'Rex' }, [pet.version + 5], SHELTER)).rejects.toThrow(
      `Pet ${pet.id} changed since it was read: its current ETag is "${pet.version}"`,
    );
    await expect(world.change.remove(pet.id, [pet.version + 5], SHELTER)).rejects.toThrow(`Pet ${pet.id} changed since it was read`);
    await world.change.remove(pet.id, undefined, SHELTER);
    expect(await world.pets.findById(pet.id)).toBeNull();

    const held = await world.aPet();
    const request = await world.aRequest(held);
    await world.requests.act(request.id, 'approve', SHELTER);
    await expect(world.change.remove(held.id, undefined, SHELTER)).rejects.toThrow(
      `Pet ${held.id} is held by the approved adoption request ${request.id}; cancel that request before removing the pet`,
    );
  });

  it('names the pet when a change loses every round', async () => {
    const world = adoptionWorld({ pets: (pets) => alwaysOutraced(pets) });
    const pet = await world.aPet();
    await expect(world.change.update(pet.id, { name: 'Rex' }, '*', SHELTER)).rejects.toThrow(
      `Pet ${pet.id} is being changed by many requests at once`,
    );
  });

  it('puts the removed pet, as it was, in the feed as pet.deleted once its removal has answered', async () => {
    const world = adoptionWorld();
    const pet = await world.aPet();
    while ((await world.relay.pass()) > 0);
    await world.change.remove(pet.id, [pet.version], SHELTER);
    while ((await world.relay.pass()) > 0);
    const events = await world.feed.find({ visibleTo: null, limit: 100 });
    expect(events.map(({ event }) => [event.type, event.object.id])).toEqual([
      ['pet.created', pet.id],
      ['pet.deleted', pet.id],
    ]);
    expect(events[1]?.event.object).toEqual(pet);
  });
});
