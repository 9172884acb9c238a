/**
 * PushPet: shelter software's create-or-update by its own reference, within the caller's animals
 * only; a push that changes nothing writes nothing; preconditions hold; a lost race to create
 * becomes an update; a refused push leaves everything as it was. And the reference's own rules.
 */
import { describe, expect, it } from 'vitest';
import { PushPet } from '../../../../src/application/adoption/use-cases/push-pet.js';
import { PetHeldError, PetNotFoundByReferenceError } from '../../../../src/domain/adoption/errors.js';
import { REFERENCE_ID_TEXT, REFERENCE_SOURCE_TEXT, referenceKey, referenceOf } from '../../../../src/domain/adoption/pet-reference.js';
import { PreconditionFailedError, ServiceUnavailableError, ValidationError } from '../../../../src/domain/shared/errors.js';
import type { PetRepository } from '../../../../src/application/adoption/ports/pet-repository.js';
import { adoptionWorld, OTHER_SHELTER, SHELTER, type AdoptionWorld } from '../../../support/adoption-world.js';
import { gazetteer } from '../../../support/gazetteer.js';

const REF = { source: 'shelterluv', id: 'A-1024' };
const REX = { name: 'Rex', categoryId: 1, species: 'dog', description: 'Knows sit.' };

function pushing(world: AdoptionWorld): PushPet {
  return new PushPet(world.pets, world.create, world.change, world.holds, world.clock, gazetteer);
}

/** The pet events the relay has moved into the feed, as `type name vN`. */
async function petEvents(world: AdoptionWorld): Promise<string[]> {
  while ((await world.relay.pass()) > 0);
  const stored = await world.feed.find({ visibleTo: null, limit: 100 });
  return stored
    .map(({ event }) => event)
    .filter((event) => event.type.startsWith('pet.'))
    .map((event) => {
      const object = (event as unknown as { object: { name: string; version: number } }).object;
      return `${event.type} ${object.name} v${object.version}`;
    });
}

