/**
 * The record partner sites show (species, breeds, sex, age, size, coat, colours, whom it is good with,
 * health, description, fee, tags) and the species reference it draws from: created, read, listed,
 * patched as a merge patch, carried by events; every bad value refused with a 400 naming its field,
 * nothing stored or changed by it. Runs on memory and, in the second pass, on MongoDB + Redis.
 */
import type { LightMyRequestResponse } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SPECIES } from '../../../src/domain/adoption/species.js';
import { EMPTY_RECORD, UNKNOWN_ATTRIBUTES, type PetRecord } from '../../../src/domain/adoption/pet-record.js';
import { resolve } from '../../../src/config/tokens.js';
import { TOKENS } from '../../../src/config/modules/features.js';
import { aFullRecord, asBody, FOSTER_PLACE } from '../../support/builders.js';
import { expectError, expectRateLimitHeaders, startTestApp, type TestApp } from '../../support/test-app.js';

type PetBody = PetRecord & { id: number; name: string; status: string; version: number; updatedAt: string; publishedAt: string | null };

describe('the animal record', () => {
  let t: TestApp;
  let shelter: string;
  let other: string;

  beforeEach(async () => {
    t = await startTestApp();
    shelter = await t.bearer('pro');
    other = await t.bearer('pro');
  });
  afterEach(async () => t.close());

  const send = (method: 'POST' | 'PATCH' | 'GET', url: string, auth: string, payload?: object, headers: Record<string, string> = {}) =>
    t.app.http.inject({ method, url, headers: { authorization: auth, ...headers }, ...(payload && { payload }) });
  const create = (body: object, auth = shelter) => send('POST', '/v1/pets', auth, body);
  const patch = (id: number, body: object, auth = shelter) => send('PATCH', `/v1/pets/${id}`, auth, body, { 'if-match': '*' });
  const read = async (id: number) => (await send('GET', `/v1/pets?id=${id}`, shelter)).json<PetBody[]>()[0];
  const all = async () => (await send('GET', '/v1/pets?limit=100', shelter)).json<PetBody[]>();

  it('creates a full record, and reads and lists it as sent', async () => {
    const record = aFullRecord();
    const response = await create({ name: 'Maya', categoryId: 1, ...asBody(record) });
    expect(response.statusCode).toBe(201);
    const pet = response.json<PetBody>();
    expect(pet).toMatchObject({ name: 'Maya', status: 'available', ...record });
    expect(pet.publishedAt).toBe(new Date(t.clock.nowMs()).toISOString());
    expect(await read(pet.id)).toEqual(pet);
    expect(await all()).toEqual([pet]);
    // Served whole: the longest description allowed comes back to the character.
    const long = 'ä'.repeat(9_999) + '🐕';
    const described = (await create({ name: 'Long', categoryId: 1, description: long })).json<PetBody>();
    expect(described.description).toBe(long);
  });

  it('fills what a client leaves out with unknowns: the seed fields alone give the empty record', async () => {
    const pet = (await create({ name: 'Rex', categoryId: 1, species: 'cat', goodWith: { dogs: false } })).json<PetBody>();
    expect(pet).toMatchObject({ ...EMPTY_RECORD, species: 'cat', goodWith: { children: null, dogs: false, cats: null } });
    expect((await create({ name: 'Seed', categoryId: 2 })).json<PetBody>()).toMatchObject(EMPTY_RECORD);
  });

  it('merges a PATCH into nested objects as RFC 7396 says (a member left out stays, null removes), and an event says what it was', async () => {
    const pet = (await create({ name: 'Maya', categoryId: 1, ...asBody(aFullRecord()) })).json<PetBody>();
    t.clock.advance(1_000);
    const response = await patch(pet.id, {
      goodWith: { cats: true },
      breeds: { secondary: null },
      attributes: { specialNeeds: false, specialNeedsDetails: null },
      description: null,
      tags: ['calm'],
      adoptionFee: null,
    });
    expect(response.statusCode).toBe(200);
    const changed = response.json<PetBody>();
    expect(changed).toMatchObject({
      version: 2,
      goodWith: { children: true, dogs: true, cats: true },
      breeds: { primary: 'Labrador Retriever', secondary: null, mixed: true },
      attributes: { ...aFullRecord().attributes, specialNeeds: false, specialNeedsDetails: null },
      description: null,
      tags: ['calm'],
      adoptionFee: null,
      colors: aFullRecord().colors,
    });
    expect(await read(pet.id)).toEqual(changed);
    // The same patch again changes nothing: same version, no event.
    expect((await patch(pet.id, { goodWith: { cats: true } })).json<PetBody>().version).toBe(2);

    await resolve(t.app.container, TOKENS.EventRelay).pass();
    const events = (await send('GET', '/v1/events?type=pet.updated', shelter)).json<
      { data: { previousAttributes: Record<string, unknown> } }[]
    >();
    expect(events).toHaveLength(1);
    expect(events[0]?.data.previousAttributes).toEqual({
      version: 1,
      updatedAt: pet.updatedAt,
      goodWith: aFullRecord().goodWith,
      breeds: aFullRecord().breeds,
      attributes: aFullRecord().attributes,
      description: aFullRecord().description,
      tags: aFullRecord().tags,
      adoptionFee: aFullRecord().adoptionFee,
    });
  });

  it('checks the record whole after the merge: a new species brings breeds, coat and colours of its own', async () => {
    const pet = (await create({ name: 'Maya', categoryId: 1, ...asBody(aFullRecord()) })).json<PetBody>();
    const refused = expectError(await patch(pet.id, { species: 'cat' }), 400, 'invalid_request');
    expect(refused.message).toMatch(/breeds\.primary.*GET \/v1\/species\/cat/);
    const cat = {
      species: 'cat',
      breeds: { primary: 'Siamese', secondary: null },
      coat: 'Short',
      colors: { primary: 'Seal Point', secondary: null },
    };
    expect((await patch(pet.id, cat)).json<PetBody>()).toMatchObject(cat);
  });

  const BAD: [string, object, string][] = [
    ['an unknown species', { species: 'dragon' }, 'species'],
    ['a breed of another species', { species: 'dog', breeds: { primary: 'Siamese' } }, 'breeds.primary'],
    ['a breed without a species', { breeds: { primary: 'Beagle' } }, 'breeds.primary'],
    ['breeds without a primary', { species: 'dog', breeds: { mixed: true } }, 'breeds'],
    ['the same breed twice', { species: 'dog', breeds: { primary: 'Beagle', secondary: 'Beagle' } }, 'breeds.secondary'],
    ['a coat of another species', { species: 'horse', coat: 'Short' }, 'coat'],
    ['a colour of another species', { species: 'cat', colors: { primary: 'Merle (Blue)' } }, 'colors.primary'],
    ['a bad sex', { sex: 'neither' }, 'sex'],
    ['a bad age group', { ageGroup: 'ancient' }, 'ageGroup'],
    ['a bad size', { size: 'huge' }, 'size'],
    ['a birth date that does not exist', { birthDate: { date: '2025-02-30' } }, 'birthDate.date'],
    ['a birth date in the future', { birthDate: { date: '2999-01-01', exact: true } }, 'birthDate.date'],
    ['10,001 characters of description', { description: 'x'.repeat(10_001) }, 'description'],
    ['a description with nothing visible', { description: ' \u200b ' }, 'description'],
    ['21 tags', { tags: Array.from({ length: 21 }, (_, i) => `tag${i}`) }, 'tags'],
    ['a tag twice', { tags: ['calm', 'calm'] }, 'tags'],
    ['a tag of 31 characters', { tags: ['x'.repeat(31)] }, 'tags'],
    ['a fee with a bad currency', { adoptionFee: { amount: 100, currency: 'XYZ' } }, 'adoptionFee.currency'],
    ['a fee in lower case', { adoptionFee: { amount: 100, currency: 'usd' } }, 'adoptionFee.currency'],
    ['a fee of a fraction', { adoptionFee: { amount: 10.5, currency: 'USD' } }, 'adoptionFee.amount'],
    ['a negative fee', { adoptionFee: { amount: -1, currency: 'USD' } }, 'adoptionFee.amount'],
    ['a fee without a currency', { adoptionFee: { amount: 100 } }, 'adoptionFee'],
    ['special-needs details without special needs', { attributes: { specialNeedsDetails: 'pills' } }, 'attributes.specialNeedsDetails'],
    ['a good-with that is a guess', { goodWith: { cats: 'maybe' } }, 'goodWith.cats'],
    ['an unknown nested field', { goodWith: { birds: true } }, 'goodWith'],
    ['a publishedAt', { publishedAt: '2026-01-01T00:00:00.000Z' }, 'publishedAt'],
    ['an unknown postal code', { location: { postalCode: '00000' } }, 'location.postalCode'],
    ['a postal code that is not one', { location: { postalCode: 'New York' } }, 'location.postalCode'],
    ['a postal code of a country not covered', { location: { postalCode: 'SW1A 1AA', country: 'GB' } }, 'location.country'],
    ['a location without a postal code', { location: { country: 'US' } }, 'location.postalCode'],
    ['a foster location leaking coordinates', { location: { postalCode: '10001', latitude: 40.75, longitude: -73.99 } }, 'location'],
    ['a foster street address', { location: { postalCode: '10001', street: '5 Main St' } }, 'location'],
  ];

  it.each(BAD)('refuses %s with a 400 naming the field, storing nothing', async (_what, fields, field) => {
    const response = await create({ name: 'Bad', categoryId: 1, ...fields });
    const { message } = expectError(response, 400, 'invalid_request');
    expect(message).toContain(field);
    expectRateLimitHeaders(response);
    expect(await all()).toEqual([]);
  });

  /** The same values sent as a PATCH of a dog with no breeds, coat, colours, fee or attributes yet. */
  const BAD_PATCHES: [string, object, string][] = BAD.map(([what, fields, field]) => [
    what,
    what === 'a breed without a species'
      ? { ...fields, species: null }
      : // Merged into the stored location, a country alone would keep its postal code: remove the code instead.
        what === 'a location without a postal code'
        ? { location: { postalCode: null } }
        : fields,
    field,
  ]);

  it.each(BAD_PATCHES)('refuses a PATCH with %s, changing nothing', async (_what, fields, field) => {
    const base = aFullRecord({ breeds: null, coat: null, colors: null, adoptionFee: null, attributes: UNKNOWN_ATTRIBUTES });
    const pet = (await create({ name: 'Maya', categoryId: 1, ...asBody(base) })).json<PetBody>();
    const { message } = expectError(await patch(pet.id, fields), 400, 'invalid_request');
    expect(message).toContain(field);
    expect(await read(pet.id)).toEqual(pet);
  });

  it("keeps a foster home's location as coarse as its postal code: the code's city, region and country, never coordinates", async () => {
    const fostered = await create({ name: 'Fern', categoryId: 1, location: { postalCode: '10001-1234' } });
    expect(fostered.statusCode).toBe(201);
    const pet = fostered.json<PetBody>();
    expect(pet.location).toEqual(FOSTER_PLACE);
    expect(fostered.body).not.toMatch(/latitude|longitude|1234/);
    t.clock.advance(1_000);
    const moved = (await patch(pet.id, { location: { postalCode: '94103' } })).json<PetBody>();
    expect(moved.location).toEqual({ postalCode: '94103', city: 'San Francisco', region: 'CA', country: 'US' });
    const home = (await patch(pet.id, { location: null })).json<PetBody>();
    expect(home).toMatchObject({ location: null, version: 3 });
    expect(await read(pet.id)).toEqual(home);
    await resolve(t.app.container, TOKENS.EventRelay).pass();
    const events = (await send('GET', '/v1/events?type=pet.updated', shelter)).json<
      { data: { previousAttributes: { location: unknown } } }[]
    >();
    expect(events.map((event) => event.data.previousAttributes.location)).toEqual([FOSTER_PLACE, moved.location]);
  });

  it('answers fields= with id and only the fields asked for, on the list, ?id= and the single read, as the sparse media type', async () => {
    const full = (await create({ name: 'Maya', categoryId: 1, ...asBody(aFullRecord()) })).json<PetBody>();
    const second = (await create({ name: 'Rex', categoryId: 2, species: 'dog' })).json<PetBody>();
    const five = 'name,species,breeds,ageGroup,location';
    const list = await send('GET', `/v1/pets?fields=${five}`, shelter);
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-type']).toMatch(/^application\/vnd\.adoption\.sparse\+json(;|$)/);
    expect(list.json()).toEqual(
      [full, second].map((pet) => ({
        id: pet.id,
        name: pet.name,
        species: pet.species,
        breeds: pet.breeds,
        ageGroup: pet.ageGroup,
        location: pet.location,
      })),
    );
    expect(list.body.length).toBeLessThan((await send('GET', '/v1/pets', shelter)).body.length / 3);
    // Repeated, named twice, and with ?id=: the same fields, once each.
    const byId = await send('GET', `/v1/pets?id=${second.id}&fields=name&fields=name,status`, shelter);
    expect(byId.json()).toEqual([{ id: second.id, name: 'Rex', status: 'available' }]);
    // The next page's link keeps the fieldset.
    const paged = await send('GET', '/v1/pets?limit=1&fields=name', shelter);
    expect(paged.headers.link).toMatch(/fields=name&cursor=/);
    const one = await send('GET', `/v1/pets/${full.id}?fields=description`, shelter);
    expect(one.headers['content-type']).toMatch(/^application\/vnd\.adoption\.sparse\+json(;|$)/);
    expect(one.headers.etag).toBe(`"${full.version}"`);
    expect(one.json()).toEqual({ id: full.id, description: full.description });
    // Without fields: every field, as application/json.
    expect((await send('GET', `/v1/pets?id=${full.id}`, shelter)).headers['content-type']).toMatch(/^application\/json/);
  });

  it.each([['/v1/pets?fields=name,colour'], ['/v1/pets?fields='], ['/v1/pets?fields=heldBy'], ['/v1/pets/1?fields=nickname']])(
    'refuses %s with a 400 naming fields',
    async (url) => {
      await create({ name: 'Maya', categoryId: 1 });
      const { message } = expectError(await send('GET', url, shelter), 400, 'invalid_request');
      expect(message).toContain('fields');
    },
  );

  it("refuses another owner's change of the record with 403, changing nothing", async () => {
    const pet = (await create({ name: 'Maya', categoryId: 1, ...asBody(aFullRecord()) })).json<PetBody>();
    expectError(await patch(pet.id, { goodWith: { cats: true }, tags: [] }, other), 403, 'forbidden');
    expect(await read(pet.id)).toEqual(pet);
  });

  it('publishes an animal when it is first listed as available, and keeps that time whatever its status does after', async () => {
    const pending = (await create({ name: 'Later', categoryId: 1, status: 'pending' })).json<PetBody>();
    expect(pending.publishedAt).toBeNull();
    t.clock.advance(60_000);
    const listed = (await patch(pending.id, { status: 'available' })).json<PetBody>();
    expect(listed.publishedAt).toBe(new Date(t.clock.nowMs()).toISOString());
    t.clock.advance(60_000);
    expect((await patch(pending.id, { status: 'sold' })).json<PetBody>().publishedAt).toBe(listed.publishedAt);
    expect((await patch(pending.id, { status: 'available' })).json<PetBody>().publishedAt).toBe(listed.publishedAt);
  });
});

