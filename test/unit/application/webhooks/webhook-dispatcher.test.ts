/**
 * The webhook dispatcher, server-free: fan-out to the endpoints that may see each event and enabled
 * its type, delivery ids that make a repeated fan-out add nothing, signed attempts to the checked
 * address, and endpoints disabled by a 410 or by failing for days. The sender is a recorder: no
 * request leaves the process.
 */
import { describe, expect, it, vi } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { MemoryAuditLog } from '../../../../src/adapters/shared/memory/memory-audit-log.js';
import { MemoryWebhookDeliveryStore } from '../../../../src/adapters/webhooks/memory/memory-webhook-delivery-store.js';
import { MemoryWebhookEndpointStore } from '../../../../src/adapters/webhooks/memory/memory-webhook-endpoint-store.js';
import { Auditor } from '../../../../src/application/shared/services/auditor.js';
import type { WebhookRequest, WebhookSender } from '../../../../src/application/webhooks/ports/webhook-sender.js';
import { deliveryIdFor } from '../../../../src/application/webhooks/services/webhook-delivery-ids.js';
import {
  outcomeLabel,
  WEBHOOK_USER_AGENT,
  WebhookDispatcher,
  type WebhookDispatcherSettings,
} from '../../../../src/application/webhooks/services/webhook-dispatcher.js';
import { InspectWebhooks, RECENT_FAILURES } from '../../../../src/application/webhooks/use-cases/inspect-webhooks.js';
import { ManageWebhookEndpoints } from '../../../../src/application/webhooks/use-cases/manage-webhook-endpoints.js';
import { WebhookDeliveries } from '../../../../src/application/webhooks/use-cases/webhook-deliveries.js';
import { encodeCursor } from '../../../../src/application/shared/cursor.js';
import { MAX_WRITE_ROUNDS } from '../../../../src/application/shared/conditional-writes.js';
import { ValidationError } from '../../../../src/domain/shared/errors.js';
import type { AttemptOutcome } from '../../../../src/domain/webhooks/webhook-delivery.js';
import type { WebhookEndpoint } from '../../../../src/domain/webhooks/webhook-endpoint.js';
import { adoptionWorld, callerOf, OTHER_APPLICANT, overriding, SHELTER, type AdoptionWorld } from '../../../support/adoption-world.js';
import { StaticResolver, TEST_ANSWERS } from '../../../support/static-resolver.js';

const DAY_MS = 86_400_000;

/** Records every request and answers what the test says (200 by default). */
class RecordingSender implements WebhookSender {
  readonly requests: WebhookRequest[] = [];
  answer: AttemptOutcome = { kind: 'response', statusCode: 200, retryAfterMs: null };

  async send(request: WebhookRequest): Promise<AttemptOutcome> {
    this.requests.push(request);
    return this.answer;
  }
}

function webhooksOn(
  world: AdoptionWorld,
  wrapEndpoints: (store: MemoryWebhookEndpointStore) => MemoryWebhookEndpointStore = (store) => store,
) {
  const endpoints = wrapEndpoints(new MemoryWebhookEndpointStore());
  const deliveries = new MemoryWebhookDeliveryStore();
  const audit = new MemoryAuditLog();
  const auditor = new Auditor(audit, world.clock);
  // A copy: a test may change what a name resolves to.
  const resolver = new StaticResolver({ ...TEST_ANSWERS });
  const sender = new RecordingSender();
  const disabled: { endpoint: WebhookEndpoint; reason: string }[] = [];
  const manage = new ManageWebhookEndpoints(endpoints, resolver, auditor, world.clock, { maxPerOwner: 10, allowLoopback: false });
  const settings: WebhookDispatcherSettings = {
    holder: 'a',
    timeoutMs: 5_000,
    claimMarginMs: 12_000,
    retryScheduleMs: [60_000, 3_600_000],
    allowLoopback: false,
    render: (event) => JSON.stringify(event),
    batch: 100,
    retentionMs: 30 * DAY_MS,
    disableAfterMs: 3 * DAY_MS,
    jitter: () => 0,
  };
  const dependencies = { feed: world.feed, auditor, endpoints, deliveries, resolver, sender, clock: world.clock };
  const dispatcher = new WebhookDispatcher(dependencies, settings, {
    endpointDisabled: (endpoint, reason) => disabled.push({ endpoint, reason }),
  });
  const another = new WebhookDispatcher(dependencies, { ...settings, holder: 'b' });
  const log = new WebhookDeliveries(manage, deliveries, dispatcher, world.clock, { retentionMs: settings.retentionMs });
  const inspect = new InspectWebhooks(endpoints, deliveries);
  return { endpoints, deliveries, audit, sender, resolver, disabled, manage, dispatcher, another, log, inspect };
}

/** `count` new animals, their pet.created events relayed into the feed and fanned out as deliveries. */
async function fanOutNewPets(world: AdoptionWorld, hooks: ReturnType<typeof webhooksOn>, count = 1): Promise<void> {
  for (let i = 0; i < count; i++) await world.aPet();
  while ((await world.relay.pass()) > 0);
  await hooks.dispatcher.fanOut();
}

