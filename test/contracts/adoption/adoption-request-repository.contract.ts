/** What every AdoptionRequestRepository must do; run against each adapter. */
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { AdoptionRequestRepository } from '../../../src/application/adoption/ports/adoption-request-repository.js';
import type { AdoptionRequest } from '../../../src/domain/adoption/adoption-request.js';
import { newAdoptionRequestId } from '../../../src/application/adoption/use-cases/adoption-requests.js';

export interface AdoptionRequestRepositoryHarness {
  fresh(): Promise<AdoptionRequestRepository>;
  close?(): Promise<void>;
}

const T0 = Date.UTC(2026, 10, 25, 10, 0, 0);

export function anAdoptionRequest(overrides: Partial<AdoptionRequest> = {}): AdoptionRequest {
  return {
    id: newAdoptionRequestId(T0),
    petId: 1,
    status: 'placed',
    applicantName: 'Ada ✓',
    note: null,
    cancelReason: null,
    createdAt: new Date(T0).toISOString(),
    updatedAt: new Date(T0).toISOString(),
    version: 1,
    placedBy: 'acct_partner',
    petOwnerId: 'acct_shelter',
    requestKey: null,
    requestFingerprint: 'f1',
    ...overrides,
  };
}

export function describeAdoptionRequestRepositoryContract(adapter: string, harness: AdoptionRequestRepositoryHarness): void {
  describe(`OrderRepository contract: ${adapter}`, () => {
    let repo: AdoptionRequestRepository;

    beforeEach(async () => {
      repo = await harness.fresh();
    });
    afterAll(async () => {
      await harness.close?.();
    });

    it('stores a request and returns it as stored, every field', async () => {
      const order = anAdoptionRequest({ petId: 2 ** 53 - 1, note: 'A garden', requestKey: 'key_a\u0000k1', cancelReason: null });
      expect(await repo.add(order, [])).toEqual({ order, created: true });
      expect(await repo.findById(order.id)).toEqual(order);
      expect(await repo.findByRequestKey('key_a\u0000k1')).toEqual(order);
      expect(await repo.findById('ord_000000000000000000000')).toBeNull();
      expect(await repo.findByRequestKey('key_a\u0000other')).toBeNull();
    });

    it('stores one request for concurrent adds with one request key, and any number without one', async () => {
      const attempts = Array.from({ length: 10 }, (_, i) =>
        anAdoptionRequest({ requestKey: 'key_a\u0000same', applicantName: `Try ${i}` }),
      );
      const results = await Promise.all(attempts.map((o) => repo.add(o, [])));
      expect(results.filter((r) => r.created)).toHaveLength(1);
      const winner = results.find((r) => r.created)?.order;
      for (const r of results) expect(r.order).toEqual(winner);
      await Promise.all(Array.from({ length: 3 }, () => repo.add(anAdoptionRequest(), [])));
      expect(await repo.list({ visibleTo: 'acct_partner', limit: 100 })).toHaveLength(4);
    });

    it('updates only from the version it was read at', async () => {
      const order = await repo.add(anAdoptionRequest(), []).then((r) => r.order);
      const approved = { ...order, status: 'approved' as const, version: 2, updatedAt: new Date(T0 + 1000).toISOString() };
      const cancelled = { ...order, status: 'cancelled' as const, cancelReason: 'withdrawn' as const, version: 2 };
      const results = await Promise.all([repo.update(approved, 1, []), repo.update(cancelled, 1, [])]);
      expect(results.sort()).toEqual([false, true]);
      expect((await repo.findById(order.id))?.version).toBe(2);
      expect(await repo.update({ ...approved, version: 3 }, 1, [])).toBe(false);
      expect(await repo.update(anAdoptionRequest({ version: 2 }), 1, [])).toBe(false);
    });

    it('lists what an owner placed or is asked for, filtered, in id order, after a given id', async () => {
      const mine = await repo.add(anAdoptionRequest({ placedBy: 'acct_a', petOwnerId: 'acct_s', petId: 1 }), []).then((r) => r.order);
      const onMyPet = await repo
        .add(anAdoptionRequest({ placedBy: 'acct_b', petOwnerId: 'acct_a', petId: 2, status: 'approved' }), [])
        .then((r) => r.order);
      const others = await repo.add(anAdoptionRequest({ placedBy: 'acct_b', petOwnerId: 'acct_s', petId: 1 }), []).then((r) => r.order);
      const ids = async (query: Parameters<AdoptionRequestRepository['list']>[0]) => (await repo.list(query)).map((o) => o.id);
      expect(await ids({ visibleTo: 'acct_a', limit: 10 })).toEqual([mine.id, onMyPet.id]);
      expect(await ids({ visibleTo: 'acct_s', limit: 10 })).toEqual([mine.id, others.id]);
      expect(await ids({ visibleTo: 'acct_a', limit: 10, status: 'approved' })).toEqual([onMyPet.id]);
      expect(await ids({ visibleTo: 'acct_s', limit: 10, petId: 1 })).toEqual([mine.id, others.id]);
      expect(await ids({ visibleTo: 'acct_s', limit: 1, afterId: mine.id })).toEqual([others.id]);
      expect(await ids({ visibleTo: 'acct_nobody', limit: 10 })).toEqual([]);
    });

    it("lists a pet's placed requests only", async () => {
      const placed = await repo.add(anAdoptionRequest({ petId: 5 }), []).then((r) => r.order);
      await repo.add(anAdoptionRequest({ petId: 5, status: 'cancelled', cancelReason: 'rejected' }), []);
      await repo.add(anAdoptionRequest({ petId: 6 }), []);
      expect((await repo.listPlaced(5)).map((o) => o.id)).toEqual([placed.id]);
    });
  });
}