describe('the species reference', () => {
  let t: TestApp;
  let key: string;

  beforeEach(async () => {
    t = await startTestApp();
    key = await t.bearer('pro');
  });
  afterEach(async () => t.close());

  const get = (url: string, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> =>
    t.app.http.inject({ url, headers: { authorization: key, ...headers } });

  it('lists every species with its breeds, coats and colours, cacheable for a day with a strong ETag', async () => {
    const response = await get('/v1/species');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(SPECIES);
    expect(response.json<{ id: string }[]>().map((species) => species.id)).toEqual([
      'dog',
      'cat',
      'rabbit',
      'small-furry',
      'horse',
      'bird',
      'scales-fins-other',
      'barnyard',
    ]);
    expect(response.headers['cache-control']).toBe('public, max-age=86400');
    expect(response.headers.etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    expectRateLimitHeaders(response);
    const dog = await get('/v1/species/dog');
    expect(dog.json()).toEqual(SPECIES[0]);
    expect(dog.headers.etag).not.toBe(response.headers.etag);
  });

  it('lists what categoryId means, one category per species, cacheable as the species are', async () => {
    const response = await get('/v1/categories');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      { id: 1, name: 'Dog', species: 'dog' },
      { id: 2, name: 'Cat', species: 'cat' },
      { id: 3, name: 'Rabbit', species: 'rabbit' },
      { id: 4, name: 'Small & Furry', species: 'small-furry' },
      { id: 5, name: 'Horse', species: 'horse' },
      { id: 6, name: 'Bird', species: 'bird' },
      { id: 7, name: 'Scales, Fins & Other', species: 'scales-fins-other' },
      { id: 8, name: 'Barnyard', species: 'barnyard' },
    ]);
    expect(response.headers['cache-control']).toBe('public, max-age=86400');
    expect((await get('/v1/categories', { 'if-none-match': String(response.headers.etag) })).statusCode).toBe(304);
  });

  it('answers 304 without a body to the ETag it gave, and 200 to any other', async () => {
    const first = await get('/v1/species/cat');
    const etag = first.headers.etag as string;
    const again = await get('/v1/species/cat', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['cache-control']).toBe('public, max-age=86400');
    expect((await get('/v1/species/cat', { 'if-none-match': `"other", W/${etag}` })).statusCode).toBe(304);
    expect((await get('/v1/species/cat', { 'if-none-match': '"other"' })).statusCode).toBe(200);
  });

  it('answers an unknown species with 404 that says where the list is, and a malformed one with 400', async () => {
    expect(expectError(await get('/v1/species/unicorn'), 404, 'not_found').message).toContain('GET /v1/species');
    expectError(await get('/v1/species/Dog!'), 400, 'invalid_request');
    expectError(await t.app.http.inject({ url: '/v1/species' }), 401, 'unauthorized');
  });
});
