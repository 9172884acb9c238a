/** What every WebhookDeliveryStore must do; run against each adapter. */
import { beforeEach, describe, expect, it } from 'vitest';
import type { WebhookDeliveryStore } from '../../../src/application/webhooks/ports/webhook-delivery-store.js';
import type { WebhookDelivery } from '../../../src/domain/webhooks/webhook-delivery.js';

export interface WebhookDeliveryStoreHarness {
  /** A store on an empty database. */
  fresh(): Promise<WebhookDeliveryStore>;
}

const T0 = Date.UTC(2026, 10, 26, 10, 0, 0);
const at = (ms: number) => new Date(T0 + ms).toISOString();

/** A pending delivery due at `dueMs` after T0, made at `madeMs`; `n` makes its ids. */
export function aDelivery(n: number, overrides: Partial<WebhookDelivery> = {}, dueMs = 0, madeMs = 0): WebhookDelivery {
  const count = String(n).padStart(4, '0');
  return {
    id: `wd_0mwqcvpc0${count}Ab3dE9abcdefghijkl`,
    endpointId: 'we_0mwqcvpc0001Ab3dE9f',
    ownerId: 'acct_shelter',
    eventId: `evt_0mwqcvpc0${count}Ab3dE9`,
    eventType: 'pet.created',
    body: `{"id":"evt_${count}","note":"✓"}`,
    status: 'pending',
    attempts: [],
    nextAttemptAt: at(dueMs),
    createdAt: at(madeMs),
    updatedAt: at(madeMs),
    version: 1,
    ...overrides,
  };
}

