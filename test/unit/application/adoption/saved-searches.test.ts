/**
 * SavedSearches: a search saved by its owner alone, checked by the rules of `GET /v1/pets` (a bad
 * filter, place or radius stores nothing), changed from the version read, removed; another owner's
 * read, change or removal is answered as a search that does not exist, and changes nothing.
 */
import { describe, expect, it } from 'vitest';
import { MemorySavedSearchStore } from '../../../../src/adapters/adoption/memory/memory-saved-search-store.js';
import { newSavedSearchId, SAVED_SEARCH_ID_PATTERN, SavedSearches } from '../../../../src/application/adoption/use-cases/saved-searches.js';
import { NearbyPlaces } from '../../../../src/application/shared/services/nearby-places.js';
import { SavedSearchLimitReachedError, SavedSearchNotFoundError } from '../../../../src/domain/adoption/errors.js';
import { alertsAt, SAVED_SEARCHES_PER_OWNER } from '../../../../src/domain/adoption/saved-search.js';
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
      'free',
    );
    expect(saved).toMatchObject({
      ownerId: 'partner',
      label: 'Young cats near 94110',
      reference: 'adopter-42',
      query: { filter: { status: ['available'], species: ['cat'], ageGroup: ['young'] }, near: '94110', radius: '25' },
      version: 1,
      createdAt: '2026-12-01T00:00:00.000Z',
      expiresAt: '2027-03-01T00:00:00.000Z',
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
    expect(await fieldOf(searches.create({ label: 'x', filter: { species: ['unicorn'] } }, PARTNER, 'free'))).toBe('species');
    expect(await fieldOf(searches.create({ label: 'x', near: '00000' }, PARTNER, 'free'))).toBe('near');
    expect(await fieldOf(searches.create({ label: 'x', near: '94110', radius: '501' }, PARTNER, 'free'))).toBe('radius');
    expect(await fieldOf(searches.create({ label: 'x', radius: '25' }, PARTNER, 'free'))).toBe('radius');
    expect(await fieldOf(searches.create({ label: ' ' }, PARTNER, 'free'))).toBe('label');
    expect(await fieldOf(searches.create({ label: 'x', reference: 'r'.repeat(201) }, PARTNER, 'free'))).toBe('reference');
    expect(await store.listByOwner('partner', null, 10)).toEqual([]);
  });

  it('changes a search from the version read: If-Match needed, a stale one refused, a change that changes nothing kept at its version', async () => {
    const { searches, clock } = world();
    const saved = await searches.create({ label: 'Cats', filter: { species: ['cat'] } }, PARTNER, 'free');
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
    const saved = await searches.create({ label: 'Cats', filter: { species: ['cat'] } }, PARTNER, 'free');
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
    const saved = await searches.create({ label: 'Cats' }, PARTNER, 'free');
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
    const saved = await searches.create({ label: 'Cats', filter: { species: ['cat'] } }, PARTNER, 'free');
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
    const saved = await searches.create({ label: 'Cats' }, PARTNER, 'free');
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
    await expect(searches.renew(saved.id, '*', PARTNER)).rejects.toThrow(
      new ServiceUnavailableError(`Saved search ${saved.id} is being changed by many requests at once; retry in a moment`),
    );
  });

  it('finds animals that can be adopted unless the search says otherwise: status available by default, a status given kept', async () => {
    const { searches } = world();
    expect((await searches.create({ label: 'Any' }, PARTNER, 'free')).query.filter).toEqual({ status: ['available'] });
    const pending = await searches.create({ label: 'Pending', filter: { status: ['available', 'pending'] } }, PARTNER, 'free');
    expect(pending.query.filter).toEqual({ status: ['available', 'pending'] });
  });

  it("keeps an owner within its key's plan (free 25), another owner apart, and names the plan and what to do", async () => {
    const { searches, store } = world();
    expect(SAVED_SEARCHES_PER_OWNER).toEqual({ free: 25, pro: 5_000, business: 250_000, enterprise: 1_000_000 });
    for (let i = 0; i < 25; i++) await searches.create({ label: `Search ${i}` }, PARTNER, 'free');
    const refused = searches.create({ label: 'One more' }, PARTNER, 'free');
    await expect(refused).rejects.toThrow(SavedSearchLimitReachedError);
    await expect(refused).rejects.toThrow(/keeps 25 saved searches, the most its free plan allows; remove one/);
    expect(await store.listByOwner('partner', null, 100)).toHaveLength(25);
    // The same owner with a key on a larger plan, and another owner, may save more.
    await searches.create({ label: 'On pro' }, PARTNER, 'pro');
    await searches.create({ label: 'Another owner' }, OTHER, 'free');
    expect(await store.listByOwner('partner', null, 100)).toHaveLength(26);
  });

  it("alerts for 90 days from its saving, and 90 days from a renewal, an expired search included; a renewal of another owner's is not found", async () => {
    const { searches, clock } = world();
    const saved = await searches.create({ label: 'Cats' }, PARTNER, 'free');
    expect(alertsAt(saved, '2026-11-30T23:59:59.999Z')).toBe(false);
    expect(alertsAt(saved, '2026-12-01T00:00:00.000Z')).toBe(true);
    expect(alertsAt(saved, '2027-02-28T23:59:59.999Z')).toBe(true);
    expect(alertsAt(saved, '2027-03-01T00:00:00.000Z')).toBe(false);
    clock.advance(100 * 86_400_000);
    await expect(searches.renew(saved.id, undefined, OTHER)).rejects.toThrow(SavedSearchNotFoundError);
    await expect(searches.renew(saved.id, [7], PARTNER)).rejects.toThrow(PreconditionFailedError);
    await expect(searches.renew(saved.id, [7], PARTNER)).rejects.toThrow(`Saved search ${saved.id} changed since it was read`);
    const renewed = await searches.renew(saved.id, undefined, PARTNER);
    expect(renewed).toMatchObject({ version: 2, updatedAt: '2027-03-11T00:00:00.000Z', expiresAt: '2027-06-09T00:00:00.000Z' });
    expect(alertsAt(renewed, '2027-03-11T00:00:00.000Z')).toBe(true);
    expect(await searches.get(saved.id, PARTNER)).toEqual(renewed);
  });
});
