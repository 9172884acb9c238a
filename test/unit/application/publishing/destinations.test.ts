/** Publishing destinations as their owner (or an operator) manages them, on the in-memory store, with a resolver the test controls. */
import { describe, expect, it } from 'vitest';
import { MemoryDestinationStore } from '../../../../src/adapters/publishing/memory/memory-destination-store.js';
import { MemoryAuditLog } from '../../../../src/adapters/shared/memory/memory-audit-log.js';
import type { DestinationStore } from '../../../../src/application/publishing/ports/destination-store.js';
import { Destinations, type Acting } from '../../../../src/application/publishing/use-cases/destinations.js';
import { encodeCursor } from '../../../../src/application/shared/cursor.js';
import { Auditor } from '../../../../src/application/shared/services/auditor.js';
import type { Destination } from '../../../../src/domain/publishing/destination.js';
import { DestinationLimitReachedError, DestinationNotFoundError, HostNotAllowedError } from '../../../../src/domain/publishing/errors.js';
import { PreconditionFailedError, ServiceUnavailableError, ValidationError } from '../../../../src/domain/shared/errors.js';
import { FakeClock } from '../../../support/fake-clock.js';
import { StaticResolver, TEST_ANSWERS } from '../../../support/static-resolver.js';

const key = { id: 'key_a', requestId: 'req-1', ip: '203.0.113.9' };
const owner: Acting = { actor: key, ownerId: 'acct_shelter' };
const stranger: Acting = { actor: { id: 'key_b', requestId: null, ip: null }, ownerId: 'acct_other' };
const operator: Acting = { actor: { id: 'adm_1', requestId: null, ip: null, name: 'ops' }, ownerId: null };
const PETFINDER = { site: 'petfinder', username: 'CA1234', password: 'Secret-1', account: 'CA1234' };
const START = Date.UTC(2026, 11, 1, 9, 0, 0);

/** The test's resolver, counting the names it is asked. */
class CountingResolver extends StaticResolver {
  readonly asked: string[] = [];
  override resolve(host: string): Promise<string[]> {
    this.asked.push(host);
    return super.resolve(host);
  }
}

function setup(options: { allowLoopback?: boolean; maxPerOwner?: number; store?: DestinationStore } = {}) {
  const clock = new FakeClock(START);
  const store = options.store ?? new MemoryDestinationStore();
  const audit = new MemoryAuditLog();
  const resolver = new CountingResolver({ ...TEST_ANSWERS, 'garbled.example.com': ['not-an-address'] });
  const destinations = new Destinations(store, resolver, new Auditor(audit, clock), clock, {
    allowLoopback: options.allowLoopback ?? false,
    maxPerOwner: options.maxPerOwner ?? 10,
  });
  const events = async () => audit.list({ limit: 100 });
  return { clock, store, destinations, events, resolver };
}

/** A store whose writes lose to a concurrent change `losses` times. */
class ContendedStore extends MemoryDestinationStore {
  constructor(private losses: number) {
    super();
  }
  override async update(destination: Destination, expectedVersion: number): Promise<boolean> {
    if (this.losses-- > 0) return false;
    return super.update(destination, expectedVersion);
  }
  override async remove(id: string, expectedVersion: number): Promise<boolean> {
    if (this.losses-- > 0) return false;
    return super.remove(id, expectedVersion);
  }
}

