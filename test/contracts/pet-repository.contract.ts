/** What every PetRepository must do; run against each adapter. */
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { PetRepository } from '../../src/application/ports/pet-repository.js';
import { MAX_ID } from '../../src/domain/pet.js';
import { aPetDraft } from '../support/builders.js';

export interface PetRepositoryHarness {
  /** A repository on an empty store. */
  fresh(): Promise<PetRepository>;
  close?(): Promise<void>;
}

export function describePetRepositoryContract(adapter: string, harness: PetRepositoryHarness): void {
  describe(`PetRepository contract: ${adapter}`, () => {
    let repo: PetRepository;

    beforeEach(async () => {
      repo = await harness.fresh();
    });
    afterAll(async () => {
      await harness.close?.();
    });

    it('assigns positive, increasing, unique ids and returns what it stored', async () => {
      const draft = aPetDraft({ name: 'Rex', categoryId: 7, status: 'pending' });
      const first = await repo.add(draft);
      const second = await repo.add(aPetDraft());
      expect(first).toEqual({ id: first.id, ...draft });
      expect(first.id).toBeGreaterThanOrEqual(1);
      expect(second.id).toBeGreaterThan(first.id);
      expect(await repo.findById(first.id)).toEqual(first);
    });

    it('keeps ids unique under concurrent inserts', async () => {
      const pets = await Promise.all(Array.from({ length: 50 }, () => repo.add(aPetDraft())));
      expect(new Set(pets.map((p) => p.id)).size).toBe(50);
      expect((await repo.list({ limit: 100 })).length).toBe(50);
    });

    it('round-trips the largest supported category id exactly', async () => {
      const pet = await repo.add(aPetDraft({ categoryId: MAX_ID }));
      expect((await repo.findById(pet.id))?.categoryId).toBe(MAX_ID);
    });

    it('answers null for a missing id', async () => {
      expect(await repo.findById(123_456)).toBeNull();
    });

    it('lists in ascending id order, after a given id, up to the limit, filtered by status', async () => {
      const stored = [];
      for (const status of ['available', 'sold', 'available', 'pending', 'sold', 'available'] as const) {
        stored.push(await repo.add(aPetDraft({ status })));
      }
      const ids = stored.map((p) => p.id);
      expect((await repo.list({ limit: 10 })).map((p) => p.id)).toEqual(ids);
      expect((await repo.list({ limit: 2 })).map((p) => p.id)).toEqual(ids.slice(0, 2));
      expect((await repo.list({ limit: 10, afterId: ids[2] as number })).map((p) => p.id)).toEqual(ids.slice(3));
      expect((await repo.list({ limit: 10, status: 'sold' })).map((p) => p.id)).toEqual([ids[1], ids[4]]);
      expect((await repo.list({ limit: 1, status: 'available', afterId: ids[0] as number })).map((p) => p.id)).toEqual([ids[2]]);
      expect(await repo.list({ limit: 10, afterId: ids[5] as number })).toEqual([]);
    });

    it('reserves unique ids apart from those add takes, and stores a reserved id once whatever the number of attempts', async () => {
      const reserved = await Promise.all(Array.from({ length: 10 }, () => repo.reserveId()));
      const added = await repo.add(aPetDraft());
      expect(new Set([...reserved, added.id]).size).toBe(11);
      const id = reserved[0] as number;
      const pet = { id, ...aPetDraft({ name: 'Late', status: 'pending' }) };
      // A write that landed late and the retry meet on the same id: one pet, the second told so.
      const attempts = await Promise.all([repo.addReserved(pet), repo.addReserved(pet)]);
      expect(attempts.map((a) => a.created).sort()).toEqual([false, true]);
      expect(attempts.map((a) => a.pet)).toEqual([pet, pet]);
      expect(await repo.addReserved(pet)).toEqual({ pet, created: false });
      expect(await repo.findById(id)).toEqual(pet);
      // Stored after a higher id, it still lists in id order.
      expect((await repo.list({ limit: 10 })).map((p) => p.id)).toEqual([id, added.id]);
      expect((await repo.list({ limit: 10, status: 'pending' })).map((p) => p.id)).toEqual([id]);
    });

    it('answers a ping', async () => {
      await expect(repo.ping()).resolves.toBeUndefined();
    });
  });
}
