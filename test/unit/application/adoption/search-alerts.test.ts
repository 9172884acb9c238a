/**
 * SearchAlerts: an animal's change alerts the saved searches it enters the matches of, once per
 * entry, found through the store's index of terms (a change evaluates the searches that share a term
 * with the animal, not every search); a saved search's own rules.
 */
import { describe, expect, it } from 'vitest';
import { MemorySavedSearchStore } from '../../../../src/adapters/adoption/memory/memory-saved-search-store.js';
import { SearchAlerts } from '../../../../src/application/adoption/services/search-alerts.js';
import { NearbyPlaces } from '../../../../src/application/shared/services/nearby-places.js';
import { changePet } from '../../../../src/domain/adoption/pet-lifecycle.js';
import { newPetDraft, petOf, type Pet } from '../../../../src/domain/adoption/pet.js';
import type { PetFilter } from '../../../../src/domain/adoption/pet-search.js';
import { changedSavedSearch, newSavedSearch, type SavedSearch } from '../../../../src/domain/adoption/saved-search.js';
import { ValidationError } from '../../../../src/domain/shared/errors.js';
import type { Place } from '../../../../src/domain/shared/place.js';
import { gazetteer } from '../../../support/gazetteer.js';

const T0 = new Date(Date.UTC(2026, 11, 1)).toISOString();
const T1 = new Date(Date.UTC(2026, 11, 2)).toISOString();
const nearby = new NearbyPlaces(gazetteer);
const placeOf = (code: string) => gazetteer.find('US', code) as Place;

let ids = 0;
/** A saved search of `ownerId`'s as the use case makes it: the place and radius resolved to the codes within reach. */
function saved(
  filter: Omit<PetFilter, 'ids' | 'postalCodes'>,
  near: string | null = null,
  radius: string | null = null,
  ownerId = 'partner',
) {
  const place = near === null ? null : nearby.of(near, radius ?? undefined);
  const percolated = {
    filter: place === null ? filter : { ...filter, postalCodes: place.postalCodes },
    reach: place === null ? null : { center: place.center, radiusKm: place.radiusKm },
  };
  ids++;
  return newSavedSearch(
    `srch_${String(ids).padStart(6, '0')}`,
    ownerId,
    { label: 'A search', reference: null, query: { filter, near, radius }, percolated },
    T0,
  );
}

const cat = (code: string, status: 'available' | 'pending' = 'available'): Pet =>
  petOf(1, newPetDraft({ name: 'Mia', categoryId: 1, status, species: 'cat' }, 'shelter_sf', T0, placeOf(code)));

/** A store that counts the searches its index hands out. */
class CountingStore extends MemorySavedSearchStore {
  handedOut = 0;
  override async withAnyTerm(terms: readonly string[]): Promise<SavedSearch[]> {
    const found = await super.withAnyTerm(terms);
    this.handedOut += found.length;
    return found;
  }
}

async function world(...searches: SavedSearch[]) {
  const store = new CountingStore();
  for (const search of searches) await store.create(search);
  return { store, alerts: new SearchAlerts(store, gazetteer) };
}

