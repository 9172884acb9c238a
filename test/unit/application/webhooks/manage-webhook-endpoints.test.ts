/** Webhook endpoints as their owner manages them, on the in-memory store, with a resolver the test controls. */
import { describe, expect, it } from 'vitest';
import { MemoryWebhookEndpointStore } from '../../../../src/adapters/webhooks/memory/memory-webhook-endpoint-store.js';
import { ManageWebhookEndpoints } from '../../../../src/application/webhooks/use-cases/manage-webhook-endpoints.js';
import { ValidationError } from '../../../../src/domain/shared/errors.js';
import { EndpointLimitReachedError, UrlNotAllowedError, WebhookEndpointNotFoundError } from '../../../../src/domain/webhooks/errors.js';
import { signingSecrets } from '../../../../src/domain/webhooks/webhook-endpoint.js';
import { FakeClock } from '../../../support/fake-clock.js';
import { encodeCursor } from '../../../../src/application/shared/cursor.js';
import { MemoryAuditLog } from '../../../../src/adapters/shared/memory/memory-audit-log.js';
import { Auditor } from '../../../../src/application/shared/services/auditor.js';
import { StaticResolver, TEST_ANSWERS } from '../../../support/static-resolver.js';

const owner = { ownerId: 'acct_shelter', keyId: 'key_a' };
const stranger = { ownerId: 'acct_other', keyId: 'key_b' };

function setup(allowLoopback = false, maxPerOwner = 10) {
  const clock = new FakeClock(Date.UTC(2026, 10, 26, 9, 0, 0));
  const store = new MemoryWebhookEndpointStore();
  const resolver = new StaticResolver(TEST_ANSWERS);
  const audit = new MemoryAuditLog();
  const endpoints = new ManageWebhookEndpoints(store, resolver, new Auditor(audit, clock), clock, { allowLoopback, maxPerOwner });
  return { clock, store, resolver, endpoints, audit };
}

