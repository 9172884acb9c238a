/** The TypeScript client against the real app listening on a port: paging, idempotent creates, retries, typed errors. */
import sharp from 'sharp';
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AdoptionApiError, AdoptionClient } from '../../clients/typescript/src/index.js';
import { typesFor } from '../../clients/typescript/scripts/types-for.mjs';
import { memoryAdapters } from '../../src/config/adapters.js';
import { ServiceUnavailableError } from '../../src/domain/shared/errors.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { resolve } from '../../src/config/tokens.js';
import { TOKENS } from '../../src/config/modules/features.js';

interface Harness {
  t: TestApp;
  client: AdoptionClient;
  /** Every request the client sent, as "METHOD path". */
  sent: string[];
  /** Every wait the client took, in ms (the fake clock moves by as much). */
  waits: number[];
  apiKey: string;
}

async function harness(
  options: {
    plan?: 'free' | 'business';
    adapters?: NonNullable<Parameters<typeof startTestApp>[0]>['adapters'];
    env?: Record<string, string>;
    fetch?: (real: typeof fetch) => typeof fetch;
  } = {},
): Promise<Harness> {
  const t = await startTestApp({ ...(options.adapters && { adapters: options.adapters }), ...(options.env && { env: options.env }) });
  await t.app.http.listen({ host: '127.0.0.1', port: 0 });
  const address = t.app.http.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const sent: string[] = [];
  const waits: number[] = [];
  const counting: typeof fetch = (input, init) => {
    const request = input instanceof Request ? input : new Request(input, init);
    sent.push(`${request.method} ${new URL(request.url).pathname}`);
    return fetch(request);
  };
  const apiKey = (await t.bearer(options.plan ?? 'business')).slice('Bearer '.length);
  const client = new AdoptionClient({
    baseUrl: `http://127.0.0.1:${port}/v1`,
    apiKey,
    fetch: options.fetch ? options.fetch(counting) : counting,
    sleep: async (ms) => {
      waits.push(ms);
      t.clock.advance(ms);
    },
  });
  return { t, client, sent, waits, apiKey };
}

