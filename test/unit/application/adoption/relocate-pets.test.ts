import { describe, expect, it } from 'vitest';
import { adoptionWorld, overriding, SHELTER } from '../../../support/adoption-world.js';
import { RELOCATE_BATCH } from '../../../../src/application/adoption/use-cases/relocate-pets.js';
import type { Organization } from '../../../../src/domain/organizations/organization.js';
import { anOrganization } from '../../../contracts/organizations/organization-store.contract.js';
import type { Place } from '../../../../src/domain/shared/place.js';
import type { PetRepository } from '../../../../src/application/adoption/ports/pet-repository.js';
import type { HomePlaces } from '../../../../src/application/adoption/ports/home-places.js';
import { CreatePet } from '../../../../src/application/adoption/use-cases/create-pet.js';
import { ChangePet } from '../../../../src/application/adoption/use-cases/change-pet.js';
import { RelocatePets } from '../../../../src/application/adoption/use-cases/relocate-pets.js';
import { MemoryPetCreateClaims } from '../../../../src/adapters/adoption/memory/memory-pet-create-claims.js';
import { MemoryPhotoStore } from '../../../../src/adapters/adoption/memory/memory-photo-store.js';
import { gazetteer } from '../../../support/gazetteer.js';

const SF: Place = { postalCode: '94110', city: 'San Francisco', region: 'CA', country: 'US' };
const NY: Place = { postalCode: '10001', city: 'New York', region: 'NY', country: 'US' };

const profile = (id: string, location: Place | null): Organization => anOrganization(id, { location });

async function worldAt(place: Place | null) {
  const world = adoptionWorld();
  await world.organizations.add(profile(SHELTER.ownerId, place));
  return world;
}
const moveTo = async (world: Awaited<ReturnType<typeof worldAt>>, place: Place | null) => {
  const current = (await world.organizations.findById(SHELTER.ownerId)) as Organization;
  await world.organizations.update({ ...current, location: place, version: current.version + 1 }, current.version);
};