describe('PushPet', () => {
  it('creates the animal under its reference, then answers the same push with the same animal, writing nothing', async () => {
    const world = adoptionWorld();
    const push = pushing(world);
    const first = await push.execute(REF, REX, {}, SHELTER);
    expect(first.created).toBe(true);
    expect(first.pet).toMatchObject({ name: 'Rex', version: 1, status: 'available', ownerId: SHELTER.ownerId, reference: REF });
    const again = await push.execute(REF, REX, {}, SHELTER);
    expect(again).toEqual({ pet: first.pet, created: false });
    expect(await world.pet(first.pet.id)).toBe(again.pet);
    expect(await push.get(REF, SHELTER)).toEqual(first.pet);
    expect(await petEvents(world)).toEqual(['pet.created Rex v1']);
  });

  it('replaces the record with a push that differs, keeping the status when left out and taking it when given', async () => {
    const world = adoptionWorld();
    const push = pushing(world);
    const { pet } = await push.execute(REF, { ...REX, status: 'pending' }, {}, SHELTER);
    const renamed = await push.execute(REF, { name: 'Rex II', categoryId: 2 }, {}, SHELTER);
    expect(renamed.created).toBe(false);
    expect(renamed.pet).toMatchObject({
      id: pet.id,
      name: 'Rex II',
      categoryId: 2,
      species: null,
      description: null,
      status: 'pending',
      version: 2,
    });
    const available = await push.execute(REF, { name: 'Rex II', categoryId: 2, status: 'available' }, {}, SHELTER);
    expect(available.pet).toMatchObject({ status: 'available', version: 3, reference: REF });
    expect(await petEvents(world)).toEqual(['pet.created Rex v1', 'pet.updated Rex II v2', 'pet.updated Rex II v3']);
  });

  it('keeps each owner to its own references', async () => {
    const world = adoptionWorld();
    const push = pushing(world);
    const ours = await push.execute(REF, REX, {}, SHELTER);
    await expect(push.get(REF, OTHER_SHELTER)).rejects.toThrow(PetNotFoundByReferenceError);
    const theirs = await push.execute(REF, { ...REX, name: 'Theirs' }, {}, OTHER_SHELTER);
    expect(theirs.created).toBe(true);
    expect(theirs.pet.id).not.toBe(ours.pet.id);
    expect(await world.pet(ours.pet.id)).toEqual(ours.pet);
    expect(await push.get(REF, OTHER_SHELTER)).toEqual(theirs.pet);
  });

  it('holds If-Match and create-only, refusing with the current version and changing nothing', async () => {
    const world = adoptionWorld();
    const push = pushing(world);
    const missing = push.execute(REF, REX, { ifMatch: '*' }, SHELTER);
    await expect(missing).rejects.toThrow(PreconditionFailedError);
    await expect(missing).rejects.toMatchObject({ currentVersion: null, message: expect.stringContaining('shelterluv/A-1024') as unknown });
    await expect(push.get(REF, SHELTER)).rejects.toThrow(PetNotFoundByReferenceError);
    const { pet } = await push.execute(REF, REX, { createOnly: true }, SHELTER);
    await expect(push.execute(REF, { ...REX, name: 'No' }, { createOnly: true }, SHELTER)).rejects.toMatchObject({
      currentVersion: 1,
      message: expect.stringContaining(`pet ${pet.id}`) as unknown,
    });
    await expect(push.execute(REF, { ...REX, name: 'No' }, { ifMatch: [2] }, SHELTER)).rejects.toThrow(PreconditionFailedError);
    expect(await world.pet(pet.id)).toEqual(pet);
    const matched = await push.execute(REF, { ...REX, name: 'Yes' }, { ifMatch: [1] }, SHELTER);
    expect(matched.pet).toMatchObject({ name: 'Yes', version: 2 });
  });

  it('makes one animal of a push that loses the race to create: it updates the one the other push made', async () => {
    let other: Promise<unknown> | null = null;
    const world = adoptionWorld({
      pets: (pets) =>
        new Proxy(pets, {
          get(target, property, receiver) {
            if (property !== 'findByReference') return Reflect.get(target, property, receiver) as unknown;
            // The first lookup finds nothing, then another push stores the animal before this one adds it.
            return async (...args: Parameters<PetRepository['findByReference']>) => {
              const found = await target.findByReference(...args);
              if (other === null) {
                other = pushing(world).execute(REF, REX, {}, SHELTER);
                await other;
              }
              return found;
            };
          },
        }),
    });
    const result = await pushing(world).execute(REF, { ...REX, description: 'Knows paw.' }, {}, SHELTER);
    expect(result.created).toBe(false);
    expect(result.pet).toMatchObject({ description: 'Knows paw.', version: 2, reference: REF });
    expect((await world.pets.search({ filter: {}, order: 'id', limit: 10 })).map((pet) => pet.id)).toEqual([result.pet.id]);
  });

  it('refuses a bad push before reading anything, and a status change of a held animal, changing nothing', async () => {
    const world = adoptionWorld();
    const push = pushing(world);
    await expect(push.execute(REF, { ...REX, name: '' }, {}, SHELTER)).rejects.toThrow(ValidationError);
    await expect(push.execute(REF, { ...REX, species: 'dragon' }, {}, SHELTER)).rejects.toThrow(ValidationError);
    await expect(push.get(REF, SHELTER)).rejects.toThrow(PetNotFoundByReferenceError);
    const { pet } = await push.execute(REF, REX, {}, SHELTER);
    const order = await world.aRequest(pet);
    await world.requests.act(order.id, 'approve', SHELTER);
    const held = await world.pet(pet.id);
    await expect(push.execute(REF, { ...REX, status: 'available' }, {}, SHELTER)).rejects.toThrow(PetHeldError);
    expect(await world.pet(pet.id)).toEqual(held);
  });

  it('makes the animal anew when it is removed between the push finding it and changing it', async () => {
    let removed = false;
    const world = adoptionWorld({
      pets: (pets) =>
        new Proxy(pets, {
          get(target, property, receiver) {
            if (property !== 'findByReference') return Reflect.get(target, property, receiver) as unknown;
            return async (...args: Parameters<PetRepository['findByReference']>) => {
              const found = await target.findByReference(...args);
              if (found !== null && !removed) {
                removed = true;
                await world.change.remove(found.id, undefined, SHELTER);
              }
              return found;
            };
          },
        }),
    });
    const first = await pushing(world).execute(REF, REX, {}, SHELTER);
    const again = await pushing(world).execute(REF, { ...REX, name: 'Rex again' }, {}, SHELTER);
    expect(removed).toBe(true);
    expect(again.created).toBe(true);
    expect(again.pet).toMatchObject({ name: 'Rex again', version: 1, reference: REF });
    expect(again.pet.id).not.toBe(first.pet.id);
    expect(await petEvents(world)).toEqual(['pet.created Rex v1', 'pet.deleted Rex v1', 'pet.created Rex again v1']);
  });

  it('names the reference when its push loses every round to other writers (503), storing nothing more', async () => {
    let hidden = false;
    const world = adoptionWorld({
      pets: (pets) =>
        new Proxy(pets, {
          get(target, property, receiver) {
            if (property !== 'findByReference') return Reflect.get(target, property, receiver) as unknown;
            // Once the animal exists, every lookup misses it: each create then finds the reference taken.
            return async (...args: Parameters<PetRepository['findByReference']>) => (hidden ? null : target.findByReference(...args));
          },
        }),
    });
    const { pet } = await pushing(world).execute(REF, REX, {}, SHELTER);
    hidden = true;
    await expect(pushing(world).execute(REF, { ...REX, name: 'Never' }, {}, SHELTER)).rejects.toThrow(
      new ServiceUnavailableError('Pet shelterluv/A-1024 is being changed by many requests at once; retry in a moment'),
    );
    expect(await world.pet(pet.id)).toEqual(pet);
    expect((await world.pets.search({ filter: {}, order: 'id', limit: 10 })).map((one) => one.id)).toEqual([pet.id]);
  });

  it("bounds a pushed birth date by today's date, as a create does", async () => {
    const world = adoptionWorld();
    const today = new Date(world.clock.nowMs()).toISOString().slice(0, 10);
    const tomorrow = new Date(world.clock.nowMs() + 86_400_000).toISOString().slice(0, 10);
    const push = pushing(world);
    await expect(push.execute(REF, { ...REX, birthDate: { date: tomorrow, exact: true } }, {}, SHELTER)).rejects.toThrow(
      new ValidationError('birthDate.date', `birthDate.date must be from 1900-01-01 to today (${today})`),
    );
    expect((await push.execute(REF, { ...REX, birthDate: { date: today, exact: true } }, {}, SHELTER)).created).toBe(true);
  });

  it('gives the reference up with the animal: a push after a removal makes a new one', async () => {
    const world = adoptionWorld();
    const push = pushing(world);
    const first = await push.execute(REF, REX, {}, SHELTER);
    await world.change.remove(first.pet.id, undefined, SHELTER);
    const second = await push.execute(REF, REX, {}, SHELTER);
    expect(second.created).toBe(true);
    expect(second.pet.id).not.toBe(first.pet.id);
  });
});