/** A pet and a request for it, relayed into the feed: pet.created, order.placed. */
async function someEvents(world: AdoptionWorld) {
  const pet = await world.aPet();
  await world.aRequest(pet);
  while ((await world.relay.pass()) > 0);
  return (await world.feed.find({ visibleTo: null, limit: 100 })).map(({ event }) => event);
}

describe('WebhookDispatcher', () => {
  it('fans each event out to the endpoints whose owner may see it and that enabled its type, once, whoever runs it', async () => {
    const world = adoptionWorld();
    const hooks = webhooksOn(world);
    const everything = (await hooks.manage.create({ url: 'https://hooks.example.com/all', enabledEvents: ['*'] }, SHELTER)).endpoint;
    const petsOnly = (
      await hooks.manage.create({ url: 'https://hooks.example.com/pets', enabledEvents: ['pet.created', 'order.placed'] }, OTHER_APPLICANT)
    ).endpoint;
    const events = await someEvents(world);
    expect(events.map((event) => event.type)).toEqual(['pet.created', 'order.placed']);

    const [read, readAgain] = await Promise.all([hooks.dispatcher.fanOut(), hooks.another.fanOut()]);
    expect(read + readAgain).toBeGreaterThanOrEqual(2);
    expect(await hooks.dispatcher.fanOut()).toBe(0);

    const made = async (endpoint: WebhookEndpoint) =>
      (await hooks.deliveries.list({ endpointId: endpoint.id, limit: 100 })).map((delivery) => [delivery.id, delivery.eventType]);
    // The shelter owns the pet, so it sees the request; another owner's endpoint sees the pet only,
    // though it enabled order.placed.
    expect((await made(everything)).sort()).toEqual(events.map((event) => [deliveryIdFor(event.id, everything.id), event.type]).sort());
    expect(await made(petsOnly)).toEqual([[deliveryIdFor(events[0]?.id as string, petsOnly.id), 'pet.created']]);
  });

  it('posts each due delivery, signed with the endpoint secret, to the address it checked, and records it delivered', async () => {
    const world = adoptionWorld();
    const hooks = webhooksOn(world);
    const { endpoint, secret } = await hooks.manage.create(
      { url: 'https://hooks.example.com/in', enabledEvents: ['pet.created'] },
      SHELTER,
    );
    const [created] = await someEvents(world);
    await hooks.dispatcher.fanOut();
    expect(await hooks.dispatcher.attemptDue()).toBe(1);
    const [request] = hooks.sender.requests;
    expect(request).toMatchObject({ url: 'https://hooks.example.com/in', address: '93.184.215.14', timeoutMs: 5_000 });
    expect(request?.headers['webhook-id']).toBe(created?.id);
    expect(JSON.parse(request?.body as string)).toEqual(created);
    // Signed as Standard Webhooks says, with the secret the owner was given (the library's own signature).
    const timestamp = Number(request?.headers['webhook-timestamp']);
    expect(timestamp).toBe(Math.floor(world.clock.nowMs() / 1000));
    expect(request?.headers['webhook-signature']).toBe(
      new Webhook(secret).sign(created?.id as string, new Date(timestamp * 1000), request?.body as string),
    );
    const [delivery] = await hooks.deliveries.list({ endpointId: endpoint.id, limit: 10 });
    expect(delivery).toMatchObject({ status: 'delivered', nextAttemptAt: null });
    expect(await hooks.dispatcher.attemptDue()).toBe(0);
  });

  it('disables an endpoint that answers 410, audits it, and skips what comes for it while it is disabled', async () => {
    const world = adoptionWorld();
    const hooks = webhooksOn(world);
    const { endpoint } = await hooks.manage.create({ url: 'https://hooks.example.com/gone', enabledEvents: ['*'] }, SHELTER);
    await someEvents(world);
    hooks.sender.answer = { kind: 'response', statusCode: 410, retryAfterMs: null };
    await hooks.dispatcher.fanOut();
    await hooks.dispatcher.attemptDue();
    const gone = await hooks.endpoints.findById(endpoint.id);
    expect(gone?.status).toBe('disabled');
    expect(gone?.disabledReason).toMatch(/410 Gone/);
    expect(hooks.disabled.map((d) => d.endpoint.id)).toEqual([endpoint.id]);
    const audited = await hooks.audit.list({ limit: 10, action: 'webhook.disable' });
    // Both deliveries met the 410 in one pass: one disable, audited once, as the service.
    expect(audited.map((event) => [event.target, event.actor])).toEqual([[endpoint.id, 'webhook-delivery']]);

    const sent = hooks.sender.requests.length;
    await fanOutNewPets(world, hooks);
    await hooks.dispatcher.attemptDue();
    expect(hooks.sender.requests).toHaveLength(sent);
    const statuses = (await hooks.deliveries.list({ endpointId: endpoint.id, limit: 10 })).map((delivery) => delivery.status);
    expect(statuses).toContain('skipped');
  });

  it('names the endpoint when its disable loses every round to other writers, and leaves it enabled', async () => {
    const world = adoptionWorld();
    let writes = 0;
    const hooks = webhooksOn(world, (store) => overriding(store, { update: async () => (writes++, false) }));
    const { endpoint } = await hooks.manage.create({ url: 'https://hooks.example.com/gone', enabledEvents: ['pet.created'] }, SHELTER);
    await fanOutNewPets(world, hooks);
    hooks.sender.answer = { kind: 'response', statusCode: 410, retryAfterMs: null };
    await expect(hooks.dispatcher.attemptDue()).rejects.toThrow(
      `Webhook endpoint ${endpoint.id} is being changed by many requests at once`,
    );
    expect(writes).toBe(MAX_WRITE_ROUNDS);
    expect((await hooks.endpoints.findById(endpoint.id))?.status).toBe('enabled');
  });

  it('disables an endpoint none of whose attempts succeeded for the days it is given, and not before', async () => {
    const world = adoptionWorld();
    const hooks = webhooksOn(world);
    const { endpoint } = await hooks.manage.create({ url: 'https://hooks.example.com/down', enabledEvents: ['pet.created'] }, SHELTER);
    hooks.sender.answer = { kind: 'response', statusCode: 503, retryAfterMs: null };
    const attemptAll = async () => {
      await hooks.dispatcher.fanOut();
      await hooks.dispatcher.attemptDue();
    };
    await world.aPet();
    while ((await world.relay.pass()) > 0);
    await attemptAll();
    for (let day = 1; day < 3; day++) {
      world.clock.advance(DAY_MS);
      await world.aPet();
      while ((await world.relay.pass()) > 0);
      await attemptAll();
      expect((await hooks.endpoints.findById(endpoint.id))?.status, `day ${day}`).toBe('enabled');
    }
    world.clock.advance(DAY_MS);
    await world.aPet();
    while ((await world.relay.pass()) > 0);
    await attemptAll();
    const down = await hooks.endpoints.findById(endpoint.id);
    expect(down?.status).toBe('disabled');
    expect(down?.disabledReason).toMatch(/^No delivery succeeded for 3 days/);
  });
});

