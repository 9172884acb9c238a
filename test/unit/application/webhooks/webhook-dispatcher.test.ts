/**
 * The webhook dispatcher, server-free: fan-out to the endpoints that may see each event and enabled
 * its type, delivery ids that make a repeated fan-out add nothing, signed attempts to the checked
 * address, and endpoints disabled by a 410 or by failing for days. The sender is a recorder: no
 * request leaves the process.
 */
import { describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { MemoryAuditLog } from '../../../../src/adapters/shared/memory/memory-audit-log.js';
import { MemoryWebhookDeliveryStore } from '../../../../src/adapters/webhooks/memory/memory-webhook-delivery-store.js';
import { MemoryWebhookEndpointStore } from '../../../../src/adapters/webhooks/memory/memory-webhook-endpoint-store.js';
import { Auditor } from '../../../../src/application/shared/services/auditor.js';
import type { WebhookRequest, WebhookSender } from '../../../../src/application/webhooks/ports/webhook-sender.js';
import { deliveryIdFor } from '../../../../src/application/webhooks/services/webhook-delivery-ids.js';
import { WebhookDispatcher, type WebhookDispatcherSettings } from '../../../../src/application/webhooks/services/webhook-dispatcher.js';
import { ManageWebhookEndpoints } from '../../../../src/application/webhooks/use-cases/manage-webhook-endpoints.js';
import type { AttemptOutcome } from '../../../../src/domain/webhooks/webhook-delivery.js';
import type { WebhookEndpoint } from '../../../../src/domain/webhooks/webhook-endpoint.js';
import { adoptionWorld, OTHER_APPLICANT, SHELTER, type AdoptionWorld } from '../../../support/adoption-world.js';
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

function webhooksOn(world: AdoptionWorld) {
  const endpoints = new MemoryWebhookEndpointStore();
  const deliveries = new MemoryWebhookDeliveryStore();
  const audit = new MemoryAuditLog();
  const auditor = new Auditor(audit, world.clock);
  const resolver = new StaticResolver(TEST_ANSWERS);
  const sender = new RecordingSender();
  const disabled: { endpoint: WebhookEndpoint; reason: string }[] = [];
  const manage = new ManageWebhookEndpoints(endpoints, resolver, auditor, world.clock, { maxPerOwner: 10, allowLoopback: false });
  const settings: WebhookDispatcherSettings = {
    holder: 'a',
    timeoutMs: 5_000,
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
  return { endpoints, deliveries, audit, sender, disabled, manage, dispatcher, another };
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
    await world.aPet();
    while ((await world.relay.pass()) > 0);
    await hooks.dispatcher.fanOut();
    await hooks.dispatcher.attemptDue();
    expect(hooks.sender.requests).toHaveLength(sent);
    const statuses = (await hooks.deliveries.list({ endpointId: endpoint.id, limit: 10 })).map((delivery) => delivery.status);
    expect(statuses).toContain('skipped');
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
