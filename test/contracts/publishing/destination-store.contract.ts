/** What every DestinationStore must do; run against each adapter. */
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { DestinationStore } from '../../../src/application/publishing/ports/destination-store.js';
import type { Destination } from '../../../src/domain/publishing/destination.js';

export interface DestinationStoreHarness {
  /** A store on an empty database. */
  fresh(): Promise<DestinationStore>;
  close?(): Promise<void>;
}

let made = 0;

export function aDestination(overrides: Partial<Destination> = {}): Destination {
  made += 1;
  return {
    id: `pd_0mwqcvpc0${String(made).padStart(3, '0')}Ab3dE9f`,
    ownerId: 'acct_shelter',
    site: 'petfinder',
    host: 'members.petfinder.com',
    port: 21,
    username: 'CA1234',
    password: 'pässwörd with spaces, quotes " and commas',
    account: 'CA1234',
    status: 'enabled',
    passwordChangedAt: '2026-11-26T09:00:00.000Z',
    createdAt: '2026-11-26T09:00:00.000Z',
    updatedAt: '2026-11-26T09:00:00.000Z',
    version: 1,
    ...overrides,
  };
}

export function describeDestinationStoreContract(adapter: string, harness: DestinationStoreHarness): void {
  describe(`DestinationStore contract: ${adapter}`, () => {
    let store: DestinationStore;

    beforeEach(async () => {
      store = await harness.fresh();
    });
    afterAll(async () => {
      await harness.close?.();
    });

    it('stores a destination and returns it as stored, every field and its password', async () => {
      const destination = aDestination();
      expect(await store.add(destination, 10)).toBe(true);
      expect(await store.findById(destination.id)).toEqual(destination);
      expect(await store.findById('pd_0000000000000000000')).toBeNull();
      const other = aDestination({ site: 'adoptapet', host: '2001:db8::1', port: 2121, account: null, status: 'disabled' });
      await store.add(other, 10);
      expect(await store.findById(other.id)).toEqual(other);
    });

    it("lists one owner's destinations in id order, after an id, up to the limit", async () => {
      const mine = [aDestination(), aDestination(), aDestination()];
      for (const destination of [...mine].reverse()) await store.add(destination, 10);
      await store.add(aDestination({ ownerId: 'acct_other' }), 10);
      expect((await store.listByOwner('acct_shelter', undefined, 10)).map((d) => d.id)).toEqual(mine.map((d) => d.id));
      expect((await store.listByOwner('acct_shelter', mine[0]?.id, 1)).map((d) => d.id)).toEqual([mine[1]?.id]);
      expect(await store.listByOwner('acct_nobody', undefined, 10)).toEqual([]);
    });

    it('takes exactly the maximum per owner under concurrent adds, counts owners apart, and a removal frees a place', async () => {
      const added = await Promise.all(Array.from({ length: 8 }, () => store.add(aDestination(), 3)));
      expect(added.filter(Boolean)).toHaveLength(3);
      expect(await store.listByOwner('acct_shelter', undefined, 10)).toHaveLength(3);
      expect(await store.add(aDestination({ ownerId: 'acct_other' }), 3)).toBe(true);
      const [first] = await store.listByOwner('acct_shelter', undefined, 1);
      expect(await store.remove(first?.id ?? '', 1)).toBe(true);
      expect(await store.add(aDestination(), 3)).toBe(true);
      expect(await store.add(aDestination(), 3)).toBe(false);
    });

    it('updates and removes only at the version read', async () => {
      const destination = aDestination();
      await store.add(destination, 10);
      const changed = { ...destination, password: 'new secret', host: 'ftp.example.org', version: 2 };
      expect(await store.update(changed, 2)).toBe(false);
      expect(await store.update(changed, 1)).toBe(true);
      expect(await store.update({ ...changed, username: 'lost' }, 1)).toBe(false);
      expect(await store.findById(destination.id)).toEqual(changed);
      expect(await store.remove(destination.id, 1)).toBe(false);
      expect(await store.findById(destination.id)).toEqual(changed);
      expect(await store.remove(destination.id, 2)).toBe(true);
      expect(await store.findById(destination.id)).toBeNull();
      expect(await store.remove(destination.id, 2)).toBe(false);
    });
  });
}