describe('WebhookDispatcher, which endpoints', () => {
  it('gives an event to no endpoint made after it, and to one made at the same instant', async () => {
    const world = adoptionWorld();
    const hooks = webhooksOn(world);
    const before = (await hooks.manage.create({ url: 'https://hooks.example.com/before', enabledEvents: ['*'] }, SHELTER)).endpoint;
    await world.aPet();
    const same = (await hooks.manage.create({ url: 'https://hooks.example.com/same', enabledEvents: ['*'] }, SHELTER)).endpoint;
    world.clock.advance(1);
    const after = (await hooks.manage.create({ url: 'https://hooks.example.com/after', enabledEvents: ['*'] }, SHELTER)).endpoint;
    while ((await world.relay.pass()) > 0);
    expect(await hooks.dispatcher.fanOut()).toBe(1);
    const count = async (endpoint: WebhookEndpoint) => (await hooks.deliveries.list({ endpointId: endpoint.id, limit: 10 })).length;
    expect([await count(before), await count(same), await count(after)]).toEqual([1, 1, 0]);
  });

  it('reads every endpoint when there are more than a page of them, and makes one delivery for each', async () => {
    const world = adoptionWorld();
    const hooks = webhooksOn(world);
    const made: string[] = [];
    for (let i = 0; i < 501; i++) {
      made.push(
        (await hooks.manage.create({ url: 'https://hooks.example.com/', enabledEvents: ['pet.created'] }, callerOf(`owner_${i}`))).endpoint
          .id,
      );
    }
    await world.aPet();
    while ((await world.relay.pass()) > 0);
    const add = vi.spyOn(hooks.deliveries, 'add');
    await hooks.dispatcher.fanOut();
    const added = add.mock.calls.flatMap(([deliveries]) => deliveries.map((delivery) => delivery.endpointId));
    expect(added.sort()).toEqual(made.sort());
  });
});

describe('WebhookDeliveries', () => {
  it("pages an endpoint's log newest first with the cursor it gives, and refuses a cursor that names no delivery", async () => {
    const world = adoptionWorld();
    const hooks = webhooksOn(world);
    const { endpoint } = await hooks.manage.create({ url: 'https://hooks.example.com/', enabledEvents: ['pet.created'] }, SHELTER);
    await fanOutNewPets(world, hooks, 3);
    const all = (await hooks.log.list(endpoint.id, SHELTER, { limit: 100 })).deliveries.map((delivery) => delivery.id);
    expect(all).toHaveLength(3);
    expect([...all].sort().reverse()).toEqual(all);
    const first = await hooks.log.list(endpoint.id, SHELTER, { limit: 2 });
    expect(first.deliveries.map((delivery) => delivery.id)).toEqual(all.slice(0, 2));
    const second = await hooks.log.list(endpoint.id, SHELTER, { limit: 2, cursor: first.nextCursor as string });
    expect(second).toEqual({ deliveries: [expect.objectContaining({ id: all[2] })], nextCursor: null });
    for (const cursor of [encodeCursor('evt_1'), encodeCursor(12), 'not a cursor']) {
      await expect(hooks.log.list(endpoint.id, SHELTER, { cursor })).rejects.toThrow(/cursor is not valid/);
    }
  });

  it('refuses to recover since a time that is not one, in the future or past what is kept, and sends nothing again', async () => {
    const world = adoptionWorld();
    const hooks = webhooksOn(world);
    const { endpoint } = await hooks.manage.create({ url: 'https://hooks.example.com/', enabledEvents: ['*'] }, SHELTER);
    const now = world.clock.nowMs();
    for (const [since, message] of [
      ['yesterday', 'since must be an RFC 3339 date-time, such as 2026-11-20T00:00:00Z'],
      [new Date(now + 1).toISOString(), /since is in the future/],
      [new Date(now - 31 * DAY_MS).toISOString(), /since is older than the 30 days deliveries are kept/],
    ] as const) {
      const attempt = hooks.log.recover(endpoint.id, since, SHELTER);
      await expect(attempt).rejects.toBeInstanceOf(ValidationError);
      await expect(attempt).rejects.toMatchObject({ field: 'since' });
      await expect(attempt).rejects.toThrow(message);
    }
  });
});

