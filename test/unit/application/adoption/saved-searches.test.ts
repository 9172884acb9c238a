/**
 * SavedSearches: a search saved by its owner alone, checked by the rules of `GET /v1/pets` (a bad
 * filter, place or radius stores nothing), changed from the version read, removed; another owner's
 * read, change or removal is answered as a search that does not exist, and changes nothing.
 */
import { describe, expect, it } from 'vitest';
import { MemorySavedSearchStore } from '../../../../src/adapters/adoption/memory/memory-saved-search-store.js';
import { newSavedSearchId, SAVED_SEARCH_ID_PATTERN, SavedSearches } from '../../../../src/application/adoption/use-cases/saved-searches.js';
import { NearbyPlaces } from '../../../../src/application/shared/services/nearby-places.js';
import { SavedSearchNotFoundError } from '../../../../src/domain/adoption/errors.js';
import {
  PreconditionFailedError,
  PreconditionRequiredError,
  ServiceUnavailableError,
  ValidationError,
} from '../../../../src/domain/shared/errors.js';
import { FakeClock } from '../../../support/fake-clock.js';
import { gazetteer } from '../../../support/gazetteer.js';
import { callerOf } from '../../../support/adoption-world.js';

const PARTNER = callerOf('partner');
const OTHER = callerOf('other_partner');

function world() {
  const store = new MemorySavedSearchStore();
  const clock = new FakeClock(Date.UTC(2026, 11, 1));
  let n = 0;
  const searches = new SavedSearches(store, new NearbyPlaces(gazetteer), clock, () => `srch_${String(++n).padStart(22, '0')}`);
  return { store, clock, searches };
}

const fieldOf = async (action: Promise<unknown>): Promise<string> => {
  try {
    await action;
  } catch (error) {
    if (error instanceof ValidationError) return error.field;
    throw error;
  }
  return 'accepted';
};