describe('ManageWebhookEndpoints', () => {
  it('makes an endpoint with a whsec_ secret of 32 random bytes, returned with it and stored to sign', async () => {
    const { endpoints } = setup();
    const { endpoint, secret } = await endpoints.create(
      { url: 'https://hooks.example.com/adoptions', enabledEvents: ['pet.updated', 'pet.updated'] },
      owner,
    );
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(32);
    expect(endpoint).toMatchObject({
      ownerId: 'acct_shelter',
      url: 'https://hooks.example.com/adoptions',
      enabledEvents: ['pet.updated'],
      description: null,
      status: 'enabled',
      version: 1,
    });
    expect(endpoint.id).toMatch(/^we_[0-9a-z]{12}[A-Za-z0-9]{7}$/);
    expect(signingSecrets(endpoint, endpoint.createdAt)).toEqual([secret]);
    expect(await endpoints.get(endpoint.id, owner)).toEqual(endpoint);
  });

  it.each([
    ['http://hooks.example.com/', UrlNotAllowedError, /must use https; got http/],
    ['ftp://hooks.example.com/', UrlNotAllowedError, /must use https/],
    ['https://user:secret@hooks.example.com/', UrlNotAllowedError, /user name or password/],
    ['https://127.0.0.1/', UrlNotAllowedError, /is a loopback address/],
    ['https://2130706433/', UrlNotAllowedError, /is a loopback address/],
    ['https://[::ffff:a9fe:a9fe]/', UrlNotAllowedError, /is a link-local address/],
    ['https://100.64.1.1/', UrlNotAllowedError, /is a shared address/],
    ['https://localhost/', UrlNotAllowedError, /localhost resolves to a loopback address/],
    ['https://inside.example.com/', UrlNotAllowedError, /inside\.example\.com resolves to a private address/],
    ['https://metadata.example.com/', UrlNotAllowedError, /resolves to a link-local address/],
    ['https://nowhere.example.com/', UrlNotAllowedError, /does not resolve to any address \(no such name/],
    ['hooks.example.com/x', ValidationError, /absolute URL/],
    ['https://hooks.example.com/#part', ValidationError, /fragment/],
    [`https://hooks.example.com/${'a'.repeat(2048)}`, ValidationError, /at most 2048/],
  ])('refuses %s, storing nothing', async (url, error, message) => {
    const { endpoints } = setup();
    const attempt = endpoints.create({ url, enabledEvents: ['*'] }, owner);
    await expect(attempt).rejects.toBeInstanceOf(error);
    await expect(attempt).rejects.toThrow(message);
    expect((await endpoints.list(owner, { limit: 100 })).endpoints).toEqual([]);
  });

  it('admits http and loopback hosts only where WEBHOOK_ALLOW_LOOPBACK is set, and nothing else inside even then', async () => {
    const { endpoints } = setup(true);
    const { endpoint } = await endpoints.create({ url: 'http://localhost:8080/hook', enabledEvents: ['*'] }, owner);
    expect(endpoint.url).toBe('http://localhost:8080/hook');
    await expect(endpoints.create({ url: 'http://10.0.0.1/', enabledEvents: ['*'] }, owner)).rejects.toThrow(/is a private address/);
    await expect(endpoints.create({ url: 'http://[::1]:9/', enabledEvents: ['*'] }, owner)).resolves.toMatchObject({});
  });

  it('says what a URL may use where loopback is allowed, and names a host that resolves to no valid address', async () => {
    const { endpoints } = setup(true);
    await expect(endpoints.create({ url: 'ftp://localhost/', enabledEvents: ['*'] }, owner)).rejects.toThrow(
      'url must use https (or http, allowed here for development); got ftp',
    );
    const odd = new ManageWebhookEndpoints(
      new MemoryWebhookEndpointStore(),
      new StaticResolver({ 'odd.example.com': ['not-an-address'] }),
      new Auditor(new MemoryAuditLog(), new FakeClock()),
      new FakeClock(),
      { allowLoopback: false, maxPerOwner: 10 },
    );
    const attempt = odd.create({ url: 'https://odd.example.com/', enabledEvents: ['*'] }, owner);
    await expect(attempt).rejects.toBeInstanceOf(UrlNotAllowedError);
    await expect(attempt).rejects.toThrow(
      "url's host odd.example.com resolves to an invalid address; webhooks go to public addresses only",
    );
  });

  it('takes a description of up to 500 characters, counted as characters, and refuses a longer one, storing nothing', async () => {
    const { endpoints } = setup();
    const longest = '🐕'.repeat(500);
    const { endpoint } = await endpoints.create({ url: 'https://hooks.example.com/', enabledEvents: ['*'], description: longest }, owner);
    expect(endpoint.description).toBe(longest);
    const attempt = endpoints.update(endpoint.id, { description: `${longest}a` }, owner);
    await expect(attempt).rejects.toBeInstanceOf(ValidationError);
    await expect(attempt).rejects.toThrow('description must be at most 500 characters');
    await expect(
      endpoints.create({ url: 'https://hooks.example.com/', enabledEvents: ['*'], description: 'a'.repeat(501) }, owner),
    ).rejects.toThrow('description must be at most 500 characters');
    expect(await endpoints.get(endpoint.id, owner)).toEqual(endpoint);
    expect((await endpoints.list(owner, { limit: 100 })).endpoints).toHaveLength(1);
  });

  it.each([
    [[], /at least one event type/],
    [['*', 'pet.created'], /stands alone/],
    [['pet.adopted'], /unknown type "pet\.adopted"; the types are pet\.created, /],
  ])('refuses enabledEvents %j', async (enabledEvents, message) => {
    const { endpoints } = setup();
    await expect(endpoints.create({ url: 'https://hooks.example.com/', enabledEvents }, owner)).rejects.toThrow(message);
  });

  it('lets an owner have WEBHOOK_ENDPOINTS_PER_OWNER endpoints, then refuses with 409 and counts each owner apart', async () => {
    const { endpoints } = setup(false, 2);
    for (let i = 0; i < 2; i++) await endpoints.create({ url: `https://hooks.example.com/${i}`, enabledEvents: ['*'] }, owner);
    await expect(endpoints.create({ url: 'https://hooks.example.com/3', enabledEvents: ['*'] }, owner)).rejects.toBeInstanceOf(
      EndpointLimitReachedError,
    );
    await expect(endpoints.create({ url: 'https://hooks.example.com/3', enabledEvents: ['*'] }, owner)).rejects.toThrow(
      'This owner has 2 webhook endpoints, the most it may have (WEBHOOK_ENDPOINTS_PER_OWNER); remove one, or send more event types to one that exists',
    );
    await expect(endpoints.create({ url: 'https://hooks.example.com/4', enabledEvents: ['*'] }, stranger)).resolves.toMatchObject({});
    expect((await endpoints.list(owner, { limit: 100 })).endpoints).toHaveLength(2);
  });

  it("answers another owner's endpoint as one that does not exist, for every read and write, and changes nothing", async () => {
    const { endpoints } = setup();
    const { endpoint } = await endpoints.create({ url: 'https://hooks.example.com/', enabledEvents: ['*'] }, owner);
    await expect(endpoints.get(endpoint.id, stranger)).rejects.toBeInstanceOf(WebhookEndpointNotFoundError);
    await expect(endpoints.update(endpoint.id, { status: 'disabled' }, stranger)).rejects.toBeInstanceOf(WebhookEndpointNotFoundError);
    await expect(endpoints.rotateSecret(endpoint.id, 0, stranger)).rejects.toBeInstanceOf(WebhookEndpointNotFoundError);
    await expect(endpoints.remove(endpoint.id, stranger)).rejects.toBeInstanceOf(WebhookEndpointNotFoundError);
    expect((await endpoints.list(stranger, { limit: 100 })).endpoints).toEqual([]);
    expect(await endpoints.get(endpoint.id, owner)).toEqual(endpoint);
  });

  it('changes what a patch names, checks a new URL as a new one, and keeps the version for a patch that changes nothing', async () => {
    const { clock, endpoints } = setup();
    const { endpoint } = await endpoints.create({ url: 'https://hooks.example.com/', enabledEvents: ['*'], description: 'Site' }, owner);
    expect(await endpoints.update(endpoint.id, { description: 'Site', enabledEvents: ['*'] }, owner)).toEqual(endpoint);
    clock.advance(1_000);
    const changed = await endpoints.update(
      endpoint.id,
      { url: 'https://dual.example.com/v2', enabledEvents: ['order.placed'], description: null, status: 'disabled' },
      owner,
    );
    expect(changed).toMatchObject({
      url: 'https://dual.example.com/v2',
      enabledEvents: ['order.placed'],
      description: null,
      status: 'disabled',
      version: 2,
    });
    expect(changed.updatedAt > endpoint.updatedAt).toBe(true);
    await expect(endpoints.update(endpoint.id, { url: 'https://inside.example.com/' }, owner)).rejects.toBeInstanceOf(UrlNotAllowedError);
    expect(await endpoints.get(endpoint.id, owner)).toEqual(changed);
  });

  it('rotates the secret: both sign during the overlap, then the new one alone; an overlap of 0 drops the old at once', async () => {
    const { clock, endpoints } = setup();
    const { endpoint, secret: first } = await endpoints.create({ url: 'https://hooks.example.com/', enabledEvents: ['*'] }, owner);
    const { endpoint: rotated, secret: second } = await endpoints.rotateSecret(endpoint.id, 3_600, owner);
    expect(second).not.toBe(first);
    const at = (ms: number) => new Date(clock.ms + ms).toISOString();
    expect(signingSecrets(rotated, at(0))).toEqual([second, first]);
    expect(signingSecrets(rotated, at(3_599_999))).toEqual([second, first]);
    expect(signingSecrets(rotated, at(3_600_000))).toEqual([second]);
    const { endpoint: again, secret: third } = await endpoints.rotateSecret(endpoint.id, 0, owner);
    expect(signingSecrets(again, at(0))).toEqual([third]);
    await expect(endpoints.rotateSecret(endpoint.id, 604_801, owner)).rejects.toThrow(/overlapSeconds must be an integer from 0 to 604800/);
  });

  it('removes an endpoint for its owner only', async () => {
    const { endpoints } = setup();
    const { endpoint } = await endpoints.create({ url: 'https://hooks.example.com/', enabledEvents: ['*'] }, owner);
    await endpoints.remove(endpoint.id, owner);
    await expect(endpoints.get(endpoint.id, owner)).rejects.toBeInstanceOf(WebhookEndpointNotFoundError);
    await expect(endpoints.remove(endpoint.id, owner)).rejects.toBeInstanceOf(WebhookEndpointNotFoundError);
  });

  it('audits each change once with what it changed (never a secret), an unchanged update not at all, and a removal with its URL', async () => {
    const { endpoints, audit, clock, store } = setup();
    const { endpoint } = await endpoints.create(
      { url: 'https://hooks.example.com/a', enabledEvents: ['pet.created'], description: 'first' },
      owner,
    );
    const changesOf = async (action: string) =>
      (await audit.list({ limit: 100, action: action as never })).map((event) => [event.actor, event.target, event.changes]);
    expect(await changesOf('webhook.create')).toEqual([
      [
        'key_a',
        endpoint.id,
        { url: { from: null, to: 'https://hooks.example.com/a' }, enabledEvents: { from: null, to: ['pet.created'] } },
      ],
    ]);
    clock.advance(1_000);
    await endpoints.update(endpoint.id, { url: 'https://hooks.example.com/b' }, owner);
    await endpoints.update(endpoint.id, { enabledEvents: ['pet.created', 'pet.deleted'] }, owner);
    await endpoints.update(endpoint.id, { description: null }, owner);
    await endpoints.update(endpoint.id, { status: 'disabled' }, owner);
    // Nothing changes: no write, no audit event, the same version.
    const same = await endpoints.update(endpoint.id, { url: 'https://hooks.example.com/b', status: 'disabled', description: null }, owner);
    expect(same.version).toBe(5);
    expect(await changesOf('webhook.update')).toEqual(
      [
        { url: { from: 'https://hooks.example.com/a', to: 'https://hooks.example.com/b' } },
        { enabledEvents: { from: ['pet.created'], to: ['pet.created', 'pet.deleted'] } },
        { description: { from: 'first', to: null } },
        { status: { from: 'enabled', to: 'disabled' } },
      ]
        .reverse()
        .map((changes) => ['key_a', endpoint.id, changes]),
    );
    await endpoints.rotateSecret(endpoint.id, 3_600, owner);
    await endpoints.rotateSecret(endpoint.id, 0, owner);
    // One secret for another: the count stays, and the rotation is still recorded.
    await endpoints.rotateSecret(endpoint.id, 0, owner);
    expect(await changesOf('webhook.rotate')).toEqual([
      ['key_a', endpoint.id, { signingSecrets: { from: 1, to: 1 } }],
      ['key_a', endpoint.id, { signingSecrets: { from: 2, to: 1 } }],
      ['key_a', endpoint.id, { signingSecrets: { from: 1, to: 2 } }],
    ]);
    await endpoints.remove(endpoint.id, owner);
    expect(await changesOf('webhook.delete')).toEqual([['key_a', endpoint.id, { url: { from: 'https://hooks.example.com/b', to: null } }]]);
    expect(await store.findById(endpoint.id)).toBeNull();
  });

  it("pages an owner's endpoints by the cursor it gives, and refuses a cursor that names no endpoint", async () => {
    const { endpoints } = setup();
    const made: string[] = [];
    for (let i = 0; i < 3; i++)
      made.push((await endpoints.create({ url: `https://hooks.example.com/${i}`, enabledEvents: ['*'] }, owner)).endpoint.id);
    const first = await endpoints.list(owner, { limit: 2 });
    expect(first.endpoints.map((endpoint) => endpoint.id)).toEqual(made.slice(0, 2));
    const second = await endpoints.list(owner, { limit: 2, cursor: first.nextCursor as string });
    expect(second).toEqual({ endpoints: [expect.objectContaining({ id: made[2] })], nextCursor: null });
    await expect(endpoints.list(owner, { cursor: encodeCursor('key_1') })).rejects.toThrow(/cursor is not valid/);
  });

  it('clears the reason of an endpoint the service disabled when its owner disables it, one version on', async () => {
    const { endpoints, store } = setup();
    const { endpoint } = await endpoints.create({ url: 'https://hooks.example.com/', enabledEvents: ['*'] }, owner);
    const byService = { ...endpoint, status: 'disabled' as const, disabledReason: 'The endpoint answered 410 Gone', version: 2 };
    expect(await store.update(byService, 1)).toBe(true);
    expect(await endpoints.update(endpoint.id, { status: 'disabled' }, owner)).toMatchObject({
      status: 'disabled',
      disabledReason: null,
      version: 3,
    });
  });

  it('audits an update, a rotation and a removal once when their first write loses to another change', async () => {
    const { clock, resolver, audit } = setup();
    const inner = new MemoryWebhookEndpointStore();
    // Each write loses once to a concurrent change (a version bump), then lands.
    let lose = false;
    const bump = async (id: string) => {
      const current = await inner.findById(id);
      if (current) await inner.update({ ...current, version: current.version + 1 }, current.version);
    };
    const store = Object.assign(Object.create(inner) as MemoryWebhookEndpointStore, {
      add: (...args: Parameters<MemoryWebhookEndpointStore['add']>) => inner.add(...args),
      findById: (id: string) => inner.findById(id),
      update: async (endpoint: Parameters<MemoryWebhookEndpointStore['update']>[0], version: number) => {
        if (lose) {
          lose = false;
          await bump(endpoint.id);
        }
        return inner.update(endpoint, version);
      },
      remove: async (id: string, version: number) => {
        if (lose) {
          lose = false;
          await bump(id);
        }
        return inner.remove(id, version);
      },
    });
    const endpoints = new ManageWebhookEndpoints(store, resolver, new Auditor(audit, clock), clock, {
      allowLoopback: false,
      maxPerOwner: 10,
    });
    const { endpoint } = await endpoints.create({ url: 'https://hooks.example.com/', enabledEvents: ['*'] }, owner);
    lose = true;
    expect(await endpoints.update(endpoint.id, { description: 'after a lost round' }, owner)).toMatchObject({
      description: 'after a lost round',
    });
    lose = true;
    await endpoints.rotateSecret(endpoint.id, 0, owner);
    lose = true;
    await endpoints.remove(endpoint.id, owner);
    expect(await inner.findById(endpoint.id)).toBeNull();
    const actions = (await audit.list({ limit: 100 })).map((event) => event.action).reverse();
    expect(actions).toEqual(['webhook.create', 'webhook.update', 'webhook.rotate', 'webhook.delete']);
  });

  it('names the endpoint when a write loses every round', async () => {
    const { clock, resolver, audit } = setup();
    const inner = new MemoryWebhookEndpointStore();
    const store = Object.assign(Object.create(inner) as MemoryWebhookEndpointStore, {
      add: (...args: Parameters<MemoryWebhookEndpointStore['add']>) => inner.add(...args),
      findById: (id: string) => inner.findById(id),
      update: async () => false,
      remove: async () => false,
    });
    const endpoints = new ManageWebhookEndpoints(store, resolver, new Auditor(audit, clock), clock, {
      allowLoopback: false,
      maxPerOwner: 10,
    });
    const { endpoint } = await endpoints.create({ url: 'https://hooks.example.com/', enabledEvents: ['*'] }, owner);
    const busy = `Webhook endpoint ${endpoint.id} is being changed by many requests at once`;
    await expect(endpoints.update(endpoint.id, { description: 'x' }, owner)).rejects.toThrow(busy);
    await expect(endpoints.remove(endpoint.id, owner)).rejects.toThrow(busy);
  });
});
