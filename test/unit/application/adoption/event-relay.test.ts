/** The relay from the records' outboxes into the feed, on the in-memory adapters. */
import { describe, expect, it } from 'vitest';
import { MemoryEventFeed } from '../../../../src/adapters/adoption/memory/memory-event-feed.js';
import { MemoryAdoptionRequestRepository } from '../../../../src/adapters/adoption/memory/memory-adoption-request-repository.js';
import { MemoryPetRepository } from '../../../../src/adapters/adoption/memory/memory-pet-repository.js';
import type { Outbox } from '../../../../src/application/adoption/ports/outbox.js';
import { EventRelay, type FollowEvents } from '../../../../src/application/adoption/services/event-relay.js';
import { SearchAlerts } from '../../../../src/application/adoption/services/search-alerts.js';
import { MemorySavedSearchStore } from '../../../../src/adapters/adoption/memory/memory-saved-search-store.js';
import { aSavedSearch } from '../../../contracts/adoption/saved-search-store.contract.js';
import { gazetteer } from '../../../support/gazetteer.js';
import { orderPlaced, petCreated, petUpdated, type FeedEvent } from '../../../../src/domain/adoption/feed-event.js';
import type { Pet } from '../../../../src/domain/adoption/pet.js';
import { aPetDraft } from '../../../support/builders.js';
import { FakeClock } from '../../../support/fake-clock.js';
import { anAdoptionRequest } from '../../../contracts/adoption/adoption-request-repository.contract.js';

const DAY_MS = 86_400_000;

function setup(clock = new FakeClock(), follow?: FollowEvents) {
  const pets = new MemoryPetRepository();
  const orders = new MemoryAdoptionRequestRepository();
  const feed = new MemoryEventFeed();
  const relayed: FeedEvent[] = [];
  const relay = (holder: string) =>
    new EventRelay(
      [pets, orders],
      feed,
      clock,
      { holder, leaseMs: 10_000, batch: 2, retentionMs: 30 * DAY_MS },
      { relayed: (events) => relayed.push(...events) },
      follow,
    );
  return { clock, pets, orders, feed, relay, relayed };
}

let n = 0;
/** A stamp at `atMs`; ids made later sort later. */
const stampAt = (atMs: number) => ({ id: `evt_${String(++n).padStart(13, '0')}relay0`, createdAt: new Date(atMs).toISOString() });
const feedIds = async (feed: MemoryEventFeed) => (await feed.find({ visibleTo: null, limit: 100 })).map(({ event }) => event.id);

