/**
 * SearchAlerts: an animal's change alerts the saved searches it enters the matches of, once per
 * entry, found through the store's index of terms (a change evaluates the searches that share a term
 * with the animal, not every search); each alert follows its change, with an id made of both; a
 * saved search's own rules.
 */
import { describe, expect, it } from 'vitest';
import { MemorySavedSearchStore } from '../../../../src/adapters/adoption/memory/memory-saved-search-store.js';
import { alertIdFor, SearchAlerts } from '../../../../src/application/adoption/services/search-alerts.js';
import { orderPlaced, petCreated, petDeleted, petUpdated, type FeedEvent } from '../../../../src/domain/adoption/feed-event.js';
import { anAdoptionRequest } from '../../../contracts/adoption/adoption-request-repository.contract.js';
import { EVENT_ID } from '../../../../src/application/shared/ids.js';
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
  lookups = 0;
  override async withAnyTerm(terms: readonly string[]): Promise<SavedSearch[]> {
    this.lookups++;
    const found = await super.withAnyTerm(terms);
    this.handedOut += found.length;
    return found;
  }
}

async function world(...searches: SavedSearch[]) {
  const store = new CountingStore();
  for (const search of searches) await store.create(search, 10_000);
  const alerts = new SearchAlerts(store, gazetteer);
  let n = 0;
  const stamp = () => ({ id: `evt_mh3k2x1a0${String(n++).padStart(4, '0')}abcdef`, createdAt: T1 });
  /** The searches the change from `before` to `after` alerts (its event, through the relay's call). */
  const alertsFor = async (before: Pet | null, after: Pet | null): Promise<SavedSearch[]> => {
    const change =
      after === null
        ? petDeleted(stamp(), before as Pet)
        : before === null
          ? petCreated(stamp(), after)
          : petUpdated(stamp(), before, after);
    const [first, ...rest] = await alerts.following([change]);
    expect(first).toBe(change);
    return rest.map((alert) => {
      expect(alert).toMatchObject({ type: 'search.matched', object: after, sequence: change.sequence, createdAt: change.createdAt });
      const { savedSearch } = alert as Extract<FeedEvent, { type: 'search.matched' }>;
      expect(alert.id).toBe(alertIdFor(change.id, savedSearch.id));
      return searches.find((search) => search.id === savedSearch.id) as SavedSearch;
    });
  };
  return { store, alerts, alertsFor };
}