describe('WebhookDeliveries, recovering and testing', () => {
  /** An endpoint with three deliveries of pet.created, made and not attempted yet; their ids oldest first. */
  async function threeDeliveries() {
    const world = adoptionWorld();
    const hooks = webhooksOn(world);
    const { endpoint } = await hooks.manage.create({ url: 'https://hooks.example.com/', enabledEvents: ['pet.created'] }, SHELTER);
    await fanOutNewPets(world, hooks, 3);
    const ids = (await hooks.log.list(endpoint.id, SHELTER)).deliveries.map((delivery) => delivery.id).reverse();
    return { world, hooks, endpoint, ids };
  }

  it('lists one status only when asked, and finds a delivery under its own endpoint only', async () => {
    const { hooks, endpoint, ids } = await threeDeliveries();
    hooks.sender.answer = { kind: 'response', statusCode: 500, retryAfterMs: null };
    await hooks.dispatcher.attemptDue();
    await hooks.log.retry(endpoint.id, ids[0] as string, SHELTER);
    hooks.sender.answer = { kind: 'response', statusCode: 200, retryAfterMs: null };
    expect(await hooks.dispatcher.attemptDue()).toBe(1);
    const byStatus = async (status: 'delivered' | 'pending') =>
      (await hooks.log.list(endpoint.id, SHELTER, { status })).deliveries.map((delivery) => delivery.id);
    expect(await byStatus('delivered')).toEqual([ids[0]]);
    expect((await byStatus('pending')).sort()).toEqual([ids[1], ids[2]].sort());
    expect(await hooks.log.get(endpoint.id, ids[0] as string, SHELTER)).toMatchObject({ id: ids[0], status: 'delivered' });
    // The same owner's other endpoint does not show it.
    const other = (await hooks.manage.create({ url: 'https://hooks.example.com/other', enabledEvents: ['*'] }, SHELTER)).endpoint;
    await expect(hooks.log.get(other.id, ids[0] as string, SHELTER)).rejects.toThrow(`No delivery with id ${ids[0]}`);
  });

  it('sends again every failed, exhausted or skipped delivery since the time given, not one delivered or still due; from now and from the oldest kept too', async () => {
    const { world, hooks, endpoint, ids } = await threeDeliveries();
    // Two exhaust their schedule (three failed attempts), the third is delivered.
    hooks.sender.answer = { kind: 'response', statusCode: 500, retryAfterMs: null };
    await hooks.dispatcher.attemptDue();
    world.clock.advance(60_000);
    await hooks.dispatcher.attemptDue();
    await hooks.log.retry(endpoint.id, ids[2] as string, SHELTER);
    hooks.sender.answer = { kind: 'response', statusCode: 200, retryAfterMs: null };
    // ids[2] is the only one due now (the others wait an hour): delivered.
    expect(await hooks.dispatcher.attemptDue()).toBe(1);
    hooks.sender.answer = { kind: 'response', statusCode: 500, retryAfterMs: null };
    world.clock.advance(3_600_000);
    expect(await hooks.dispatcher.attemptDue()).toBe(2);
    const statuses = async () =>
      Object.fromEntries((await hooks.log.list(endpoint.id, SHELTER)).deliveries.map((delivery) => [delivery.id, delivery.status]));
    expect(await statuses()).toEqual({ [ids[0] as string]: 'exhausted', [ids[1] as string]: 'exhausted', [ids[2] as string]: 'delivered' });
    // Since now: the deliveries were made before it, so none.
    expect(await hooks.log.recover(endpoint.id, new Date(world.clock.nowMs()).toISOString(), SHELTER)).toBe(0);
    // Since the oldest time kept (exactly the retention): both exhausted ones, due again now.
    const oldestKept = new Date(world.clock.nowMs() - 30 * DAY_MS).toISOString();
    expect(await hooks.log.recover(endpoint.id, oldestKept, SHELTER)).toBe(2);
    expect(await statuses()).toEqual({ [ids[0] as string]: 'pending', [ids[1] as string]: 'pending', [ids[2] as string]: 'delivered' });
    const pending = (await hooks.log.list(endpoint.id, SHELTER, { status: 'pending' })).deliveries;
    expect(pending.map((delivery) => delivery.nextAttemptAt)).toEqual(pending.map(() => new Date(world.clock.nowMs()).toISOString()));
    // Pending ones are not sent again by a second recover: nothing to do.
    expect(await hooks.log.recover(endpoint.id, oldestKept, SHELTER)).toBe(0);
  });

  it('sends a signed webhook.test event now, with a new id each time, and records a failed one as failed, never retried', async () => {
    const world = adoptionWorld();
    const hooks = webhooksOn(world);
    const { endpoint, secret } = await hooks.manage.create({ url: 'https://hooks.example.com/', enabledEvents: ['pet.created'] }, SHELTER);
    const first = await hooks.log.test(endpoint.id, SHELTER);
    expect(first.outcome).toEqual({ kind: 'response', statusCode: 200, retryAfterMs: null });
    expect(first.delivery).toMatchObject({ endpointId: endpoint.id, eventType: 'webhook.test', status: 'delivered' });
    const [request] = hooks.sender.requests;
    expect(JSON.parse(request?.body as string)).toEqual({
      id: first.delivery.eventId,
      type: 'webhook.test',
      createdAt: new Date(world.clock.nowMs()).toISOString(),
      data: { endpointId: endpoint.id },
    });
    const timestamp = Number(request?.headers['webhook-timestamp']);
    expect(request?.headers['webhook-id']).toBe(first.delivery.eventId);
    expect(request?.headers['webhook-signature']).toBe(
      new Webhook(secret).sign(first.delivery.eventId, new Date(timestamp * 1000), request?.body as string),
    );
    hooks.sender.answer = { kind: 'response', statusCode: 500, retryAfterMs: null };
    const second = await hooks.log.test(endpoint.id, SHELTER);
    expect(second.delivery.eventId).not.toBe(first.delivery.eventId);
    expect(second.delivery).toMatchObject({ status: 'failed', nextAttemptAt: null });
    // Both are in the endpoint's log, and the failed one is never attempted again.
    expect((await hooks.log.list(endpoint.id, SHELTER)).deliveries.map((delivery) => delivery.status).sort()).toEqual([
      'delivered',
      'failed',
    ]);
    world.clock.advance(DAY_MS);
    expect(await hooks.dispatcher.attemptDue()).toBe(0);
    expect(hooks.sender.requests).toHaveLength(2);
  });
});