describe('EventRelay', () => {
  it('runs its passes one after another: two started at once report each event once', async () => {
    const { clock, pets, relay, relayed } = setup();
    for (let i = 0; i < 2; i++) {
      clock.advance(1);
      await pets.add(aPetDraft(), (pet) => [petCreated(stampAt(clock.ms), pet)]);
    }
    const worker = relay('a');
    const moved = await Promise.all([worker.pass(), worker.pass()]);
    expect(moved).toEqual([2, 0]);
    expect(relayed).toHaveLength(2);
  });

  it('moves every waiting event into the feed in the order made, a few records per pass, and clears the outboxes', async () => {
    const { clock, pets, orders, feed, relay, relayed } = setup();
    const made: FeedEvent[] = [];
    for (let i = 0; i < 3; i++) {
      clock.advance(1);
      let created: FeedEvent | undefined;
      await pets.add(aPetDraft(), (pet) => [(created = petCreated(stampAt(clock.ms), pet))]);
      made.push(created as FeedEvent);
      clock.advance(1);
      const order = anAdoptionRequest({ petId: i + 1 });
      const placed = orderPlaced(stampAt(clock.ms), order);
      await orders.add(order, [placed]);
      made.push(placed);
    }
    const worker = relay('a');
    // Two records from each outbox per pass.
    expect(await worker.pass()).toBe(4);
    expect(await worker.pass()).toBe(2);
    expect(await worker.pass()).toBe(0);
    expect(await feedIds(feed)).toEqual(made.map((event) => event.id));
    expect(relayed.map((event) => event.id)).toEqual(made.map((event) => event.id));
    expect(await pets.backlog()).toEqual({ records: 0, oldestAt: null });
    expect(await orders.backlog()).toEqual({ records: 0, oldestAt: null });
  });

  it("keeps a record's events in the order of its changes when the instance that made the later one has a slower clock", async () => {
    const { clock, pets, feed, relay } = setup();
    let created: FeedEvent | undefined;
    const pet = await pets.add(aPetDraft(), (stored) => [(created = petCreated(stampAt(clock.ms), stored))]);
    const other = await pets.add(aPetDraft(), () => []);
    // Another instance, 50 ms behind, changes the pet next; a third record changes in between.
    const renamed: Pet = { ...pet, name: 'Later', version: 2 };
    const behind = petUpdated(
      { id: `evt_${String(0).padStart(13, '0')}slower`, createdAt: new Date(clock.ms - 50).toISOString() },
      pet,
      renamed,
    );
    const between = petUpdated(stampAt(clock.ms + 1), other, { ...other, name: 'Between', version: 2 });
    await pets.update({ ...other, name: 'Between', version: 2 }, 1, [between]);
    await pets.update(renamed, 1, [behind]);
    expect(await relay('a').pass()).toBe(3);
    expect(await feedIds(feed)).toEqual([created?.id, behind.id, between.id]);
  });

  it('orders events made in the same millisecond by their ids, whichever outbox holds them', async () => {
    const { clock, pets, orders, feed, relay } = setup();
    const at = new Date(clock.ms).toISOString();
    // The pet's event has the later id, and the pets' outbox is read first.
    let created: FeedEvent | undefined;
    await pets.add(aPetDraft(), (pet) => [(created = petCreated({ id: 'evt_000000001000zzzzzz', createdAt: at }, pet))]);
    const order = anAdoptionRequest({ petId: 1 });
    const placed = orderPlaced({ id: 'evt_000000001000aaaaaa', createdAt: at }, order);
    await orders.add(order, [placed]);
    expect(await relay('a').pass()).toBe(2);
    expect(await feedIds(feed)).toEqual([placed.id, created?.id]);
  });

  it('moves nothing while another instance holds the lease, and takes over once it ran out', async () => {
    const { clock, pets, feed, relay } = setup();
    const first = relay('a');
    const second = relay('b');
    await pets.add(aPetDraft(), (pet) => [petCreated(stampAt(clock.ms), pet)]);
    expect(await first.pass()).toBe(1);
    await pets.add(aPetDraft(), (pet) => [petCreated(stampAt(clock.ms), pet)]);
    expect(await second.pass()).toBe(0);
    expect(await pets.backlog()).toMatchObject({ records: 1 });
    clock.advance(10_001);
    expect(await second.pass()).toBe(1);
    expect(await first.pass()).toBe(0);
    expect(await feedIds(feed)).toHaveLength(2);
  });

  it('clears, without appending again, events a stopped pass appended but did not clear', async () => {
    const { clock, pets, feed, relay } = setup();
    let event: FeedEvent | undefined;
    await pets.add(aPetDraft(), (pet) => [(event = petCreated(stampAt(clock.ms), pet))]);
    const lease = await feed.claimWriter('a', clock.ms, 10_000);
    if (lease === null || event === undefined) throw new Error('setup');
    await feed.append(lease, [event]);
    expect(await relay('a').pass()).toBe(1);
    expect(await feedIds(feed)).toEqual([event.id]);
    expect(await pets.pendingEvents(10)).toEqual([]);
  });

  it("appends each change with what follows it (saved searches' alerts); a pass that stopped before clearing makes the same alerts, taken once", async () => {
    const searches = new MemorySavedSearchStore();
    await searches.create(aSavedSearch('srch_1', 'partner', ['cat']), 10);
    const alerts = new SearchAlerts(searches, gazetteer);
    const clock = new FakeClock(Date.parse('2026-12-02T00:00:00.000Z'));
    const { pets, feed, relay, relayed } = setup(clock, (events) => alerts.following(events));
    let event: FeedEvent | undefined;
    await pets.add(aPetDraft({ species: 'cat' }), (pet) => [(event = petCreated(stampAt(clock.ms), pet))]);
    await pets.add(aPetDraft({ species: 'dog' }), (pet) => [petCreated(stampAt(clock.ms), pet)]);
    // A pass appended the change and its alert, then stopped before clearing the outbox.
    const lease = await feed.claimWriter('a', clock.ms, 10_000);
    if (lease === null || event === undefined) throw new Error('setup');
    await feed.append(lease, await alerts.following([event]));
    expect(await relay('a').pass()).toBe(3);
    const stored = (await feed.find({ visibleTo: null, limit: 100 })).map(({ event: one }) => one);
    expect(stored.map((one) => one.type)).toEqual(['pet.created', 'search.matched', 'pet.created']);
    expect(stored[1]).toMatchObject({ object: event.object, savedSearch: { id: 'srch_1' } });
    expect(relayed.map((one) => one.type)).toEqual(['pet.created', 'search.matched', 'pet.created']);
    expect(await pets.pendingEvents(10)).toEqual([]);
  });

  it('drops events past the retention, at most once a minute', async () => {
    const { clock, pets, feed, relay } = setup();
    const worker = relay('a');
    await pets.add(aPetDraft(), (pet) => [petCreated(stampAt(clock.ms), pet)]);
    await worker.pass();
    clock.advance(30 * DAY_MS + 1);
    await pets.add(aPetDraft(), (pet) => [petCreated(stampAt(clock.ms), pet)]);
    await worker.pass();
    expect(await feedIds(feed)).toHaveLength(1);
  });

  it('moves nothing and clears nothing when its lease changes hands during a pass; the new holder relays each event once', async () => {
    const clock = new FakeClock();
    const pets = new MemoryPetRepository();
    const feed = new MemoryEventFeed();
    let takeOver: (() => Promise<unknown>) | null = null;
    // The pass has read the outbox; before its append lands, its lease runs out and another instance claims it.
    const slowFeed = Object.assign(Object.create(feed) as MemoryEventFeed, {
      append: async (...args: Parameters<MemoryEventFeed['append']>) => {
        if (takeOver !== null) await takeOver();
        return feed.append(...args);
      },
    });
    const relayedBy: Record<string, string[]> = { a: [], b: [] };
    const relay = (holder: 'a' | 'b', on: MemoryEventFeed) =>
      new EventRelay(
        [pets],
        on,
        clock,
        { holder, leaseMs: 10_000, batch: 10, retentionMs: 30 * DAY_MS },
        {
          relayed: (events) => relayedBy[holder]?.push(...events.map((event) => event.id)),
        },
      );
    const first = relay('a', slowFeed);
    const second = relay('b', feed);
    for (let i = 0; i < 3; i++) await pets.add(aPetDraft(), (pet) => [petCreated(stampAt(clock.ms), pet)]);
    takeOver = async () => {
      takeOver = null;
      clock.advance(10_001);
      expect(await feed.claimWriter('b', clock.ms, 10_000)).not.toBeNull();
    };
    expect(await first.pass()).toBe(0);
    expect(await feedIds(feed)).toEqual([]);
    expect(await pets.backlog()).toMatchObject({ records: 3 });
    expect(await second.pass()).toBe(3);
    expect(await first.pass()).toBe(0);
    expect(await feedIds(feed)).toHaveLength(3);
    expect(relayedBy).toEqual({ a: [], b: await feedIds(feed) });
  });

  it('fails the pass on any other error of the feed, leaving the events to the next pass', async () => {
    const { clock, pets, feed } = setup();
    const broken = Object.assign(Object.create(feed) as MemoryEventFeed, {
      append: () => Promise.reject(new Error('connection reset')),
    });
    const relay = new EventRelay([pets], broken, clock, { holder: 'a', leaseMs: 10_000, batch: 10, retentionMs: 30 * DAY_MS });
    await pets.add(aPetDraft(), (pet) => [petCreated(stampAt(clock.ms), pet)]);
    await expect(relay.pass()).rejects.toThrow('connection reset');
    expect(await pets.backlog()).toMatchObject({ records: 1 });
  });

  it('prunes on its first pass, then again only once a minute has passed since, to the millisecond', async () => {
    const { clock, pets, feed, relay } = setup();
    const worker = relay('a');
    await pets.add(aPetDraft(), (pet) => [petCreated(stampAt(clock.ms), pet)]);
    // Ten milliseconds before the event passes retention: the first pass prunes (nothing yet) and relays it.
    clock.advance(30 * DAY_MS - 10);
    expect(await worker.pass()).toBe(1);
    clock.advance(20);
    await worker.pass();
    expect(await feedIds(feed)).toHaveLength(1);
    clock.advance(60_000 - 20 - 1);
    await worker.pass();
    expect(await feedIds(feed)).toHaveLength(1);
    clock.advance(1);
    await worker.pass();
    expect(await feedIds(feed)).toEqual([]);
  });

  it('asks each outbox to clear its own records only, once a pass, the events the feed took only; nothing when none waits', async () => {
    const { clock, pets, orders, feed } = setup();
    const clears: { outbox: string; cleared: unknown }[] = [];
    const spy = (name: string, outbox: Outbox): Outbox => ({
      pendingEvents: (limit) => outbox.pendingEvents(limit),
      backlog: () => outbox.backlog(),
      clearEvents: (cleared) => {
        clears.push({ outbox: name, cleared });
        return outbox.clearEvents(cleared);
      },
    });
    // The feed takes every event but the last of each append (as if it refused it); a later pass appends it again.
    let dropLast = true;
    let appends = 0;
    const partial = Object.assign(Object.create(feed) as MemoryEventFeed, {
      claimWriter: (...args: Parameters<MemoryEventFeed['claimWriter']>) => feed.claimWriter(...args),
      prune: (...args: Parameters<MemoryEventFeed['prune']>) => feed.prune(...args),
      append: async (...args: Parameters<MemoryEventFeed['append']>) => {
        appends++;
        const ids = await feed.append(...args);
        return dropLast ? ids.slice(0, -1) : ids;
      },
    });
    const relayed: string[] = [];
    const relay = new EventRelay(
      [spy('pets', pets), spy('orders', orders)],
      partial,
      clock,
      { holder: 'a', leaseMs: 10_000, batch: 10, retentionMs: 30 * DAY_MS },
      { relayed: (events) => relayed.push(...events.map((event) => event.id)) },
    );
    expect(await relay.pass()).toBe(0);
    expect([appends, clears]).toEqual([0, []]);

    const pet = await pets.add(aPetDraft(), (stored) => [petCreated(stampAt(clock.ms), stored)]);
    clock.advance(1);
    const order = anAdoptionRequest({ petId: pet.id });
    const placed = orderPlaced(stampAt(clock.ms), order);
    await orders.add(order, [placed]);
    const [created] = (await pets.pendingEvents(10)).flatMap((pending) => pending.events);
    expect(await relay.pass()).toBe(1);
    expect(relayed).toEqual([created?.id]);
    expect(clears).toEqual([{ outbox: 'pets', cleared: [{ recordId: String(pet.id), eventIds: [created?.id] }] }]);
    expect(await orders.backlog()).toMatchObject({ records: 1 });

    dropLast = false;
    clears.length = 0;
    expect(await relay.pass()).toBe(1);
    expect(clears).toEqual([{ outbox: 'orders', cleared: [{ recordId: order.id, eventIds: [placed.id] }] }]);
    expect(relayed).toEqual([created?.id, placed.id]);
  });

  it("keeps a record's changes of one millisecond in their order whatever their ids, among other records' events of that millisecond", async () => {
    const { clock, pets, feed } = setup();
    const at = new Date(clock.ms).toISOString();
    // One record changes three times in one millisecond on instances whose ids sort the other way.
    const ids = ['evt_000000001000zzzzzz', 'evt_000000001000mmmmmm', 'evt_000000001000aaaaaa'];
    const pet = await pets.add(aPetDraft(), (stored) => [petCreated({ id: ids[0] as string, createdAt: at }, stored)]);
    let current = pet;
    for (const [i, id] of ids.slice(1).entries()) {
      const next: Pet = { ...current, name: `Name ${i}`, version: current.version + 1 };
      await pets.update(next, current.version, [petUpdated({ id, createdAt: at }, current, next)]);
      current = next;
    }
    // Other records' events of that millisecond: one sorts before the record's first id, one between, one after.
    const others = ['evt_000000001000bbbbbb', 'evt_000000001000nnnnnn', 'evt_000000001000zzzzzz9'];
    for (const id of others) await pets.add(aPetDraft(), (stored) => [petCreated({ id, createdAt: at }, stored)]);
    const wide = new EventRelay([pets], feed, clock, { holder: 'a', leaseMs: 10_000, batch: 10, retentionMs: 30 * DAY_MS });
    expect(await wide.pass()).toBe(6);
    expect(await feedIds(feed)).toEqual([others[0], others[1], ...ids, others[2]]);
  });
});
