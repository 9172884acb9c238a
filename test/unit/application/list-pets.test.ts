import { beforeEach, describe, expect, it } from 'vitest';
import { ListPets } from '../../../src/application/use-cases/list-pets.js';
import { CreatePet } from '../../../src/application/use-cases/create-pet.js';
import { GetPet } from '../../../src/application/use-cases/get-pet.js';
import { MemoryPetRepository } from '../../../src/adapters/memory/memory-pet-repository.js';
import { MemoryIdempotencyStore } from '../../../src/adapters/memory/memory-idempotency-store.js';
import { FakeClock } from '../../support/fake-clock.js';
import { GoneError, PetNotFoundError, ValidationError } from '../../../src/domain/errors.js';
import { aDeprecation, aNewPet } from '../../support/builders.js';

describe('listing, creating and getting pets', () => {
  let pets: MemoryPetRepository;
  let list: ListPets;
  let create: CreatePet;

  beforeEach(async () => {
    pets = new MemoryPetRepository();
    list = new ListPets(pets);
    create = new CreatePet(pets, new MemoryIdempotencyStore(), new FakeClock(), { ttlMs: 86_400_000, leaseMs: 10_000 });
    for (let i = 0; i < 7; i++) await create.execute(aNewPet({ status: i % 2 === 0 ? 'available' : 'sold' }));
  });

  it('pages through every pet exactly once, in id order', async () => {
    const seen: number[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await list.execute({ limit: 3, ...(cursor && { cursor }) });
      seen.push(...page.pets.map((p) => p.id));
      cursor = page.nextCursor ?? undefined;
      pages++;
    } while (cursor);
    expect(seen).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pages).toBe(3);
  });

  it('gives no next cursor when the page ends exactly at the last pet', async () => {
    const page = await list.execute({ limit: 7 });
    expect(page.pets).toHaveLength(7);
    expect(page.nextCursor).toBeNull();
  });

  it('filters by status across pages', async () => {
    const first = await list.execute({ status: 'sold', limit: 2 });
    expect(first.pets.map((p) => p.id)).toEqual([2, 4]);
    const second = await list.execute({ status: 'sold', limit: 2, cursor: first.nextCursor as string });
    expect(second.pets.map((p) => p.id)).toEqual([6]);
    expect(second.nextCursor).toBeNull();
  });

  it('defaults to 20 and refuses limits outside 1..100', async () => {
    for (let i = 0; i < 30; i++) await create.execute(aNewPet());
    expect((await list.execute({})).pets).toHaveLength(20);
    await expect(list.execute({ limit: 0 })).rejects.toThrow(ValidationError);
    await expect(list.execute({ limit: 101 })).rejects.toThrow(/limit/);
  });

  it.each(['not-a-cursor!', 'YWZ0ZXI6LTE', 'eA', 'YWZ0ZXI6OTAwNzE5OTI1NDc0MDk5Mg'])('refuses the cursor %s', async (cursor) => {
    await expect(list.execute({ cursor })).rejects.toThrow(/cursor/);
  });

  it('gets a pet by id, and reports a missing one as not found', async () => {
    const get = new GetPet(pets, new FakeClock(), aDeprecation());
    expect((await get.execute(3)).id).toBe(3);
    await expect(get.execute(999)).rejects.toThrow(PetNotFoundError);
    await expect(get.execute(2 ** 53)).rejects.toThrow(ValidationError);
  });

  it('answers gone inside a brownout (its start included, its end not) and from the sunset on, whatever the id', async () => {
    const clock = new FakeClock();
    const start = clock.ms + 60_000;
    const sunset = clock.ms + 3_600_000;
    const get = new GetPet(pets, clock, aDeprecation({ sunsetAtMs: sunset, brownouts: [{ startMs: start, endMs: start + 60_000 }] }));
    expect((await get.execute(3)).id).toBe(3);
    clock.ms = start - 1;
    expect((await get.execute(3)).id).toBe(3);
    clock.ms = start;
    await expect(get.execute(3)).rejects.toThrow(GoneError);
    await expect(get.execute(999)).rejects.toThrow(
      `This operation is unavailable until ${new Date(start + 60_000).toISOString()}, a scheduled brownout before its removal on ${new Date(sunset).toISOString()}; use GET /v1/pets?status= instead`,
    );
    clock.ms = start + 60_000;
    expect((await get.execute(3)).id).toBe(3);
    clock.ms = sunset - 1;
    expect((await get.execute(3)).id).toBe(3);
    clock.ms = sunset;
    await expect(get.execute(3)).rejects.toThrow(`This operation was removed on ${new Date(sunset).toISOString()}; use GET /v1/pets?status= instead`);
    await expect(get.execute(2 ** 53)).rejects.toThrow(GoneError);
    clock.ms = sunset + 10 * 365 * 86_400_000;
    await expect(get.execute(3)).rejects.toThrow(GoneError);
  });

  it('stores nothing when a new pet is refused', async () => {
    await expect(create.execute({ name: ' ', categoryId: 1 })).rejects.toThrow(ValidationError);
    expect((await list.execute({ limit: 100 })).pets).toHaveLength(7);
  });
});
