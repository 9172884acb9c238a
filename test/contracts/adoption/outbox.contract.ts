/**
 * What every Outbox must do (the pet and order repositories carry one each): a write's events are
 * stored exactly when the write is, handed out in the order of the record's changes, and cleared
 * one by one. Run against each adapter.
 */
import { listPets } from '../../support/pet-list.js';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { AdoptionRequestRepository } from '../../../src/application/adoption/ports/adoption-request-repository.js';
import type { PetRepository } from '../../../src/application/adoption/ports/pet-repository.js';
import { orderMoved, orderPlaced, petCreated, petDeleted, petUpdated, type FeedEvent } from '../../../src/domain/adoption/feed-event.js';
import type { Pet } from '../../../src/domain/adoption/pet.js';
import { aPetDraft } from '../../support/builders.js';
import { anAdoptionRequest } from './adoption-request-repository.contract.js';

export interface OutboxHarness {
  /** Repositories on an empty store. */
  fresh(): Promise<{ pets: PetRepository; orders: AdoptionRequestRepository }>;
  close?(): Promise<void>;
}

const T0 = Date.UTC(2026, 10, 26, 9, 0, 0);
let made = 0;

/** A stamp a millisecond after the last one: events made in this order sort in this order. */
function stamp(): { id: string; createdAt: string } {
  made += 1;
  return { id: `evt_${String(made).padStart(13, '0')}abcdef`, createdAt: new Date(T0 + made).toISOString() };
}

const ids = (events: readonly FeedEvent[]): string[] => events.map((event) => event.id);

