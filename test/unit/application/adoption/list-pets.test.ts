import { beforeEach, describe, expect, it } from 'vitest';
import { NearbyPlaces } from '../../../../src/application/shared/services/nearby-places.js';
import { gazetteer } from '../../../support/gazetteer.js';
import { SettleHolds } from '../../../../src/application/adoption/use-cases/settle-holds.js';
import { MemoryAdoptionRequestRepository } from '../../../../src/adapters/adoption/memory/memory-adoption-request-repository.js';
import { ListPets } from '../../../../src/application/adoption/use-cases/list-pets.js';
import { CreatePet } from '../../../../src/application/adoption/use-cases/create-pet.js';
import { GetPet } from '../../../../src/application/adoption/use-cases/get-pet.js';
import { MemoryPetRepository } from '../../../../src/adapters/adoption/memory/memory-pet-repository.js';
import { MemoryPetCreateClaims } from '../../../../src/adapters/adoption/memory/memory-pet-create-claims.js';
import { FakeClock } from '../../../support/fake-clock.js';
import { refusal } from '../../../support/refusal.js';
import { GoneError, IdempotencyKeyInFlightError, ValidationError } from '../../../../src/domain/shared/errors.js';
import { PetNotFoundError } from '../../../../src/domain/adoption/errors.js';
import { aDeprecation, aNewPet } from '../../../support/builders.js';
import { MemoryOrganizationStore } from '../../../../src/adapters/organizations/memory/memory-organization-store.js';
import { homePlacesOf } from '../../../../src/config/modules/adoption.js';
import { RelocatePets } from '../../../../src/application/adoption/use-cases/relocate-pets.js';

const NO_HOMES = homePlacesOf(new MemoryOrganizationStore());

