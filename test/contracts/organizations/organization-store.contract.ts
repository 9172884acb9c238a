/**
 * What every OrganizationStore must do: each organization once under its id, read back exactly as
 * stored, listed in id order with every filter, changed only from the version read, and the mark of
 * a move that its animals have not all followed kept until that move is settled. Run against each adapter.
 */
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { OrganizationStore } from '../../../src/application/organizations/ports/organization-store.js';
import type { Organization } from '../../../src/domain/organizations/organization.js';

export interface OrganizationStoreHarness {
  fresh(): Promise<OrganizationStore>;
  close?(): Promise<void>;
}

const SF = { postalCode: '94110', city: 'San Francisco', region: 'CA', country: 'US' };
const NY = { postalCode: '10001', city: 'New York', region: 'NY', country: 'US' };

export function anOrganization(id: string, overrides: Partial<Organization> = {}): Organization {
  return {
    id,
    name: `Shelter ${id}`,
    email: 'adopt@shelter.example',
    phone: null,
    website: 'https://shelter.example',
    address: '1 Shelter Lane',
    location: SF,
    adoptionPolicyUrl: null,
    hours: 'Daily',
    createdAt: '2026-12-01T10:00:00.000Z',
    updatedAt: '2026-12-01T10:00:00.000Z',
    version: 1,
    relocating: false,
    ...overrides,
  };
}

export function describeOrganizationStoreContract(adapter: string, harness: OrganizationStoreHarness): void {
  describe(`OrganizationStore contract: ${adapter}`, () => {
    let store: OrganizationStore;
    beforeEach(async () => {
      store = await harness.fresh();
    });
    afterAll(async () => {
      await harness.close?.();
    });

    it('stores each organization once and reads it back exactly', async () => {
      const first = anOrganization('acct_a');
      expect(await store.add(first)).toBe(true);
      expect(await store.add(anOrganization('acct_a', { name: 'Second' }))).toBe(false);
      expect(await store.findById('acct_a')).toEqual(first);
      expect(await store.findById('acct_missing')).toBeNull();
      const bare = anOrganization('acct_b', { email: null, website: null, address: null, location: null, hours: null });
      await store.add(bare);
      expect(await store.findById('acct_b')).toEqual(bare);
    });

    it('lists in id order after a position, by place, postal codes and ids', async () => {
      await store.add(anOrganization('acct_c', { location: NY }));
      await store.add(anOrganization('acct_a'));
      await store.add(anOrganization('acct_b', { location: null }));
      const ids = async (...args: Parameters<OrganizationStore['list']>) => (await store.list(...args)).map((one) => one.id);
      expect(await ids({}, undefined, 10)).toEqual(['acct_a', 'acct_b', 'acct_c']);
      expect(await ids({}, 'acct_a', 1)).toEqual(['acct_b']);
      expect(await ids({ region: 'NY' }, undefined, 10)).toEqual(['acct_c']);
      expect(await ids({ country: 'US', postalCode: '94110' }, undefined, 10)).toEqual(['acct_a']);
      expect(await ids({ postalCodes: ['10001', '94110'] }, undefined, 10)).toEqual(['acct_a', 'acct_c']);
      expect(await ids({ ids: ['acct_c', 'acct_b'] }, undefined, 10)).toEqual(['acct_b', 'acct_c']);
      expect(await ids({ ids: ['acct_c', 'acct_b'] }, 'acct_b', 10)).toEqual(['acct_c']);
    });

    it('changes one only from the version read, and keeps a move unsettled until that move is settled', async () => {
      await store.add(anOrganization('acct_a'));
      const moved = anOrganization('acct_a', { location: NY, version: 2, relocating: true });
      expect(await store.update(moved, 2)).toBe(false);
      expect(await store.update(moved, 1)).toBe(true);
      expect(await store.findById('acct_a')).toEqual(moved);
      expect((await store.listRelocating(10)).map((one) => one.id)).toEqual(['acct_a']);
      // A later change lands before the first move is settled: the first one's settling leaves the mark.
      const later = { ...moved, hours: 'Weekends', version: 3 };
      expect(await store.update(later, 2)).toBe(true);
      await store.settleRelocation('acct_a', 2);
      expect(await store.findById('acct_a')).toEqual(later);
      await store.settleRelocation('acct_a', 3);
      expect(await store.findById('acct_a')).toEqual({ ...later, relocating: false });
      expect(await store.listRelocating(10)).toEqual([]);
      await store.settleRelocation('acct_missing', 1);
    });
  });
}