describe('SearchAlerts', () => {
  it('alerts a search when an animal is created matching, once, and not a search it does not match', async () => {
    const cats = saved({ species: ['cat'] }, '94110', '25');
    const dogs = saved({ species: ['dog'] }, '94110', '25');
    const far = saved({ species: ['cat'] }, '10001', '25');
    const { alerts } = await world(cats, dogs, far);
    const mia = cat('94103');
    expect(await alerts.alertsFor(null, mia)).toEqual([{ search: cats, pet: mia }]);
  });

  it('alerts on each entry into the matches: a change into a match, back to available, a move near; never a change that keeps matching, a leaving or a removal', async () => {
    const available = saved({ species: ['cat'], status: ['available'] }, '94110', '25');
    const { alerts } = await world(available);
    const mia = cat('94103');
    const renamed = changePet(mia, { name: 'Mimi' }, T1, gazetteer);
    expect(await alerts.alertsFor(mia, renamed)).toEqual([]);
    const pending = changePet(renamed, { status: 'pending' }, T1, gazetteer);
    expect(await alerts.alertsFor(renamed, pending)).toEqual([]);
    const back = changePet(pending, { status: 'available' }, T1, gazetteer);
    expect(await alerts.alertsFor(pending, back)).toEqual([{ search: available, pet: back }]);
    const fostered = changePet(back, { location: { postalCode: '10001' } }, T1, gazetteer);
    expect(await alerts.alertsFor(back, fostered)).toEqual([]);
    const home = changePet(fostered, { location: { postalCode: '94601' } }, T1, gazetteer);
    expect(await alerts.alertsFor(fostered, home)).toEqual([{ search: available, pet: home }]);
    expect(await alerts.alertsFor(home, null)).toEqual([]);
  });

  it("alerts any owner's search, whoever's the animal is, and a search without a place or species", async () => {
    const everything = saved({}, null, null, 'another_partner');
    const bySpecies = saved({ species: ['cat'] });
    const byShelter = saved({ ownerIds: ['shelter_sf'] });
    const otherShelter = saved({ ownerIds: ['shelter_ny'] });
    const { alerts } = await world(everything, bySpecies, byShelter, otherShelter);
    const mia = cat('94103');
    expect((await alerts.alertsFor(null, mia)).map((alert) => alert.search.id)).toEqual([everything.id, bySpecies.id, byShelter.id]);
  });

  it('evaluates the searches that share a term with the animal, not every search: 2,000 near New York, one near San Francisco', async () => {
    const searches = Array.from({ length: 2_000 }, () => saved({ species: ['cat'] }, '10001', '25'));
    const sf = saved({ species: ['cat'] }, '94110', '25');
    const { alerts, store } = await world(...searches, sf);
    const mia = cat('94103');
    expect(await alerts.alertsFor(null, mia)).toEqual([{ search: sf, pet: mia }]);
    expect(store.handedOut).toBe(1);
    // An animal in New York is evaluated against New York's searches.
    expect(await alerts.alertsFor(null, cat('10001'))).toHaveLength(2_000);
  });
});

describe('a saved search', () => {
  it('goes one version on for a change of its label alone, its reference alone, or its query alone', () => {
    const search = saved({ species: ['cat'] });
    const same = { label: search.label, reference: search.reference, query: search.query, percolated: search.percolated };
    const dogs = { filter: { species: ['dog'] }, near: null, radius: null };
    for (const fields of [
      { ...same, label: 'Another label' },
      { ...same, reference: 'adopter-9' },
      { ...same, query: dogs, percolated: { filter: dogs.filter, reach: null } },
    ]) {
      expect(changedSavedSearch(search, fields, T1)).toMatchObject({ ...fields, version: 2, updatedAt: T1 });
    }
  });

  it('takes a label of 100 characters and a reference of 200, characters outside the BMP counted once', () => {
    const search = saved({ species: ['cat'] });
    const fields = { query: search.query, percolated: search.percolated };
    expect(changedSavedSearch(search, { ...fields, label: '🐈'.repeat(100), reference: 'r'.repeat(200) }, T1).label).toBe('🐈'.repeat(100));
    expect(() => changedSavedSearch(search, { ...fields, label: 'ok', reference: 'r'.repeat(201) }, T1)).toThrow(
      /reference must be at most 200 characters/,
    );
  });

  it('keeps a change that changes nothing at its version, and refuses a label or reference that shows nothing, naming it', () => {
    const search = saved({ species: ['cat'] });
    expect(
      changedSavedSearch(search, { label: search.label, reference: null, query: search.query, percolated: search.percolated }, T1),
    ).toBe(search);
    const fields = { reference: null, query: search.query, percolated: search.percolated };
    expect(() => changedSavedSearch(search, { ...fields, label: '\u200b' }, T1)).toThrow(ValidationError);
    expect(() => changedSavedSearch(search, { ...fields, label: 'x'.repeat(101) }, T1)).toThrow(/label must be at most 100/);
    expect(() => changedSavedSearch(search, { ...fields, label: 'ok', reference: ' ' }, T1)).toThrow(/reference/);
  });
});