export function describeOutboxContract(adapter: string, harness: OutboxHarness): void {
  describe(`Outbox contract: ${adapter}`, () => {
    let pets: PetRepository;
    let orders: AdoptionRequestRepository;

    beforeEach(async () => {
      ({ pets, orders } = await harness.fresh());
    });
    afterAll(async () => {
      await harness.close?.();
    });

    it('hands out each write’s events exactly as made, in the order of the record’s changes, until they are cleared', async () => {
      let created: FeedEvent[] = [];
      const pet = await pets.add(aPetDraft({ name: 'Rex ✓' }), (stored) => (created = [petCreated(stamp(), stored)]));
      const renamed: Pet = { ...pet, name: 'Rex II', version: 2 };
      const updated = petUpdated(stamp(), pet, renamed);
      expect(await pets.update(renamed, 1, [updated])).toBe(true);

      const [pending] = await pets.pendingEvents(10);
      expect(pending).toEqual({ recordId: String(pet.id), events: [...created, updated] });

      await pets.clearEvents([{ recordId: String(pet.id), eventIds: ids(created) }]);
      expect(await pets.pendingEvents(10)).toEqual([{ recordId: String(pet.id), events: [updated] }]);
      // A repeated clear, or one of an event no longer there, changes nothing.
      await pets.clearEvents([{ recordId: String(pet.id), eventIds: ids(created) }]);
      expect(await pets.pendingEvents(10)).toEqual([{ recordId: String(pet.id), events: [updated] }]);
      await pets.clearEvents([{ recordId: String(pet.id), eventIds: [updated.id] }]);
      expect(await pets.pendingEvents(10)).toEqual([]);
      expect(await pets.backlog()).toEqual({ records: 0, oldestAt: null });
      expect(await pets.findById(pet.id)).toEqual(renamed);
    });

    it('clears the events of several records at once, a removed one with them, and a repeat or a partly cleared record exactly', async () => {
      let first: FeedEvent[] = [];
      let second: FeedEvent[] = [];
      const a = await pets.add(aPetDraft({ name: 'A' }), (stored) => (first = [petCreated(stamp(), stored)]));
      const b = await pets.add(aPetDraft({ name: 'B' }), (stored) => (second = [petCreated(stamp(), stored)]));
      const renamed: Pet = { ...a, name: 'A II', version: 2 };
      const updated = petUpdated(stamp(), a, renamed);
      expect(await pets.update(renamed, 1, [updated])).toBe(true);
      const deleted = petDeleted(stamp(), b);
      expect(await pets.remove(b.id, 1, [deleted])).toBe(true);
      // Another relay cleared the first event of a already: a's clear of both must take the second only.
      await pets.clearEvents([{ recordId: String(a.id), eventIds: ids(first) }]);
      await pets.clearEvents([
        { recordId: String(a.id), eventIds: [...ids(first), updated.id] },
        { recordId: String(b.id), eventIds: [...ids(second), deleted.id] },
      ]);
      expect(await pets.pendingEvents(10)).toEqual([]);
      expect(await pets.backlog()).toEqual({ records: 0, oldestAt: null });
      expect(await pets.findById(a.id)).toEqual(renamed);
      expect(await pets.findById(b.id)).toBeNull();
      // The counts stayed exact: the next change's event waits alone.
      const again = petUpdated(stamp(), renamed, { ...renamed, name: 'A III', version: 3 });
      expect(await pets.update({ ...renamed, name: 'A III', version: 3 }, 2, [again])).toBe(true);
      expect(await pets.pendingEvents(10)).toEqual([{ recordId: String(a.id), events: [again] }]);
      expect(await pets.backlog()).toMatchObject({ records: 1 });
      await pets.clearEvents([{ recordId: String(a.id), eventIds: [again.id] }]);
      expect(await pets.backlog()).toEqual({ records: 0, oldestAt: null });
    });

    it('stores no event for a write that did not happen (a stale version, a missing record)', async () => {
      const pet = await pets.add(aPetDraft(), () => []);
      const stale = petUpdated(stamp(), pet, { ...pet, name: 'Stale', version: 2 });
      expect(await pets.update({ ...pet, name: 'Stale', version: 2 }, 7, [stale])).toBe(false);
      expect(await pets.remove(pet.id, 7, [petDeleted(stamp(), pet)])).toBe(false);
      expect(await pets.remove(pet.id + 1000, 1, [petDeleted(stamp(), pet)])).toBe(false);
      expect(await pets.pendingEvents(10)).toEqual([]);
      expect(await pets.findById(pet.id)).toEqual(pet);

      const order = anAdoptionRequest();
      await orders.add(order, [orderPlaced(stamp(), order)]);
      await orders.clearEvents([{ recordId: order.id, eventIds: ids((await orders.pendingEvents(10))[0]?.events ?? []) }]);
      const approved = { ...order, status: 'approved' as const, version: 2 };
      expect(await orders.update(approved, 5, [orderMoved(stamp(), order, approved)])).toBe(false);
      expect(await orders.pendingEvents(10)).toEqual([]);
      expect(await orders.findById(order.id)).toEqual(order);
    });

    it('keeps a removed record’s last event until it is cleared, while the record is gone for every read', async () => {
      const pet = await pets.add(aPetDraft(), () => []);
      const deleted = petDeleted(stamp(), pet);
      expect(await pets.remove(pet.id, 1, [deleted])).toBe(true);
      expect(await pets.findById(pet.id)).toBeNull();
      expect(await listPets(pets, { limit: 10 })).toEqual([]);
      expect(await listPets(pets, { ids: [pet.id], limit: 10 })).toEqual([]);
      expect(await pets.pendingEvents(10)).toEqual([{ recordId: String(pet.id), events: [deleted] }]);

      await pets.clearEvents([{ recordId: String(pet.id), eventIds: [deleted.id] }]);
      expect(await pets.pendingEvents(10)).toEqual([]);
      expect(await pets.findById(pet.id)).toBeNull();
      // Its id is not taken again.
      expect((await pets.add(aPetDraft(), () => [])).id).toBeGreaterThan(pet.id);
    });

    it('hands out the least recently changed records first, at most the limit, and counts what waits', async () => {
      const [a, b, c] = [
        await pets.add(aPetDraft(), () => []),
        await pets.add(aPetDraft(), () => []),
        await pets.add(aPetDraft(), () => []),
      ] as [Pet, Pet, Pet];
      const change = async (pet: Pet, version: number): Promise<FeedEvent> => {
        const after = { ...pet, name: `${pet.name}.`, version: version + 1 };
        const event = petUpdated(stamp(), { ...pet, version }, after);
        expect(await pets.update(after, version, [event])).toBe(true);
        return event;
      };
      const a1 = await change(a, 1);
      await change(b, 1);
      await change(c, 1);
      // a changes again: it is now the most recently changed.
      await change(a, 2);
      const first = await pets.pendingEvents(2);
      expect(first.map((pending) => pending.recordId)).toEqual([String(b.id), String(c.id)]);
      expect(await pets.backlog()).toEqual({ records: 3, oldestAt: a1.createdAt });
      expect((await pets.pendingEvents(10)).map((pending) => pending.recordId)).toEqual([String(b.id), String(c.id), String(a.id)]);
    });

    it('keeps the events of concurrent writes to one record: exactly those of the writes that landed', async () => {
      const pet = await pets.add(aPetDraft(), () => []);
      const attempts = Array.from({ length: 8 }, (_, i) => {
        const after = { ...pet, name: `Try ${i}`, version: 2 };
        return { after, event: petUpdated(stamp(), pet, after) };
      });
      const landed = await Promise.all(attempts.map(({ after, event }) => pets.update(after, 1, [event])));
      expect(landed.filter(Boolean)).toHaveLength(1);
      const winner = attempts[landed.indexOf(true)];
      expect(await pets.pendingEvents(10)).toEqual([{ recordId: String(pet.id), events: [winner?.event] }]);
      expect(await pets.findById(pet.id)).toEqual(winner?.after);
    });
  });
}