describe('listing, creating and getting pets', () => {
  let pets: MemoryPetRepository;
  let list: ListPets;
  let create: CreatePet;

  beforeEach(async () => {
    pets = new MemoryPetRepository();
    list = new ListPets(pets, new NearbyPlaces(gazetteer), homePlacesOf(new MemoryOrganizationStore()));
    create = new CreatePet(
      pets,
      new MemoryPetCreateClaims(),
      new FakeClock(),
      gazetteer,
      { ttlMs: 86_400_000, leaseMs: 10_000 },
      NO_HOMES,
      new RelocatePets(pets, NO_HOMES, new FakeClock()),
    );
    for (let i = 0; i < 7; i++) await create.execute(aNewPet({ status: i % 2 === 0 ? 'available' : 'sold' }), 'owner_a');
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
    const first = await list.execute({ filter: { status: ['sold'] }, limit: 2 });
    expect(first.pets.map((p) => p.id)).toEqual([2, 4]);
    const second = await list.execute({ filter: { status: ['sold'] }, limit: 2, cursor: first.nextCursor as string });
    expect(second.pets.map((p) => p.id)).toEqual([6]);
    expect(second.nextCursor).toBeNull();
  });

  it('defaults to 20 and refuses limits outside 1..100', async () => {
    for (let i = 0; i < 30; i++) await create.execute(aNewPet(), 'owner_a');
    expect((await list.execute({})).pets).toHaveLength(20);
    await expect(list.execute({ limit: 0 })).rejects.toThrow(ValidationError);
    await expect(list.execute({ limit: 101 })).rejects.toThrow(/limit/);
  });

  it.each(['not-a-cursor!', 'YWZ0ZXI6LTE', 'eA', 'YWZ0ZXI6OTAwNzE5OTI1NDc0MDk5Mg'])('refuses the cursor %s', async (cursor) => {
    await expect(list.execute({ cursor })).rejects.toThrow(/cursor/);
  });

  it('gets a pet by id, and reports a missing one as not found', async () => {
    const get = new GetPet(
      pets,
      new SettleHolds(pets, new MemoryAdoptionRequestRepository(), new FakeClock()),
      new FakeClock(),
      aDeprecation(),
    );
    expect((await get.execute(3)).id).toBe(3);
    await expect(get.execute(999)).rejects.toThrow(PetNotFoundError);
    await expect(get.execute(2 ** 53)).rejects.toThrow(ValidationError);
  });

  it('answers gone inside a brownout (its start included, its end not) and from the sunset on, whatever the id', async () => {
    const clock = new FakeClock();
    const start = clock.ms + 60_000;
    const sunset = clock.ms + 3_600_000;
    const get = new GetPet(
      pets,
      new SettleHolds(pets, new MemoryAdoptionRequestRepository(), clock),
      clock,
      aDeprecation({ sunsetAtMs: sunset, brownouts: [{ startMs: start, endMs: start + 60_000 }] }),
    );
    expect((await get.execute(3)).id).toBe(3);
    clock.ms = start - 1;
    expect((await get.execute(3)).id).toBe(3);
    clock.ms = start;
    await expect(get.execute(3)).rejects.toThrow(GoneError);
    await expect(get.execute(999)).rejects.toThrow(
      `This operation is unavailable until ${new Date(start + 60_000).toISOString()}, a scheduled brownout before its removal on ${new Date(sunset).toISOString()}; use GET /v1/pets?id={petId} instead`,
    );
    clock.ms = start + 60_000;
    expect((await get.execute(3)).id).toBe(3);
    clock.ms = sunset - 1;
    expect((await get.execute(3)).id).toBe(3);
    clock.ms = sunset;
    await expect(get.execute(3)).rejects.toThrow(
      `This operation was removed on ${new Date(sunset).toISOString()}; use GET /v1/pets?id={petId} instead`,
    );
    await expect(get.execute(2 ** 53)).rejects.toThrow(GoneError);
    clock.ms = sunset + 10 * 365 * 86_400_000;
    await expect(get.execute(3)).rejects.toThrow(GoneError);
  });

  it('stores nothing when a new pet is refused', async () => {
    await expect(create.execute({ name: ' ', categoryId: 1 }, 'owner_a')).rejects.toThrow(ValidationError);
    expect((await list.execute({ limit: 100 })).pets).toHaveLength(7);
  });

  it('takes limits from 1 to 100, and names the limit when it refuses one', async () => {
    expect((await list.execute({ limit: 1 })).pets).toHaveLength(1);
    expect((await list.execute({ limit: 100 })).pets).toHaveLength(7);
    expect(await refusal(list.execute({ limit: 0 }))).toEqual({ field: 'limit', message: 'limit must be an integer from 1 to 100' });
    expect(await refusal(list.execute({ limit: 2.5 }))).toEqual({ field: 'limit', message: 'limit must be an integer from 1 to 100' });
  });

  it('refuses a cursor with anything around or inside its base64url text, even what a decoder would skip', async () => {
    const cursorOf = (text: string) => Buffer.from(text, 'utf8').toString('base64url');
    expect((await list.execute({ cursor: cursorOf('after:3') })).pets[0]?.id).toBe(4);
    const message = 'cursor is not valid: pass the value from the previous page\'s Link rel="next" header unchanged';
    for (const cursor of [
      `!!${cursorOf('after:3')}`,
      `${cursorOf('after:3')}!!`,
      `${cursorOf('after:3')}=`,
      cursorOf('xafter:3'),
      cursorOf('after:3x'),
    ]) {
      expect(await refusal(list.execute({ cursor })), cursor).toEqual({ field: 'cursor', message });
    }
  });

  it('names the pet id when it refuses one, and takes every id from 1 to 2^53-1', async () => {
    const get = new GetPet(
      pets,
      new SettleHolds(pets, new MemoryAdoptionRequestRepository(), new FakeClock()),
      new FakeClock(),
      aDeprecation(),
    );
    const message = 'petId must be an integer from 1 to 9007199254740991 (2^53-1)';
    expect(await refusal(get.execute(0))).toEqual({ field: 'petId', message });
    expect(await refusal(get.execute(-1))).toEqual({ field: 'petId', message });
    expect(await refusal(get.execute(1.5))).toEqual({ field: 'petId', message });
    expect((await get.execute(1)).id).toBe(1);
    await expect(get.execute(Number.MAX_SAFE_INTEGER)).rejects.toThrow(PetNotFoundError);
  });

  it('says a create without an Idempotency-Key is no replay, and keeps the fingerprint of a keyed one independent of field order', async () => {
    expect((await create.execute(aNewPet(), 'owner_a')).replayed).toBe(false);
    const idempotency = new MemoryPetCreateClaims();
    const clock = new FakeClock();
    const keyed = new CreatePet(
      pets,
      idempotency,
      clock,
      gazetteer,
      { ttlMs: 86_400_000, leaseMs: 10_000 },
      NO_HOMES,
      new RelocatePets(pets, NO_HOMES, clock),
    );
    const scope = { apiKeyId: 'key_a', key: 'retry-1' };
    expect((await keyed.execute({ status: 'available', name: 'Rex', categoryId: 1 }, 'owner_a', scope)).replayed).toBe(false);
    expect((await keyed.execute({ name: 'Rex', categoryId: 1, status: 'available' }, 'owner_a', scope)).replayed).toBe(true);
    // The stored fingerprint: SHA-256 of the fields sorted by name, as JSON (instances of every version must agree).
    const stored = await idempotency.claim(scope, { token: 't', fingerprint: '', petId: 99, nowMs: clock.ms, leaseMs: 1, ttlMs: 1 });
    expect(stored).toMatchObject({
      claimed: false,
      existing: { fingerprint: '82e9b0b1c728a7fb6e89b68e5d0c4c3ba308b12f3c4819bf21df094f7ae0c46f' },
    });
  });

  it('tells a retry that arrives while the first create is still running to wait', async () => {
    const idempotency = new MemoryPetCreateClaims();
    const clock = new FakeClock();
    const keyed = new CreatePet(
      pets,
      idempotency,
      clock,
      gazetteer,
      { ttlMs: 86_400_000, leaseMs: 10_000 },
      NO_HOMES,
      new RelocatePets(pets, NO_HOMES, clock),
    );
    const scope = { apiKeyId: 'key_a', key: 'retry-2' };
    // The first attempt holds the claim (its fingerprint is that of the same body) and has not finished.
    const first = await idempotency.claim(scope, {
      token: 'first',
      fingerprint: '82e9b0b1c728a7fb6e89b68e5d0c4c3ba308b12f3c4819bf21df094f7ae0c46f',
      petId: 99,
      nowMs: clock.ms,
      leaseMs: 10_000,
      ttlMs: 86_400_000,
    });
    expect(first.claimed).toBe(true);
    const error = await keyed.execute({ name: 'Rex', categoryId: 1, status: 'available' }, 'owner_a', scope).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(IdempotencyKeyInFlightError);
    expect((error as Error).message).toBe(
      'A request with this Idempotency-Key is still being processed; retry after Retry-After seconds to get its result',
    );
  });
});