describe('InspectWebhooks', () => {
  it("shows each endpoint's latest failed attempts, newest first, at most ten, and none of the delivered ones", async () => {
    const world = adoptionWorld();
    const hooks = webhooksOn(world);
    const { endpoint } = await hooks.manage.create({ url: 'https://hooks.example.com/', enabledEvents: ['pet.created'] }, SHELTER);
    const quiet = (await hooks.manage.create({ url: 'https://hooks.example.com/quiet', enabledEvents: ['order.placed'] }, SHELTER))
      .endpoint;
    await fanOutNewPets(world, hooks, 6);
    // Six deliveries: each fails with a 500, then with no answer a minute later, then is delivered.
    hooks.sender.answer = { kind: 'response', statusCode: 500, retryAfterMs: null };
    expect(await hooks.dispatcher.attemptDue()).toBe(6);
    const firstAt = new Date(world.clock.nowMs()).toISOString();
    world.clock.advance(60_000);
    hooks.sender.answer = { kind: 'error', error: 'connect' };
    expect(await hooks.dispatcher.attemptDue()).toBe(6);
    const secondAt = new Date(world.clock.nowMs()).toISOString();
    world.clock.advance(3_600_000);
    hooks.sender.answer = { kind: 'response', statusCode: 204, retryAfterMs: null };
    expect(await hooks.dispatcher.attemptDue()).toBe(6);

    const [overview, none] = await hooks.inspect.ownerEndpoints(SHELTER.ownerId, 10);
    expect(overview?.endpoint.id).toBe(endpoint.id);
    expect(none).toEqual({ endpoint: quiet, recentFailures: [] });
    const failures = overview?.recentFailures ?? [];
    expect(failures).toHaveLength(RECENT_FAILURES);
    expect(failures.map((failure) => [failure.at, failure.statusCode, failure.error])).toEqual([
      ...Array.from({ length: 6 }, () => [secondAt, null, 'connect']),
      ...Array.from({ length: 4 }, () => [firstAt, 500, null]),
    ]);
    expect(failures.every((failure) => failure.eventType === 'pet.created' && failure.deliveryId.startsWith('wd_'))).toBe(true);
    // Attempts made at the same instant keep the log's order: newest delivery first.
    const newestFirst = (await hooks.log.list(endpoint.id, SHELTER)).deliveries.map((delivery) => delivery.id);
    expect(failures.map((failure) => failure.deliveryId)).toEqual([...newestFirst, ...newestFirst.slice(0, 4)]);
  });

  it('counts a 300 and a 199 as failures, a 200 not', async () => {
    const world = adoptionWorld();
    const hooks = webhooksOn(world);
    const { endpoint } = await hooks.manage.create({ url: 'https://hooks.example.com/', enabledEvents: ['pet.created'] }, SHELTER);
    await fanOutNewPets(world, hooks, 3);
    const ids = (await hooks.log.list(endpoint.id, SHELTER)).deliveries.map((delivery) => delivery.id).reverse();
    for (const [index, statusCode] of [200, 300, 199].entries()) {
      hooks.sender.answer = { kind: 'response', statusCode, retryAfterMs: null };
      await hooks.log.retry(endpoint.id, ids[index] as string, SHELTER);
      world.clock.advance(1_000);
      await hooks.dispatcher.attemptDue();
    }
    const [overview] = await hooks.inspect.ownerEndpoints(SHELTER.ownerId, 10);
    expect(overview?.recentFailures.map((failure) => [failure.deliveryId, failure.statusCode])).toEqual([
      [ids[2], 199],
      [ids[1], 300],
    ]);
  });
});

