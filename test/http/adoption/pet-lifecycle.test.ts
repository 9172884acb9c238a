/** Changing and removing pets: If-Match, the transition table, ownership, bad input, the list by id. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PET_STATUSES, type PetStatus } from '../../../src/domain/adoption/pet-status.js';
import { PET_TRANSITIONS } from '../../../src/domain/adoption/pet-lifecycle.js';
import { newPetDraft } from '../../../src/domain/adoption/pet.js';
import { KEY_TOOL_ACTOR } from '../../../src/application/shared/services/auditor.js';
import { expectError, expectRateLimitHeaders, startTestApp, type TestApp } from '../../support/test-app.js';
import { RECORD_FIELDS } from '../../../src/domain/adoption/pet-record.js';

interface PetBody {
  id: number;
  name: string;
  categoryId: number;
  status: PetStatus;
  version: number;
  createdAt: string;
  updatedAt: string;
  statusChangedAt: string;
  adoptedAt: string | null;
  ownerId: string | null;
}

describe('the pet lifecycle', () => {
  let t: TestApp;
  let shelter: string;
  /** Another key of the same owner (acct_shelter). */
  let colleague: string;
  /** A key of another owner. */
  let stranger: string;

  async function keyOf(ownerId: string | undefined, scopes?: ('pets:read' | 'pets:write')[]): Promise<string> {
    const { key } = await t.app.keys.issue({
      name: `key of ${ownerId ?? 'nobody'}`,
      plan: 'business',
      ...(ownerId && { ownerId }),
      ...(scopes && { scopes }),
    });
    return `Bearer ${key}`;
  }

  beforeEach(async () => {
    t = await startTestApp();
    shelter = await keyOf('acct_shelter');
    colleague = await keyOf('acct_shelter');
    stranger = await keyOf('acct_other');
  });
  afterEach(async () => t.close());

  const create = async (body: object, auth = shelter): Promise<PetBody> => {
    const response = await t.app.http.inject({ method: 'POST', url: '/v1/pets', headers: { authorization: auth }, payload: body });
    expect(response.statusCode).toBe(201);
    return response.json<PetBody>();
  };
  const patch = (id: number, body: unknown, headers: Record<string, string> = {}, auth = shelter) =>
    t.app.http.inject({
      method: 'PATCH',
      url: `/v1/pets/${id}`,
      headers: { authorization: auth, 'content-type': 'application/merge-patch+json', ...headers },
      payload: typeof body === 'string' ? body : JSON.stringify(body),
    });
  const remove = (id: number, headers: Record<string, string> = {}, auth = shelter) =>
    t.app.http.inject({ method: 'DELETE', url: `/v1/pets/${id}`, headers: { authorization: auth, ...headers } });
  const list = async (query = 'limit=100', auth = shelter): Promise<PetBody[]> => {
    const response = await t.app.http.inject({ url: `/v1/pets?${query}`, headers: { authorization: auth } });
    expect(response.statusCode).toBe(200);
    return response.json<PetBody[]>();
  };
  const stored = async (id: number): Promise<PetBody | undefined> => (await list(`id=${id}`))[0];

  describe('PATCH /v1/pets/{petId}', () => {
    it('changes the fields sent, one version on, with the new ETag; the list shows the same', async () => {
      const pet = await create({ name: 'Rex', categoryId: 1 });
      expect(pet).toMatchObject({ version: 1, ownerId: 'acct_shelter', adoptedAt: null });
      t.clock.advance(60_000);
      const response = await patch(pet.id, { name: 'Rexy' }, { 'if-match': '"1"' });
      expect(response.statusCode).toBe(200);
      expect(response.headers.etag).toBe('"2"');
      expectRateLimitHeaders(response);
      const changed = response.json<PetBody>();
      const now = new Date(t.clock.nowMs()).toISOString();
      expect(changed).toEqual({ ...pet, name: 'Rexy', version: 2, updatedAt: now });
      expect(await stored(pet.id)).toEqual(changed);
    });

    it('takes application/json as well, and a change that changes nothing answers 200 with the same version', async () => {
      const pet = await create({ name: 'Rex', categoryId: 1 });
      const same = await t.app.http.inject({
        method: 'PATCH',
        url: `/v1/pets/${pet.id}`,
        headers: { authorization: shelter, 'if-match': '"1"' },
        payload: { name: 'Rex', categoryId: 1 },
      });
      expect(same.statusCode).toBe(200);
      expect(same.headers.etag).toBe('"1"');
      expect(same.json()).toEqual(pet);
      expect(await stored(pet.id)).toEqual(pet);
    });

    it('needs If-Match (428), refuses a stale one with the current ETag (412), and takes * and lists of tags', async () => {
      const pet = await create({ name: 'Rex', categoryId: 1 });
      const missing = await patch(pet.id, { name: 'A' });
      expect(expectError(missing, 428, 'precondition_required').message).toContain('If-Match: "<version>"');
      expect((await patch(pet.id, { name: 'B' }, { 'if-match': '*' })).json()).toMatchObject({ name: 'B', version: 2 });
      const stale = await patch(pet.id, { name: 'C' }, { 'if-match': '"1"' });
      expect(expectError(stale, 412, 'precondition_failed').message).toContain('"2"');
      expect(stale.headers.etag).toBe('"2"');
      // Weak tags never match (strong comparison); a list matches when one tag does.
      expectError(await patch(pet.id, { name: 'C' }, { 'if-match': 'W/"2"' }), 412, 'precondition_failed');
      expect((await patch(pet.id, { name: 'C' }, { 'if-match': '"7", "2"' })).json()).toMatchObject({ name: 'C', version: 3 });
      expect(expectError(await patch(pet.id, { name: 'D' }, { 'if-match': '3' }), 400, 'invalid_request').message).toMatch(/if-match/i);
      expect(await stored(pet.id)).toMatchObject({ name: 'C', version: 3 });
    });

    it('lets exactly one of 20 concurrent changes read at one version land: one 200, nineteen 412', async () => {
      const pet = await create({ name: 'Rex', categoryId: 1 });
      const responses = await Promise.all(
        Array.from({ length: 20 }, (_, i) => patch(pet.id, { name: `Name ${i}` }, { 'if-match': '"1"' })),
      );
      const won = responses.filter((r) => r.statusCode === 200);
      expect(won).toHaveLength(1);
      for (const r of responses.filter((x) => x.statusCode !== 200)) expectError(r, 412, 'precondition_failed');
      expect(await stored(pet.id)).toEqual(won[0]?.json());
      expect((await stored(pet.id))?.version).toBe(2);
    });

    describe('every cell of the transition table', () => {
      const cells = PET_STATUSES.flatMap((from) => PET_STATUSES.filter((to) => to !== from).map((to) => [from, to] as const));
      it.each(cells)('%s -> %s', async (from, to) => {
        const pet = await create({ name: 'Rex', categoryId: 1, status: from });
        t.clock.advance(1_000);
        const response = await patch(pet.id, { status: to }, { 'if-match': '"1"' });
        if (PET_TRANSITIONS[from].includes(to)) {
          expect(response.statusCode).toBe(200);
          const now = new Date(t.clock.nowMs()).toISOString();
          expect(response.json()).toMatchObject({ status: to, version: 2, statusChangedAt: now, adoptedAt: to === 'sold' ? now : null });
        } else {
          expect(expectError(response, 409, 'invalid_transition').message).toContain(`${from} pet cannot become ${to}`);
          expect(await stored(pet.id)).toEqual(pet);
        }
      });
      it('has sold -> pending as its only refused change', () => {
        expect(cells.filter(([from, to]) => !PET_TRANSITIONS[from].includes(to))).toEqual([['sold', 'pending']]);
      });
    });

    it.each([
      ['null', { name: null }, "'name'"],
      ['an unknown field', { colour: 'brown' }, "'colour' is not recognised"],
      ['the id', { id: 5 }, "'id' is read-only"],
      ['the version', { version: 9 }, "'version' is read-only"],
      ['a time', { updatedAt: '2026-01-01T00:00:00Z' }, "'updatedAt' is read-only"],
      ['the owner', { ownerId: 'acct_other' }, "'ownerId' is read-only"],
      ['an empty object', {}, 'at least one field'],
      ['a status that does not exist', { status: 'adopted' }, "'status'"],
      ['a name with nothing visible', { name: '   ' }, "'name'"],
      ['a categoryId out of range', { categoryId: 0 }, "'categoryId'"],
      ['an array', [], 'JSON object'],
      ['broken JSON', '{"name":', 'JSON'],
    ])('refuses %s with 400 and changes nothing', async (_what, body, fragment) => {
      const pet = await create({ name: 'Rex', categoryId: 1 });
      const response = await patch(pet.id, body, { 'if-match': '"1"' });
      const code = typeof body === 'string' ? 'invalid_json' : 'invalid_request';
      expect(expectError(response, 400, code).message).toContain(fragment);
      expect(await stored(pet.id)).toEqual(pet);
    });

    it('refuses other media types with 415, and a merge patch anywhere but PATCH', async () => {
      const pet = await create({ name: 'Rex', categoryId: 1 });
      const text = await t.app.http.inject({
        method: 'PATCH',
        url: `/v1/pets/${pet.id}`,
        headers: { authorization: shelter, 'content-type': 'text/plain', 'if-match': '"1"' },
        payload: '{"name":"X"}',
      });
      expectError(text, 415, 'unsupported_media_type');
      const mergeCreate = await t.app.http.inject({
        method: 'POST',
        url: '/v1/pets',
        headers: { authorization: shelter, 'content-type': 'application/merge-patch+json' },
        payload: '{"name":"X","categoryId":1}',
      });
      expect(expectError(mergeCreate, 415, 'unsupported_media_type').message).toContain('application/json');
      expect(await list()).toEqual([pet]);
    });

    it('answers 404 for a pet that does not exist, and 403 for a key without pets:write', async () => {
      expectError(await patch(999, { name: 'X' }, { 'if-match': '"1"' }), 404, 'not_found');
      const pet = await create({ name: 'Rex', categoryId: 1 });
      const reader = await keyOf('acct_shelter', ['pets:read']);
      expectError(await patch(pet.id, { name: 'X' }, { 'if-match': '"1"' }, reader), 403, 'forbidden');
      expect(await stored(pet.id)).toEqual(pet);
    });
  });

  describe('ownership', () => {
    it("refuses another owner's change and removal with 403, changing nothing; any key of the owner may", async () => {
      const pet = await create({ name: 'Rex', categoryId: 1 });
      const refusedPatch = await patch(pet.id, { status: 'sold' }, { 'if-match': '"1"' }, stranger);
      expect(expectError(refusedPatch, 403, 'forbidden').message).toContain('belongs to another owner');
      expectError(await remove(pet.id, {}, stranger), 403, 'forbidden');
      expect(await stored(pet.id)).toEqual(pet);
      // Reads stay open to every key.
      expect(await list(`id=${pet.id}`, stranger)).toEqual([pet]);
      expect((await patch(pet.id, { name: 'By a colleague' }, { 'if-match': '"1"' }, colleague)).statusCode).toBe(200);
    });

    it('gives a key without an owner id its own pets, kept across a rotation', async () => {
      const issued = await t.app.keys.issue({ name: 'Solo', plan: 'pro' });
      const solo = `Bearer ${issued.key}`;
      const pet = await create({ name: 'Rex', categoryId: 1 }, solo);
      expect(pet.ownerId).toBe(issued.record.id);
      const rotated = await t.app.keys.rotate(issued.record.id, 0, KEY_TOOL_ACTOR);
      const successor = `Bearer ${rotated.key}`;
      expect((await patch(pet.id, { name: 'Still mine' }, { 'if-match': '"1"' }, successor)).statusCode).toBe(200);
      expectError(await patch(pet.id, { name: 'Not yours' }, { 'if-match': '"2"' }, shelter), 403, 'forbidden');
    });

    it('leaves pets stored before owners were recorded to no key, unless LEGACY_PET_OWNER names their owner', async () => {
      const legacy = await t.app.adapters.pets.add(
        {
          ...newPetDraft({ name: 'Old', categoryId: 1, status: 'available' }, 'x', new Date(t.clock.nowMs()).toISOString()),
          ownerId: null,
        },
        () => [],
      );
      const refused = await patch(legacy.id, { name: 'New' }, { 'if-match': '"1"' });
      expect(expectError(refused, 403, 'forbidden').message).toContain('before owners were recorded');
      expect((await stored(legacy.id))?.name).toBe('Old');
      await t.close();
      t = await startTestApp({ env: { LEGACY_PET_OWNER: 'acct_shelter' } });
      const owner = await keyOf('acct_shelter');
      const old = await t.app.adapters.pets.add(
        {
          ...newPetDraft({ name: 'Old', categoryId: 1, status: 'available' }, 'x', new Date(t.clock.nowMs()).toISOString()),
          ownerId: null,
        },
        () => [],
      );
      expect((await patch(old.id, { name: 'New' }, { 'if-match': '"1"' }, owner)).json()).toMatchObject({ name: 'New', ownerId: null });
      expectError(await patch(old.id, { name: 'Other' }, { 'if-match': '"2"' }, await keyOf('acct_other')), 403, 'forbidden');
    });
  });

  describe('DELETE /v1/pets/{petId}', () => {
    it('removes the pet: 204, then in no list, 404 on get, PATCH and a second DELETE', async () => {
      const pet = await create({ name: 'Rex', categoryId: 1 });
      const other = await create({ name: 'Tom', categoryId: 1 });
      const response = await remove(pet.id);
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');
      expectRateLimitHeaders(response);
      expect((await list()).map((p) => p.id)).toEqual([other.id]);
      expect((await list('status=available')).map((p) => p.id)).toEqual([other.id]);
      expectError(await t.app.http.inject({ url: `/v1/pets/${pet.id}`, headers: { authorization: shelter } }), 404, 'not_found');
      expectError(await patch(pet.id, { name: 'X' }, { 'if-match': '*' }), 404, 'not_found');
      expectError(await remove(pet.id), 404, 'not_found');
    });

    it('honours If-Match when sent', async () => {
      const pet = await create({ name: 'Rex', categoryId: 1 });
      await patch(pet.id, { name: 'Rexy' }, { 'if-match': '"1"' });
      const stale = await remove(pet.id, { 'if-match': '"1"' });
      expectError(stale, 412, 'precondition_failed');
      expect(stale.headers.etag).toBe('"2"');
      expect((await stored(pet.id))?.version).toBe(2);
      expectError(await remove(pet.id, { 'if-match': 'two' }), 400, 'invalid_request');
      expect((await stored(pet.id))?.version).toBe(2);
      expect((await remove(pet.id, { 'if-match': '"2"' })).statusCode).toBe(204);
    });
  });

  describe('GET /v1/pets?id=', () => {
    it('lists the pets asked for, repeated or comma-separated, with status, in id order; unknown ids left out', async () => {
      const pets = [];
      for (const status of ['available', 'sold', 'available', 'pending'] as const)
        pets.push(await create({ name: 'P', categoryId: 1, status }));
      const [a, b, c, d] = pets.map((p) => p.id) as [number, number, number, number];
      expect((await list(`id=${c}&id=${a}`)).map((p) => p.id)).toEqual([a, c]);
      expect((await list(`id=${d},${b},999`)).map((p) => p.id)).toEqual([b, d]);
      expect((await list(`id=${a},${b},${c}&status=available`)).map((p) => p.id)).toEqual([a, c]);
      // Pages of ids follow Link like any list.
      const first = await t.app.http.inject({ url: `/v1/pets?id=${a},${b},${c}&limit=2`, headers: { authorization: shelter } });
      expect(first.json<PetBody[]>().map((p) => p.id)).toEqual([a, b]);
      const next = /<([^>]+)>; rel="next"/.exec(first.headers.link as string)?.[1] as string;
      expect(next).toContain(`id=${encodeURIComponent(`${a},${b},${c}`)}`);
      expect((await t.app.http.inject({ url: next, headers: { authorization: shelter } })).json<PetBody[]>().map((p) => p.id)).toEqual([c]);
    });

    it.each([
      ['id=0', "'id"],
      ['id=abc', "'id"],
      ['id=1,,2', "'id"],
      ['id=01', "'id"],
      [`id=${Array.from({ length: 101 }, (_, i) => i + 1).join(',')}`, "'id'"],
    ])('refuses %s with 400', async (query, fragment) => {
      const response = await t.app.http.inject({ url: `/v1/pets?${query}`, headers: { authorization: shelter } });
      expect(expectError(response, 400, 'invalid_request').message).toContain(fragment);
    });
  });

  it('shows the lifecycle fields on every pet of a list, and the ETag on each one-pet response', async () => {
    const created = await t.app.http.inject({
      method: 'POST',
      url: '/v1/pets',
      headers: { authorization: shelter },
      payload: { name: 'Rex', categoryId: 1, status: 'sold' },
    });
    expect(created.headers.etag).toBe('"1"');
    const pet = created.json<PetBody>();
    expect(pet.adoptedAt).toBe(pet.createdAt);
    const [listed] = await list();
    expect(Object.keys(listed as object).sort()).toEqual(
      [
        'adoptedAt',
        'categoryId',
        'createdAt',
        'id',
        'name',
        'ownerId',
        'organizationId',
        'publishedAt',
        'status',
        'statusChangedAt',
        'updatedAt',
        'version',
        ...RECORD_FIELDS,
        'photos',
        'primaryPhoto',
        'photoCount',
        'place',
        'reference',
      ].sort(),
    );
  });
});
