/**
 * Where an animal is: a foster animal at its foster home's place, every other animal at its
 * organization's. Near a place finds both, with distances against a haversine reference; each animal
 * says where it is and whose, and `expand=organization` makes a partner's listing page one call. An
 * organization's move moves its shelter animals at once (reads, searches and the feed), never its
 * foster animals; another owner's move is refused with nothing changed. Memory, and MongoDB + Redis
 * in the second pass.
 */
import type { LightMyRequestResponse } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expectError, startTestApp, type TestApp } from '../../support/test-app.js';
import { referenceMiles } from '../../support/gazetteer.js';
import { resolve } from '../../../src/config/tokens.js';
import { TOKENS } from '../../../src/config/modules/features.js';

interface PlaceBody {
  postalCode: string;
  city: string;
  region: string;
  country: string;
  kind: 'organization' | 'foster';
}
interface PetBody {
  id: number;
  name: string;
  version: number;
  ownerId: string;
  organizationId: string | null;
  location: { postalCode: string } | null;
  place: PlaceBody | null;
  distance?: number;
  primaryPhoto: { urls: { small: string } } | null;
  organization?: { id: string; name: string; website: string | null; location: { city: string } | null } | null;
  [field: string]: unknown;
}
interface EventBody {
  type: string;
  sequence: number;
  data: { object: PetBody; previousAttributes?: Record<string, unknown> };
}

// Two shelters, San Francisco (94110) and New York (10001); foster homes around each, and one far away.
const SF = 'acct_sf';
const NY = 'acct_ny';
const FOSTER_ZIPS = ['94103', '94601', '94301', '95814', '10011', '11201', '07302'];