describe('TypeScript client', () => {
  let h: Harness | undefined;
  afterEach(async () => {
    await h?.t.close();
    h = undefined;
  });

  it('creates animals and pages through them all with listPets, following Link rel="next"', async () => {
    h = await harness();
    for (let i = 1; i <= 45; i++) await h.client.createPet({ name: `Pet ${i}`, categoryId: 1, ...(i % 3 === 0 && { status: 'sold' }) });
    h.sent.length = 0;
    const all = [];
    for await (const pet of h.client.listPets({ limit: 20 })) all.push(pet);
    expect(all.map((p) => p.id)).toEqual(Array.from({ length: 45 }, (_, i) => i + 1));
    expect(h.sent).toEqual(['GET /v1/pets', 'GET /v1/pets', 'GET /v1/pets']);
    const sold = [];
    for await (const pet of h.client.listPets({ status: 'sold', limit: 4 })) sold.push(pet.status);
    expect(sold).toEqual(Array(15).fill('sold'));
  });

  it('finds animals with listPets: filters, near a place with distances, nearest first, every page followed', async () => {
    h = await harness();
    const zips = ['94110', '94601', '10001'];
    for (let i = 0; i < 12; i++) {
      await h.client.createPet({
        name: `Pet ${i}`,
        categoryId: 1,
        species: i % 2 === 0 ? 'cat' : 'dog',
        goodWith: { children: i % 4 === 0, dogs: null, cats: null },
        location: { postalCode: zips[i % 3] as string },
      });
    }
    const found = [];
    for await (const pet of h.client.listPets({
      species: ['cat'],
      goodWithChildren: true,
      near: '94110',
      radius: '30',
      sort: 'distance',
      limit: 1,
    }))
      found.push(pet);
    // Cats good with children are 0, 4 and 8; 8 is in New York.
    expect(found.map((pet) => [pet.name, pet.location?.postalCode, typeof pet.distance])).toEqual([
      ['Pet 0', '94110', 'number'],
      ['Pet 4', '94601', 'number'],
    ]);
    expect(found[0]?.distance).toBe(0);
  });

  it("builds a partner's page with one call: a page with its cursor and total, sparse fields typed, the radius as a number", async () => {
    h = await harness();
    const operator = await h.t.adminBearer(['keys:write']);
    const owner = (await h.client.rateLimit()) && (await h.client.createPet({ name: 'Probe', categoryId: 1 })).organizationId;
    const created = await h.t.app.admin.inject({
      method: 'POST',
      url: '/admin/v1/organizations',
      headers: { authorization: operator },
      payload: { id: owner, name: 'Mission Shelter', location: { postalCode: '94110' } },
    });
    expect(created.statusCode).toBe(201);
    for (let i = 0; i < 4; i++) await h.client.createPet({ name: `Pet ${i}`, categoryId: 2 });
    const first = await h.client.listPetsPage({
      near: '94110',
      radius: 25,
      sort: 'distance',
      limit: 3,
      total: true,
      expand: ['organization'],
    });
    expect(first.total).toEqual({ value: 5, exact: true });
    expect(first.pets.map((pet) => [pet.place?.kind, pet.organization?.name, pet.distance])).toEqual(
      Array(3).fill(['organization', 'Mission Shelter', 0]),
    );
    const second = await h.client.listPetsPage({ near: '94110', radius: 25, sort: 'distance', limit: 3, cursor: first.nextCursor ?? '' });
    expect(second.pets).toHaveLength(2);
    expect(second.nextCursor).toBeNull();
    // Sparse: typed as the fields asked for.
    const names: string[] = [];
    for await (const pet of h.client.listPets({ fields: ['name', 'place'], limit: 2 })) {
      names.push(pet.name);
      expect(Object.keys(pet).sort()).toEqual(['id', 'name', 'place']);
      // @ts-expect-error: photos were not asked for, and the type says so.
      expect(pet.photos).toBeUndefined();
    }
    expect(names).toHaveLength(5);
    // The organization, its move, and what each categoryId means.
    const organization = await h.client.getOrganization(owner ?? '');
    const moved = await h.client.updateOrganization(organization.id, { location: { postalCode: '10001' } }, organization.version);
    expect(moved.location?.city).toBe('New York');
    expect((await h.client.listPetsPage({ near: '10001', radius: 1, total: true })).total?.value).toBe(5);
    const organizations = [];
    for await (const one of h.client.listOrganizations({ near: '10001', radius: 5 })) organizations.push(one.id);
    expect(organizations).toEqual([owner]);
    expect((await h.client.listCategories())[1]).toEqual({ id: 2, name: 'Cat', species: 'cat' });
  });

  it('keeps a mirror with a key that has no pets:write: webhook endpoints and the feed from now', async () => {
    h = await harness();
    const follower = (
      await h.t.app.keys.issue({ name: 'partner', plan: 'business', ownerId: 'acct_partner', scopes: ['pets:read', 'webhooks:write'] })
    ).key;
    const address = h.t.app.http.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const partner = new AdoptionClient({ baseUrl: `http://127.0.0.1:${port}/v1`, apiKey: follower });
    // For adoption requests only, which this test places none of: no delivery is attempted to the (outside) URL.
    const endpoint = await partner.createWebhookEndpoint({ url: 'https://hooks.example.com/adoption', enabledEvents: ['order.placed'] });
    expect(endpoint.secret).toMatch(/^whsec_/);
    const endpoints = [];
    for await (const one of partner.listWebhookEndpoints()) endpoints.push(one.id);
    expect(endpoints).toEqual([endpoint.id]);
    expect((await partner.updateWebhookEndpoint(endpoint.id, { description: 'mirror' })).description).toBe('mirror');
    expect((await partner.getWebhookEndpoint(endpoint.id)).description).toBe('mirror');
    // It changes no animal.
    await expect(partner.createPet({ name: 'No', categoryId: 1 })).rejects.toMatchObject({ status: 403, code: 'forbidden' });
    // The feed from now: the next change, and nothing before it.
    await h.client.createPet({ name: 'Before', categoryId: 1 });
    await resolve(h.t.app.container, TOKENS.EventRelay).pass();
    const after = await partner.eventsFromNow();
    expect(after).toMatch(/^evt_/);
    await h.client.createPet({ name: 'After', categoryId: 1 });
    await resolve(h.t.app.container, TOKENS.EventRelay).pass();
    const events = [];
    for await (const event of partner.listEvents(after === null ? {} : { after })) events.push(event.data.object);
    expect(events.map((object) => (object as { name: string }).name)).toEqual(['After']);
    await partner.deleteWebhookEndpoint(endpoint.id);
    await expect(partner.getWebhookEndpoint(endpoint.id)).rejects.toMatchObject({ status: 404 });
  });

  it('notifies an adopter: a saved search made, listed, read, renewed, its matches paged, its alert in the feed, then removed', async () => {
    h = await harness();
    const partnerKey = (
      await h.t.app.keys.issue({ name: 'app', plan: 'business', ownerId: 'acct_app', scopes: ['pets:read', 'searches:write'] })
    ).key;
    const address = h.t.app.http.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const app = new AdoptionClient({ baseUrl: `http://127.0.0.1:${port}/v1`, apiKey: partnerKey });
    await h.client.createPet({ name: 'Tom', categoryId: 1, species: 'cat' });
    const saved = await app.createSavedSearch({ label: 'Cats for Ana', reference: 'adopter-ana', search: { species: ['cat'] } });
    expect(saved.search).toEqual({ species: ['cat'], status: ['available'] });
    const mine = [];
    for await (const one of app.listSavedSearches()) mine.push(one.id);
    expect(mine).toEqual([saved.id]);
    expect(await app.getSavedSearch(saved.id)).toEqual(saved);
    await h.client.createPet({ name: 'Mia', categoryId: 1, species: 'cat' });
    await resolve(h.t.app.container, TOKENS.EventRelay).pass();
    const alerts = [];
    for await (const event of app.listEvents({ type: ['search.matched'] })) alerts.push(event);
    expect(alerts.map((event) => [event.data.savedSearch?.reference, (event.data.object as { name: string }).name])).toEqual([
      ['adopter-ana', 'Mia'],
    ]);
    const matches = [];
    for await (const pet of app.listSavedSearchMatches(saved.id, { limit: 1 })) matches.push(pet.name);
    expect(matches).toEqual(['Tom', 'Mia']);
    const replaced = await app.replaceSavedSearch(saved.id, { label: 'Dogs for Ana', search: { species: ['dog'] } }, saved.version);
    expect((await app.renewSavedSearch(saved.id)).version).toBe(replaced.version + 1);
    await app.deleteSavedSearch(saved.id);
    await expect(app.getSavedSearch(saved.id)).rejects.toMatchObject({ status: 404, code: 'not_found' });
  });

  it('syncs from shelter software: pushes an animal by its own id, again (nothing changes), changed, create-only refused, read back', async () => {
    h = await harness();
    const first = await h.client.pushPet('shelterluv', 'A-1024', { name: 'Rex', categoryId: 1, species: 'dog' });
    expect(first.created).toBe(true);
    expect(first.pet.reference).toEqual({ source: 'shelterluv', id: 'A-1024' });
    const again = await h.client.pushPet('shelterluv', 'A-1024', { name: 'Rex', categoryId: 1, species: 'dog' });
    expect(again).toEqual({ pet: first.pet, created: false });
    const changed = await h.client.pushPet('shelterluv', 'A-1024', { name: 'Rex II', categoryId: 1 }, { ifMatch: first.pet.version });
    expect(changed.pet).toMatchObject({ id: first.pet.id, name: 'Rex II', species: null, version: 2 });
    await expect(h.client.pushPet('shelterluv', 'A-1024', { name: 'X', categoryId: 1 }, { createOnly: true })).rejects.toMatchObject({
      status: 412,
      code: 'precondition_failed',
    });
    expect(await h.client.getPetByReference('shelterluv', 'A-1024')).toEqual(changed.pet);
    await expect(h.client.getPetByReference('shelterluv', 'A-9999')).rejects.toMatchObject({ status: 404, code: 'not_found' });
  });

  it('reads the species reference and creates, reads and merges a full record, typed', async () => {
    h = await harness();
    const species = await h.client.listSpecies();
    expect(species.map((one) => one.id)).toContain('rabbit');
    const cat = await h.client.getSpecies('cat');
    const created = await h.client.createPet({
      name: 'Tom',
      categoryId: 2,
      species: 'cat',
      breeds: { primary: cat.breeds[0] as string },
      colors: { primary: cat.colors[0] as string, secondary: null },
      goodWith: { dogs: false },
      tags: ['lap cat'],
    });
    expect(created).toMatchObject({
      species: 'cat',
      breeds: { primary: cat.breeds[0], secondary: null, mixed: false },
      goodWith: { dogs: false, cats: null },
    });
    const changed = await h.client.updatePet(created.id, { goodWith: { cats: true }, tags: null }, created.version);
    expect(changed.goodWith).toEqual({ children: null, dogs: false, cats: true });
    expect(changed.tags).toEqual([]);
    expect(await h.client.getPets([created.id])).toEqual([changed]);
  });

  it('uploads a photo from a Blob, bytes or a stream, adds nothing for the same bytes again, and removes it', async () => {
    h = await harness();
    const pet = await h.client.createPet({ name: 'Fern', categoryId: 1 });
    const image = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const fromBlob = await h.client.uploadPhoto(pet.id, new Blob([new Uint8Array(image)], { type: 'image/png' }));
    expect(fromBlob).toMatchObject({ photoCount: 1, primaryPhoto: { width: 40, height: 30 } });
    const stream = (async function* () {
      yield new Uint8Array(image.subarray(0, 10));
      yield new Uint8Array(image.subarray(10));
    })();
    expect(await h.client.uploadPhoto(pet.id, stream, 'image/png')).toEqual(fromBlob);
    expect(await h.client.uploadPhoto(pet.id, new Uint8Array(image), 'image/png')).toEqual(fromBlob);
    const photoId = fromBlob.photos[0]?.id as string;
    expect((await h.client.deletePhoto(pet.id, photoId)).photoCount).toBe(0);
    await expect(h.client.uploadPhoto(pet.id, new Uint8Array(image), 'image/jpeg')).rejects.toMatchObject({
      status: 400,
      code: 'image_invalid',
    });
  });

  it('keeps the Idempotency-Key across a retry after a lost response: one animal stored', async () => {
    let dropped = false;
    h = await harness({
      // The first create reaches the server, which stores the animal, but its answer is lost.
      fetch: (real) => async (input, init) => {
        const response = await real(input, init);
        if (!dropped && (input instanceof Request ? input.method : init?.method) === 'POST') {
          dropped = true;
          throw new TypeError('fetch failed: socket hang up');
        }
        return response;
      },
    });
    const pet = await h.client.createPet({ name: 'Once', categoryId: 1 });
    expect(h.sent).toEqual(['POST /v1/pets', 'POST /v1/pets']);
    const stored = [];
    for await (const p of h.client.listPets()) stored.push(p);
    expect(stored).toEqual([pet]);
  });

  it('waits for Retry-After on 429, then succeeds', async () => {
    h = await harness({ plan: 'free' });
    // Spend the Free key's minute.
    for (let i = 0; i < 60; i++) await h.t.app.http.inject({ url: '/v1/pets', headers: { authorization: `Bearer ${h.apiKey}` } });
    h.sent.length = 0;
    expect((await h.client.rateLimit()).rate.remaining).toBe(0);
    const created = await h.client.createPet({ name: 'Patient', categoryId: 1 });
    expect(created.name).toBe('Patient');
    expect(h.sent).toEqual(['GET /v1/rate_limit', 'POST /v1/pets', 'POST /v1/pets']);
    // Retry-After: 60 (the whole minute was spent at one instant), plus at most 10% jitter.
    expect(h.waits).toHaveLength(1);
    expect(h.waits[0]).toBeGreaterThanOrEqual(60_000);
    expect(h.waits[0]).toBeLessThanOrEqual(66_000);
  });

  it('retries a 503 with backoff, and gives up after its retries with a typed error', async () => {
    let failures = 2;
    h = await harness({
      adapters: (clock) => {
        const adapters = memoryAdapters(clock);
        const list = adapters.pets.search.bind(adapters.pets);
        adapters.pets.search = (query) =>
          failures-- > 0 ? Promise.reject(new ServiceUnavailableError('The database is not answering')) : list(query);
        return adapters;
      },
    });
    const pets = [];
    for await (const pet of h.client.listPets()) pets.push(pet);
    expect(pets).toEqual([]);
    expect(h.sent).toEqual(['GET /v1/pets', 'GET /v1/pets', 'GET /v1/pets']);
    // Retry-After: 5 on each 503, plus at most 10% jitter.
    for (const wait of h.waits) expect(wait).toBeGreaterThanOrEqual(5_000);

    failures = 10;
    const error = await (async () => {
      for await (const _ of h.client.listPets()) void _;
    })().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AdoptionApiError);
    expect(error).toMatchObject({ status: 503, code: 'service_unavailable' });
  });

  it('never retries another 4xx, and throws it with its Error body', async () => {
    h = await harness();
    const invalid = await h.client.createPet({ name: ' ', categoryId: 1 }).catch((e: unknown) => e);
    expect(invalid).toBeInstanceOf(AdoptionApiError);
    expect(invalid).toMatchObject({ status: 400, code: 'invalid_request', body: { code: 'invalid_request', status: 400 } });
    expect((invalid as AdoptionApiError).requestId).toMatch(/^[0-9a-f-]{36}$/);
    const missing = await h.client.getPet(999).catch((e: unknown) => e);
    expect(missing).toMatchObject({ status: 404, code: 'not_found' });
    expect(h.sent).toEqual(['POST /v1/pets', 'GET /v1/pets/999']);
    expect(h.waits).toEqual([]);
  });

  it('throws gone for getPet after its sunset without retrying, and reads its own usage', async () => {
    h = await harness({ env: { GET_PET_SUNSET: '2026-01-01T00:00:00Z' } });
    const gone = await h.client.getPet(1).catch((e: unknown) => e);
    expect(gone).toBeInstanceOf(AdoptionApiError);
    expect(gone).toMatchObject({ status: 410, code: 'gone' });
    expect(h.sent).toEqual(['GET /v1/pets/1']);
    expect(h.waits).toEqual([]);
    // The server counts a request once its response is finished, which the client may see first.
    await vi.waitFor(() => expect(h?.t.app.usage.pending).toBe(1));
    await h.t.app.usage.flush();
    const usage = await h.client.usage({ granularity: 'hour' });
    expect(usage.buckets.at(-1)).toMatchObject({ admitted: 1, clientErrors: 1, byOperation: { getPet: 1 } });
  });
});

