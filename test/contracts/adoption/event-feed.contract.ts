/**
 * What every EventFeed must do: one writer at a time under a lease that fences the last holder,
 * each event once, in one order that never changes, filtered by type and audience, pruned by age.
 * Run against each adapter.
 */
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { LeaseLostError, type EventFeed } from '../../../src/application/adoption/ports/event-feed.js';
import { orderPlaced, petCreated, type FeedEvent } from '../../../src/domain/adoption/feed-event.js';
import { aPetDraft } from '../../support/builders.js';
import { anAdoptionRequest } from './adoption-request-repository.contract.js';

export interface EventFeedHarness {
  /** A feed on an empty store. */
  fresh(): Promise<EventFeed>;
  close?(): Promise<void>;
}

const T0 = Date.UTC(2026, 10, 26, 9, 0, 0);
const LEASE_MS = 10_000;
let made = 0;

function aPetEvent(atMs = T0 + made): FeedEvent {
  made += 1;
  return petCreated(
    { id: `evt_${String(made).padStart(13, '0')}petevt`, createdAt: new Date(atMs).toISOString() },
    { id: made, ...aPetDraft() },
  );
}

function anAdoptionRequestEvent(placedBy: string, petOwnerId: string | null): FeedEvent {
  made += 1;
  const order = anAdoptionRequest({ placedBy, petOwnerId });
  return orderPlaced({ id: `evt_${String(made).padStart(13, '0')}ordevt`, createdAt: new Date(T0 + made).toISOString() }, order);
}

const everyone = { visibleTo: null, limit: 100 } as const;
const idsOf = (stored: readonly { event: FeedEvent }[]): string[] => stored.map(({ event }) => event.id);