describe('WebhookDispatcher, each attempt', () => {
  it('checks the host again before each attempt: no addresses is a connection failure, an inside address is blocked, and nothing is sent', async () => {
    const world = adoptionWorld();
    const hooks = webhooksOn(world);
    hooks.resolver.answers['moving.example.com'] = ['93.184.215.14'];
    const { endpoint } = await hooks.manage.create({ url: 'https://moving.example.com/', enabledEvents: ['pet.created'] }, SHELTER);
    await fanOutNewPets(world, hooks);
    const lastAttempt = async () => (await hooks.deliveries.list({ endpointId: endpoint.id, limit: 1 }))[0]?.attempts.at(-1);
    hooks.resolver.answers['moving.example.com'] = [];
    expect(await hooks.dispatcher.attemptDue()).toBe(1);
    expect(await lastAttempt()).toMatchObject({ statusCode: null, error: 'connect' });
    world.clock.advance(60_000);
    hooks.resolver.answers['moving.example.com'] = ['10.0.0.7'];
    expect(await hooks.dispatcher.attemptDue()).toBe(1);
    expect(await lastAttempt()).toMatchObject({ statusCode: null, error: 'blocked' });
    expect(hooks.sender.requests).toEqual([]);
  });

  it('labels each outcome for the metrics: delivered for any 2xx, the class of any other status, the error otherwise', () => {
    const status = (statusCode: number) => outcomeLabel({ kind: 'response', statusCode, retryAfterMs: null });
    expect([200, 204, 299].map(status)).toEqual(['delivered', 'delivered', 'delivered']);
    expect([199, 300, 404, 410, 503].map(status)).toEqual(['1xx', '3xx', '4xx', '4xx', '5xx']);
    expect(outcomeLabel({ kind: 'error', error: 'timeout' })).toBe('timeout');
  });
});