describe('where an animal is, and near a place', () => {
  let t: TestApp;
  let sf: string;
  let ny: string;
  let partner: string;
  let operator: string;
  /** The 30 animals: 8 at each shelter, 14 in foster homes. */
  let pets: PetBody[];

  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, auth: string, payload?: object, headers: Record<string, string> = {}) =>
    t.app.http.inject({ method, url: `/v1${url}`, headers: { authorization: auth, ...headers }, ...(payload && { payload }) });
  const list = async (query: string, auth = partner): Promise<PetBody[]> => {
    const response = await call('GET', `/pets?${query}`, auth);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<PetBody[]>();
  };
  /** Every page of a search, following its Link headers. */
  const pageAll = async (query: string): Promise<PetBody[]> => {
    const all: PetBody[] = [];
    let url: string | null = `/v1/pets?${query}`;
    while (url !== null) {
      const response: LightMyRequestResponse = await t.app.http.inject({ url, headers: { authorization: partner } });
      expect(response.statusCode, response.body).toBe(200);
      all.push(...response.json<PetBody[]>());
      url = /<([^>]+)>; rel="next"/.exec(String(response.headers.link ?? ''))?.[1] ?? null;
    }
    return all;
  };
  const createOrganization = (id: string, postalCode: string | null) =>
    t.app.admin.inject({
      method: 'POST',
      url: '/admin/v1/organizations',
      headers: { authorization: operator },
      payload: {
        id,
        name: id === SF ? 'Mission Shelter' : 'Chelsea Rescue',
        website: 'https://rescue.example',
        ...(postalCode && { location: { postalCode } }),
      },
    });
  const move = async (id: string, auth: string, postalCode: string) => {
    const current = (await call('GET', `/organizations/${id}`, partner)).json<{ version: number }>();
    return call('PATCH', `/organizations/${id}`, auth, { location: { postalCode } }, { 'if-match': `"${current.version}"` });
  };
  const relay = () => resolve(t.app.container, TOKENS.EventRelay).pass();
  const feed = async (): Promise<EventBody[]> => {
    for (let pass = 0; pass < 100 && (await relay()) > 0; pass++);
    const events: EventBody[] = [];
    let url: string | null = '/v1/events?limit=100';
    while (url !== null) {
      const response: LightMyRequestResponse = await t.app.http.inject({ url, headers: { authorization: partner } });
      expect(response.statusCode, response.body).toBe(200);
      events.push(...response.json<EventBody[]>());
      url = /<([^>]+)>; rel="next"/.exec(String(response.headers.link ?? ''))?.[1] ?? null;
    }
    return events;
  };
  const byId = (found: PetBody[]) => found.map((pet) => pet.id).sort((a, b) => a - b);

  beforeEach(async () => {
    t = await startTestApp();
    operator = await t.adminBearer(['keys:write']);
    const keyOf = async (ownerId: string) => `Bearer ${(await t.app.keys.issue({ name: ownerId, plan: 'business', ownerId })).key}`;
    [sf, ny, partner] = [await keyOf(SF), await keyOf(NY), await keyOf('acct_partner')];
    expect((await createOrganization(SF, '94110')).statusCode).toBe(201);
    expect((await createOrganization(NY, '10001')).statusCode).toBe(201);
    pets = [];
    for (let n = 0; n < 30; n++) {
      const owner = n % 2 === 0 ? sf : ny;
      const foster = n < 14 ? FOSTER_ZIPS[n % FOSTER_ZIPS.length] : null;
      const response = await call('POST', '/pets', owner, {
        name: `Pet ${n}`,
        categoryId: 1,
        ...(foster && { location: { postalCode: foster } }),
      });
      expect(response.statusCode, response.body).toBe(201);
      pets.push(response.json<PetBody>());
    }
  });
  afterEach(async () => t.close());

  it('shows on every animal whose it is and where: its foster home, else its organization', async () => {
    for (const pet of pets) {
      expect(pet.organizationId).toBe(pet.ownerId);
      if (pet.location !== null) expect(pet.place).toMatchObject({ postalCode: pet.location.postalCode, kind: 'foster' });
      else expect(pet.place).toEqual({ ...(pet.ownerId === SF ? SF_PLACE : NY_PLACE), kind: 'organization' });
    }
    // The same on a read by id, in a list, and in the feed.
    const [one] = await list(`id=${pets[20]?.id}`);
    expect(one).toEqual(pets[20]);
    const created = (await feed()).filter((event) => event.type === 'pet.created').map((event) => event.data.object);
    expect(created).toEqual(pets);
    expect(await call('GET', `/organizations/${String(pets[20]?.organizationId)}`, partner)).toHaveProperty('statusCode', 200);
  });

  it('finds shelter and foster animals near a place, each with its distance against a haversine reference', async () => {
    const near = await pageAll('near=94110&radius=25&sort=distance&limit=5');
    const expected = pets.filter((pet) => referenceMiles('94110', (pet.place as PlaceBody).postalCode) <= 25);
    expect(byId(near)).toEqual(byId(expected));
    // Every San Francisco shelter animal, and the foster animals within reach.
    expect(near.filter((pet) => pet.place?.kind === 'organization')).toHaveLength(8);
    expect(near.some((pet) => pet.place?.kind === 'foster')).toBe(true);
    for (const pet of near) expect(pet.distance).toBe(Math.round(referenceMiles('94110', (pet.place as PlaceBody).postalCode)));
    const distances = near.map((pet) => pet.distance as number);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    // In every order, the same animals; the total agrees.
    for (const sort of ['id', '-publishedAt', 'updatedAt', 'random&seed=s1']) {
      expect(byId(await pageAll(`near=94110&radius=25&sort=${sort}&limit=3`))).toEqual(byId(expected));
    }
    const counted = await call('GET', '/pets?near=94110&radius=25&total=true', partner);
    expect(counted.headers['x-total-count']).toBe(String(expected.length));
    // New York's shelter animals are near 10001, and no San Francisco one is.
    const east = await pageAll('near=10001&radius=25');
    expect(east.filter((pet) => pet.place?.kind === 'organization').map((pet) => pet.ownerId)).toEqual(Array(8).fill(NY));
    // A sparse answer carries the place and the distance when asked.
    const [sparse] = await list('near=94110&radius=25&sort=distance&fields=name,place,distance&limit=1');
    expect(Object.keys(sparse as object).sort()).toEqual(['distance', 'id', 'name', 'place']);
  });

  it("builds a partner's listing page of 20 in one call: name, photo, organization's name and city, distance", async () => {
    const response = await call('GET', '/pets?near=94110&radius=500&sort=distance&limit=20&expand=organization', partner);
    expect(response.statusCode).toBe(200);
    const page = response.json<PetBody[]>();
    expect(page).toHaveLength(16);
    const rows = page.map((pet) => ({
      name: pet.name,
      photo: pet.primaryPhoto?.urls.small ?? null,
      organization: pet.organization?.name,
      city: pet.place?.city,
      distance: pet.distance,
    }));
    for (const [i, row] of rows.entries()) {
      const pet = page[i] as PetBody;
      expect(row.organization).toBe(pet.ownerId === SF ? 'Mission Shelter' : 'Chelsea Rescue');
      expect(row.city).toBe(pet.place?.city);
      expect(typeof row.distance).toBe('number');
    }
    expect(page[0]?.organization).toEqual({ id: SF, name: 'Mission Shelter', website: 'https://rescue.example', location: SF_PLACE });
    // Without expand, no organization: the animal's own bytes.
    expect((await list('limit=1'))[0]).not.toHaveProperty('organization');
    expectError(await call('GET', '/pets?expand=owner', partner), 400, 'invalid_request');
  });

  it("moves an organization's shelter animals with it at once, leaves its foster animals, and the feed's mirror follows", async () => {
    const before = await feed();
    const moved = await move(SF, sf, '10001');
    expect(moved.statusCode, moved.body).toBe(200);
    // Right after the change: the shelter animals are near the new place and not the old.
    const west = await pageAll('near=94110&radius=25');
    expect(west.filter((pet) => pet.place?.kind === 'organization')).toEqual([]);
    const east = await pageAll('near=10001&radius=1');
    expect(east.filter((pet) => pet.ownerId === SF && pet.place?.kind === 'organization')).toHaveLength(8);
    const now = await pageAll('limit=100');
    for (const pet of now) {
      const was = pets.find((one) => one.id === pet.id) as PetBody;
      if (pet.ownerId === SF && pet.location === null) {
        expect(pet.place).toEqual({ ...NY_PLACE, kind: 'organization' });
        expect(pet.version).toBe(was.version + 1);
      } else expect(pet).toEqual(was);
    }
    // Each moved animal has its pet.updated event, saying where it was; a mirror of the feed equals the list.
    const events = (await feed()).slice(before.length);
    expect(events.map((event) => event.type)).toEqual(Array(8).fill('pet.updated'));
    for (const event of events) expect(event.data.previousAttributes?.place).toEqual({ ...SF_PLACE, kind: 'organization' });
    const mirror = new Map<number, PetBody>();
    for (const event of [...before, ...events]) mirror.set(event.data.object.id, event.data.object);
    expect([...mirror.values()].sort((a, b) => a.id - b.id)).toEqual(now);
    // Moving to where it is moves nothing again.
    expect((await move(SF, sf, '10001')).statusCode).toBe(200);
    expect(await feed()).toHaveLength(before.length + 8);
  });

  it("refuses another owner's move, and nothing changes", async () => {
    const before = await pageAll('limit=100');
    const organization = (await call('GET', `/organizations/${SF}`, partner)).json<unknown>();
    expectError(await move(SF, ny, '10001'), 403, 'forbidden');
    expect((await call('GET', `/organizations/${SF}`, partner)).json()).toEqual(organization);
    expect(await pageAll('limit=100')).toEqual(before);
  });

  it('places an animal created before its organization has a profile nowhere, and at the profile once it has a place', async () => {
    const newcomer = `Bearer ${(await t.app.keys.issue({ name: 'new', plan: 'pro', ownerId: 'acct_new' })).key}`;
    const pet = (await call('POST', '/pets', newcomer, { name: 'Early', categoryId: 1 })).json<PetBody>();
    expect(pet).toMatchObject({ organizationId: 'acct_new', location: null, place: null });
    expect((await pageAll('near=94110&radius=500')).map((one) => one.id)).not.toContain(pet.id);
    const [expanded] = await list(`id=${pet.id}&expand=organization`);
    expect(expanded?.organization).toBeNull();
    expect((await createOrganization('acct_new', '94110')).statusCode).toBe(201);
    const [placed] = await list(`id=${pet.id}`);
    expect(placed).toMatchObject({ version: 2, place: { ...SF_PLACE, kind: 'organization' } });
    expect((await pageAll('near=94110&radius=1')).map((one) => one.id)).toContain(pet.id);
  });

  it('keeps the read place apart from the writable foster location: a round trip cannot pin a shelter animal', async () => {
    const shelterPet = pets[20] as PetBody;
    const patch = (id: number, body: object, version: number) =>
      call('PATCH', `/pets/${id}`, shelterPet.ownerId === SF ? sf : ny, body, { 'if-match': `"${version}"` });
    const refused = expectError(await patch(shelterPet.id, { place: shelterPet.place }, shelterPet.version), 400, 'invalid_request');
    expect(refused.message).toMatch(/'place' is read-only/);
    // Sending back its location (null) keeps it at its organization's place.
    expect((await patch(shelterPet.id, { location: null, name: 'Same' }, shelterPet.version)).json()).toMatchObject({
      place: shelterPet.place,
    });
    // A foster animal brought back is at its organization's place; sent out again, at the foster home's.
    const fosterPet = pets.find((pet) => pet.ownerId === shelterPet.ownerId && pet.location !== null) as PetBody;
    const back = (await patch(fosterPet.id, { location: null }, fosterPet.version)).json<PetBody>();
    expect(back.place).toEqual({ ...(fosterPet.ownerId === SF ? SF_PLACE : NY_PLACE), kind: 'organization' });
    const out = (await patch(fosterPet.id, { location: { postalCode: '94103' } }, back.version)).json<PetBody>();
    expect(out.place).toMatchObject({ postalCode: '94103', kind: 'foster' });
  });

  it('refuses a bad place with 400 naming it, and changes nothing', async () => {
    const before = await pageAll('limit=100');
    for (const [query, named] of [
      ['near=00000', 'near'],
      ['near=K1A,CA', 'near'],
      ['near=94110&radius=501', 'radius'],
    ] as const) {
      expect(expectError(await call('GET', `/pets?${query}`, partner), 400, 'invalid_request').message).toContain(named);
    }
    expectError(await move(SF, sf, '00000'), 400, 'invalid_request');
    expect((await call('GET', `/organizations/${SF}`, partner)).json()).toMatchObject({ location: SF_PLACE, version: 1 });
    expect(await pageAll('limit=100')).toEqual(before);
  });
});

const SF_PLACE = { postalCode: '94110', city: 'San Francisco', region: 'CA', country: 'US' };
const NY_PLACE = { postalCode: '10001', city: 'New York', region: 'NY', country: 'US' };
