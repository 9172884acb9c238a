/**
 * The event feed through HTTP: one event per successful change with what changed, none for a refused
 * or empty change, who sees what, paging after an event, type filters, and retention.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryAdoptionRequestRepository } from '../../../src/adapters/adoption/memory/memory-adoption-request-repository.js';
import { MemoryPetRepository } from '../../../src/adapters/adoption/memory/memory-pet-repository.js';
import { memoryAdapters } from '../../../src/config/adapters.js';
import { loadConfig } from '../../../src/config/env.js';
import { watchOutboxes } from '../../../src/config/modules/adoption.js';
import { resolve } from '../../../src/config/tokens.js';
import { TOKENS } from '../../../src/config/modules/features.js';
import { expectError, seriesValue, startTestApp, TEST_ADAPTERS, type TestApp } from '../../support/test-app.js';

interface EventBody {
  id: string;
  type: string;
  createdAt: string;
  sequence: number;
  data: { object: Record<string, unknown>; previousAttributes?: Record<string, unknown> };
}

describe('the event feed', () => {
  let t: TestApp;
  let shelter: string;
  let partner: string;
  let stranger: string;
  afterEach(async () => t.close());

  async function start(env: Record<string, string> = {}): Promise<void> {
    t = await startTestApp({ env });
    const keyOf = async (ownerId: string) => `Bearer ${(await t.app.keys.issue({ name: ownerId, plan: 'business', ownerId })).key}`;
    [shelter, partner, stranger] = [await keyOf('acct_shelter'), await keyOf('acct_partner'), await keyOf('acct_stranger')];
  }

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, auth: string, payload?: object, headers = {}) =>
    t.app.http.inject({ method, url, headers: { authorization: auth, ...headers }, ...(payload && { payload }) });
  /** Moves what the outboxes hold into the feed now, as the relay does every 200 ms. */
  const relay = () => resolve(t.app.container, TOKENS.EventRelay).pass();
  const feed = async (auth: string, query = ''): Promise<EventBody[]> => {
    await relay();
    const response = await call('GET', `/v1/events?limit=100${query}`, auth);
    expect(response.statusCode).toBe(200);
    return response.json<EventBody[]>();
  };
  const addPet = async (name = 'Rex') => (await call('POST', '/v1/pets', shelter, { name, categoryId: 1 })).json<{ id: number }>();

  it('records one event per change of a pet, with the old value of every field that changed, and none for a refused or empty change', async () => {
    await start();
    const pet = await addPet();
    t.clock.advance(1_000);
    const patch = (body: object, version: number, auth = shelter) =>
      call('PATCH', `/v1/pets/${pet.id}`, auth, body, { 'if-match': `"${version}"` });
    expect((await patch({ name: 'Max' }, 1)).statusCode).toBe(200);
    expect((await patch({ name: 'Max' }, 2)).statusCode).toBe(200); // nothing changes
    expectError(await patch({ name: 'Bob' }, 1), 412, 'precondition_failed');
    expectError(await patch({ name: 'Bob' }, 2, partner), 403, 'forbidden');
    expectError(await patch({ status: 'bogus' }, 2), 400, 'invalid_request');
    expect((await call('DELETE', `/v1/pets/${pet.id}`, shelter)).statusCode).toBe(204);

    const events = await feed(stranger);
    expect(events.map((e) => [e.type, e.sequence])).toEqual([
      ['pet.created', 1],
      ['pet.updated', 2],
      ['pet.deleted', 3],
    ]);
    const [created, updated, deleted] = events as [EventBody, EventBody, EventBody];
    expect(created.data.object).toMatchObject({ id: pet.id, name: 'Rex', version: 1, ownerId: 'acct_shelter' });
    expect(created.data.object).not.toHaveProperty('heldBy');
    expect(created.data).not.toHaveProperty('previousAttributes');
    expect(updated.data.object).toMatchObject({ name: 'Max', version: 2 });
    expect(updated.data.previousAttributes).toEqual({ name: 'Rex', version: 1, updatedAt: created.data.object.updatedAt });
    expect(deleted.data.object).toMatchObject({ name: 'Max', version: 2 });
    expect(events.every((e) => /^evt_/.test(e.id) && !Number.isNaN(Date.parse(e.createdAt)))).toBe(true);
  });

  it("records an adoption's events, one per object changed, and shows a request's events only to its two owners", async () => {
    await start();
    const pet = await addPet();
    const place = async () => (await call('POST', '/v1/orders', partner, { petId: pet.id, applicantName: 'Ada' })).json<{ id: string }>();
    const first = await place();
    const second = await place();
    expect((await call('POST', `/v1/orders/${first.id}/approve`, shelter)).statusCode).toBe(200);
    expect((await call('POST', `/v1/orders/${first.id}/deliver`, shelter)).statusCode).toBe(200);

    const events = await feed(partner);
    expect(events.map((e) => [e.type, e.data.object.id])).toEqual([
      ['pet.created', pet.id],
      ['order.placed', first.id],
      ['order.placed', second.id],
      ['order.approved', first.id],
      ['pet.updated', pet.id],
      ['order.delivered', first.id],
      ['pet.updated', pet.id],
      ['order.cancelled', second.id],
    ]);
    const held = events[4] as EventBody;
    expect(held.data.previousAttributes).toMatchObject({ status: 'available' });
    expect(held.data.object).toMatchObject({ status: 'pending' });
    expect((events[3] as EventBody).data.previousAttributes).toMatchObject({ status: 'placed' });
    expect((events[6] as EventBody).data.object).toMatchObject({ status: 'sold' });
    expect((events[7] as EventBody).data.object).toMatchObject({ status: 'cancelled', cancelReason: 'pet_adopted' });
    expect((await feed(shelter)).map((e) => e.id)).toEqual(events.map((e) => e.id));

    // A stranger sees the animal's events, never the requests'.
    const seen = await feed(stranger);
    expect(seen.map((e) => e.type)).toEqual(['pet.created', 'pet.updated', 'pet.updated']);
    const orderEvent = events[1] as EventBody;
    expectError(await call('GET', `/v1/events/${orderEvent.id}`, stranger), 404, 'not_found');
    expect((await call('GET', `/v1/events/${orderEvent.id}`, shelter)).json()).toEqual(orderEvent);
    expectError(await call('GET', `/v1/events?after=${orderEvent.id}`, stranger), 400, 'invalid_request');
  });

  it('pages after an event with a Link to the next page, filters by type, and refuses a malformed after', async () => {
    await start();
    for (const name of ['A', 'B', 'C', 'D', 'E']) await addPet(name);
    const all = await feed(stranger);
    expect(all).toHaveLength(5);
    const first = await call('GET', '/v1/events?limit=2', stranger);
    expect(first.json<EventBody[]>().map((e) => e.id)).toEqual(all.slice(0, 2).map((e) => e.id));
    const next = /<([^>]+)>; rel="next"/.exec(String(first.headers.link))?.[1];
    expect(next).toBe(`/v1/events?limit=2&after=${all[1]?.id}`);
    const second = await call('GET', next as string, stranger);
    expect(second.json<EventBody[]>().map((e) => e.id)).toEqual(all.slice(2, 4).map((e) => e.id));
    const last = await call('GET', `/v1/events?limit=2&after=${all[3]?.id}`, stranger);
    expect(last.json<EventBody[]>().map((e) => e.id)).toEqual([all[4]?.id]);
    expect(last.headers.link).toBeUndefined();

    const pet = await addPet('F');
    expect((await call('DELETE', `/v1/pets/${pet.id}`, shelter)).statusCode).toBe(204);
    expect((await feed(stranger, '&type=pet.deleted')).map((e) => e.type)).toEqual(['pet.deleted']);
    expect((await feed(stranger, '&type=pet.deleted,pet.created')).length).toBe(7);
    expect((await feed(stranger, '&type=pet.deleted&type=pet.created')).length).toBe(7);
    expectError(await call('GET', '/v1/events?type=pet.bogus', stranger), 400, 'invalid_request');
    expectError(await call('GET', '/v1/events?after=42', stranger), 400, 'invalid_request');
    expectError(await call('GET', '/v1/events/evt_nope', stranger), 400, 'invalid_request');
  });

  it('keeps events for EVENT_RETENTION_DAYS, then answers 410 for an after it no longer holds, saying how to resynchronise', async () => {
    await start({ EVENT_RETENTION_DAYS: '30' });
    await addPet();
    const [old] = await feed(stranger);
    t.clock.advance(29 * 86_400_000);
    await addPet('Later');
    expect(await feed(stranger, `&after=${old?.id}`)).toHaveLength(1);
    t.clock.advance(2 * 86_400_000);
    await relay();
    const gone = expectError(await call('GET', `/v1/events?after=${old?.id}`, stranger), 410, 'gone');
    expect(gone.message).toContain('from=now');
    expect((await feed(stranger)).map((e) => e.data.object.name)).toEqual(['Later']);
    // Resynchronising in one call: the position now, whose next page starts with the next change.
    const now = await call('GET', '/v1/events?from=now&limit=5', stranger);
    expect(now.statusCode).toBe(200);
    expect(now.json()).toEqual([]);
    const next = /<([^>]+)>; rel="next"/.exec(String(now.headers.link))?.[1] as string;
    expect(next).toMatch(/^\/v1\/events\?limit=5&after=evt_/);
    await addPet('Newest');
    await relay();
    const after = await call('GET', next, stranger);
    expect(after.json<EventBody[]>().map((e) => e.data.object.name)).toEqual(['Newest']);
    expectError(await call('GET', `/v1/events?from=now&after=${old?.id}`, stranger), 400, 'invalid_request');
    expectError(await call('GET', '/v1/events?from=then', stranger), 400, 'invalid_request');
  });

  it('answers from=now on a feed with nothing yet with a next page that is the feed from its start', async () => {
    await start();
    const now = await call('GET', '/v1/events?from=now', stranger);
    expect(now.json()).toEqual([]);
    const next = /<([^>]+)>; rel="next"/.exec(String(now.headers.link))?.[1] as string;
    expect(next).toBe('/v1/events?limit=20');
    await addPet('First');
    await relay();
    expect((await call('GET', next, stranger)).json<EventBody[]>().map((e) => e.data.object.name)).toEqual(['First']);
  });
});