describe('TypeScript client: the lifecycle and adoption requests', () => {
  let h: Harness | undefined;
  afterEach(async () => {
    await h?.t.close();
    h = undefined;
  });

  it('fetches by id, changes with If-Match, places and decides a request, pages the requests, removes', async () => {
    h = await harness();
    const rex = await h.client.createPet({ name: 'Rex', categoryId: 1 });
    const others = [await h.client.createPet({ name: 'Tom', categoryId: 1 }), await h.client.createPet({ name: 'Zoe', categoryId: 1 })];
    expect((await h.client.getPets([others[1]?.id as number, rex.id, 999])).map((p) => p.name)).toEqual(['Rex', 'Zoe']);
    const renamed = await h.client.updatePet(rex.id, { name: 'Rexy' }, rex.version);
    expect(renamed).toMatchObject({ name: 'Rexy', version: 2 });
    const lost = await h.client.updatePet(rex.id, { name: 'Lost' }, rex.version).catch((e: unknown) => e);
    expect(lost).toMatchObject({ status: 412, code: 'precondition_failed' });
    const orders = [];
    for (let i = 0; i < 3; i++) orders.push(await h.client.placeOrder({ petId: rex.id, applicantName: `Applicant ${i}` }));
    expect((await h.client.approveOrder(orders[1]?.id as string)).status).toBe('approved');
    expect((await h.client.deliverOrder(orders[1]?.id as string)).status).toBe('delivered');
    const seen = [];
    for await (const order of h.client.listOrders({ petId: rex.id, limit: 1 }))
      seen.push([order.applicantName, order.status, order.cancelReason]);
    expect(seen).toEqual([
      ['Applicant 0', 'cancelled', 'pet_adopted'],
      ['Applicant 1', 'delivered', null],
      ['Applicant 2', 'cancelled', 'pet_adopted'],
    ]);
    expect(await h.client.getOrder(orders[0]?.id as string)).toMatchObject({ status: 'cancelled' });
    const tom = others[0] as { id: number; version: number };
    const waiting = await h.client.placeOrder({ petId: tom.id, applicantName: 'Ada' });
    expect(await h.client.cancelOrder(waiting.id, 'withdrawn')).toMatchObject({ cancelReason: 'withdrawn' });
    await h.client.deletePet(tom.id, tom.version);
    expect(await h.client.getPets([tom.id])).toEqual([]);

    // The event feed, a page of two at a time, and from the last event seen.
    await resolve(h.t.app.container, TOKENS.EventRelay).pass();
    const events = [];
    for await (const event of h.client.listEvents({ limit: 2 })) events.push(event);
    expect(events.filter((e) => e.type === 'pet.created').map((e) => (e.data.object as { name: string }).name)).toEqual([
      'Rex',
      'Tom',
      'Zoe',
    ]);
    expect(events.at(-1)?.type).toBe('pet.deleted');
    const deletions = [];
    for await (const event of h.client.listEvents({ type: ['pet.deleted', 'order.cancelled'], limit: 1 })) deletions.push(event.type);
    expect(deletions).toEqual(['order.cancelled', 'order.cancelled', 'order.cancelled', 'pet.deleted']);
    const later = [];
    for await (const event of h.client.listEvents({ after: events.at(-2)?.id as string })) later.push(event.id);
    expect(later).toEqual([events.at(-1)?.id]);
    expect(await h.client.getEvent(events[0]?.id as string)).toEqual(events[0]);
  });
});

describe('TypeScript client types', () => {
  it('are generated from the document the API serves now (run `npm run generate -w clients/typescript` after changing it)', async () => {
    const t = await startTestApp();
    try {
      const document: unknown = (await t.app.http.inject({ url: '/v1/openapi.json' })).json();
      const committed = readFileSync(new URL('../../clients/typescript/src/schema.ts', import.meta.url), 'utf8');
      expect(await typesFor(document)).toBe(committed);
    } finally {
      await t.close();
    }
  });

  it('mark getPet deprecated', () => {
    const source = readFileSync(new URL('../../clients/typescript/src/index.ts', import.meta.url), 'utf8');
    expect(source).toMatch(/\/\*\*[\s*]*@deprecated[^/]+\*\/\s+async getPet\(/);
    const types = readFileSync(new URL('../../clients/typescript/src/schema.ts', import.meta.url), 'utf8');
    expect(types).toMatch(/Fetch one animal by id[^\n]*\n\s+\* @deprecated/);
  });
});
