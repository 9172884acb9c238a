/**
 * Webhook delivery across instances and crashes, on MongoDB and Redis: two instances delivering at
 * once make each attempt of each delivery once (the receiver counts its hits per webhook-id), and an
 * event whose write was answered 201 by a process killed right after is delivered by the next one, and
 * so is a saved search's alert of a change whose process was killed before its relay: once.
 * Receivers listen on loopback, endpoints name it by address, and every attempt is checked to stay there.
 */
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MongoEventFeed } from '../../../src/adapters/adoption/mongo/mongo-event-feed.js';
import { configuredAdapters } from '../../../src/config/adapters.js';
import { createApp, type Application } from '../../../src/config/create-app.js';
import { loadConfig } from '../../../src/config/env.js';
import { createLogger } from '../../../src/config/logger.js';
import { backend, describeWith, openTestDatabase, uniquePrefix } from '../../support/integration.js';
import { LoopbackOnlySender } from '../../support/loopback-sender.js';
import { serviceAddress, startService } from '../../support/processes.js';
import { StaticResolver } from '../../support/static-resolver.js';
import { WebhookReceiver } from '../../support/webhook-receiver.js';

const PETS = 40;

const headersOf = (hit: { headers: Record<string, string | string[] | undefined> }) => ({
  'webhook-id': String(hit.headers['webhook-id']),
  'webhook-timestamp': String(hit.headers['webhook-timestamp']),
  'webhook-signature': String(hit.headers['webhook-signature']),
});

