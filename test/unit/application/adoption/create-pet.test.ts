/**
 * CreatePet with an Idempotency-Key: a retry with the same body answers the animal first created
 * (whatever order its fields came in), another body under the key is refused, a retry while the
 * first is still being made is told so, and a body refused as invalid takes no claim.
 */
import { describe, expect, it } from 'vitest';
import { IdempotencyKeyInFlightError, IdempotencyKeyReusedError, ValidationError } from '../../../../src/domain/shared/errors.js';
import type { PetRepository } from '../../../../src/application/adoption/ports/pet-repository.js';
import { adoptionWorld, SHELTER } from '../../../support/adoption-world.js';

const scope = { apiKeyId: 'key_a', key: 'create-1' };

describe('CreatePet with an Idempotency-Key', () => {
  it('answers a retry with the animal first made, whatever the order of its fields, and makes nothing more', async () => {
    const world = adoptionWorld();
    const first = await world.create.execute({ name: 'Rex', categoryId: 3 }, SHELTER.ownerId, scope);
    expect(first.replayed).toBe(false);
    world.clock.advance(60_000);
    const again = await world.create.execute({ categoryId: 3, name: 'Rex' }, SHELTER.ownerId, scope);
    expect(again).toEqual({ pet: first.pet, replayed: true });
    expect(await world.pets.count({}, 100)).toBe(1);
  });

  it('refuses another body under the same key, and stores nothing for it', async () => {
    const world = adoptionWorld();
    const first = await world.create.execute({ name: 'Rex', categoryId: 3 }, SHELTER.ownerId, scope);
    const kept = await world.pets.findById(first.pet.id);
    for (const other of [
      { name: 'Max', categoryId: 3 },
      { name: 'Rex', categoryId: 4 },
      { name: 'Rex', categoryId: 3, status: 'pending' as const },
    ]) {
      await expect(world.create.execute(other, SHELTER.ownerId, scope)).rejects.toBeInstanceOf(IdempotencyKeyReusedError);
    }
    expect(await world.pets.count({}, 100)).toBe(1);
    expect(await world.pets.findById(first.pet.id)).toEqual(kept);
  });

  it('tells a retry that the first attempt is still being made, with the same body', async () => {
    let release: () => void = () => undefined;
    const slow = (pets: PetRepository): PetRepository =>
      Object.assign(Object.create(pets) as PetRepository, {
        addReserved: async (...args: Parameters<PetRepository['addReserved']>) => {
          await new Promise<void>((resolve) => (release = resolve));
          return pets.addReserved(...args);
        },
        reserveId: () => pets.reserveId(),
      });
    const world = adoptionWorld({ pets: slow });
    const first = world.create.execute({ name: 'Rex', categoryId: 3 }, SHELTER.ownerId, scope);
    await new Promise((resolve) => setTimeout(resolve, 0));
    await expect(world.create.execute({ name: 'Rex', categoryId: 3 }, SHELTER.ownerId, scope)).rejects.toBeInstanceOf(
      IdempotencyKeyInFlightError,
    );
    // Another body is refused as reused, in flight or not.
    await expect(world.create.execute({ name: 'Max', categoryId: 3 }, SHELTER.ownerId, scope)).rejects.toBeInstanceOf(
      IdempotencyKeyReusedError,
    );
    release();
    expect((await first).replayed).toBe(false);
  });

  it('takes no claim for a body refused as invalid: the fixed body under the same key is made', async () => {
    const world = adoptionWorld();
    await expect(world.create.execute({ name: ' ', categoryId: 3 }, SHELTER.ownerId, scope)).rejects.toBeInstanceOf(ValidationError);
    const fixed = await world.create.execute({ name: 'Rex', categoryId: 3 }, SHELTER.ownerId, scope);
    expect(fixed).toMatchObject({ pet: { name: 'Rex' }, replayed: false });
  });

  it('says which day is today when a birth date is after it', async () => {
    const world = adoptionWorld();
    const today = new Date(world.clock.nowMs()).toISOString().slice(0, 10);
    const tomorrow = new Date(world.clock.nowMs() + 86_400_000).toISOString().slice(0, 10);
    await expect(
      world.create.execute({ name: 'Rex', categoryId: 3, species: 'dog', birthDate: { date: tomorrow } }, SHELTER.ownerId),
    ).rejects.toThrow(`birthDate.date must be from 1900-01-01 to today (${today})`);
  });
});
