// Over 300 lines: the saved searches' whole surface as a partner meets it (the calls, who may make
// them, bad input, limits, every way into and out of a match and what the feed then shows).
/**
 * Saved searches (beta) over HTTP: saved, read, listed, changed from the version read, renewed and
 * removed by their owner alone; checked by the rules of `GET /v1/pets` (nothing stored when one is
 * broken); their matches equal to `GET /v1/pets` with their parameters; and alerts: one
 * `search.matched` in the owner's feed for each entry of an animal into the search's matches
 * (created matching, changed into a match, back to available, a foster move near, its organization's
 * move near), none while it keeps matching, none for a removal or an adoption. Memory, and MongoDB +
 * Redis in the second pass.
 */
import type { LightMyRequestResponse } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resolve } from '../../../src/config/tokens.js';
import { TOKENS } from '../../../src/config/modules/features.js';
import { expectError, startTestApp, type TestApp } from '../../support/test-app.js';

interface SavedSearchBody {
  id: string;
  label: string;
  reference: string | null;
  search: Record<string, unknown>;
  version: number;
  createdAt: string;
  updatedAt: string;
  expiresAt: string;
}
interface PetBody {
  id: number;
  name: string;
  version: number;
  status: string;
  [field: string]: unknown;
}
interface EventBody {
  id: string;
  type: string;
  sequence: number;
  data: { object: PetBody; savedSearch?: { id: string; label: string; reference: string | null } };
}

const SHELTER = 'acct_shelter';
const PARTNER = 'acct_partner';
const OTHER = 'acct_other';

