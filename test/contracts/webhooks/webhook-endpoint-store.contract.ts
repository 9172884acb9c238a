/** What every WebhookEndpointStore must do; run against each adapter. */
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { WebhookEndpointStore } from '../../../src/application/webhooks/ports/webhook-endpoint-store.js';
import type { WebhookEndpoint } from '../../../src/domain/webhooks/webhook-endpoint.js';

export interface WebhookEndpointStoreHarness {
  /** A store on an empty database. */
  fresh(): Promise<WebhookEndpointStore>;
  close?(): Promise<void>;
}

let made = 0;

export function anEndpoint(overrides: Partial<WebhookEndpoint> = {}): WebhookEndpoint {
  made += 1;
  return {
    id: `we_0mwqcvpc0${String(made).padStart(3, '0')}Ab3dE9f`,
    ownerId: 'acct_shelter',
    url: 'https://hooks.example.com/adoptions?site=1',
    enabledEvents: ['pet.updated', 'order.placed'],
    description: 'Website ✓',
    status: 'enabled',
    disabledReason: null,
    secrets: [
      { secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw1e+VtnSBRtk=', expiresAt: null },
      { secret: 'whsec_C2FVsBQIhrscChlQIMV+b5sSYspob7oD6Lp1CKQ5hsc=', expiresAt: '2026-11-27T09:00:00.000Z' },
    ],
    createdAt: '2026-11-26T09:00:00.000Z',
    updatedAt: '2026-11-26T09:00:00.000Z',
    version: 1,
    ...overrides,
  };
}

export function describeWebhookEndpointStoreContract(adapter: string, harness: WebhookEndpointStoreHarness): void {
  describe(`WebhookEndpointStore contract: ${adapter}`, () => {
    let store: WebhookEndpointStore;

    beforeEach(async () => {
      store = await harness.fresh();
    });
    afterAll(async () => {
      await harness.close?.();
    });

    it('stores an endpoint and returns it as stored, every field and both secrets', async () => {
      const endpoint = anEndpoint();
      expect(await store.add(endpoint, 10)).toBe(true);
      expect(await store.findById(endpoint.id)).toEqual(endpoint);
      expect(await store.findById('we_0000000000000000000')).toBeNull();
      const all = anEndpoint({
        enabledEvents: ['*'],
        description: null,
        status: 'disabled',
        disabledReason: 'failing for 5 days',
        secrets: [{ secret: 'whsec_x', expiresAt: null }],
      });
      await store.add(all, 10);
      expect(await store.findById(all.id)).toEqual(all);
    });

    it("lists one owner's endpoints in id order, after an id, up to the limit", async () => {
      const mine = [anEndpoint(), anEndpoint(), anEndpoint()];
      for (const endpoint of [...mine].reverse()) await store.add(endpoint, 10);
      await store.add(anEndpoint({ ownerId: 'acct_other' }), 10);
      expect((await store.listByOwner('acct_shelter', undefined, 10)).map((e) => e.id)).toEqual(mine.map((e) => e.id));
      expect((await store.listByOwner('acct_shelter', mine[0]?.id, 1)).map((e) => e.id)).toEqual([mine[1]?.id]);
      expect(await store.listByOwner('acct_nobody', undefined, 10)).toEqual([]);
    });

    it('takes exactly the maximum per owner under concurrent adds, counts owners apart, and a removal frees a place', async () => {
      const attempts = Array.from({ length: 8 }, () => anEndpoint());
      const added = await Promise.all(attempts.map((endpoint) => store.add(endpoint, 3)));
      expect(added.filter(Boolean)).toHaveLength(3);
      expect(await store.listByOwner('acct_shelter', undefined, 10)).toHaveLength(3);
      expect(await store.add(anEndpoint({ ownerId: 'acct_other' }), 3)).toBe(true);
      const [first] = await store.listByOwner('acct_shelter', undefined, 1);
      expect(await store.remove(first?.id ?? '', 1)).toBe(true);
      expect(await store.add(anEndpoint(), 3)).toBe(true);
      expect(await store.add(anEndpoint(), 3)).toBe(false);
    });

    it('updates and removes only at the version read', async () => {
      const endpoint = anEndpoint();
      await store.add(endpoint, 10);
      const changed = { ...endpoint, url: 'https://dual.example.com/', version: 2 };
      expect(await store.update(changed, 2)).toBe(false);
      expect(await store.update(changed, 1)).toBe(true);
      expect(await store.update({ ...changed, description: 'lost' }, 1)).toBe(false);
      expect(await store.findById(endpoint.id)).toEqual(changed);
      expect(await store.remove(endpoint.id, 1)).toBe(false);
      expect(await store.findById(endpoint.id)).toEqual(changed);
      expect(await store.remove(endpoint.id, 2)).toBe(true);
      expect(await store.findById(endpoint.id)).toBeNull();
      expect(await store.remove(endpoint.id, 2)).toBe(false);
    });
  });
}