describe('an organization moving, and its animals following', () => {
  it('moves every shelter animal, each once with its event, across batches; foster animals and other owners stay', async () => {
    const world = await worldAt(SF);
    const shelter = [];
    for (let i = 0; i < RELOCATE_BATCH + 3; i++)
      shelter.push((await world.create.execute({ name: `S${i}`, categoryId: 1 }, SHELTER.ownerId)).pet);
    const foster = (await world.create.execute({ name: 'F', categoryId: 1, location: { postalCode: '94601' } }, SHELTER.ownerId)).pet;
    const other = (await world.create.execute({ name: 'O', categoryId: 1 }, 'acct_other')).pet;
    while ((await world.relay.pass()) > 0);
    const before = (await world.feed.find({ visibleTo: null, limit: 10_000 })).length;
    await moveTo(world, NY);
    expect(await world.relocate.owner(SHELTER.ownerId)).toEqual({ read: shelter.length, moved: shelter.length });
    for (const pet of shelter) expect(await world.pet(pet.id)).toMatchObject({ version: 2, place: { ...NY, kind: 'organization' } });
    expect(await world.pet(foster.id)).toEqual(foster);
    expect(await world.pet(other.id)).toEqual(other);
    while ((await world.relay.pass()) > 0);
    const events = (await world.feed.find({ visibleTo: null, limit: 10_000 })).slice(before);
    expect(events).toHaveLength(shelter.length);
    expect(events.every((entry) => entry.event.type === 'pet.updated' && entry.event.previousAttributes?.place !== undefined)).toBe(true);
    // Run again (a crash after the move, a sweep, a second instance): nothing is written twice.
    expect(await world.relocate.owner(SHELTER.ownerId)).toEqual({ read: shelter.length, moved: 0 });
  });

  it('applies the move to an animal changed while the move was under way', async () => {
    const world = await worldAt(SF);
    const pet = (await world.create.execute({ name: 'Rex', categoryId: 1 }, SHELTER.ownerId)).pet;
    await moveTo(world, NY);
    // The first write of the move loses to a change that lands just before it.
    let raced = false;
    const pets = overriding(world.pets, {
      update: async (...args: Parameters<PetRepository['update']>) => {
        if (!raced) {
          raced = true;
          await world.pets.update({ ...(await world.pet(pet.id)), name: 'Renamed', version: 2 }, 1, []);
        }
        return world.pets.update(...args);
      },
    });
    const relocate = new RelocatePets(pets, world.homes, world.clock);
    expect(await relocate.owner(SHELTER.ownerId)).toEqual({ read: 1, moved: 1 });
    expect(await world.pet(pet.id)).toMatchObject({ name: 'Renamed', version: 3, place: { ...NY, kind: 'organization' } });
  });

  it('puts an animal created while its organization moved at the new place (the move had passed it)', async () => {
    const world = await worldAt(SF);
    // The organization moves between the create's read of its place and the write.
    let reads = 0;
    const homes: HomePlaces = overriding(world.homes, {
      placeOf: async (ownerId: string) => {
        const place = await world.homes.placeOf(ownerId);
        if (++reads === 1) await moveTo(world, NY);
        return place;
      },
    });
    const relocate = new RelocatePets(world.pets, world.homes, world.clock);
    const create = new CreatePet(
      world.pets,
      new MemoryPetCreateClaims(),
      world.clock,
      gazetteer,
      { ttlMs: 1_000, leaseMs: 1_000 },
      homes,
      relocate,
    );
    const { pet } = await create.execute({ name: 'Late', categoryId: 1 }, SHELTER.ownerId);
    expect(pet).toMatchObject({ version: 2, place: { ...NY, kind: 'organization' } });
    expect(await world.pet(pet.id)).toEqual(pet);
    // With an Idempotency-Key too.
    reads = 0;
    await moveTo(world, SF);
    const keyed = await create.execute({ name: 'Keyed', categoryId: 1 }, SHELTER.ownerId, { apiKeyId: 'k', key: 'one' });
    expect(keyed.pet).toMatchObject({ place: { ...NY, kind: 'organization' } });
  });

  it('puts an animal back from foster care at the new place when its organization moved during the change', async () => {
    const world = await worldAt(SF);
    const pet = (await world.create.execute({ name: 'Tom', categoryId: 1, location: { postalCode: '94601' } }, SHELTER.ownerId)).pet;
    let reads = 0;
    const homes: HomePlaces = overriding(world.homes, {
      placeOf: async (ownerId: string) => {
        const place = await world.homes.placeOf(ownerId);
        if (++reads === 1) await moveTo(world, NY);
        return place;
      },
    });
    const change = new ChangePet(world.pets, world.holds, world.clock, gazetteer, new MemoryPhotoStore(), null, homes, world.relocate);
    const back = await change.update(pet.id, { location: null }, '*', SHELTER);
    expect(back).toMatchObject({ version: 3, place: { ...NY, kind: 'organization' } });
    expect(await world.pet(pet.id)).toEqual(back);
    // Without a move meanwhile: one version, at the place read.
    const quiet = await world.change.update(pet.id, { location: { postalCode: '94601' } }, '*', SHELTER);
    const home = await world.change.update(pet.id, { location: null }, '*', SHELTER);
    expect(home).toMatchObject({ version: quiet.version + 1, place: { ...NY, kind: 'organization' } });
  });

  it('leaves an animal gone before its turn, and one already moved by another instance', async () => {
    const world = await worldAt(SF);
    const pet = (await world.create.execute({ name: 'Rex', categoryId: 1 }, SHELTER.ownerId)).pet;
    await moveTo(world, NY);
    await world.relocate.pet(pet.id, SHELTER.ownerId);
    expect(await world.pet(pet.id)).toMatchObject({ version: 2 });
    await world.relocate.pet(pet.id, SHELTER.ownerId);
    expect(await world.pet(pet.id)).toMatchObject({ version: 2 });
    await world.change.remove(pet.id, undefined, SHELTER);
    await expect(world.relocate.pet(pet.id, SHELTER.ownerId)).resolves.toBeUndefined();
  });

  it("reads the organization's place only where an animal's place comes from it: twice for a shelter animal, never otherwise", async () => {
    const world = await worldAt(SF);
    let reads = 0;
    const homes: HomePlaces = overriding(world.homes, {
      placeOf: async (ownerId: string) => {
        reads++;
        return world.homes.placeOf(ownerId);
      },
    });
    const create = new CreatePet(
      world.pets,
      new MemoryPetCreateClaims(),
      world.clock,
      gazetteer,
      { ttlMs: 1_000, leaseMs: 1_000 },
      homes,
      world.relocate,
    );
    const change = new ChangePet(world.pets, world.holds, world.clock, gazetteer, new MemoryPhotoStore(), null, homes, world.relocate);
    const foster = (await create.execute({ name: 'F', categoryId: 1, location: { postalCode: '94601' } }, SHELTER.ownerId)).pet;
    expect(reads).toBe(0);
    const shelter = (await create.execute({ name: 'S', categoryId: 1 }, SHELTER.ownerId)).pet;
    // Once to place it, once after the write to see whether the organization moved meanwhile.
    expect(reads).toBe(2);
    expect(shelter).toMatchObject({ version: 1, place: { ...SF, kind: 'organization' } });
    await change.update(shelter.id, { name: 'S2' }, '*', SHELTER);
    await change.update(foster.id, { name: 'F2', location: { postalCode: '94103' } }, '*', SHELTER);
    expect(reads).toBe(2);
    const back = await change.update(foster.id, { location: null }, '*', SHELTER);
    expect(reads).toBe(4);
    expect(back).toMatchObject({ version: 3, place: { ...SF, kind: 'organization' } });
  });

  it('leaves an animal removed while its move was retried', async () => {
    const world = await worldAt(SF);
    const pet = (await world.create.execute({ name: 'Rex', categoryId: 1 }, SHELTER.ownerId)).pet;
    await moveTo(world, NY);
    const pets = overriding(world.pets, {
      update: async () => {
        await world.change.remove(pet.id, undefined, SHELTER);
        return false;
      },
    });
    expect(await new RelocatePets(pets, world.homes, world.clock).owner(SHELTER.ownerId)).toEqual({ read: 1, moved: 0 });
    expect(await world.pets.findById(pet.id)).toBeNull();
  });
});