export function describeWebhookDeliveryStoreContract(adapter: string, harness: WebhookDeliveryStoreHarness): void {
  describe(`WebhookDeliveryStore contract: ${adapter}`, () => {
    let store: WebhookDeliveryStore;

    beforeEach(async () => {
      store = await harness.fresh();
    });

    it('keeps a delivery exactly as given, and adds nothing twice for the same id', async () => {
      const delivery = aDelivery(1, {
        attempts: [{ at: at(0), statusCode: 500, error: null, durationMs: 12 }],
      });
      await store.add([delivery]);
      await store.add([{ ...delivery, body: 'a repeated fan-out', version: 9 }, aDelivery(2)]);
      expect(await store.findById(delivery.id)).toEqual(delivery);
      expect(await store.findById(aDelivery(2).id)).toEqual(aDelivery(2));
      expect(await store.findById('wd_missing')).toBeNull();
    });

    it('hands each due delivery to one claimer at a time, oldest due first, until the claim runs out or the delivery is written', async () => {
      await store.add([
        aDelivery(1, {}, 2_000),
        aDelivery(6, {}, 1_000),
        aDelivery(2, {}, 1_000),
        aDelivery(3, {}, 60_000),
        aDelivery(4, { status: 'delivered', nextAttemptAt: null }),
      ]);
      const first = await store.claimDue('z', T0 + 5_000, T0 + 20_000, 2);
      // Due together: in id order.
      expect(first.map((d) => d.id)).toEqual([aDelivery(2).id, aDelivery(6).id]);
      for (const held of first) await store.update({ ...held, status: 'delivered', nextAttemptAt: null, version: 3 }, 2);
      await store.add([aDelivery(7, {}, 1_000)]);
      const claimed = await store.claimDue('a', T0 + 5_000, T0 + 20_000, 10);
      expect(claimed.map((d) => d.id)).toEqual([aDelivery(7).id, aDelivery(1).id]);
      expect(claimed.every((d) => d.version === 2)).toBe(true);
      // Claimed: nobody else gets them while the claim runs.
      expect(await store.claimDue('b', T0 + 10_000, T0 + 30_000, 10)).toEqual([]);
      // The claim ran out: another instance takes them over; the first holder's write then fails.
      const retaken = await store.claimDue('b', T0 + 20_000, T0 + 40_000, 1);
      expect(retaken.map((d) => d.id)).toEqual([aDelivery(7).id]);
      expect(await store.update({ ...(claimed[0] as WebhookDelivery), status: 'delivered', nextAttemptAt: null, version: 3 }, 2)).toBe(
        false,
      );
      // The holder's write lands and releases the claim.
      const done = { ...(retaken[0] as WebhookDelivery), status: 'delivered' as const, nextAttemptAt: null, version: 4 };
      expect(await store.update(done, 3)).toBe(true);
      expect(await store.findById(done.id)).toEqual(done);
      expect((await store.claimDue('c', T0 + 50_000, T0 + 60_000, 10)).map((d) => d.id)).toEqual([aDelivery(1).id]);
    });

    it('of claimers at the same moment, gives each delivery to exactly one', async () => {
      await store.add(Array.from({ length: 12 }, (_, i) => aDelivery(i + 1)));
      const results = await Promise.all(['a', 'b', 'c', 'd'].map((holder) => store.claimDue(holder, T0 + 1_000, T0 + 30_000, 12)));
      const ids = results.flat().map((d) => d.id);
      expect(ids.length).toBe(12);
      expect(new Set(ids).size).toBe(12);
    });

    it("lists an endpoint's deliveries newest first, by status and page, and finds those in given statuses since a time, oldest first", async () => {
      const other = { endpointId: 'we_0mwqcvpc0002Ab3dE9f' };
      await store.add([
        aDelivery(1, { status: 'exhausted', nextAttemptAt: null }, 0, 0),
        aDelivery(2, { status: 'delivered', nextAttemptAt: null }, 0, 1_000),
        aDelivery(3, { status: 'failed', nextAttemptAt: null }, 0, 2_000),
        aDelivery(4, { ...other, status: 'failed', nextAttemptAt: null }, 0, 2_000),
        aDelivery(5, { status: 'skipped', nextAttemptAt: null }, 0, 3_000),
      ]);
      const endpointId = aDelivery(1).endpointId;
      expect((await store.list({ endpointId, limit: 10 })).map((d) => d.id)).toEqual([5, 3, 2, 1].map((n) => aDelivery(n).id));
      expect((await store.list({ endpointId, limit: 2, beforeId: aDelivery(3).id })).map((d) => d.id)).toEqual([
        aDelivery(2).id,
        aDelivery(1).id,
      ]);
      expect((await store.list({ endpointId, status: 'failed', limit: 10 })).map((d) => d.id)).toEqual([aDelivery(3).id]);
      expect((await store.findSince(endpointId, ['failed', 'exhausted', 'skipped'], T0 + 1_000, 10)).map((d) => d.id)).toEqual([
        aDelivery(3).id,
        aDelivery(5).id,
      ]);
      expect(await store.findSince(endpointId, ['failed'], T0 + 2_500, 10)).toEqual([]);
    });

    it('keeps how each endpoint fares: a failure starts the failing time unless it runs, a delivery clears it', async () => {
      const endpoint = 'we_0mwqcvpc0001Ab3dE9f';
      expect(await store.recordOutcome(endpoint, false, T0)).toEqual({ lastSuccessAt: null, failingSinceMs: T0 });
      expect(await store.recordOutcome(endpoint, false, T0 + 1_000)).toEqual({ lastSuccessAt: null, failingSinceMs: T0 });
      expect(await store.recordOutcome('we_other0000000000000', false, T0 + 5)).toEqual({ lastSuccessAt: null, failingSinceMs: T0 + 5 });
      expect(await store.recordOutcome(endpoint, true, T0 + 2_000)).toEqual({ lastSuccessAt: T0 + 2_000, failingSinceMs: null });
      expect(await store.recordOutcome(endpoint, false, T0 + 3_000)).toEqual({ lastSuccessAt: T0 + 2_000, failingSinceMs: T0 + 3_000 });
    });

    it('counts the due backlog with its oldest due time, and prunes what was made before a time', async () => {
      await store.add([aDelivery(1, {}, 1_000, 0), aDelivery(2, {}, 3_000, 5_000), aDelivery(3, {}, 90_000, 6_000)]);
      expect(await store.backlog(T0 + 10_000)).toEqual({ due: 2, oldestDueAt: at(1_000) });
      expect(await store.backlog(T0)).toEqual({ due: 0, oldestDueAt: null });
      expect(await store.prune(T0 + 5_000)).toBe(1);
      expect(await store.findById(aDelivery(1).id)).toBeNull();
      expect(await store.findById(aDelivery(2).id)).not.toBeNull();
    });

    it('moves the fan-out position from where it was only, so two instances never both move it from the same place', async () => {
      expect(await store.fanOutPosition()).toBe(0);
      const moves = await Promise.all([store.advanceFanOut(0, 5), store.advanceFanOut(0, 7)]);
      expect(moves.filter(Boolean)).toHaveLength(1);
      const position = await store.fanOutPosition();
      expect([5, 7]).toContain(position);
      expect(await store.advanceFanOut(0, 9)).toBe(false);
      expect(await store.advanceFanOut(position, 12)).toBe(true);
      expect(await store.fanOutPosition()).toBe(12);
    });
  });
}