describe('WebhookDispatcher, its passes', () => {
  /** A sender whose answers wait until the test lets them go; counts how many are in flight at most. */
  function gatedSender(hooks: ReturnType<typeof webhooksOn>) {
    const waiting: (() => void)[] = [];
    let inFlight = 0;
    let most = 0;
    hooks.sender.send = async (request) => {
      hooks.sender.requests.push(request);
      inFlight++;
      most = Math.max(most, inFlight);
      await new Promise<void>((resolve) => waiting.push(resolve));
      inFlight--;
      return hooks.sender.answer;
    };
    const settled = () => new Promise((resolve) => setTimeout(resolve, 0));
    return {
      waiting,
      most: () => most,
      async releaseAll() {
        while (waiting.length > 0) {
          for (const release of waiting.splice(0)) release();
          await settled();
        }
      },
      settled,
    };
  }

  it('sends JSON with its user agent', async () => {
    const world = adoptionWorld();
    const hooks = webhooksOn(world);
    await hooks.manage.create({ url: 'https://hooks.example.com/', enabledEvents: ['pet.created'] }, SHELTER);
    await fanOutNewPets(world, hooks);
    await hooks.dispatcher.attemptDue();
    expect(hooks.sender.requests[0]?.headers).toMatchObject({ 'content-type': 'application/json', 'user-agent': WEBHOOK_USER_AGENT });
    expect(WEBHOOK_USER_AGENT).toBe('AnimalAdoptionAPI-Webhooks/1.0 (+https://github.com/standard-webhooks/standard-webhooks)');
  });

  it('keeps a claimed delivery from another instance until the timeout and the claim margin have passed, to the millisecond', async () => {
    const world = adoptionWorld();
    const hooks = webhooksOn(world);
    await hooks.manage.create({ url: 'https://hooks.example.com/', enabledEvents: ['pet.created'] }, SHELTER);
    await fanOutNewPets(world, hooks);
    const gate = gatedSender(hooks);
    const stuck = hooks.dispatcher.attemptDue();
    await gate.settled();
    expect(gate.waiting).toHaveLength(1);
    // The claim holds for the timeout (5 s) and the margin (12 s).
    expect(await hooks.another.attemptDue()).toBe(0);
    world.clock.advance(5_000 + 12_000 - 1);
    expect(await hooks.another.attemptDue()).toBe(0);
    world.clock.advance(1);
    const retaken = hooks.another.attemptDue();
    await gate.settled();
    expect(gate.waiting).toHaveLength(2);
    await gate.releaseAll();
    expect(await stuck).toBe(1);
    expect(await retaken).toBe(1);
  });

  it('attempts at most 16 deliveries at once, and records how long each took', async () => {
    const world = adoptionWorld();
    const hooks = webhooksOn(world);
    const { endpoint } = await hooks.manage.create({ url: 'https://hooks.example.com/', enabledEvents: ['pet.created'] }, SHELTER);
    await fanOutNewPets(world, hooks, 20);
    const gate = gatedSender(hooks);
    const pass = hooks.dispatcher.attemptDue();
    await gate.settled();
    expect(gate.waiting).toHaveLength(16);
    world.clock.advance(250);
    await gate.releaseAll();
    expect(await pass).toBe(20);
    expect(gate.most()).toBe(16);
    const [first] = (await hooks.log.list(endpoint.id, SHELTER, { limit: 100 })).deliveries.reverse();
    expect(first?.attempts[0]?.durationMs).toBe(250);
  });

  it('drops deliveries past retention on its first pass, then once an hour, to the millisecond', async () => {
    const world = adoptionWorld();
    const hooks = webhooksOn(world);
    const { endpoint } = await hooks.manage.create({ url: 'https://hooks.example.com/', enabledEvents: ['pet.created'] }, SHELTER);
    await fanOutNewPets(world, hooks);
    const count = async () => (await hooks.log.list(endpoint.id, SHELTER)).deliveries.length;
    world.clock.advance(30 * DAY_MS - 10);
    await hooks.dispatcher.attemptDue();
    world.clock.advance(20);
    await hooks.dispatcher.attemptDue();
    expect(await count()).toBe(1);
    world.clock.advance(3_600_000 - 20 - 1);
    await hooks.dispatcher.attemptDue();
    expect(await count()).toBe(1);
    world.clock.advance(1);
    await hooks.dispatcher.attemptDue();
    expect(await count()).toBe(0);
  });

  it('makes deliveries for a disabled endpoint skipped, never due, and skips a pending one whose endpoint was disabled since', async () => {
    const world = adoptionWorld();
    const hooks = webhooksOn(world);
    const { endpoint } = await hooks.manage.create({ url: 'https://hooks.example.com/', enabledEvents: ['pet.created'] }, SHELTER);
    const disabled = { ...endpoint, status: 'disabled' as const };
    expect(hooks.dispatcher.newDelivery(disabled, 'evt_x', 'pet.created', '{}')).toMatchObject({ status: 'skipped', nextAttemptAt: null });
    expect(hooks.dispatcher.newDelivery(endpoint, 'evt_x', 'pet.created', '{}')).toMatchObject({
      status: 'pending',
      nextAttemptAt: new Date(world.clock.nowMs()).toISOString(),
    });
    await fanOutNewPets(world, hooks);
    await hooks.manage.update(endpoint.id, { status: 'disabled' }, SHELTER);
    expect(await hooks.dispatcher.attemptDue()).toBe(1);
    expect(hooks.sender.requests).toEqual([]);
    expect((await hooks.log.list(endpoint.id, SHELTER)).deliveries.map((delivery) => delivery.status)).toEqual(['skipped']);
  });

  it('disables again an endpoint enabled after a 410 that answers 410 once more, audited each time, one version on', async () => {
    const world = adoptionWorld();
    const hooks = webhooksOn(world);
    const { endpoint } = await hooks.manage.create({ url: 'https://hooks.example.com/', enabledEvents: ['pet.created'] }, SHELTER);
    hooks.sender.answer = { kind: 'response', statusCode: 410, retryAfterMs: null };
    for (let round = 0; round < 2; round++) {
      await fanOutNewPets(world, hooks);
      const before = await hooks.endpoints.findById(endpoint.id);
      await hooks.dispatcher.attemptDue();
      const after = await hooks.endpoints.findById(endpoint.id);
      expect(after).toMatchObject({ status: 'disabled', version: (before?.version ?? 0) + 1 });
      await hooks.manage.update(endpoint.id, { status: 'enabled' }, SHELTER);
    }
    const disables = (await hooks.audit.list({ limit: 100 })).filter((entry) => entry.action === 'webhook.disable');
    expect(disables).toHaveLength(2);
    expect(disables[0]).toMatchObject({
      actor: 'webhook-delivery',
      target: endpoint.id,
      reason: expect.stringMatching(/^The endpoint answered 410 Gone to delivery wd_/) as unknown,
      changes: { status: { from: 'enabled', to: 'disabled' } },
    });
  });

  it('audits a disable once when its write loses to another change, and leaves one the owner made meanwhile as the owner made it', async () => {
    const world = adoptionWorld();
    const hooks = webhooksOn(world);
    const { endpoint } = await hooks.manage.create({ url: 'https://hooks.example.com/', enabledEvents: ['pet.created'] }, SHELTER);
    await fanOutNewPets(world, hooks);
    // While the attempt is out, the owner changes the description: the disable's first write loses.
    hooks.sender.send = async (request) => {
      hooks.sender.requests.push(request);
      await hooks.manage.update(endpoint.id, { description: 'changed meanwhile' }, SHELTER);
      return { kind: 'response', statusCode: 410, retryAfterMs: null };
    };
    await hooks.dispatcher.attemptDue();
    expect(await hooks.endpoints.findById(endpoint.id)).toMatchObject({ status: 'disabled', description: 'changed meanwhile' });
    const disables = (await hooks.audit.list({ limit: 100 })).filter((entry) => entry.action === 'webhook.disable');
    expect(disables).toHaveLength(1);

    // Disabled by its owner while the attempt is out: the 410 leaves it as the owner left it.
    const second = (await hooks.manage.create({ url: 'https://hooks.example.com/2', enabledEvents: ['pet.created'] }, SHELTER)).endpoint;
    await fanOutNewPets(world, hooks);
    hooks.sender.send = async (request) => {
      hooks.sender.requests.push(request);
      await hooks.manage.update(second.id, { status: 'disabled' }, SHELTER);
      return { kind: 'response', statusCode: 410, retryAfterMs: null };
    };
    await hooks.dispatcher.attemptDue();
    const byOwner = await hooks.endpoints.findById(second.id);
    expect(byOwner).toMatchObject({ status: 'disabled', disabledReason: null });
  });
});