describe('saved searches', () => {
  let t: TestApp;
  let shelter: string;
  let partner: string;
  let other: string;
  let operator: string;

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    auth: string,
    payload?: object,
    headers: Record<string, string> = {},
  ) => t.app.http.inject({ method, url: `/v1${url}`, headers: { authorization: auth, ...headers }, ...(payload && { payload }) });
  const save = async (body: object, auth = partner): Promise<SavedSearchBody> => {
    const response = await call('POST', '/saved-searches', auth, body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<SavedSearchBody>();
  };
  const addPet = async (body: object, auth = shelter): Promise<PetBody> => {
    const response = await call('POST', '/pets', auth, { categoryId: 1, ...body });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<PetBody>();
  };
  const patch = async (pet: PetBody, body: object): Promise<PetBody> => {
    const response = await call('PATCH', `/pets/${pet.id}`, shelter, body, { 'if-match': `"${pet.version}"` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<PetBody>();
  };
  const createOrganization = (id: string, postalCode: string) =>
    t.app.admin.inject({
      method: 'POST',
      url: '/admin/v1/organizations',
      headers: { authorization: operator },
      payload: { id, name: 'Mission Shelter', location: { postalCode } },
    });
  /** The events `auth`'s owner reads, after the relay has moved every change into the feed. */
  const feed = async (auth = partner): Promise<EventBody[]> => {
    for (let pass = 0; pass < 100 && (await resolve(t.app.container, TOKENS.EventRelay).pass()) > 0; pass++);
    const events: EventBody[] = [];
    let url: string | null = '/v1/events?limit=100';
    while (url !== null) {
      const response: LightMyRequestResponse = await t.app.http.inject({ url, headers: { authorization: auth } });
      expect(response.statusCode, response.body).toBe(200);
      events.push(...response.json<EventBody[]>());
      url = /<([^>]+)>; rel="next"/.exec(String(response.headers.link ?? ''))?.[1] ?? null;
    }
    return events;
  };
  const alerts = async (auth = partner) => (await feed(auth)).filter((event) => event.type === 'search.matched');
  /** Each alert as [saved search id, animal's name]. */
  const alertPairs = async (auth = partner) => (await alerts(auth)).map((event) => [event.data.savedSearch?.id, event.data.object.name]);

  beforeEach(async () => {
    t = await startTestApp();
    operator = await t.adminBearer(['keys:write']);
    const keyOf = async (ownerId: string, plan: 'free' | 'business' = 'business', scopes?: string[]) =>
      `Bearer ${(await t.app.keys.issue({ name: ownerId, plan, ownerId, ...(scopes && { scopes: scopes as never }) })).key}`;
    [shelter, partner, other] = [
      await keyOf(SHELTER),
      await keyOf(PARTNER, 'business', ['pets:read', 'searches:write']),
      await keyOf(OTHER),
    ];
    expect((await createOrganization(SHELTER, '94110')).statusCode).toBe(201);
  });
  afterEach(async () => t.close());

  it('saves a search as sent (status available unless given), reads it with its ETag, lists it paged, and no other owner sees it', async () => {
    const saved = await save({
      label: 'Young cats near 94110',
      reference: 'adopter-42',
      search: { species: ['cat'], ageGroup: ['young'], goodWithChildren: true, near: '94110', radius: '25' },
    });
    expect(saved).toMatchObject({
      label: 'Young cats near 94110',
      reference: 'adopter-42',
      search: { status: ['available'], species: ['cat'], ageGroup: ['young'], goodWithChildren: true, near: '94110', radius: '25' },
      version: 1,
    });
    expect(saved.id).toMatch(/^srch_[0-9A-Za-z]{22}$/);
    expect(Date.parse(saved.expiresAt) - Date.parse(saved.createdAt)).toBe(90 * 86_400_000);
    const read = await call('GET', `/saved-searches/${saved.id}`, partner);
    expect(read.statusCode).toBe(200);
    expect(read.headers.etag).toBe('"1"');
    expect(read.json()).toEqual(saved);
    const more = [
      await save({ label: 'Dogs', search: { species: ['dog'], status: ['available', 'pending'] } }),
      await save({ label: 'All', search: {} }),
    ];
    expect(more[0]?.search).toEqual({ species: ['dog'], status: ['available', 'pending'] });
    const first = await call('GET', '/saved-searches?limit=2', partner);
    const ids = [saved, ...more].map((search) => search.id).sort();
    expect(first.json<SavedSearchBody[]>().map((search) => search.id)).toEqual(ids.slice(0, 2));
    const next = /<\/v1([^>]+)>; rel="next"/.exec(String(first.headers.link))?.[1] as string;
    const second = await call('GET', next, partner);
    expect(second.json<SavedSearchBody[]>().map((search) => search.id)).toEqual(ids.slice(2));
    expect(second.headers.link).toBeUndefined();
    expect((await call('GET', '/saved-searches', other)).json()).toEqual([]);
  });

  it("answers another owner's read, change, renewal, removal and matches as a search that does not exist, and changes nothing", async () => {
    const saved = await save({ label: 'Cats', reference: 'adopter-1', search: { species: ['cat'], near: '94110' } });
    for (const [method, url, body] of [
      ['GET', `/saved-searches/${saved.id}`],
      ['PUT', `/saved-searches/${saved.id}`, { label: 'Mine now', search: {} }],
      ['POST', `/saved-searches/${saved.id}/renew`],
      ['DELETE', `/saved-searches/${saved.id}`],
      ['GET', `/saved-searches/${saved.id}/matches`],
    ] as const) {
      const refused = await call(method, url, other, body, { 'if-match': '"1"' });
      expect(expectError(refused, 404, 'not_found').message).toBe(`No saved search with id ${saved.id} that this key may see`);
      // The place the search was saved at is never shown to another owner.
      expect(refused.body).not.toContain('94110');
    }
    expect((await call('GET', `/saved-searches/${saved.id}`, partner)).json()).toEqual(saved);
  });

  it('changes a search sent whole from the version read (428 without If-Match, 412 stale), renews it, removes it for good', async () => {
    const saved = await save({ label: 'Cats', search: { species: ['cat'] } });
    const replacement = { label: 'Dogs', reference: 'adopter-2', search: { species: ['dog'], near: '10001', radius: '10' } };
    expectError(await call('PUT', `/saved-searches/${saved.id}`, partner, replacement), 428, 'precondition_required');
    expectError(await call('PUT', `/saved-searches/${saved.id}`, partner, replacement, { 'if-match': '"7"' }), 412, 'precondition_failed');
    const changed = await call('PUT', `/saved-searches/${saved.id}`, partner, replacement, { 'if-match': '"1"' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.headers.etag).toBe('"2"');
    expect(changed.json()).toMatchObject({ ...replacement, search: { ...replacement.search, status: ['available'] }, version: 2 });
    t.clock.advance(10 * 86_400_000);
    const renewed = await call('POST', `/saved-searches/${saved.id}/renew`, partner);
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect(Date.parse(renewed.json<SavedSearchBody>().expiresAt)).toBe(t.clock.nowMs() + 90 * 86_400_000);
    expect(renewed.json()).toMatchObject({ version: 3, label: 'Dogs' });
    expectError(await call('DELETE', `/saved-searches/${saved.id}`, partner, undefined, { 'if-match': '"2"' }), 412, 'precondition_failed');
    expect((await call('DELETE', `/saved-searches/${saved.id}`, partner)).statusCode).toBe(204);
    expectError(await call('GET', `/saved-searches/${saved.id}`, partner), 404, 'not_found');
    expect((await call('GET', '/saved-searches', partner)).json()).toEqual([]);
  });

  it('refuses what GET /v1/pets refuses, and a bad label, naming it in the Error body, and stores nothing', async () => {
    const kept = await save({ label: 'Kept', search: { species: ['cat'] } });
    const cases: [object, RegExp][] = [
      [{ label: 'x', search: { species: ['unicorn'] } }, /species/],
      [{ label: 'x', search: { colour: ['black'] } }, /colour/],
      [{ label: 'x', search: { ageGroup: ['ancient'] } }, /ageGroup/],
      [{ label: 'x', search: { near: '00000' } }, /near/],
      [{ label: 'x', search: { near: '94110', radius: '501' } }, /radius/],
      [{ label: 'x', search: { radius: '25' } }, /radius/],
      [{ label: 'x', search: { goodWithChildren: 'yes' } }, /goodWithChildren/],
      [{ label: ' ', search: {} }, /label/],
      [{ label: 'x'.repeat(101), search: {} }, /label/],
      [{ label: 'x', reference: 'r'.repeat(201), search: {} }, /reference/],
      [{ label: 'x' }, /search/],
      [{ label: 'x', search: {}, ownerId: 'someone' }, /ownerId/],
    ];
    for (const [body, named] of cases) {
      const refused = await call('POST', '/saved-searches', partner, body);
      expect(expectError(refused, 400, 'invalid_request').message, JSON.stringify(body)).toMatch(named);
      const changed = await call('PUT', `/saved-searches/${kept.id}`, partner, body, { 'if-match': '"1"' });
      expect(changed.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await call('GET', '/saved-searches', partner)).json()).toEqual([kept]);
  });

  it('needs searches:write (or pets:write, which grants it): a read-only key is refused and stores nothing', async () => {
    const readOnly = `Bearer ${(await t.app.keys.issue({ name: 'reader', plan: 'business', ownerId: PARTNER, scopes: ['pets:read'] })).key}`;
    expectError(await call('POST', '/saved-searches', readOnly, { label: 'x', search: {} }), 403, 'forbidden');
    expectError(await call('GET', '/saved-searches', readOnly), 403, 'forbidden');
    expect((await call('GET', '/saved-searches', partner)).json()).toEqual([]);
    // A shelter's key (pets:write) may keep searches too.
    await save({ label: 'Mine', search: {} }, shelter);
  });

  it("keeps an owner within its key's plan: the 26th search of a Free key is 409 saved_search_limit_reached, and removal frees a place", async () => {
    const free = `Bearer ${(await t.app.keys.issue({ name: 'free', plan: 'free', ownerId: 'acct_small' })).key}`;
    const saved: SavedSearchBody[] = [];
    for (let n = 0; n < 25; n++) saved.push(await save({ label: `Search ${n}`, search: {} }, free));
    const refused = await call('POST', '/saved-searches', free, { label: 'One more', search: {} });
    expect(expectError(refused, 409, 'saved_search_limit_reached').message).toMatch(/25 saved searches, the most its free plan allows/);
    expect((await call('GET', '/saved-searches?limit=100', free)).json()).toHaveLength(25);
    expect((await call('DELETE', `/saved-searches/${saved[0]?.id}`, free)).statusCode).toBe(204);
    await save({ label: 'Now there is room', search: {} }, free);
  });

  it('answers its matches as GET /v1/pets answers its parameters, paged alike', async () => {
    for (let n = 0; n < 7; n++)
      await addPet({ name: `Cat ${n}`, species: 'cat', ...(n % 2 === 0 && { location: { postalCode: '94103' } }) });
    await addPet({ name: 'Dog', species: 'dog' });
    await addPet({ name: 'Far cat', species: 'cat', location: { postalCode: '10001' } });
    const saved = await save({ label: 'Cats', search: { species: ['cat'], near: '94110', radius: '25' } });
    const direct = await call('GET', '/pets?species=cat&near=94110&radius=25&status=available&sort=distance&limit=3', partner);
    const matches = await call('GET', `/saved-searches/${saved.id}/matches?sort=distance&limit=3`, partner);
    expect(matches.statusCode, matches.body).toBe(200);
    expect(matches.json()).toEqual(direct.json());
    expect(matches.json<PetBody[]>()).toHaveLength(3);
    const next = /<\/v1([^>]+)>; rel="next"/.exec(String(matches.headers.link))?.[1] as string;
    expect(next).toMatch(new RegExp(`^/saved-searches/${saved.id}/matches\\?`));
    const directNext = /<\/v1([^>]+)>; rel="next"/.exec(String(direct.headers.link))?.[1] as string;
    expect((await call('GET', next, partner)).json()).toEqual((await call('GET', directNext, partner)).json());
    const sparse = await call('GET', `/saved-searches/${saved.id}/matches?fields=name&total=true`, partner);
    expect(sparse.headers['x-total-count']).toBe('7');
    expect(sparse.json<{ id: number; name: string }[]>().every((pet) => Object.keys(pet).sort().join() === 'id,name')).toBe(true);
    expectError(await call('GET', `/saved-searches/${saved.id}/matches?species=dog`, partner), 400, 'invalid_request');
  });

  it('alerts once for each entry into its matches: created matching, back to available, a foster move near; never while it keeps matching', async () => {
    const cats = await save({
      label: 'Cats near 94110',
      reference: 'adopter-7',
      search: { species: ['cat'], near: '94110', radius: '25' },
    });
    const mia = await addPet({ name: 'Mia', species: 'cat' });
    await addPet({ name: 'Rex', species: 'dog' });
    const far = await addPet({ name: 'Far', species: 'cat', location: { postalCode: '10001' } });
    expect(await alertPairs()).toEqual([[cats.id, 'Mia']]);
    const [alert] = await alerts();
    const created = (await feed()).find((event) => event.type === 'pet.created' && event.data.object.id === mia.id) as EventBody;
    expect(alert).toMatchObject({
      sequence: 1,
      data: { object: created.data.object, savedSearch: { id: cats.id, label: 'Cats near 94110', reference: 'adopter-7' } },
    });
    // Changes while it keeps matching send nothing; leaving (pending) and coming back sends again.
    const renamed = await patch(mia, { name: 'Mimi' });
    const pending = await patch(renamed, { status: 'pending' });
    await patch(pending, { status: 'available' });
    // A foster move from far to near enters the matches; a move away and back enters them again.
    const near = await patch(far, { location: { postalCode: '94103' } });
    const away = await patch(near, { location: { postalCode: '10001' } });
    await patch(away, { location: { postalCode: '94601' } });
    expect(await alertPairs()).toEqual([
      [cats.id, 'Mia'],
      [cats.id, 'Mimi'],
      [cats.id, 'Far'],
      [cats.id, 'Far'],
    ]);
  });

  it('alerts when a change makes an animal match and when its organization moves near; an adoption and a removal send nothing', async () => {
    expect((await createOrganization('acct_ny', '10001')).statusCode).toBe(201);
    const ny = `Bearer ${(await t.app.keys.issue({ name: 'ny', plan: 'business', ownerId: 'acct_ny' })).key}`;
    const young = await save({ label: 'Young, near 94110', search: { ageGroup: ['young'], near: '94110', radius: '25' } });
    const bella = await addPet({ name: 'Bella', species: 'dog', ageGroup: 'adult' });
    const nyDog = await addPet({ name: 'Nico', species: 'dog', ageGroup: 'young' }, ny);
    expect(await alertPairs()).toEqual([]);
    const grown = await patch(bella, { ageGroup: 'young' });
    const current = (await call('GET', '/organizations/acct_ny', ny)).json<{ version: number }>();
    const moved = await call(
      'PATCH',
      '/organizations/acct_ny',
      ny,
      { location: { postalCode: '94103' } },
      { 'if-match': `"${current.version}"` },
    );
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await alertPairs()).toEqual([
      [young.id, 'Bella'],
      [young.id, 'Nico'],
    ]);
    // Adopted (sold) or removed: the animal leaves the matches, and nothing is sent.
    await patch(grown, { status: 'sold' });
    const nico = (await call('GET', `/pets?id=${nyDog.id}`, ny)).json<PetBody[]>()[0] as PetBody;
    expect((await call('DELETE', `/pets/${nico.id}`, ny, undefined, { 'if-match': `"${nico.version}"` })).statusCode).toBe(204);
    expect(await alertPairs()).toHaveLength(2);
  });

  it("shows an alert to the search's owner alone, alerts each owner's matching search, and never a removed or expired one", async () => {
    const mine = await save({ label: 'Cats', search: { species: ['cat'] } });
    const theirs = await save({ label: 'Theirs', search: { species: ['cat'] } }, other);
    const gone = await save({ label: 'Gone', search: { species: ['cat'] } });
    expect((await call('DELETE', `/saved-searches/${gone.id}`, partner)).statusCode).toBe(204);
    await addPet({ name: 'Mia', species: 'cat' });
    expect(await alertPairs()).toEqual([[mine.id, 'Mia']]);
    expect(await alertPairs(other)).toEqual([[theirs.id, 'Mia']]);
    expect(await alertPairs(shelter)).toEqual([]);
    // 90 days on (the feed has let Mia's events go by then), the searches alert no more until renewed.
    t.clock.advance(90 * 86_400_000);
    await addPet({ name: 'Luna', species: 'cat' });
    expect(await alertPairs()).toEqual([]);
    expect((await call('POST', `/saved-searches/${mine.id}/renew`, partner)).statusCode).toBe(200);
    await addPet({ name: 'Nala', species: 'cat' });
    expect(await alertPairs()).toEqual([[mine.id, 'Nala']]);
    expect(await alertPairs(other)).toEqual([]);
  });

  it('lists search.matched among the event types a feed and a webhook endpoint take', async () => {
    await save({ label: 'Cats', search: { species: ['cat'] } });
    await addPet({ name: 'Mia', species: 'cat' });
    await feed();
    const typed = await call('GET', '/events?type=search.matched', partner);
    expect(typed.statusCode, typed.body).toBe(200);
    expect(typed.json<EventBody[]>().map((event) => event.data.object.name)).toEqual(['Mia']);
    const endpoint = await call('POST', '/webhook-endpoints', other, {
      url: 'https://hooks.example.com/alerts',
      enabledEvents: ['search.matched'],
    });
    expect(endpoint.statusCode, endpoint.body).toBe(201);
    expect(endpoint.json()).toMatchObject({ enabledEvents: ['search.matched'] });
  });
});
