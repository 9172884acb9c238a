// Over 300 lines: the reference push's whole surface as shelter software meets it (create, update,
// repeats, races, preconditions, another owner, bad input, removal, and what the feed then shows).
/**
 * Shelter software pushing its animals by its own ids over HTTP: `PUT /v1/sources/{source}/pets/{id}`
 * creates the caller's animal under that reference or updates it (the body the animal whole), a push
 * that changes nothing writes nothing and makes no event, two pushes at once make one animal,
 * If-Match and If-None-Match: * hold, another owner's reference is never found or changed, bad input
 * is 400 with nothing stored, and `GET /v1/sources/{source}/pets/{id}` finds the caller's own
 * animal. Memory, and MongoDB + Redis in the second pass.
 */
import type { LightMyRequestResponse } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resolve } from '../../../src/config/tokens.js';
import { TOKENS } from '../../../src/config/modules/features.js';
import { expectError, startTestApp, type TestApp } from '../../support/test-app.js';

interface PetBody {
  id: number;
  name: string;
  version: number;
  status: string;
  ownerId: string;
  reference: { source: string; id: string } | null;
  photos: unknown[];
  [field: string]: unknown;
}
interface EventBody {
  type: string;
  data: { object: PetBody };
}

const SHELTER = 'acct_shelter';
const OTHER = 'acct_other';
const PATH = '/v1/sources/shelterluv/pets/A-1024';
const REX = { name: 'Rex', categoryId: 1, species: 'dog', sex: 'male', description: 'Knows sit.' };