describe('WebhookDispatcher and WebhookDeliveries, edges', () => {
  it('gives two test pings at one instant ids of this feed, in the order sent', async () => {
    const world = adoptionWorld();
    const hooks = webhooksOn(world);
    const { endpoint } = await hooks.manage.create({ url: 'https://hooks.example.com/', enabledEvents: ['pet.created'] }, SHELTER);
    const first = await hooks.log.test(endpoint.id, SHELTER);
    const second = await hooks.log.test(endpoint.id, SHELTER);
    const pattern = /^evt_[0-9a-z]{13}[A-Za-z0-9]{6}$/;
    expect([first.delivery.eventId, second.delivery.eventId].every((id) => pattern.test(id))).toBe(true);
    expect(second.delivery.eventId > first.delivery.eventId).toBe(true);
  });

  it('names the delivery when sending it again loses every round', async () => {
    const world = adoptionWorld();
    const hooks = webhooksOn(world);
    const { endpoint } = await hooks.manage.create({ url: 'https://hooks.example.com/', enabledEvents: ['pet.created'] }, SHELTER);
    await fanOutNewPets(world, hooks);
    const [delivery] = (await hooks.log.list(endpoint.id, SHELTER)).deliveries;
    hooks.deliveries.update = async () => false;
    await expect(hooks.log.retry(endpoint.id, delivery?.id as string, SHELTER)).rejects.toThrow(
      `Webhook delivery ${delivery?.id} is being changed by many requests at once`,
    );
  });

  it('stores no deliveries for events no endpoint wants (no empty write)', async () => {
    const world = adoptionWorld();
    const hooks = webhooksOn(world);
    await hooks.manage.create({ url: 'https://hooks.example.com/', enabledEvents: ['order.delivered'] }, SHELTER);
    const added: number[] = [];
    const add = hooks.deliveries.add.bind(hooks.deliveries);
    hooks.deliveries.add = (made) => {
      added.push(made.length);
      return add(made);
    };
    await world.aPet();
    while ((await world.relay.pass()) > 0);
    expect(await hooks.dispatcher.fanOut()).toBe(1);
    expect(added).toEqual([]);
  });

  it('says "1 day", not "1 days", when it disables an endpoint after a day of failures', async () => {
    const world = adoptionWorld();
    const endpoints = new MemoryWebhookEndpointStore();
    const deliveries = new MemoryWebhookDeliveryStore();
    const auditor = new Auditor(new MemoryAuditLog(), world.clock);
    const resolver = new StaticResolver({ ...TEST_ANSWERS });
    const sender = new RecordingSender();
    sender.answer = { kind: 'response', statusCode: 500, retryAfterMs: null };
    const manage = new ManageWebhookEndpoints(endpoints, resolver, auditor, world.clock, { maxPerOwner: 10, allowLoopback: false });
    const dispatcher = new WebhookDispatcher(
      { feed: world.feed, auditor, endpoints, deliveries, resolver, sender, clock: world.clock },
      {
        holder: 'a',
        timeoutMs: 5_000,
        claimMarginMs: 12_000,
        retryScheduleMs: Array.from({ length: 40 }, () => 3_600_000),
        allowLoopback: false,
        render: (event) => JSON.stringify(event),
        batch: 100,
        retentionMs: 30 * DAY_MS,
        disableAfterMs: DAY_MS,
        jitter: () => 0,
      },
    );
    const { endpoint } = await manage.create({ url: 'https://hooks.example.com/', enabledEvents: ['pet.created'] }, SHELTER);
    await world.aPet();
    while ((await world.relay.pass()) > 0);
    await dispatcher.fanOut();
    for (let hour = 0; hour < 30; hour++) {
      await dispatcher.attemptDue();
      world.clock.advance(3_600_000);
    }
    const disabled = await endpoints.findById(endpoint.id);
    expect(disabled?.status).toBe('disabled');
    expect(disabled?.disabledReason).toMatch(/^No delivery succeeded for 1 day \(failing since /);
  });
});