describe('SavedSearches', () => {
  it("saves the owner's search with its place resolved and its terms, reads it back, lists it", async () => {
    const { searches } = world();
    const saved = await searches.create(
      {
        label: 'Young cats near 94110',
        reference: 'adopter-42',
        filter: { species: ['cat'], ageGroup: ['young'] },
        near: '94110',
        radius: '25',
      },
      PARTNER,
    );
    expect(saved).toMatchObject({
      ownerId: 'partner',
      label: 'Young cats near 94110',
      reference: 'adopter-42',
      query: { filter: { species: ['cat'], ageGroup: ['young'] }, near: '94110', radius: '25' },
      version: 1,
      createdAt: '2026-12-01T00:00:00.000Z',
    });
    expect(saved.percolated.filter.postalCodes).toContain('94103');
    expect(saved.percolated.filter.postalCodes).not.toContain('10001');
    expect(saved.percolated.reach?.radiusKm).toBeCloseTo(40.23, 2);
    expect(saved.terms.length).toBeGreaterThan(0);
    expect(saved.terms.every((term) => term.startsWith('cell:'))).toBe(true);
    expect(await searches.get(saved.id, PARTNER)).toEqual(saved);
    expect(await searches.list(PARTNER, null, 10)).toEqual([saved]);
    expect(await searches.list(OTHER, null, 10)).toEqual([]);
  });

  it('refuses what GET /v1/pets refuses, and a label that shows nothing, naming it and storing nothing', async () => {
    const { searches, store } = world();
    expect(await fieldOf(searches.create({ label: 'x', filter: { species: ['unicorn'] } }, PARTNER))).toBe('species');
    expect(await fieldOf(searches.create({ label: 'x', near: '00000' }, PARTNER))).toBe('near');
    expect(await fieldOf(searches.create({ label: 'x', near: '94110', radius: '501' }, PARTNER))).toBe('radius');
    expect(await fieldOf(searches.create({ label: 'x', radius: '25' }, PARTNER))).toBe('radius');
    expect(await fieldOf(searches.create({ label: ' ' }, PARTNER))).toBe('label');
    expect(await fieldOf(searches.create({ label: 'x', reference: 'r'.repeat(201) }, PARTNER))).toBe('reference');
    expect(await store.listByOwner('partner', null, 10)).toEqual([]);
  });

  it('changes a search from the version read: If-Match needed, a stale one refused, a change that changes nothing kept at its version', async () => {
    const { searches, clock } = world();
    const saved = await searches.create({ label: 'Cats', filter: { species: ['cat'] } }, PARTNER);
    clock.advance(1_000);
    const dogs = { label: 'Dogs', filter: { species: ['dog'] }, near: '10001' };
    await expect(searches.change(saved.id, dogs, undefined, PARTNER)).rejects.toThrow(PreconditionRequiredError);
    await expect(searches.change(saved.id, dogs, [2], PARTNER)).rejects.toThrow(PreconditionFailedError);
    expect(await searches.get(saved.id, PARTNER)).toEqual(saved);
    const changed = await searches.change(saved.id, dogs, [1], PARTNER);
    expect(changed).toMatchObject({
      label: 'Dogs',
      version: 2,
      updatedAt: '2026-12-01T00:00:01.000Z',
      query: { near: '10001', radius: null },
    });
    expect(changed.percolated.filter.postalCodes).toContain('10001');
    expect(changed.terms).not.toEqual(saved.terms);
    expect(await searches.change(saved.id, dogs, '*', PARTNER)).toEqual(changed);
    expect(await fieldOf(searches.change(saved.id, { label: 'x', filter: { coat: ['Plaid'] } }, '*', PARTNER))).toBe('coat');
    expect(await searches.get(saved.id, PARTNER)).toEqual(changed);
  });

  it("answers another owner's read, change and removal as a search that does not exist, and changes nothing", async () => {
    const { searches } = world();
    const saved = await searches.create({ label: 'Cats', filter: { species: ['cat'] } }, PARTNER);
    await expect(searches.get(saved.id, OTHER)).rejects.toThrow(SavedSearchNotFoundError);
    await expect(searches.change(saved.id, { label: 'Mine' }, '*', OTHER)).rejects.toThrow(SavedSearchNotFoundError);
    await expect(searches.remove(saved.id, '*', OTHER)).rejects.toThrow(SavedSearchNotFoundError);
    const messageOf = (action: Promise<unknown>) =>
      action.then(
        () => 'answered',
        (error: Error) => error.message,
      );
    const unknown = await messageOf(searches.get('srch_none', PARTNER));
    const others = await messageOf(searches.get(saved.id, OTHER));
    expect(others.replace(saved.id, 'ID')).toBe(unknown.replace('srch_none', 'ID'));
    expect(await searches.get(saved.id, PARTNER)).toEqual(saved);
  });

  it('removes a search (a stale If-Match refused), after which it is not found', async () => {
    const { searches } = world();
    const saved = await searches.create({ label: 'Cats' }, PARTNER);
    await expect(searches.remove(saved.id, [2], PARTNER)).rejects.toThrow(PreconditionFailedError);
    await searches.remove(saved.id, [1], PARTNER);
    await expect(searches.get(saved.id, PARTNER)).rejects.toThrow(SavedSearchNotFoundError);
    await expect(searches.remove(saved.id, undefined, PARTNER)).rejects.toThrow(SavedSearchNotFoundError);
  });

  it('gives ids of srch_ and 22 base62 characters, each new, and states that shape', () => {
    const made = Array.from({ length: 1_000 }, newSavedSearchId);
    expect(made.every((id) => /^srch_[0-9A-Za-z]{22}$/.test(id))).toBe(true);
    expect(new Set(made).size).toBe(1_000);
    const pattern = new RegExp(SAVED_SEARCH_ID_PATTERN);
    expect(made.every((id) => pattern.test(id))).toBe(true);
    expect(['srch_short', `srch_${'a'.repeat(23)}`, `ss_${'a'.repeat(22)}`, `srch_${'-'.repeat(22)}`].some((id) => pattern.test(id))).toBe(
      false,
    );
  });

  it('writes nothing for a change that changes nothing, and removes without If-Match', async () => {
    const { searches, store } = world();
    const saved = await searches.create({ label: 'Cats', filter: { species: ['cat'] } }, PARTNER);
    let writes = 0;
    const update = store.update.bind(store);
    store.update = (search, version) => {
      writes++;
      return update(search, version);
    };
    expect(await searches.change(saved.id, { label: 'Cats', filter: { species: ['cat'] } }, [1], PARTNER)).toBe(saved);
    expect(writes).toBe(0);
    await searches.remove(saved.id, undefined, PARTNER);
    expect(await store.findById(saved.id)).toBeNull();
  });

  it('names the saved search in a stale If-Match, and answers 503 naming it when every write loses a race', async () => {
    const { searches, store } = world();
    const saved = await searches.create({ label: 'Cats' }, PARTNER);
    await expect(searches.change(saved.id, { label: 'Dogs' }, [7], PARTNER)).rejects.toThrow(
      `Saved search ${saved.id} changed since it was read`,
    );
    await expect(searches.remove(saved.id, [7], PARTNER)).rejects.toThrow(`Saved search ${saved.id} changed since it was read`);
    await expect(searches.change(saved.id, { label: 'Dogs' }, undefined, PARTNER)).rejects.toThrow(
      `Changing saved search ${saved.id} needs`,
    );
    store.update = () => Promise.resolve(false);
    store.remove = () => Promise.resolve(false);
    await expect(searches.change(saved.id, { label: 'Dogs' }, '*', PARTNER)).rejects.toThrow(
      new ServiceUnavailableError(`Saved search ${saved.id} is being changed by many requests at once; retry in a moment`),
    );
    await expect(searches.remove(saved.id, '*', PARTNER)).rejects.toThrow(
      new ServiceUnavailableError(`Saved search ${saved.id} is being changed by many requests at once; retry in a moment`),
    );
  });
});