describeWith('both', 'Webhook delivery with two instances, and after a crash', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    database = await openTestDatabase();
    receiver = await WebhookReceiver.start();
  });
  afterAll(async () => {
    await receiver?.close();
    await database?.close();
  });

  it('makes each attempt of each delivery once while two instances deliver, retries included', async () => {
    await database.clear();
    receiver.hits.length = 0;
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      MONGODB_URL: backend('mongo').url,
      MONGODB_DATABASE: database.name,
      REDIS_URL: backend('redis').url,
      REDIS_KEY_PREFIX: uniquePrefix(),
      WEBHOOK_ALLOW_LOOPBACK: 'true',
      WEBHOOK_RETRY_SCHEDULE: '1s',
    });
    const senders: LoopbackOnlySender[] = [];
    const instances = (await Promise.all(
      [1, 2].map(async () => {
        const adapters = await configuredAdapters(config, createLogger(config));
        const sender = new LoopbackOnlySender(adapters.webhookSender);
        senders.push(sender);
        return createApp(config, { adapters: { ...adapters, webhookSender: sender, resolver: new StaticResolver({}) } });
      }),
    )) as [Application, Application];
    try {
      const { key } = await instances[0].keys.issue({
        name: 'Shelter',
        plan: 'enterprise',
        customLimits: { perMinute: 100_000, perDay: 1_000_000 },
      });
      const headers = { authorization: `Bearer ${key}` };
      const made = await instances[0].http.inject({
        method: 'POST',
        url: '/v1/webhook-endpoints',
        headers,
        payload: { url: receiver.url('/hook', '127.0.0.1'), enabledEvents: ['pet.created'] },
      });
      expect(made.statusCode, made.body).toBe(201);
      const { id, secret } = made.json<{ id: string; secret: string }>();
      // The first attempt of each event fails, the second succeeds.
      const attemptsOf = new Map<string, number>();
      receiver.answer = (hit) => {
        const eventId = String(hit.headers['webhook-id']);
        const n = (attemptsOf.get(eventId) ?? 0) + 1;
        attemptsOf.set(eventId, n);
        return { status: n === 1 ? 503 : 200 };
      };
      await Promise.all(
        Array.from({ length: PETS }, (_, n) =>
          (instances[n % 2] as Application).http.inject({
            method: 'POST',
            url: '/v1/pets',
            headers,
            payload: { name: `Pet ${n}`, categoryId: 1 },
          }),
        ),
      );
      await receiver.received(2 * PETS, 30_000);
      // A few more passes of both instances: nothing more arrives.
      await new Promise((done) => setTimeout(done, 1_500));
      expect(receiver.hits).toHaveLength(2 * PETS);
      expect([...attemptsOf.values()]).toEqual(Array.from({ length: PETS }, () => 2));
      for (const hit of receiver.hits) expect(new Webhook(secret).verify(hit.body, headersOf(hit))).toMatchObject({ type: 'pet.created' });
      // Both instances took a share of the attempts.
      const log = await instances[1].http.inject({ url: `/v1/webhook-endpoints/${id}/deliveries?limit=100`, headers });
      const deliveries = log.json<{ status: string; attempts: { statusCode: number }[] }[]>();
      expect(deliveries).toHaveLength(PETS);
      expect(deliveries.every((d) => d.status === 'delivered' && d.attempts.map((a) => a.statusCode).join() === '503,200')).toBe(true);
      const scrapes = await Promise.all(instances.map((app) => app.metrics.scrape()));
      const made2xx = scrapes.map(({ body }) => Number(/webhook_attempts_total\{outcome="delivered"\} (\d+)/.exec(body)?.[1] ?? 0));
      expect(made2xx.reduce((a, b) => a + b, 0)).toBe(PETS);
      console.info(
        `[measure] two instances, ${PETS} events x 2 attempts: delivered by instance 1: ${made2xx[0]}, instance 2: ${made2xx[1]}`,
      );
      expect(senders.flatMap((s) => s.refused)).toEqual([]);
    } finally {
      await Promise.all(instances.map((app) => app.http.close()));
    }
  });

  it('delivers the event of a write answered 201 by a process killed right after, once another process runs', async () => {
    await database.clear();
    receiver.hits.length = 0;
    receiver.answer = () => ({ status: 204 });
    const KEY = 'webhook-durability-key-00000001';
    const auth = { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' };
    const start = (worker: boolean): ChildProcess =>
      startService({
        MONGODB_URL: backend('mongo').url,
        MONGODB_DATABASE: database.name,
        API_KEYS: `${KEY}:business`,
        WEBHOOK_ALLOW_LOOPBACK: 'true',
        WEBHOOK_WORKER: String(worker),
      });
    const addressOf = serviceAddress;

    // The first process takes the writes and delivers nothing (WEBHOOK_WORKER=false), then dies.
    const first = start(false);
    let secret: string;
    let petId: number;
    try {
      const address = await addressOf(first);
      const made = await fetch(`${address}/v1/webhook-endpoints`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ url: receiver.url('/hook', '127.0.0.1'), enabledEvents: ['pet.created'] }),
      });
      expect(made.status).toBe(201);
      secret = ((await made.json()) as { secret: string }).secret;
      const created = await fetch(`${address}/v1/pets`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ name: 'Survivor', categoryId: 1 }),
      });
      expect(created.status).toBe(201);
      petId = ((await created.json()) as { id: number }).id;
    } finally {
      first.kill('SIGKILL');
      await once(first, 'exit');
    }
    expect(receiver.hits).toEqual([]);

    const second = start(true);
    try {
      await addressOf(second);
      const [hit] = await receiver.received(1, 15_000);
      if (!hit) throw new Error('no delivery');
      expect(new Webhook(secret).verify(hit.body, headersOf(hit))).toMatchObject({
        type: 'pet.created',
        data: { object: { id: petId, name: 'Survivor' } },
      });
    } finally {
      second.kill('SIGTERM');
      await once(second, 'exit');
    }
  });

  it('delivers once the alert of a change whose process was killed before relaying it: the next process makes and sends it', async () => {
    await database.clear();
    receiver.hits.length = 0;
    receiver.answer = () => ({ status: 204 });
    // The test holds the feed's writer lease, so the first process cannot relay: the change waits in its outbox.
    const feed = new MongoEventFeed(database.db, 5_000);
    expect(await feed.claimWriter('the test', Date.now(), 600_000)).not.toBeNull();
    const KEY = 'webhook-durability-key-00000002';
    const auth = { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' };
    const start = (worker: boolean): ChildProcess =>
      startService({
        MONGODB_URL: backend('mongo').url,
        MONGODB_DATABASE: database.name,
        API_KEYS: `${KEY}:business`,
        WEBHOOK_ALLOW_LOOPBACK: 'true',
        WEBHOOK_WORKER: String(worker),
      });
    const first = start(false);
    let secret: string;
    let searchId: string;
    let petId: number;
    try {
      const address = await serviceAddress(first);
      const post = async (path: string, body: object) => {
        const response = await fetch(`${address}/v1${path}`, { method: 'POST', headers: auth, body: JSON.stringify(body) });
        expect(response.status, await response.clone().text()).toBe(201);
        return response.json() as Promise<Record<string, unknown>>;
      };
      secret = (await post('/webhook-endpoints', { url: receiver.url('/alerts', '127.0.0.1'), enabledEvents: ['search.matched'] }))
        .secret as string;
      searchId = (await post('/saved-searches', { label: 'Cats', reference: 'adopter-1', search: { species: ['cat'] } })).id as string;
      petId = (await post('/pets', { name: 'Mia', categoryId: 1, species: 'cat' })).id as number;
    } finally {
      first.kill('SIGKILL');
      await once(first, 'exit');
    }
    expect(await feed.find({ visibleTo: null, limit: 10 })).toEqual([]);

    // The test gives the lease up (it ran out a minute ago); a new process relays the change, makes its alert and sends it.
    await feed.claimWriter('the test', Date.now() - 120_000, 60_000);
    const second = start(true);
    try {
      await serviceAddress(second);
      const [hit] = await receiver.received(1, 15_000);
      if (!hit) throw new Error('no delivery');
      // A few more passes: nothing more arrives.
      await new Promise((done) => setTimeout(done, 1_500));
      expect(receiver.hits).toHaveLength(1);
      expect(new Webhook(secret).verify(hit.body, headersOf(hit))).toMatchObject({
        type: 'search.matched',
        data: { object: { id: petId, name: 'Mia' }, savedSearch: { id: searchId, label: 'Cats', reference: 'adopter-1' } },
      });
      const [change, alert] = (await feed.find({ visibleTo: null, limit: 10 })).map(({ event }) => event);
      expect([change?.type, alert?.type]).toEqual(['pet.created', 'search.matched']);
      expect(headersOf(hit)['webhook-id']).toBe(alert?.id);
    } finally {
      second.kill('SIGTERM');
      await once(second, 'exit');
    }
  });
});