describe('Destinations', () => {
  it("makes the owner's destination at version 1, its id sorting by creation, audited without its password", async () => {
    const { destinations, events } = setup();
    const made = await destinations.create(PETFINDER, 'acct_shelter', key);
    const now = new Date(START).toISOString();
    expect(made).toEqual({
      id: expect.stringMatching(/^pd_[0-9a-z]{12}[A-Za-z0-9]{7}$/) as unknown,
      ownerId: 'acct_shelter',
      site: 'petfinder',
      host: 'members.petfinder.com',
      port: 21,
      username: 'CA1234',
      password: 'Secret-1',
      account: 'CA1234',
      status: 'enabled',
      passwordChangedAt: now,
      createdAt: now,
      updatedAt: now,
      version: 1,
    });
    const second = await destinations.create(PETFINDER, 'acct_shelter', key);
    expect(second.id > made.id).toBe(true);
    expect(second.id.slice(3, 12)).toBe(START.toString(36).padStart(9, '0'));
    const event = (await events()).find((one) => one.target === made.id);
    expect(event).toMatchObject({ action: 'destination.create', actor: 'key_a', target: made.id, requestId: 'req-1', ip: '203.0.113.9' });
    expect(event?.changes).toEqual({
      site: { from: null, to: 'petfinder' },
      host: { from: null, to: 'members.petfinder.com' },
      port: { from: null, to: 21 },
      username: { from: null, to: 'CA1234' },
      account: { from: null, to: 'CA1234' },
      status: { from: null, to: 'enabled' },
      passwordChangedAt: { from: null, to: now },
    });
    expect(JSON.stringify(await events())).not.toContain('Secret-1');
  });

  it('refuses a host inside a network, or resolving to none, before anything is stored or audited; loopback under the switch', async () => {
    const { destinations, store, events } = setup();
    for (const [host, message] of [
      ['10.0.0.1', 'host is a private address; uploads go to public addresses only'],
      ['127.0.0.1', 'host is a loopback address; uploads go to public addresses only'],
      ['::1', 'host is a loopback address; uploads go to public addresses only'],
      ['inside.example.com', 'host inside.example.com resolves to a private address; uploads go to public addresses only'],
      ['metadata.example.com', 'host metadata.example.com resolves to a link-local address; uploads go to public addresses only'],
      [
        'nowhere.example.com',
        'host nowhere.example.com does not resolve to any address (no such name, or no addresses for it); check its spelling',
      ],
      ['garbled.example.com', 'host garbled.example.com resolves to an invalid address; uploads go to public addresses only'],
    ] as const) {
      await expect(destinations.create({ ...PETFINDER, host }, 'acct_shelter', key)).rejects.toThrow(new HostNotAllowedError(message));
    }
    expect(await store.listByOwner('acct_shelter', undefined, 10)).toEqual([]);
    expect(await events()).toEqual([]);
    const loopback = setup({ allowLoopback: true });
    expect((await loopback.destinations.create({ ...PETFINDER, host: 'localhost' }, 'acct_shelter', key)).host).toBe('localhost');
    await expect(loopback.destinations.create({ ...PETFINDER, host: '10.0.0.1' }, 'acct_shelter', key)).rejects.toThrow(
      HostNotAllowedError,
    );
  });

  it('refuses a bad field before the host is looked up', async () => {
    const { destinations, store } = setup();
    await expect(destinations.create({ ...PETFINDER, host: '10.0.0.1', port: 0 }, 'acct_shelter', key)).rejects.toThrow(ValidationError);
    expect(await store.listByOwner('acct_shelter', undefined, 10)).toEqual([]);
  });

  it("stops at the owner's maximum, saying which setting, and counts owners apart", async () => {
    const { destinations } = setup({ maxPerOwner: 2 });
    await destinations.create(PETFINDER, 'acct_shelter', key);
    await destinations.create(PETFINDER, 'acct_shelter', key);
    await expect(destinations.create(PETFINDER, 'acct_shelter', key)).rejects.toThrow(
      new DestinationLimitReachedError(
        'This owner has 2 publishing destinations, the most it may have (PUBLISHING_DESTINATIONS_PER_OWNER); remove one it no longer uses',
      ),
    );
    await destinations.create(PETFINDER, 'acct_other', key);
  });

  it("answers another owner's read, change and removal, and an id of the wrong shape, as not found; an operator reaches any", async () => {
    const { destinations, store, events } = setup();
    const made = await destinations.create(PETFINDER, 'acct_shelter', key);
    const notFound = new DestinationNotFoundError(made.id);
    expect(notFound.message).toBe(`No publishing destination with id ${made.id} among this key's owner's destinations`);
    await expect(destinations.get(made.id, stranger)).rejects.toThrow(notFound);
    await expect(destinations.update(made.id, { status: 'disabled' }, undefined, stranger)).rejects.toThrow(notFound);
    await expect(destinations.remove(made.id, undefined, stranger)).rejects.toThrow(notFound);
    await expect(destinations.get('pd_short', owner)).rejects.toThrow(new DestinationNotFoundError('pd_short'));
    expect(await store.findById(made.id)).toEqual(made);
    expect((await events()).map((event) => event.action)).toEqual(['destination.create']);
    expect(await destinations.get(made.id, owner)).toEqual(made);
    expect(await destinations.get(made.id, operator)).toEqual(made);
    expect((await destinations.update(made.id, { status: 'disabled' }, undefined, operator)).status).toBe('disabled');
    const [latest] = await events();
    expect(latest).toMatchObject({ action: 'destination.update', actor: 'adm_1', actorName: 'ops' });
  });

  it("lists the owner's destinations oldest first, a page at a time", async () => {
    const { destinations, clock } = setup();
    const made: Destination[] = [];
    for (let i = 0; i < 3; i++) {
      made.push(await destinations.create(PETFINDER, 'acct_shelter', key));
      clock.advance(1);
    }
    await destinations.create(PETFINDER, 'acct_other', key);
    const first = await destinations.list('acct_shelter', { limit: 2 });
    expect(first.destinations).toEqual(made.slice(0, 2));
    expect(first.nextCursor).toBe(encodeCursor(made[1]?.id as string));
    const second = await destinations.list('acct_shelter', { limit: 2, cursor: first.nextCursor as string });
    expect(second).toEqual({ destinations: [made[2]], nextCursor: null });
    expect((await destinations.list('acct_shelter')).destinations).toHaveLength(3);
    await expect(destinations.list('acct_shelter', { cursor: encodeCursor('we_0mwqcvpc0001Ab3dE9f') })).rejects.toThrow(ValidationError);
  });

  it('changes from the version read (If-Match), audits what changed (a password as the time it changed), and a no-op writes nothing', async () => {
    const { destinations, clock, events, store, resolver } = setup();
    const made = await destinations.create(PETFINDER, 'acct_shelter', key);
    expect(await destinations.update(made.id, { port: 21 }, [1], owner)).toBe(made);
    expect(await events()).toHaveLength(1);
    clock.advance(60_000);
    const later = new Date(START + 60_000).toISOString();
    const changed = await destinations.update(made.id, { password: 'Secret-2', port: 2121 }, [1], owner);
    expect(changed).toEqual({ ...made, password: 'Secret-2', port: 2121, passwordChangedAt: later, updatedAt: later, version: 2 });
    expect(await store.findById(made.id)).toEqual(changed);
    const [event] = await events();
    expect(event).toMatchObject({ action: 'destination.update', target: made.id });
    expect(event?.changes).toEqual({ port: { from: 21, to: 2121 }, passwordChangedAt: { from: made.passwordChangedAt, to: later } });
    // Only a new host is looked up again.
    expect(resolver.asked).toEqual(['members.petfinder.com']);
    const stale =
      `Publishing destination ${made.id} changed since it was read: its current ETag is "2". Read it again, ` +
      'apply the change to what it is now, and send it with the new ETag';
    await expect(destinations.update(made.id, { status: 'disabled' }, [1], owner)).rejects.toThrow(new PreconditionFailedError(stale, 2));
    await expect(destinations.remove(made.id, [1], owner)).rejects.toThrow(new PreconditionFailedError(stale, 2));
    expect(await store.findById(made.id)).toEqual(changed);
    expect(JSON.stringify(await events())).not.toMatch(/Secret-/);
  });

  it('checks a new host as at creation, and writes nothing when it is refused', async () => {
    const { destinations, store, events } = setup();
    const made = await destinations.create(PETFINDER, 'acct_shelter', key);
    await expect(destinations.update(made.id, { host: 'inside.example.com' }, undefined, owner)).rejects.toThrow(HostNotAllowedError);
    expect(await store.findById(made.id)).toEqual(made);
    expect(await events()).toHaveLength(1);
    expect((await destinations.update(made.id, { host: 'hooks.example.com' }, undefined, owner)).host).toBe('hooks.example.com');
  });

  it('removes the destination, audited with what it was', async () => {
    const { destinations, store, events } = setup();
    const made = await destinations.create(PETFINDER, 'acct_shelter', key);
    await destinations.remove(made.id, [1], owner);
    expect(await store.findById(made.id)).toBeNull();
    const [event] = await events();
    expect(event).toMatchObject({ action: 'destination.delete', target: made.id });
    expect(event?.changes).toMatchObject({ site: { from: 'petfinder', to: null }, host: { from: 'members.petfinder.com', to: null } });
    await expect(destinations.remove(made.id, undefined, owner)).rejects.toThrow(DestinationNotFoundError);
  });

  it('applies a change again to what a concurrent change left, audited once, and gives up with a 503 naming the destination', async () => {
    const contended = setup({ store: new ContendedStore(2) });
    const made = await contended.destinations.create(PETFINDER, 'acct_shelter', key);
    const moved = await contended.destinations.update(made.id, { status: 'disabled', host: 'hooks.example.com' }, undefined, owner);
    expect(moved).toMatchObject({ status: 'disabled', host: 'hooks.example.com' });
    expect((await contended.events()).filter((event) => event.action === 'destination.update')).toHaveLength(1);
    // The new host is looked up once, not again at each round.
    expect(contended.resolver.asked).toEqual(['members.petfinder.com', 'hooks.example.com']);
    const removed = setup({ store: new ContendedStore(1) });
    const gone = await removed.destinations.create(PETFINDER, 'acct_shelter', key);
    await removed.destinations.remove(gone.id, undefined, owner);
    expect(await removed.store.findById(gone.id)).toBeNull();
    expect((await removed.events()).filter((event) => event.action === 'destination.delete')).toHaveLength(1);
    const hopeless = setup({ store: new ContendedStore(1_000) });
    const stuck = await hopeless.destinations.create(PETFINDER, 'acct_shelter', key);
    await expect(hopeless.destinations.update(stuck.id, { status: 'disabled' }, undefined, owner)).rejects.toThrow(ServiceUnavailableError);
    await expect(hopeless.destinations.update(stuck.id, { status: 'disabled' }, undefined, owner)).rejects.toThrow(
      `Publishing destination ${stuck.id}`,
    );
    await expect(hopeless.destinations.remove(stuck.id, undefined, owner)).rejects.toThrow(`Publishing destination ${stuck.id}`);
  });
});