describe('the event feed for operators', () => {
  let t: TestApp;
  afterEach(async () => t.close());

  it("puts a write's events in the feed as the write answers on the in-memory set, with no relay pass, and counts them", async () => {
    // The in-memory set, in either pass: this is what it does, whatever the suite's storage.
    t = await startTestApp({ adapters: (clock, metrics) => memoryAdapters(clock, metrics) });
    const owner = `Bearer ${(await t.app.keys.issue({ name: 'shelter', plan: 'business', ownerId: 'acct_shelter' })).key}`;
    const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, headers = {}) =>
      t.app.http.inject({ method, url, headers: { authorization: owner, ...headers }, ...(payload && { payload }) });
    const types = async () => (await call('GET', '/v1/events?limit=100')).json<EventBody[]>().map((event) => event.type);
    // Nobody relays: the test holds the writer lease (claimed as of a minute on, so it takes it over from
    // the app's relay if that came first), so the app's own relay could move nothing.
    expect(await t.app.adapters.events.claimWriter('the test', t.clock.nowMs() + 60_000, 3_600_000)).not.toBeNull();
    const pet = (await call('POST', '/v1/pets', { name: 'Rex', categoryId: 1 })).json<{ id: number }>();
    expect(await types()).toEqual(['pet.created']);
    expect((await call('PATCH', `/v1/pets/${pet.id}`, { name: 'Max' }, { 'if-match': '"1"' })).statusCode).toBe(200);
    expect(await types()).toEqual(['pet.created', 'pet.updated']);
    const metrics = (await t.app.admin.inject({ url: '/metrics' })).body;
    expect(seriesValue(metrics, 'events_relayed_total{type="pet.created"}')).toBe(1);
    expect(seriesValue(metrics, 'events_relayed_total{type="pet.updated"}')).toBe(1);
    expect(await t.app.adapters.pets.backlog()).toEqual({ records: 0, oldestAt: null });
  });

  it('keeps MEMORY_MAX_EVENTS events on the in-memory set, and answers 410 for an after it dropped, the animals untouched', async () => {
    t = await startTestApp({
      env: { MEMORY_MAX_EVENTS: '10' },
      adapters: (clock, metrics) => memoryAdapters(clock, metrics, loadConfig({ MEMORY_MAX_EVENTS: '10' }).memoryBounds),
    });
    const owner = `Bearer ${(await t.app.keys.issue({ name: 'shelter', plan: 'business', ownerId: 'acct_shelter' })).key}`;
    const call = (url: string, payload?: object) =>
      t.app.http.inject({ method: payload ? 'POST' : 'GET', url, headers: { authorization: owner }, ...(payload && { payload }) });
    const made: string[] = [];
    for (let i = 0; i < 12; i++) {
      t.clock.advance(1);
      expect((await call('/v1/pets', { name: `Pet ${i}`, categoryId: 1 })).statusCode).toBe(201);
      made.push(((await call('/v1/events?limit=100')).json<EventBody[]>().at(-1) as EventBody).id);
    }
    // The bound reached at the 10th event: 9 kept, then each further one drops the oldest.
    const kept = (await call('/v1/events?limit=100')).json<EventBody[]>();
    expect(kept.map((event) => event.data.object.name)).toEqual(Array.from({ length: 9 }, (_, i) => `Pet ${i + 3}`));
    expect(kept.map((event) => event.id)).toEqual(made.slice(3));
    for (const gone of made.slice(0, 3)) expectError(await call(`/v1/events?after=${gone}`), 410, 'gone');
    const readOn = await call(`/v1/events?after=${made[3] as string}`);
    expect(readOn.json<EventBody[]>().map((event) => event.id)).toEqual(made.slice(4));
    expect((await call('/v1/pets?limit=100')).json<unknown[]>()).toHaveLength(12);
  });

  it('reports the outbox backlog and its oldest age, then the events relayed by type, on /metrics', async () => {
    // On memory, repositories that keep their events for the relay (as MongoDB's do) stand in for the
    // in-memory set's, which put them in the feed at once.
    t = await startTestApp(
      TEST_ADAPTERS === 'memory'
        ? {
            adapters: (clock, metrics) => ({
              ...memoryAdapters(clock, metrics),
              pets: new MemoryPetRepository(),
              adoptionRequests: new MemoryAdoptionRequestRepository(),
            }),
          }
        : {},
    );
    // The test holds the feed's writer lease, so the app's own relay (every 200 ms) leaves the outboxes as they
    // are. The app's relay may have taken the lease first (for 10 s): claimed as of a minute on, the test
    // takes it over whichever came first, and holds it for an hour from then.
    expect(await t.app.adapters.events.claimWriter('the test', t.clock.nowMs() + 60_000, 3_600_000)).not.toBeNull();
    const owner = `Bearer ${(await t.app.keys.issue({ name: 'shelter', plan: 'business', ownerId: 'acct_shelter' })).key}`;
    for (const name of ['Rex', 'Max']) {
      await t.app.http.inject({ method: 'POST', url: '/v1/pets', headers: { authorization: owner }, payload: { name, categoryId: 1 } });
    }
    const scrape = async () => {
      // The watch the app runs every 15 s, run once now.
      const stop = watchOutboxes([t.app.adapters.pets, t.app.adapters.adoptionRequests], t.clock, t.app.metrics, 1);
      await new Promise((done) => setTimeout(done, 20));
      await stop();
      return (await t.app.admin.inject({ url: '/metrics' })).body;
    };
    t.clock.advance(90_000);
    const waiting = await scrape();
    expect(seriesValue(waiting, 'event_outbox_records')).toBe(2);
    expect(seriesValue(waiting, 'event_outbox_oldest_age_seconds')).toBe(90);
    expect(seriesValue(waiting, 'events_relayed_total{type="pet.created"}')).toBeUndefined();

    // The lease given up (it ran out an hour ago): the next pass, the app's or this one, moves both.
    await t.app.adapters.events.claimWriter('the test', t.clock.nowMs() - 7_200_000, 3_600_000);
    await resolve(t.app.container, TOKENS.EventRelay).pass();
    const relayed = await scrape();
    expect(seriesValue(relayed, 'events_relayed_total{type="pet.created"}')).toBe(2);
    expect(seriesValue(relayed, 'event_outbox_records')).toBe(0);
    expect(seriesValue(relayed, 'event_outbox_oldest_age_seconds')).toBe(0);
  });

  it('shows every event to an audit:read credential, refuses another scope, and pages the same way', async () => {
    t = await startTestApp();
    const owner = `Bearer ${(await t.app.keys.issue({ name: 'shelter', plan: 'business', ownerId: 'acct_shelter' })).key}`;
    const partner = `Bearer ${(await t.app.keys.issue({ name: 'partner', plan: 'business', ownerId: 'acct_partner' })).key}`;
    const pet = (
      await t.app.http.inject({
        method: 'POST',
        url: '/v1/pets',
        headers: { authorization: owner },
        payload: { name: 'Rex', categoryId: 1 },
      })
    ).json<{ id: number }>();
    await t.app.http.inject({
      method: 'POST',
      url: '/v1/orders',
      headers: { authorization: partner },
      payload: { petId: pet.id, applicantName: 'Ada' },
    });
    await resolve(t.app.container, TOKENS.EventRelay).pass();
    const auditor = await t.adminBearer(['audit:read']);
    const page = await t.app.admin.inject({ url: '/admin/v1/events?limit=1', headers: { authorization: auditor } });
    expect(page.statusCode).toBe(200);
    const [first] = page.json<EventBody[]>();
    expect(first?.type).toBe('pet.created');
    const next = /<([^>]+)>; rel="next"/.exec(String(page.headers.link))?.[1];
    expect(next).toBe(`/admin/v1/events?limit=1&after=${first?.id}`);
    const rest = await t.app.admin.inject({ url: next as string, headers: { authorization: auditor } });
    expect(rest.json<EventBody[]>().map((e) => e.type)).toEqual(['order.placed']);
    const keysOnly = await t.adminBearer(['keys:read']);
    expectError(await t.app.admin.inject({ url: '/admin/v1/events', headers: { authorization: keysOnly } }), 403, 'forbidden');
  });
});
