import { describe, expect, it } from 'vitest';
import { NearbyPlaces } from '../../../../src/application/shared/services/nearby-places.js';
import { MemoryOrganizationStore } from '../../../../src/adapters/organizations/memory/memory-organization-store.js';
import { MemoryAuditLog } from '../../../../src/adapters/shared/memory/memory-audit-log.js';
import { Organizations, type OrganizationMoves } from '../../../../src/application/organizations/use-cases/organizations.js';
import { Auditor } from '../../../../src/application/shared/services/auditor.js';
import { ForbiddenError } from '../../../../src/domain/shared/errors.js';
import { FakeClock } from '../../../support/fake-clock.js';
import { gazetteer } from '../../../support/gazetteer.js';

const OPERATOR = { operator: { id: 'cred_ops', requestId: null, ip: null } };
const OWN = { caller: { ownerId: 'acct_sf', keyId: 'key_sf' } };

function world(fail: { next: boolean } = { next: false }) {
  const store = new MemoryOrganizationStore();
  const followed: string[] = [];
  const moves: OrganizationMoves = {
    follow: async (id) => {
      if (fail.next) {
        fail.next = false;
        throw new Error('the store went away');
      }
      followed.push(id);
    },
  };
  const clock = new FakeClock();
  const organizations = new Organizations(
    store,
    gazetteer,
    new NearbyPlaces(gazetteer),
    new Auditor(new MemoryAuditLog(), clock),
    clock,
    moves,
  );
  return { store, organizations, followed };
}

describe("an organization's move", () => {
  it('has its animals follow a created place and every change of it, and nothing else', async () => {
    const { organizations, followed, store } = world();
    await organizations.create('acct_none', { name: 'No place yet' }, OPERATOR.operator);
    expect(followed).toEqual([]);
    await organizations.create('acct_sf', { name: 'Mission', location: { postalCode: '94110' } }, OPERATOR.operator);
    expect(followed).toEqual(['acct_sf']);
    await organizations.update('acct_sf', { hours: 'Daily' }, '*', OWN);
    await organizations.update('acct_sf', { location: { postalCode: '94110' } }, '*', OWN);
    expect(followed).toEqual(['acct_sf']);
    await organizations.update('acct_sf', { location: { postalCode: '10001' } }, '*', OWN);
    await organizations.update('acct_sf', { location: null }, '*', OWN);
    expect(followed).toEqual(['acct_sf', 'acct_sf', 'acct_sf']);
    expect((await store.findById('acct_sf'))?.relocating).toBe(false);
    expect(await store.listRelocating(10)).toEqual([]);
  });

  it("refuses another owner's move before anything is written or followed", async () => {
    const { organizations, followed, store } = world();
    await organizations.create('acct_sf', { name: 'Mission', location: { postalCode: '94110' } }, OPERATOR.operator);
    const before = await store.findById('acct_sf');
    const other = { caller: { ownerId: 'acct_other', keyId: 'key_other' } };
    await expect(organizations.update('acct_sf', { location: { postalCode: '10001' } }, '*', other)).rejects.toThrow(ForbiddenError);
    expect(await store.findById('acct_sf')).toEqual(before);
    expect(followed).toEqual(['acct_sf']);
  });

  it('finishes a move a failure interrupted: at the next change, or by the sweep, and then no more', async () => {
    const fail = { next: false };
    const { organizations, followed, store } = world(fail);
    await organizations.create('acct_sf', { name: 'Mission', location: { postalCode: '94110' } }, OPERATOR.operator);
    fail.next = true;
    await expect(organizations.update('acct_sf', { location: { postalCode: '10001' } }, '*', OWN)).rejects.toThrow('went away');
    // The change landed; its animals did not follow yet: the organization says so.
    expect(await store.findById('acct_sf')).toMatchObject({ location: { postalCode: '10001' }, relocating: true, version: 2 });
    expect(await organizations.sweepMoves()).toBe(1);
    expect(followed).toEqual(['acct_sf', 'acct_sf']);
    expect(await store.findById('acct_sf')).toMatchObject({ relocating: false, version: 2 });
    expect(await organizations.sweepMoves()).toBe(0);
    // Interrupted again, then changed in another field: that change finishes the move.
    fail.next = true;
    await expect(organizations.update('acct_sf', { location: { postalCode: '60601' } }, '*', OWN)).rejects.toThrow('went away');
    await organizations.update('acct_sf', { hours: 'Daily' }, '*', OWN);
    expect(followed).toEqual(['acct_sf', 'acct_sf', 'acct_sf']);
    expect(await store.listRelocating(10)).toEqual([]);
  });
});