export function describeEventFeedContract(adapter: string, harness: EventFeedHarness): void {
  describe(`EventFeed contract: ${adapter}`, () => {
    let feed: EventFeed;

    beforeEach(async () => {
      feed = await harness.fresh();
    });
    afterAll(async () => {
      await harness.close?.();
    });

    it('appends in order at ever higher positions, each event once, and returns every event exactly as made', async () => {
      const lease = await feed.claimWriter('a', T0, LEASE_MS);
      if (lease === null) throw new Error('no lease on an empty feed');
      const [first, second, third] = [aPetEvent(), anAdoptionRequestEvent('acct_p', 'acct_s'), aPetEvent()] as [
        FeedEvent,
        FeedEvent,
        FeedEvent,
      ];
      expect(await feed.append(lease, [first, second])).toEqual([first.id, second.id]);
      // A relay that stopped between append and clear appends again: the first two are skipped.
      expect(await feed.append(lease, [first, second, third])).toEqual([first.id, second.id, third.id]);
      const stored = await feed.find(everyone);
      expect(stored.map(({ event }) => event)).toEqual([first, second, third]);
      const positions = stored.map(({ position }) => position);
      expect(positions).toEqual([...positions].sort((x, y) => x - y));
      expect(new Set(positions).size).toBe(3);
      expect(await feed.findById(second.id)).toEqual(stored[1]);
      expect(await feed.findById('evt_0000000000000nothere')).toBeNull();
      expect(idsOf(await feed.find({ ...everyone, afterPosition: stored[0]?.position ?? Number.NaN }))).toEqual([second.id, third.id]);
      expect(idsOf(await feed.find({ ...everyone, limit: 1 }))).toEqual([first.id]);
    });

    it('finds each event by its id and appends each once when ids come out of order (a clock set back)', async () => {
      const lease = await feed.claimWriter('a', T0, LEASE_MS);
      if (lease === null) throw new Error('no lease on an empty feed');
      const [later, earlier, between, latest] = [aPetEvent(), aPetEvent(), aPetEvent(), aPetEvent()] as [
        FeedEvent,
        FeedEvent,
        FeedEvent,
        FeedEvent,
      ];
      // Made in this order, ids ascending: appended as a clock set back between them would have them.
      expect(await feed.append(lease, [between, earlier])).toEqual([between.id, earlier.id]);
      expect(await feed.append(lease, [later, latest, earlier, between])).toEqual([later.id, latest.id, earlier.id, between.id]);
      const stored = await feed.find(everyone);
      expect(idsOf(stored)).toEqual([between.id, earlier.id, later.id, latest.id]);
      for (const [index, event] of [between, earlier, later, latest].entries())
        expect(await feed.findById(event.id)).toEqual(stored[index]);
      expect(await feed.findById('evt_0000000000000nothere')).toBeNull();
    });

    it('filters by type and shows an adoption request’s events only to its two owners', async () => {
      const lease = await feed.claimWriter('a', T0, LEASE_MS);
      if (lease === null) throw new Error('no lease on an empty feed');
      const pet = aPetEvent();
      const order = anAdoptionRequestEvent('acct_partner', 'acct_shelter');
      const unowned = anAdoptionRequestEvent('acct_partner', null);
      await feed.append(lease, [pet, order, unowned]);
      expect(idsOf(await feed.find({ visibleTo: 'acct_partner', limit: 10 }))).toEqual([pet.id, order.id, unowned.id]);
      expect(idsOf(await feed.find({ visibleTo: 'acct_shelter', limit: 10 }))).toEqual([pet.id, order.id]);
      expect(idsOf(await feed.find({ visibleTo: 'acct_stranger', limit: 10 }))).toEqual([pet.id]);
      expect(idsOf(await feed.find({ ...everyone, types: ['order.placed'] }))).toEqual([order.id, unowned.id]);
      expect(idsOf(await feed.find({ visibleTo: 'acct_shelter', types: ['order.placed', 'pet.deleted'], limit: 10 }))).toEqual([order.id]);
    });

    it('tells the newest event each reader may see, and none on an empty feed', async () => {
      expect(await feed.newest(null)).toBeNull();
      expect(await feed.newest('acct_partner')).toBeNull();
      const lease = await feed.claimWriter('a', T0, LEASE_MS);
      if (lease === null) throw new Error('no lease on an empty feed');
      const pet = aPetEvent();
      const order = anAdoptionRequestEvent('acct_partner', 'acct_shelter');
      await feed.append(lease, [pet, order]);
      expect((await feed.newest(null))?.event.id).toBe(order.id);
      expect((await feed.newest('acct_partner'))?.event.id).toBe(order.id);
      expect((await feed.newest('acct_stranger'))?.event.id).toBe(pet.id);
      const stored = await feed.findById(order.id);
      expect(await feed.newest('acct_shelter')).toEqual(stored);
    });

    it('gives the lease to one holder at a time, renews it for its holder, and hands it over once it ran out', async () => {
      expect(await feed.claimWriter('a', T0, LEASE_MS)).not.toBeNull();
      expect(await feed.claimWriter('b', T0 + 1, LEASE_MS)).toBeNull();
      // Renewed at T0 + 5 s: still a's at T0 + 12 s.
      expect(await feed.claimWriter('a', T0 + 5_000, LEASE_MS)).not.toBeNull();
      expect(await feed.claimWriter('b', T0 + 12_000, LEASE_MS)).toBeNull();
      expect(await feed.claimWriter('b', T0 + 15_001, LEASE_MS)).not.toBeNull();
      expect(await feed.claimWriter('a', T0 + 15_002, LEASE_MS)).toBeNull();
    });

    it('refuses an append of a holder whose lease was taken over, storing none of it, and keeps the successor’s', async () => {
      const old = await feed.claimWriter('a', T0, LEASE_MS);
      if (old === null) throw new Error('no lease on an empty feed');
      const before = aPetEvent();
      await feed.append(old, [before]);
      const successor = await feed.claimWriter('b', T0 + LEASE_MS + 1, LEASE_MS);
      if (successor === null) throw new Error('the lease was not handed over');
      const late = aPetEvent();
      await expect(feed.append(old, [late])).rejects.toBeInstanceOf(LeaseLostError);
      const next = aPetEvent();
      await feed.append(successor, [next]);
      expect(idsOf(await feed.find(everyone))).toEqual([before.id, next.id]);
      expect(await feed.findById(late.id)).toBeNull();
      // Its events reach the feed through the successor, once.
      await feed.append(successor, [late, next]);
      expect(idsOf(await feed.find(everyone))).toEqual([before.id, next.id, late.id]);
    });

    it('drops the events made before a time, and only those', async () => {
      const lease = await feed.claimWriter('a', T0, LEASE_MS);
      if (lease === null) throw new Error('no lease on an empty feed');
      const old = aPetEvent(T0 - 31 * 86_400_000);
      const recent = aPetEvent(T0);
      await feed.append(lease, [old, recent]);
      expect(await feed.prune(T0 - 30 * 86_400_000)).toBe(1);
      expect(idsOf(await feed.find(everyone))).toEqual([recent.id]);
      expect(await feed.findById(old.id)).toBeNull();
      expect(await feed.prune(T0 - 30 * 86_400_000)).toBe(0);
    });
  });
}
