/** What every PetRepository must do; run against each adapter. */
import { listPets } from '../../support/pet-list.js';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { PetRepository } from '../../../src/application/adoption/ports/pet-repository.js';
import { MAX_ID, placeAt, type Pet } from '../../../src/domain/adoption/pet.js';
import { aPetDraft } from '../../support/builders.js';

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
      const first = await repo.add(draft, () => []);
      const second = await repo.add(aPetDraft(), () => []);
      expect(first).toEqual({ id: first.id, ...draft });
      expect(first.id).toBeGreaterThanOrEqual(1);
      expect(second.id).toBeGreaterThan(first.id);
      expect(await repo.findById(first.id)).toEqual(first);
    });

    it('keeps ids unique under concurrent inserts', async () => {
      const pets = await Promise.all(Array.from({ length: 50 }, () => repo.add(aPetDraft(), () => [])));
      expect(new Set(pets.map((p) => p.id)).size).toBe(50);
      expect((await listPets(repo, { limit: 100 })).length).toBe(50);
    });

    it('round-trips the largest supported category id exactly', async () => {
      const pet = await repo.add(aPetDraft({ categoryId: MAX_ID }), () => []);
      expect((await repo.findById(pet.id))?.categoryId).toBe(MAX_ID);
    });

    it('answers null for a missing id', async () => {
      expect(await repo.findById(123_456)).toBeNull();
    });

    it('lists in ascending id order, after a given id, up to the limit, filtered by status', async () => {
      const stored = [];
      for (const status of ['available', 'sold', 'available', 'pending', 'sold', 'available'] as const) {
        stored.push(await repo.add(aPetDraft({ status }), () => []));
      }
      const ids = stored.map((p) => p.id);
      expect((await listPets(repo, { limit: 10 })).map((p) => p.id)).toEqual(ids);
      expect((await listPets(repo, { limit: 2 })).map((p) => p.id)).toEqual(ids.slice(0, 2));
      expect((await listPets(repo, { limit: 10, afterId: ids[2] as number })).map((p) => p.id)).toEqual(ids.slice(3));
      expect((await listPets(repo, { limit: 10, status: 'sold' })).map((p) => p.id)).toEqual([ids[1], ids[4]]);
      expect((await listPets(repo, { limit: 1, status: 'available', afterId: ids[0] as number })).map((p) => p.id)).toEqual([ids[2]]);
      expect(await listPets(repo, { limit: 10, afterId: ids[5] as number })).toEqual([]);
    });

    it('reserves unique ids apart from those add takes, and stores a reserved id once whatever the number of attempts', async () => {
      const reserved = await Promise.all(Array.from({ length: 10 }, () => repo.reserveId()));
      const added = await repo.add(aPetDraft(), () => []);
      expect(new Set([...reserved, added.id]).size).toBe(11);
      const id = reserved[0] as number;
      const pet = { id, ...aPetDraft({ name: 'Late', status: 'pending' }) };
      // A write that landed late and the retry meet on the same id: one pet, the second told so.
      const attempts = await Promise.all([repo.addReserved(pet, []), repo.addReserved(pet, [])]);
      expect(attempts.map((a) => a.created).sort()).toEqual([false, true]);
      expect(attempts.map((a) => a.pet)).toEqual([pet, pet]);
      expect(await repo.addReserved(pet, [])).toEqual({ pet, created: false });
      expect(await repo.findById(id)).toEqual(pet);
      // Stored after a higher id, it still lists in id order.
      expect((await listPets(repo, { limit: 10 })).map((p) => p.id)).toEqual([id, added.id]);
      expect((await listPets(repo, { limit: 10, status: 'pending' })).map((p) => p.id)).toEqual([id]);
    });

    it('answers a ping', async () => {
      await expect(repo.ping()).resolves.toBeUndefined();
    });

    it('round-trips every lifecycle field', async () => {
      const adopted = new Date(Date.UTC(2026, 10, 26, 9, 30, 15, 250)).toISOString();
      const draft = aPetDraft({
        status: 'sold',
        version: 7,
        adoptedAt: adopted,
        statusChangedAt: adopted,
        ownerId: 'acct_9',
        heldBy: null,
      });
      const pet = await repo.add(draft, () => []);
      expect(await repo.findById(pet.id)).toEqual({ id: pet.id, ...draft });
      const held = await repo.add(aPetDraft({ status: 'pending', heldBy: 'ord_0000000000000000000a1', ownerId: null }), () => []);
      expect(await repo.findById(held.id)).toEqual(held);
    });

    it('updates only from the version it was read at: of two writes read at one version, one lands', async () => {
      const pet = await repo.add(aPetDraft({ name: 'Rex', status: 'available' }), () => []);
      const rename = (name: string) => ({ ...pet, name, version: 2 });
      const results = await Promise.all([repo.update(rename('A'), 1, []), repo.update(rename('B'), 1, [])]);
      expect(results.sort()).toEqual([false, true]);
      const stored = await repo.findById(pet.id);
      expect(stored?.version).toBe(2);
      expect(['A', 'B']).toContain(stored?.name);
      expect(await repo.update({ ...pet, name: 'C', version: 3 }, 1, [])).toBe(false);
      expect(await repo.update({ ...pet, id: 424_242, version: 2 }, 1, [])).toBe(false);
      expect(await repo.findById(424_242)).toBeNull();
    });

    it('moves a pet between status lists when its status changes', async () => {
      const a = await repo.add(aPetDraft({ status: 'available' }), () => []);
      const b = await repo.add(aPetDraft({ status: 'available' }), () => []);
      expect(await repo.update({ ...a, status: 'sold', version: 2 }, 1, [])).toBe(true);
      expect((await listPets(repo, { limit: 10, status: 'available' })).map((p) => p.id)).toEqual([b.id]);
      expect((await listPets(repo, { limit: 10, status: 'sold' })).map((p) => p.id)).toEqual([a.id]);
      expect((await listPets(repo, { limit: 10 })).map((p) => p.id)).toEqual([a.id, b.id]);
    });

    it('removes only at the version it was read at, and a removed pet is in no list', async () => {
      const a = await repo.add(aPetDraft({ status: 'pending' }), () => []);
      const b = await repo.add(aPetDraft({ status: 'pending' }), () => []);
      expect(await repo.remove(a.id, 2, [])).toBe(false);
      expect(await repo.findById(a.id)).toEqual(a);
      expect(await repo.remove(a.id, 1, [])).toBe(true);
      expect(await repo.remove(a.id, 1, [])).toBe(false);
      expect(await repo.findById(a.id)).toBeNull();
      expect((await listPets(repo, { limit: 10 })).map((p) => p.id)).toEqual([b.id]);
      expect((await listPets(repo, { limit: 10, status: 'pending' })).map((p) => p.id)).toEqual([b.id]);
      expect(await listPets(repo, { limit: 10, ids: [a.id] })).toEqual([]);
    });

    it('finds each pet by id, and no other, after removals and changes among them', async () => {
      const stored = [];
      for (let i = 0; i < 60; i++) stored.push(await repo.add(aPetDraft({ name: `Pet ${i}` }), () => []));
      const expected = new Map(stored.map((pet) => [pet.id, pet] as const));
      for (const [i, pet] of stored.entries()) {
        if (i % 3 === 0) {
          expect(await repo.remove(pet.id, 1, [])).toBe(true);
          expected.delete(pet.id);
        } else if (i % 5 === 0) {
          const changed = { ...pet, name: `Changed ${i}`, status: 'sold' as const, version: 2 };
          expect(await repo.update(changed, 1, [])).toBe(true);
          expected.set(pet.id, changed);
        }
      }
      const first = (stored[0] as { id: number }).id;
      const last = (stored[stored.length - 1] as { id: number }).id;
      // Every id from below the first to past the last: the ones kept as they are now, the rest null.
      for (let id = first - 1; id <= last + 1; id++) expect(await repo.findById(id)).toEqual(expected.get(id) ?? null);
      const ids = [...expected.keys()];
      expect((await listPets(repo, { limit: 100, ids: [...ids, first, last + 1] })).map((p) => p.id)).toEqual(ids);
    });

    it('lists given ids in id order, with status, after a given id, up to the limit', async () => {
      const stored = [];
      for (const status of ['available', 'sold', 'available', 'available'] as const)
        stored.push(await repo.add(aPetDraft({ status }), () => []));
      const [a, b, c, d] = stored.map((p) => p.id) as [number, number, number, number];
      expect((await listPets(repo, { limit: 10, ids: [d, a, 999_999, a] })).map((p) => p.id)).toEqual([a, d]);
      expect((await listPets(repo, { limit: 10, ids: [a, b, c], status: 'available' })).map((p) => p.id)).toEqual([a, c]);
      expect((await listPets(repo, { limit: 1, ids: [a, c, d], afterId: a })).map((p) => p.id)).toEqual([c]);
    });

    it('lists the animals nearest first, then by id, from any position, codes of one distance merged by id', async () => {
      // Six codes, two of them at one distance; animals added in an order that mixes the codes' ids.
      const codes = [
        { postalCode: '10001', km: 0 },
        { postalCode: '10002', km: 3.2 },
        { postalCode: '10003', km: 3.2 },
        { postalCode: '10004', km: 7.5 },
        { postalCode: '10005', km: 11 },
        { postalCode: '10006', km: 40 },
      ];
      const at = (postalCode: string) => placeAt({ postalCode, city: 'New York', region: 'NY', country: 'US' }, null);
      const stored: Pet[] = [];
      for (let i = 0; i < 40; i++) {
        const code = (codes[(i * 7) % codes.length] as { postalCode: string }).postalCode;
        stored.push(await repo.add(aPetDraft({ place: at(code), species: i % 3 === 0 ? 'cat' : 'dog' }), () => []));
      }
      // One leaves, one moves out of reach, one moves from the farthest code to the nearest.
      const [gone, away, closer] = [stored[4], stored[9], stored[5]] as [Pet, Pet, Pet];
      expect(await repo.remove(gone.id, 1, [])).toBe(true);
      expect(await repo.update({ ...away, place: at('94110'), version: 2 }, 1, [])).toBe(true);
      expect(await repo.update({ ...closer, place: at('10001'), version: 2 }, 1, [])).toBe(true);
      const kmOf = new Map(codes.map((code) => [code.postalCode, code.km]));
      const reference = async (species: 'cat' | 'dog' | null) =>
        (await listPets(repo, { limit: 100 }))
          .filter((pet) => (species === null || pet.species === species) && kmOf.has(pet.place?.postalCode ?? ''))
          .map((pet) => ({ id: pet.id, postalCode: pet.place?.postalCode ?? '', km: kmOf.get(pet.place?.postalCode ?? '') ?? -1 }))
          .sort((a, b) => a.km - b.km || a.id - b.id);
      for (const species of [null, 'cat', 'dog'] as const) {
        const all = await reference(species);
        const filter = species === null ? {} : { species: [species] };
        expect(await repo.nearest(filter, codes, null, 100)).toEqual(all);
        // Page by page, from each page's last animal: every animal once, in order.
        for (const size of [1, 3, 7]) {
          const paged = [];
          let after = null;
          for (;;) {
            const page = await repo.nearest(filter, codes, after, size);
            paged.push(...page);
            if (page.length < size) break;
            after = page.at(-1) ?? null;
          }
          expect(paged).toEqual(all);
        }
      }
      expect((await repo.nearest({}, codes, null, 100)).map((row) => row.id)).not.toContain(gone.id);
      expect(await repo.nearest({}, [{ postalCode: '20001', km: 1 }], null, 100)).toEqual([]);
      expect(await repo.nearest({}, [], null, 10)).toEqual([]);
    });

    it('lists held pets only, in id order, after a given id', async () => {
      const free = await repo.add(aPetDraft(), () => []);
      const held = await repo.add(aPetDraft({ status: 'pending', heldBy: 'ord_0000000000000000000a1' }), () => []);
      const other = await repo.add(aPetDraft({ status: 'pending', heldBy: 'ord_0000000000000000000b2' }), () => []);
      expect((await repo.listHeld(0, 10)).map((p) => p.id)).toEqual([held.id, other.id]);
      expect((await repo.listHeld(held.id, 10)).map((p) => p.id)).toEqual([other.id]);
      expect((await repo.listHeld(0, 1)).map((p) => p.id)).toEqual([held.id]);
      expect(await repo.update({ ...held, heldBy: null, status: 'available', version: 2 }, 1, [])).toBe(true);
      expect((await repo.listHeld(0, 10)).map((p) => p.id)).toEqual([other.id]);
      expect(free.heldBy).toBeNull();
    });
  });
}
