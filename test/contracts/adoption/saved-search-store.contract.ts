/**
 * What every SavedSearchStore must do: each search once under its id, read back exactly as stored,
 * an owner's listed in id order and paged, changed and removed only from the version read, and found
 * by any of its terms, once, following its changes. Run against each adapter.
 */
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { SavedSearchStore } from '../../../src/application/adoption/ports/saved-search-store.js';
import { changedSavedSearch, newSavedSearch, type SavedSearch } from '../../../src/domain/adoption/saved-search.js';

export interface SavedSearchStoreHarness {
  fresh(): Promise<SavedSearchStore>;
  close?(): Promise<void>;
}

const T0 = '2026-12-01T10:00:00.000Z';
const T1 = '2026-12-02T10:00:00.000Z';

/** A saved search of `ownerId`'s for `species`, near 94110 within 25 miles when `near`. */
export function aSavedSearch(id: string, ownerId: string, species: readonly string[], near = false): SavedSearch {
  const filter = { species, status: ['available' as const] };
  return newSavedSearch(
    id,
    ownerId,
    {
      label: `Search ${id}`,
      reference: near ? `adopter-${id}` : null,
      query: { filter, near: near ? '94110' : null, radius: near ? '25' : null },
      percolated: near
        ? { filter: { ...filter, postalCodes: ['94110', '94103'] }, reach: { center: { lat: 37.75, lng: -122.41 }, radiusKm: 40.2 } }
        : { filter, reach: null },
    },
    T0,
  );
}

export function describeSavedSearchStoreContract(adapter: string, harness: SavedSearchStoreHarness): void {
  describe(`SavedSearchStore contract: ${adapter}`, () => {
    let store: SavedSearchStore;
    beforeEach(async () => {
      store = await harness.fresh();
    });
    afterAll(async () => {
      await harness.close?.();
    });

    it('reads a search back exactly as stored, and nothing for an id never stored', async () => {
      const search = aSavedSearch('srch_1', 'me', ['cat'], true);
      await store.create(search, 10);
      expect(await store.findById('srch_1')).toEqual(search);
      expect(await store.findById('srch_2')).toBeNull();
    });

    it("lists an owner's searches in id order, paged, and never another owner's", async () => {
      for (const id of ['srch_3', 'srch_1', 'srch_2']) await store.create(aSavedSearch(id, 'me', ['cat']), 10);
      await store.create(aSavedSearch('srch_0', 'someone_else', ['cat']), 10);
      expect((await store.listByOwner('me', null, 2)).map((search) => search.id)).toEqual(['srch_1', 'srch_2']);
      expect((await store.listByOwner('me', 'srch_2', 2)).map((search) => search.id)).toEqual(['srch_3']);
      expect(await store.listByOwner('nobody', null, 10)).toEqual([]);
    });

    it('keeps an owner within its most, counting each owner apart, and frees a place on each removal', async () => {
      expect(await store.create(aSavedSearch('srch_1', 'me', ['cat']), 2)).toBe(true);
      expect(await store.create(aSavedSearch('srch_2', 'me', ['cat']), 2)).toBe(true);
      expect(await store.create(aSavedSearch('srch_3', 'me', ['cat']), 2)).toBe(false);
      expect(await store.findById('srch_3')).toBeNull();
      expect(await store.create(aSavedSearch('srch_4', 'someone_else', ['cat']), 2)).toBe(true);
      expect(await store.remove('srch_1', 1)).toBe(true);
      expect(await store.create(aSavedSearch('srch_3', 'me', ['cat']), 2)).toBe(true);
      expect((await store.listByOwner('me', null, 10)).map((search) => search.id)).toEqual(['srch_2', 'srch_3']);
    });

    it('takes one of two creates at once when the owner has one place left', async () => {
      expect(await store.create(aSavedSearch('srch_1', 'me', ['cat']), 2)).toBe(true);
      const taken = await Promise.all([
        store.create(aSavedSearch('srch_2', 'me', ['cat']), 2),
        store.create(aSavedSearch('srch_3', 'me', ['cat']), 2),
      ]);
      expect(taken.filter(Boolean)).toHaveLength(1);
      expect(await store.listByOwner('me', null, 10)).toHaveLength(2);
    });

    it('changes and removes a search only from the version read', async () => {
      const search = aSavedSearch('srch_1', 'me', ['cat']);
      await store.create(search, 10);
      const fields = { label: 'Rabbits', reference: 'adopter-7', query: { filter: { species: ['rabbit'] }, near: null, radius: null } };
      const changed = changedSavedSearch(search, { ...fields, percolated: { filter: { species: ['rabbit'] }, reach: null } }, T1);
      expect(await store.update(changed, 2)).toBe(false);
      expect(await store.findById('srch_1')).toEqual(search);
      expect(await store.update(changed, 1)).toBe(true);
      expect(await store.findById('srch_1')).toEqual(changed);
      expect(await store.remove('srch_1', 1)).toBe(false);
      expect(await store.findById('srch_1')).toEqual(changed);
      expect(await store.remove('srch_1', 2)).toBe(true);
      expect(await store.findById('srch_1')).toBeNull();
      expect(await store.remove('srch_1', 2)).toBe(false);
    });

    it('finds the searches indexed under any of the terms, each once and in id order, following a change and a removal', async () => {
      const cats = aSavedSearch('srch_2', 'me', ['cat', 'dog']);
      const near = aSavedSearch('srch_1', 'other', ['cat'], true);
      const rabbits = aSavedSearch('srch_3', 'me', ['rabbit']);
      for (const search of [cats, near, rabbits]) await store.create(search, 10);
      expect(near.terms.every((term) => term.startsWith('cell:'))).toBe(true);
      expect(await store.withAnyTerm(['species:cat', 'species:dog', ...near.terms])).toEqual([near, cats]);
      expect(await store.withAnyTerm(['species:rabbit', 'any'])).toEqual([rabbits]);
      expect(await store.withAnyTerm(['species:horse'])).toEqual([]);
      const moved = changedSavedSearch(
        cats,
        {
          label: cats.label,
          reference: null,
          query: { ...cats.query, filter: { species: ['horse'] } },
          percolated: { filter: { species: ['horse'] }, reach: null },
        },
        T1,
      );
      expect(await store.update(moved, 1)).toBe(true);
      expect(await store.withAnyTerm(['species:cat', 'species:dog'])).toEqual([]);
      expect(await store.withAnyTerm(['species:horse'])).toEqual([moved]);
      expect(await store.remove(moved.id, moved.version)).toBe(true);
      expect(await store.withAnyTerm(['species:horse'])).toEqual([]);
    });
  });
}