describe('a reference', () => {
  it('takes a source of lower-case letters, digits, ".", "_" and "-", and an id safe in a path, naming the part that is wrong', () => {
    expect(referenceOf('shelterluv', 'A-1024')).toEqual(REF);
    expect(() => referenceOf('Shelterluv', 'A-1')).toThrow(
      'The reference\'s source must be 1 to 40 lower-case letters, digits, ".", "_" or "-", starting with a letter or digit',
    );
    expect(() => referenceOf('shelterluv', 'a/b')).toThrow(
      'The reference\'s id must be 1 to 100 letters, digits, ".", "_", "-", "~", ":" or "@"',
    );
    expect(referenceOf('a', 'x'.repeat(100))).toEqual({ source: 'a', id: 'x'.repeat(100) });
    expect(referenceOf('s'.repeat(40), 'a.b_c~d:e@f-1')).toMatchObject({ id: 'a.b_c~d:e@f-1' });
    for (const source of ['', 'Shelterluv', '-x', 's'.repeat(41), 'a b', 'a/b']) {
      expect(() => referenceOf(source, 'A-1'), source).toThrow(
        expect.objectContaining({
          field: 'source',
          message: `The reference's source must be ${REFERENCE_SOURCE_TEXT}`,
        }) as Error,
      );
    }
    for (const id of ['', 'x'.repeat(101), 'a/b', 'a b', 'a?b', 'é']) {
      expect(() => referenceOf('shelterluv', id), id).toThrow(
        expect.objectContaining({ field: 'id', message: `The reference's id must be ${REFERENCE_ID_TEXT}` }) as Error,
      );
    }
  });

  it('is keyed by its owner, source and id, none mistaken for another', () => {
    const keys = [
      referenceKey('a', { source: 'b', id: 'c' }),
      referenceKey('a', { source: 'b', id: 'd' }),
      referenceKey('a', { source: 'e', id: 'c' }),
      referenceKey('f', { source: 'b', id: 'c' }),
      referenceKey('ab', { source: 'c', id: 'd' }),
      referenceKey('a', { source: 'bc', id: 'd' }),
    ];
    expect(new Set(keys).size).toBe(keys.length);
  });
});