describe('animals pushed by reference', () => {
  let t: TestApp;
  let shelter: string;
  let other: string;
  let reader: string;

  const push = (body: object, auth = shelter, headers: Record<string, string> = {}, url = PATH) =>
    t.app.http.inject({ method: 'PUT', url, headers: { authorization: auth, ...headers }, payload: body });
  const pets = async (auth = shelter, query = ''): Promise<PetBody[]> => {
    const response = await t.app.http.inject({ url: `/v1/pets?limit=100${query}`, headers: { authorization: auth } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<PetBody[]>();
  };
  /** The pet events `auth`'s owner reads, after the relay has moved every change into the feed. */
  const petEvents = async (auth = shelter): Promise<string[]> => {
    for (let pass = 0; pass < 100 && (await resolve(t.app.container, TOKENS.EventRelay).pass()) > 0; pass++);
    const response: LightMyRequestResponse = await t.app.http.inject({ url: '/v1/events?limit=100', headers: { authorization: auth } });
    expect(response.statusCode, response.body).toBe(200);
    return response
      .json<EventBody[]>()
      .filter((event) => event.type.startsWith('pet.'))
      .map((event) => `${event.type} ${event.data.object.name} v${event.data.object.version}`);
  };
  const created = async (body: object = REX, auth = shelter, url = PATH): Promise<PetBody> => {
    const response = await push(body, auth, {}, url);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<PetBody>();
  };

  beforeEach(async () => {
    t = await startTestApp();
    const keyOf = async (ownerId: string, scopes?: string[]) =>
      `Bearer ${(await t.app.keys.issue({ name: ownerId, plan: 'business', ownerId, ...(scopes && { scopes: scopes as never }) })).key}`;
    [shelter, other, reader] = [await keyOf(SHELTER), await keyOf(OTHER), await keyOf(SHELTER, ['pets:read'])];
  });
  afterEach(async () => t.close());

  it('creates the animal under its reference (201, Location, ETag), and shows the reference with it', async () => {
    const response = await push(REX);
    expect(response.statusCode, response.body).toBe(201);
    const pet = response.json<PetBody>();
    expect(pet).toMatchObject({
      name: 'Rex',
      status: 'available',
      version: 1,
      ownerId: SHELTER,
      reference: { source: 'shelterluv', id: 'A-1024' },
    });
    expect(response.headers.location).toBe(`/v1/pets?id=${pet.id}`);
    expect(response.headers.etag).toBe('"1"');
    const read = await t.app.http.inject({ url: PATH, headers: { authorization: reader } });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json<PetBody>()).toEqual(pet);
    expect((await pets()).map(({ id, reference }) => [id, reference])).toEqual([[pet.id, { source: 'shelterluv', id: 'A-1024' }]]);
  });

  it('answers a push sent again with the same animal and version, writing nothing and making no event', async () => {
    const first = await created();
    const again = await push(REX);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<PetBody>()).toEqual(first);
    expect(again.headers.etag).toBe('"1"');
    expect(await pets()).toHaveLength(1);
    expect(await petEvents()).toEqual(['pet.created Rex v1']);
  });

  it('updates from a push that differs: the body is the animal whole (a field left out unknown), status and photos kept when left out', async () => {
    const first = await created({ ...REX, status: 'pending' });
    const changed = await push({ name: 'Rex II', categoryId: 1, species: 'dog' });
    expect(changed.statusCode, changed.body).toBe(200);
    const pet = changed.json<PetBody>();
    expect(pet).toMatchObject({ id: first.id, name: 'Rex II', version: 2, status: 'pending', sex: null, description: null, photos: [] });
    expect(changed.headers.etag).toBe('"2"');
    const available = await push({ name: 'Rex II', categoryId: 1, species: 'dog', status: 'available' });
    expect(available.json<PetBody>()).toMatchObject({ id: first.id, version: 3, status: 'available' });
    expect(await petEvents()).toEqual(['pet.created Rex v1', 'pet.updated Rex II v2', 'pet.updated Rex II v3']);
  });

  it('makes one animal of two pushes of one new reference at once', async () => {
    const answers = await Promise.all([push(REX), push({ ...REX, description: 'Knows paw.' })]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 201]);
    const [only, ...more] = await pets();
    expect(more).toEqual([]);
    expect(only?.reference).toEqual({ source: 'shelterluv', id: 'A-1024' });
    expect(new Set(answers.map((answer) => answer.json<PetBody>().id))).toEqual(new Set([only?.id]));
  });

  it('holds If-Match (update of that version only) and If-None-Match: * (create only), changing nothing when refused', async () => {
    expectError(await push(REX, shelter, { 'if-match': '"1"' }), 412, 'precondition_failed');
    expect(await pets()).toEqual([]);
    const first = await created(REX, shelter, PATH);
    const createOnly = await push({ ...REX, name: 'Other' }, shelter, { 'if-none-match': '*' });
    expectError(createOnly, 412, 'precondition_failed');
    expect(createOnly.headers.etag).toBe('"1"');
    const stale = await push({ ...REX, name: 'Later' }, shelter, { 'if-match': '"7"' });
    expectError(stale, 412, 'precondition_failed');
    expect(stale.headers.etag).toBe('"1"');
    expect(await pets()).toEqual([first]);
    const matched = await push({ ...REX, name: 'Matched' }, shelter, { 'if-match': '"1"' });
    expect(matched.statusCode, matched.body).toBe(200);
    expect(matched.json<PetBody>()).toMatchObject({ name: 'Matched', version: 2 });
    // Both at once: If-Match holds, If-None-Match: * does not (RFC 9110 evaluates each).
    expectError(await push(REX, shelter, { 'if-match': '"2"', 'if-none-match': '*' }), 412, 'precondition_failed');
    expect((await pets())[0]).toMatchObject({ name: 'Matched', version: 2 });
  });

  it('keeps references apart per owner: another owner finds none of ours and its push makes its own animal', async () => {
    const ours = await created();
    expectError(await t.app.http.inject({ url: PATH, headers: { authorization: other } }), 404, 'not_found');
    const theirs = await created({ ...REX, name: 'Not Rex' }, other);
    expect(theirs.id).not.toBe(ours.id);
    expect(theirs.ownerId).toBe(OTHER);
    expect((await t.app.http.inject({ url: PATH, headers: { authorization: shelter } })).json<PetBody>()).toEqual(ours);
    // Its push of the same reference changed nothing of ours.
    expect(await pets(shelter, `&id=${ours.id}`)).toEqual([ours]);
  });

  it('refuses bad input with 400 naming it, storing nothing and changing nothing', async () => {
    const first = await created();
    const cases: [string, object, string][] = [
      ['/v1/sources/Shelter%20Luv/pets/A-1', REX, 'source'],
      ['/v1/sources/shelterluv/pets/A%2F1', REX, 'id'],
      [`/v1/sources/shelterluv/pets/${'x'.repeat(101)}`, REX, 'id'],
      [PATH, { ...REX, name: '' }, 'name'],
      [PATH, { ...REX, species: 'dragon' }, 'species'],
      [PATH, { ...REX, reference: { source: 'x', id: 'y' } }, 'reference'],
      [PATH, { name: 'Rex' }, 'categoryId'],
    ];
    for (const [url, body, field] of cases) {
      const response = await push(body, shelter, {}, url);
      expect(expectError(response, 400, 'invalid_request').message, `${url} ${JSON.stringify(body)}`).toMatch(new RegExp(field, 'i'));
    }
    expect(await pets()).toEqual([first]);
    expect(await petEvents()).toEqual(['pet.created Rex v1']);
  });

  it("lists one organization's animals from one system (`organizationId` and `source`), for a sync to find what it no longer has", async () => {
    const rex = await created();
    const luna = await created({ ...REX, name: 'Luna' }, shelter, '/v1/sources/shelterluv/pets/A-2048');
    const fromPetpoint = await created({ ...REX, name: 'Pip' }, shelter, '/v1/sources/petpoint/pets/77');
    const typedHere = await t.app.http.inject({ method: 'POST', url: '/v1/pets', headers: { authorization: shelter }, payload: REX });
    expect(typedHere.statusCode, typedHere.body).toBe(201);
    const theirs = await created({ ...REX, name: 'Not ours' }, other);
    const names = async (query: string) => (await pets(reader, query)).map((pet) => pet.name);
    expect(await names(`&organizationId=${SHELTER}&source=shelterluv`)).toEqual([rex.name, luna.name]);
    expect(await names(`&organizationId=${SHELTER}&source=shelterluv,petpoint`)).toEqual([rex.name, luna.name, fromPetpoint.name]);
    expect(await names('&source=shelterluv')).toEqual([rex.name, luna.name, theirs.name]);
    expect(await names('&source=rescuegroups')).toEqual([]);
    const total = await t.app.http.inject({
      url: `/v1/pets?organizationId=${SHELTER}&source=shelterluv&limit=1&total=true`,
      headers: { authorization: reader },
    });
    expect(total.headers['x-total-count']).toBe('2');
    const refused = await t.app.http.inject({ url: '/v1/pets?source=Shelter%20Luv', headers: { authorization: reader } });
    expect(expectError(refused, 400, 'invalid_request').message).toMatch(/source/);
  });

  it('needs pets:write to push, pets:read to read', async () => {
    expectError(await push(REX, reader), 403, 'forbidden');
    expect(await pets()).toEqual([]);
  });

  it('gives the reference up with the animal: a push after a removal makes a new one', async () => {
    const first = await created();
    const removed = await t.app.http.inject({
      method: 'DELETE',
      url: `/v1/pets/${first.id}`,
      headers: { authorization: shelter, 'if-match': '"1"' },
    });
    expect(removed.statusCode, removed.body).toBe(204);
    expectError(await t.app.http.inject({ url: PATH, headers: { authorization: shelter } }), 404, 'not_found');
    const second = await created();
    expect(second.id).not.toBe(first.id);
    expect(await petEvents()).toEqual(['pet.created Rex v1', 'pet.deleted Rex v1', 'pet.created Rex v1']);
  });
});