describe('SearchAlerts', () => {
  it('alerts a search when an animal is created matching, once, and not a search it does not match', async () => {
    const cats = saved({ species: ['cat'] }, '94110', '25');
    const dogs = saved({ species: ['dog'] }, '94110', '25');
    const far = saved({ species: ['cat'] }, '10001', '25');
    const { alertsFor } = await world(cats, dogs, far);
    expect(await alertsFor(null, cat('94103'))).toEqual([cats]);
  });

  it('alerts on each entry into the matches: a change into a match, back to available, a move near; never a change that keeps matching, a leaving or a removal', async () => {
    const available = saved({ species: ['cat'], status: ['available'] }, '94110', '25');
    const { alertsFor } = await world(available);
    const mia = cat('94103');
    const renamed = changePet(mia, { name: 'Mimi' }, T1, gazetteer);
    expect(await alertsFor(mia, renamed)).toEqual([]);
    const pending = changePet(renamed, { status: 'pending' }, T1, gazetteer);
    expect(await alertsFor(renamed, pending)).toEqual([]);
    const back = changePet(pending, { status: 'available' }, T1, gazetteer);
    expect(await alertsFor(pending, back)).toEqual([available]);
    const fostered = changePet(back, { location: { postalCode: '10001' } }, T1, gazetteer);
    expect(await alertsFor(back, fostered)).toEqual([]);
    const home = changePet(fostered, { location: { postalCode: '94601' } }, T1, gazetteer);
    expect(await alertsFor(fostered, home)).toEqual([available]);
    expect(await alertsFor(home, null)).toEqual([]);
  });

  it("alerts any owner's search, whoever's the animal is, and a search without a place or species", async () => {
    const everything = saved({}, null, null, 'another_partner');
    const bySpecies = saved({ species: ['cat'] });
    const byShelter = saved({ ownerIds: ['shelter_sf'] });
    const otherShelter = saved({ ownerIds: ['shelter_ny'] });
    const { alertsFor } = await world(everything, bySpecies, byShelter, otherShelter);
    expect(await alertsFor(null, cat('94103'))).toEqual([everything, bySpecies, byShelter]);
  });

  it('evaluates the searches that share a term with the animal, not every search: 2,000 near New York, one near San Francisco', async () => {
    const searches = Array.from({ length: 2_000 }, () => saved({ species: ['cat'] }, '10001', '25'));
    const sf = saved({ species: ['cat'] }, '94110', '25');
    const { alertsFor, store } = await world(...searches, sf);
    expect(await alertsFor(null, cat('94103'))).toEqual([sf]);
    expect(store.handedOut).toBe(1);
    // An animal in New York is evaluated against New York's searches.
    expect(await alertsFor(null, cat('10001'))).toHaveLength(2_000);
  });

  it("puts each change's alerts right after it, in one lookup for the whole pass, and passes other events through", async () => {
    const cats = saved({ species: ['cat'] }, '94110', '25');
    const { alerts, store } = await world(cats);
    const mia = cat('94103');
    const created = petCreated({ id: 'evt_mh3k2x1a00000abcdef', createdAt: T1 }, mia);
    const adopted = changePet(mia, { status: 'sold' }, T1, gazetteer);
    const sold = petUpdated({ id: 'evt_mh3k2x1a00001abcdef', createdAt: T1 }, mia, adopted);
    const other = petCreated({ id: 'evt_mh3k2x1a00002abcdef', createdAt: T1 }, cat('10001'));
    const out = await alerts.following([created, sold, other]);
    expect(out.map((event) => event.type)).toEqual(['pet.created', 'search.matched', 'pet.updated', 'pet.created']);
    expect(out[1]).toMatchObject({ savedSearch: { id: cats.id, ownerId: 'partner', label: 'A search', reference: null } });
    expect(store.handedOut).toBe(1);
    // Nothing to look up: the events as they were.
    expect(await alerts.following([petDeleted({ id: 'evt_mh3k2x1a00003abcdef', createdAt: T1 }, adopted)])).toHaveLength(1);
    expect(store.handedOut).toBe(1);
  });

  it("passes an adoption request's event and an alert through, alerting nothing and looking nothing up", async () => {
    const everything = saved({}, null, null, 'another_partner');
    const { alerts, store } = await world(everything);
    const order = orderPlaced({ id: 'evt_mh3k2x1a00000abcdef', createdAt: T1 }, anAdoptionRequest());
    const [, alert] = await alerts.following([petCreated({ id: 'evt_mh3k2x1a00001abcdef', createdAt: T1 }, cat('94103'))]);
    expect(alert?.type).toBe('search.matched');
    store.lookups = 0;
    expect(await alerts.following([order, alert as FeedEvent])).toEqual([order, alert]);
    expect(store.lookups).toBe(0);
  });

  it('alerts only the searches saved by the time of the change and not expired then', async () => {
    const early = saved({ species: ['cat'] });
    const { alerts } = await world(early);
    const at = (createdAt: string) => petCreated({ id: 'evt_mh3k2x1a00000abcdef', createdAt }, cat('94103'));
    expect(await alerts.following([at('2026-11-30T23:59:59.999Z')])).toHaveLength(1);
    expect(await alerts.following([at(T0)])).toHaveLength(2);
    expect(await alerts.following([at('2027-02-28T23:59:59.999Z')])).toHaveLength(2);
    expect(await alerts.following([at('2027-03-01T00:00:00.000Z')])).toHaveLength(1);
  });

  it('makes the same id for the same change and search, another for another, each an event id', () => {
    const id = alertIdFor('evt_mh3k2x1a00000abcdef', 'srch_000001');
    // Fixed for good: an instance of a later version making this alert again must give it the same id.
    expect(id).toBe('evt_mh3k2x1a0xfrn7ep5JM');
    expect(id).toMatch(EVENT_ID);
    expect(id.slice(0, 13)).toBe('evt_mh3k2x1a0');
    const others = new Set(
      Array.from({ length: 1_000 }, (_, i) => alertIdFor(`evt_mh3k2x1a0${String(i).padStart(4, '0')}abcdef`, 'srch_000001')),
    );
    others.add(alertIdFor('evt_mh3k2x1a00000abcdef', 'srch_000002'));
    expect(others.size).toBe(1_001);
    // Every one an event id, its hash spread over both parts (the base36 sequence and the base62 tail).
    expect([...others].every((other) => EVENT_ID.test(other))).toBe(true);
    expect(new Set([...others].map((other) => other.slice(13, 17))).size).toBeGreaterThan(950);
    expect(new Set([...others].map((other) => other.slice(17))).size).toBe(1_001);
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
