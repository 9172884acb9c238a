/**
 * No event lost, none invented, on MongoDB: the process killed (SIGKILL) right after answering a
 * PATCH 200 still has its event after a restart; a write that never reached MongoDB leaves neither
 * the change nor an event, and one whose reply was lost leaves both.
 */
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MongoEventFeed } from '../../../src/adapters/adoption/mongo/mongo-event-feed.js';
import { resolve } from '../../../src/config/tokens.js';
import { TOKENS } from '../../../src/config/modules/features.js';
import { createApp, type Application } from '../../../src/config/create-app.js';
import { loadConfig } from '../../../src/config/env.js';
import { mongoCommandOn, startHoldingProxy, type HoldingProxy } from '../../support/holding-proxy.js';
import { backend, describeWith, openTestDatabase } from '../../support/integration.js';
import { serviceAddress, startService } from '../../support/processes.js';
import { expectError } from '../../support/test-app.js';

const KEY = 'durability-test-key-0000000001';
const auth = { authorization: `Bearer ${KEY}` };

interface FeedPage {
  readonly type: string;
  readonly data: { readonly object: { readonly id: number; readonly name: string }; readonly previousAttributes?: Record<string, unknown> };
}

describeWith('mongo', 'Events on MongoDB when a process or a write fails', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;

  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  const startServer = (): ChildProcess =>
    startService({ MONGODB_URL: backend('mongo').url, MONGODB_DATABASE: database.name, API_KEYS: `${KEY}:business` });
  const addressOf = serviceAddress;

  it('keeps the event of a PATCH answered 200 by a process killed right after, and relays it once restarted', async () => {
    // The test holds the feed's writer lease, so the process cannot relay: the event can only be in the pet's outbox.
    const feed = new MongoEventFeed(database.db, 5_000);
    expect(await feed.claimWriter('the test', Date.now(), 600_000)).not.toBeNull();
    const first = startServer();
    let pet: { id: number; version: number };
    try {
      const address = await addressOf(first);
      const created = await fetch(`${address}/v1/pets`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Before', categoryId: 2 }),
      });
      expect(created.status).toBe(201);
      pet = (await created.json()) as { id: number; version: number };
      const changed = await fetch(`${address}/v1/pets/${pet.id}`, {
        method: 'PATCH',
        headers: { ...auth, 'content-type': 'application/merge-patch+json', 'if-match': `"${pet.version}"` },
        body: JSON.stringify({ name: 'After' }),
      });
      expect(changed.status).toBe(200);
    } finally {
      first.kill('SIGKILL');
      await once(first, 'exit');
    }
    const stored = await database.db.collection('pets').findOne({ name: 'After' });
    expect(Object.keys((stored?.outbox ?? {}) as object)).toHaveLength(2);
    expect(await feed.find({ visibleTo: null, limit: 10 })).toEqual([]);

    // The test gives the lease up (it ran out a minute ago); a new process takes it over and relays.
    await feed.claimWriter('the test', Date.now() - 120_000, 60_000);
    const second = startServer();
    try {
      const address = await addressOf(second);
      let events: FeedPage[] = [];
      for (let waited = 0; events.length < 2 && waited < 10_000; waited += 100) {
        await new Promise((done) => setTimeout(done, 100));
        events = (await (await fetch(`${address}/v1/events?type=pet.created&type=pet.updated`, { headers: auth })).json()) as FeedPage[];
      }
      expect(events.map(({ type, data }) => [type, data.object.id, data.object.name, data.previousAttributes?.name])).toEqual([
        ['pet.created', pet.id, 'Before', undefined],
        ['pet.updated', pet.id, 'After', 'Before'],
      ]);
      const relayed = await database.db.collection('pets').findOne({ name: 'After' });
      expect(relayed?.outboxCount).toBe(0);
    } finally {
      second.kill('SIGTERM');
      await once(second, 'exit');
    }
  });

  describe('a write that fails', () => {
    let proxy: HoldingProxy;
    let app: Application;
    let headers: Record<string, string>;

    beforeAll(async () => {
      await database.clear();
      const target = new URL(backend('mongo').url.replace(/^mongodb:/, 'http:'));
      proxy = await startHoldingProxy({ host: target.hostname, port: Number(target.port || 27017) });
      app = await createApp(
        loadConfig({
          LOG_LEVEL: 'silent',
          MONGODB_URL: `mongodb://127.0.0.1:${proxy.port}/?directConnection=true`,
          MONGODB_DATABASE: database.name,
          MONGODB_TIMEOUT_MS: '300',
        }),
      );
      const { key } = await app.keys.issue({ name: 'Shelter', plan: 'business' });
      headers = { authorization: `Bearer ${key}` };
    });
    afterAll(async () => {
      await app?.http.close();
      await proxy?.close();
    });

    async function aPet(name: string): Promise<{ id: number; version: number }> {
      const created = await app.http.inject({ method: 'POST', url: '/v1/pets', headers, payload: { name, categoryId: 1 } });
      expect(created.statusCode).toBe(201);
      return created.json();
    }
    const rename = (pet: { id: number; version: number }, name: string) =>
      app.http.inject({
        method: 'PATCH',
        url: `/v1/pets/${pet.id}`,
        headers: { ...headers, 'if-match': `"${pet.version}"`, 'content-type': 'application/merge-patch+json' },
        payload: { name },
      });
    async function feedOf(petId: number): Promise<string[]> {
      const relay = resolve(app.container, TOKENS.EventRelay);
      while ((await relay.pass()) > 0);
      const page = await app.http.inject({ url: '/v1/events?limit=100', headers });
      return page
        .json<FeedPage[]>()
        .filter(({ data }) => data.object.id === petId)
        .map(({ type, data }) => `${type} ${data.object.name}`);
    }

    it('leaves neither the change nor an event when the update never reaches MongoDB', async () => {
      const pet = await aPet('Kept');
      proxy.holdWhen(mongoCommandOn('update', 'pets'), 'requests');
      expectError(await rename(pet, 'Lost'), 503, 'service_unavailable');
      expect(proxy.holding).toBe(true);
      proxy.drop();
      const read = await app.http.inject({ url: `/v1/pets?id=${pet.id}`, headers });
      expect(read.json()).toMatchObject([{ id: pet.id, name: 'Kept', version: pet.version }]);
      expect(await feedOf(pet.id)).toEqual(['pet.created Kept']);
    });

    it('leaves both the change and its event when the update lands but its reply is lost', async () => {
      const pet = await aPet('Old');
      proxy.holdWhen(mongoCommandOn('update', 'pets'), 'replies');
      expectError(await rename(pet, 'New'), 503, 'service_unavailable');
      expect(proxy.holding).toBe(true);
      proxy.drop();
      const read = await app.http.inject({ url: `/v1/pets?id=${pet.id}`, headers });
      expect(read.json()).toMatchObject([{ id: pet.id, name: 'New', version: pet.version + 1 }]);
      expect(await feedOf(pet.id)).toEqual(['pet.created Old', 'pet.updated New']);
    });

    // The relay's pass inserts its events, then raises the feed's `published`: a pass that fails
    // between the two leaves its events stored, and the next pass, finding them there, must show them.
    const publishing = (chunk: Buffer) => mongoCommandOn('update', 'event_feed')(chunk) && chunk.includes('published');
    const relay = () => resolve(app.container, TOKENS.EventRelay);
    /** A relay pass run with the next publishing write held: whichever pass meets it (this one, or the instance's own tick). */
    async function passMeetingTheTrap() {
      const trap = proxy.trap(publishing, 'requests');
      const pass = relay()
        .pass()
        .catch(() => 0);
      await trap.caught;
      return { trap, pass };
    }

    it('shows the events of a relay pass whose publishing write never reached MongoDB, once the next pass finds them', async () => {
      await feedOf(0);
      const pet = await aPet('Unseen');
      // The pass that meets the trap fails after inserting.
      const { trap, pass } = await passMeetingTheTrap();
      trap.drop();
      await pass;
      // The pass that met the trap inserted the event and cleared nothing; the next one finds it stored.
      expect(await feedOf(pet.id)).toEqual(['pet.created Unseen']);
      expect((await database.db.collection('pets').findOne({ name: 'Unseen' }))?.outboxCount).toBe(0);
    });

    it('never lowers what a later pass published when an earlier pass publishes late', async () => {
      await feedOf(0);
      const first = await aPet('Early');
      const { trap, pass } = await passMeetingTheTrap();
      await pass;
      // The next pass shows the first pet's event and the second's; then the held write lands.
      const second = await aPet('Later');
      expect(await feedOf(second.id)).toEqual(['pet.created Later']);
      await trap.release('answered');
      expect(await feedOf(first.id)).toEqual(['pet.created Early']);
      expect(await feedOf(second.id)).toEqual(['pet.created Later']);
    });
  });
});
