/**
 * Webhook deliveries through HTTP to real receivers on loopback: signed as Standard Webhooks says
 * (checked by the standardwebhooks package), retried on the configured schedule with the same
 * webhook-id, redirects, 410, Retry-After and timeouts as the issue lists them, a host that comes to
 * resolve inside blocked before any connection, and the partner's tools (log, retry, recover, test).
 * Names resolve through a table the test controls; no attempt leaves loopback (test-app.ts guards it).
 */
import { Webhook } from 'standardwebhooks';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeClock } from '../../support/fake-clock.js';
import { StaticResolver, TEST_ANSWERS } from '../../support/static-resolver.js';
import { expectError, seriesValue, startTestApp, type TestApp } from '../../support/test-app.js';
import { WebhookReceiver } from '../../support/webhook-receiver.js';

interface Attempt {
  at: string;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
}
interface Delivery {
  id: string;
  endpointId: string;
  eventId: string;
  eventType: string;
  status: string;
  attempts: Attempt[];
  nextAttemptAt: string | null;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('webhook deliveries', () => {
  let t: TestApp;
  let receiver: WebhookReceiver;
  let shelter: string;
  let stranger: string;
  let resolver: StaticResolver;
  const logLines: string[] = [];
  afterEach(async () => {
    await t.close();
    await receiver.close();
  });

  async function start(env: Record<string, string> = {}): Promise<void> {
    logLines.length = 0;
    receiver = await WebhookReceiver.start();
    resolver = new StaticResolver({ ...TEST_ANSWERS, 'hooks.shelter.test': ['127.0.0.1'] });
    t = await startTestApp({
      // The signatures' timestamps are checked against the real time by the receiver's library.
      clock: new FakeClock(Date.now()),
      env: { LOG_LEVEL: 'debug', WEBHOOK_ALLOW_LOOPBACK: 'true', WEBHOOK_RETRY_SCHEDULE: '1s,2s,4s', ...env },
      logLines,
      wrapAdapters: (adapters) => ({ ...adapters, resolver }),
    });
    const keyOf = async (ownerId: string) => `Bearer ${(await t.app.keys.issue({ name: ownerId, plan: 'business', ownerId })).key}`;
    [shelter, stranger] = [await keyOf('acct_shelter'), await keyOf('acct_stranger')];
  }

  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    auth: string,
    payload?: object,
    headers: Record<string, string> = {},
  ) => t.app.http.inject({ method, url: `/v1${url}`, headers: { authorization: auth, ...headers }, ...(payload && { payload }) });

  async function endpoint(body: object = {}, auth = shelter): Promise<{ id: string; secret: string }> {
    const made = await call('POST', '/webhook-endpoints', auth, { url: receiver.url(), enabledEvents: ['*'], ...body });
    expect(made.statusCode).toBe(201);
    return made.json<{ id: string; secret: string }>();
  }

  async function addPet(name = 'Rex', auth = shelter): Promise<string> {
    const made = await call('POST', '/pets', auth, { name, categoryId: 1 });
    expect(made.statusCode).toBe(201);
    return made.json<{ id: string }>().id;
  }

  const deliveries = async (endpointId: string, query = '') =>
    (await call('GET', `/webhook-endpoints/${endpointId}/deliveries${query}`, shelter)).json<Delivery[]>();

  /** Polls the deliveries log until `done` holds (the worker runs every 250 ms). */
  async function until(endpointId: string, done: (list: Delivery[]) => boolean, withinMs = 10_000): Promise<Delivery[]> {
    const deadline = Date.now() + withinMs;
    for (;;) {
      const list = await deliveries(endpointId);
      if (done(list)) return list;
      if (Date.now() > deadline) throw new Error(`deliveries never reached the expected state: ${JSON.stringify(list)}`);
      await sleep(50);
    }
  }

  it('delivers each event as the feed shows it, signed so the standardwebhooks package verifies it; a tampered body or an old timestamp does not verify', async () => {
    await start();
    const { id, secret } = await endpoint();
    const petId = await addPet('Rex');
    const [hit] = await receiver.received(1);
    if (!hit) throw new Error('no delivery');
    expect(hit.headers['content-type']).toBe('application/json');
    expect(hit.headers['user-agent']).toMatch(/^AnimalAdoptionAPI-Webhooks\/1\.0/);
    const headers = {
      'webhook-id': String(hit.headers['webhook-id']),
      'webhook-timestamp': String(hit.headers['webhook-timestamp']),
      'webhook-signature': String(hit.headers['webhook-signature']),
    };
    const verified = new Webhook(secret).verify(hit.body, headers) as { id: string; type: string; data: { object: { id: string } } };
    expect(verified).toMatchObject({ type: 'pet.created', data: { object: { id: petId, name: 'Rex' } } });
    expect(headers['webhook-id']).toBe(verified.id);
    // The body is the event exactly as the feed shows it.
    const fromFeed = await call('GET', `/events/${verified.id}`, shelter);
    expect(JSON.parse(hit.body)).toEqual(fromFeed.json());
    expect(() => new Webhook(secret).verify(hit.body.replace('Rex', 'Max'), headers)).toThrow();
    const old = String(Math.floor(Date.now() / 1000) - 600);
    expect(() => new Webhook(secret).verify(hit.body, { ...headers, 'webhook-timestamp': old })).toThrow();
    const [delivered] = await until(id, (list) => list[0]?.status === 'delivered');
    expect(delivered).toMatchObject({ eventId: verified.id, eventType: 'pet.created', nextAttemptAt: null });
    expect(delivered?.attempts).toEqual([expect.objectContaining({ statusCode: 204, error: null })]);
    const metrics = await t.app.metrics.scrape();
    expect(seriesValue(metrics.body, 'webhook_attempts_total{outcome="delivered"}')).toBe(1);
  });

  it('sends only the types an endpoint enabled, and order events only to the owners involved', async () => {
    await start();
    const other = `Bearer ${(await t.app.keys.issue({ name: 'other', plan: 'business', ownerId: 'acct_other' })).key}`;
    const updatesOnly = await endpoint({ enabledEvents: ['pet.updated'] });
    await endpoint({ url: receiver.url('/stranger') }, stranger);
    await endpoint({ url: receiver.url('/other') }, other);
    const petId = await addPet('Rex');
    const renamed = await call('PATCH', `/pets/${petId}`, shelter, { name: 'Rexy' }, { 'if-match': '"1"' });
    expect(renamed.statusCode).toBe(200);
    // Pet events are public: both to the stranger's and the other owner's endpoints; pet.updated only to the shelter's.
    const seen = async (count: number) =>
      (await receiver.received(count)).map((hit) => `${hit.path} ${(JSON.parse(hit.body) as { type: string }).type}`).sort();
    expect(await seen(5)).toEqual([
      '/hook pet.updated',
      '/other pet.created',
      '/other pet.updated',
      '/stranger pet.created',
      '/stranger pet.updated',
    ]);
    expect((await deliveries(updatesOnly.id)).map((d) => d.eventType)).toEqual(['pet.updated']);
    // The stranger asks to adopt the shelter's pet: of these endpoints only the stranger's hears of it (the
    // shelter's enabled pet.updated only, and the other owner is not involved).
    const placed = await call('POST', '/orders', stranger, { petId, applicantName: 'Ada' });
    expect(placed.statusCode).toBe(201);
    await receiver.received(6);
    // Worker passes after it bring nothing more.
    await sleep(600);
    expect(receiver.hits.slice(5).map((hit) => `${hit.path} ${(JSON.parse(hit.body) as { type: string }).type}`)).toEqual([
      '/stranger order.placed',
    ]);
  });

  it('retries a failing endpoint on the configured schedule with the same webhook-id, then marks it exhausted', async () => {
    await start();
    const { id } = await endpoint();
    receiver.answer = () => ({ status: 500 });
    await addPet();
    await receiver.received(1);
    let [delivery] = await until(id, (list) => list[0]?.attempts.length === 1 && list[0].status === 'pending');
    const waits: number[] = [];
    for (const step of [1_000, 2_000, 4_000]) {
      const last = delivery?.attempts.at(-1) as Attempt;
      const wait = Date.parse(delivery?.nextAttemptAt as string) - (Date.parse(last.at) + last.durationMs);
      waits.push(wait);
      // The schedule's step, spread by at most 10% either way.
      expect(wait).toBeGreaterThanOrEqual(step * 0.9);
      expect(wait).toBeLessThanOrEqual(step * 1.1);
      // Not before it is due: the clock just short of it, and a few worker passes, bring nothing.
      t.clock.ms = Date.parse(delivery?.nextAttemptAt as string) - 1;
      const before = receiver.hits.length;
      await sleep(600);
      expect(receiver.hits.length).toBe(before);
      t.clock.ms += 1;
      await receiver.received(before + 1);
      [delivery] = await until(id, (list) =>
        list[0]?.attempts.length === before + 1 && list[0].status !== 'pending'
          ? true
          : list[0]?.attempts.length === before + 1 && list[0].nextAttemptAt !== null,
      );
    }
    expect(delivery?.status).toBe('exhausted');
    expect(delivery?.attempts.map((a) => a.statusCode)).toEqual([500, 500, 500, 500]);
    expect(new Set(receiver.hits.map((hit) => hit.headers['webhook-id'])).size).toBe(1);
    // Each attempt is signed with its own time (in seconds, so attempts within one second share it).
    expect(receiver.hits.map((hit) => Number(hit.headers['webhook-timestamp']))).toEqual(
      delivery?.attempts.map((attempt) => Math.floor(Date.parse(attempt.at) / 1000)),
    );
    expect(waits).toHaveLength(3);
  });

  it('counts a redirect as a failure without following it, disables the endpoint on 410, and keeps later events as skipped', async () => {
    await start();
    const { id } = await endpoint();
    receiver.answer = (hit) =>
      hit.path === '/hook' ? { status: 302, headers: { location: receiver.url('/elsewhere') } } : { status: 204 };
    await addPet('Rex');
    let [delivery] = await until(id, (list) => list[0]?.attempts.length === 1);
    expect(delivery?.attempts[0]).toMatchObject({ statusCode: null, error: 'redirect' });
    expect(delivery?.status).toBe('pending');
    expect(receiver.hits.map((hit) => hit.path)).toEqual(['/hook']);
    receiver.answer = () => ({ status: 410 });
    t.clock.ms = Date.parse(delivery?.nextAttemptAt as string);
    [delivery] = await until(id, (list) => list[0]?.attempts.length === 2);
    expect(delivery).toMatchObject({ status: 'failed', nextAttemptAt: null });
    expect(delivery?.attempts[1]).toMatchObject({ statusCode: 410, error: null });
    const disabled = (await call('GET', `/webhook-endpoints/${id}`, shelter)).json<{ status: string; disabledReason: string }>();
    expect(disabled.status).toBe('disabled');
    expect(disabled.disabledReason).toContain('410');
    expect(logLines.some((line) => line.includes('Webhook endpoint disabled') && line.includes(id))).toBe(true);
    const audit = await t.app.admin.inject({
      url: `/admin/v1/audit-events?target=${id}`,
      headers: { authorization: await t.adminBearer(['audit:read']) },
    });
    const [disabling] = audit.json<{ action: string; actor: string; reason: string }[]>();
    expect(disabling).toMatchObject({ action: 'webhook.disable', actor: 'webhook-delivery' });
    expect(disabling?.reason).toContain('410');
    const hits = receiver.hits.length;
    await addPet('Max');
    const list = await until(id, (all) => all.length === 2);
    expect(list[0]).toMatchObject({ eventType: 'pet.created', status: 'skipped', attempts: [] });
    expect(receiver.hits.length).toBe(hits);
  });

  it('honours Retry-After on 429 and 503, and ends an attempt that gets no answer within WEBHOOK_TIMEOUT_MS as a timeout', async () => {
    await start({ WEBHOOK_TIMEOUT_MS: '300' });
    const { id } = await endpoint();
    receiver.answer = () => ({ status: 429, headers: { 'retry-after': '3' } });
    await addPet();
    let [delivery] = await until(id, (list) => list[0]?.attempts.length === 1);
    let last = delivery?.attempts[0] as Attempt;
    // The schedule says 1 s; the endpoint asked for 3.
    expect(Date.parse(delivery?.nextAttemptAt as string) - (Date.parse(last.at) + last.durationMs)).toBeGreaterThanOrEqual(3_000);
    receiver.answer = () => ({ status: 503, headers: { 'retry-after': new Date(t.clock.ms + 3_500).toUTCString() } });
    t.clock.ms = Date.parse(delivery?.nextAttemptAt as string);
    [delivery] = await until(id, (list) => list[0]?.attempts.length === 2);
    last = delivery?.attempts[1] as Attempt;
    expect(last.statusCode).toBe(503);
    expect(Date.parse(delivery?.nextAttemptAt as string)).toBeGreaterThanOrEqual(t.clock.ms + 2_000);
    receiver.answer = () => ({ status: 200, hang: true });
    t.clock.ms = Date.parse(delivery?.nextAttemptAt as string);
    const started = Date.now();
    [delivery] = await until(id, (list) => list[0]?.attempts.length === 3);
    expect(delivery?.attempts[2]).toMatchObject({ statusCode: null, error: 'timeout' });
    // Bounded by the timeout, with generous headroom for a loaded machine.
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(delivery?.status).toBe('pending');
  });

  it('blocks, before connecting and for good, a host that has come to resolve to an inside address since the endpoint was made', async () => {
    await start();
    const { id } = await endpoint({ url: receiver.url('/hook', 'hooks.shelter.test') });
    // The name now answers a private address (DNS rebinding): the next attempt must not connect anywhere.
    resolver.answers['hooks.shelter.test'] = ['10.0.0.7'];
    await addPet();
    const [delivery] = await until(id, (list) => list[0]?.attempts.length === 1);
    expect(delivery).toMatchObject({ status: 'failed', nextAttemptAt: null });
    expect(delivery?.attempts[0]).toMatchObject({ statusCode: null, error: 'blocked' });
    expect(receiver.hits).toEqual([]);
    t.clock.advance(60_000);
    await sleep(600);
    expect((await deliveries(id))[0]?.attempts).toHaveLength(1);
  });

  it('lets the owner retry a delivery, recover every failed one since a time (oldest first), and send a signed test event; another owner gets 404 for each and changes nothing', async () => {
    await start({ WEBHOOK_RETRY_SCHEDULE: '1s' });
    const { id, secret } = await endpoint();
    receiver.answer = () => ({ status: 500 });
    const since = new Date(t.clock.ms).toISOString();
    await addPet('First');
    await addPet('Second');
    let list = await until(id, (all) => all.length === 2 && all.every((d) => d.attempts.length === 1));
    t.clock.advance(1_200);
    list = await until(id, (all) => all.every((d) => d.status === 'exhausted'));
    const [second, first] = list as [Delivery, Delivery];
    expect((await deliveries(id, '?status=exhausted&limit=1')).map((d) => d.id)).toEqual([second.id]);

    // Another owner: 404 on every tool, and nothing changes.
    const hitsBefore = receiver.hits.length;
    expectError(await call('GET', `/webhook-endpoints/${id}/deliveries`, stranger), 404, 'not_found');
    expectError(await call('GET', `/webhook-endpoints/${id}/deliveries/${first.id}`, stranger), 404, 'not_found');
    expectError(await call('POST', `/webhook-endpoints/${id}/deliveries/${first.id}/retry`, stranger), 404, 'not_found');
    expectError(await call('POST', `/webhook-endpoints/${id}/recover`, stranger, { since }), 404, 'not_found');
    expectError(await call('POST', `/webhook-endpoints/${id}/test`, stranger), 404, 'not_found');
    await sleep(600);
    expect(receiver.hits.length).toBe(hitsBefore);
    expect(await deliveries(id)).toEqual(list);

    // Retry: one new attempt with the same webhook-id and a new signature.
    receiver.answer = () => ({ status: 200 });
    const retried = await call('POST', `/webhook-endpoints/${id}/deliveries/${first.id}/retry`, shelter);
    expect(retried.statusCode).toBe(202);
    expect(retried.json<Delivery>()).toMatchObject({ id: first.id, status: 'pending' });
    const [, , , , again] = await receiver.received(5);
    expect(again?.headers['webhook-id']).toBe(first.eventId);
    expect(again?.headers['webhook-signature']).not.toBe(receiver.hits[0]?.headers['webhook-signature']);
    await until(id, (all) => all.find((d) => d.id === first.id)?.status === 'delivered');

    // Recover: the exhausted one since then goes again.
    const recovered = await call('POST', `/webhook-endpoints/${id}/recover`, shelter, { since });
    expect(recovered.statusCode).toBe(202);
    expect(recovered.json()).toEqual({ recovered: 1 });
    const [, , , , , sixth] = await receiver.received(6);
    expect(sixth?.headers['webhook-id']).toBe(second.eventId);
    await until(id, (all) => all.every((d) => d.status === 'delivered'));
    expectError(await call('POST', `/webhook-endpoints/${id}/recover`, shelter, { since: '2020-01-01T00:00:00Z' }), 400, 'invalid_request');
    expectError(await call('POST', `/webhook-endpoints/${id}/recover`, shelter, { since: 'yesterday' }), 400, 'invalid_request');
    expectError(await call('GET', `/webhook-endpoints/${id}/deliveries/wd_nope`, shelter), 400, 'invalid_request');

    // Test: sent at once, signed, and the answer says what the endpoint replied.
    receiver.answer = () => ({ status: 202 });
    const tested = await call('POST', `/webhook-endpoints/${id}/test`, shelter);
    expect(tested.statusCode).toBe(200);
    const result = tested.json<{ delivery: Delivery; response: { statusCode: number; delivered: boolean; durationMs: number } }>();
    expect(result.response).toMatchObject({ statusCode: 202, delivered: true, error: null });
    expect(result.delivery).toMatchObject({ eventType: 'webhook.test', status: 'delivered' });
    const ping = receiver.hits.at(-1);
    if (!ping) throw new Error('no ping');
    const verified = new Webhook(secret).verify(ping.body, {
      'webhook-id': String(ping.headers['webhook-id']),
      'webhook-timestamp': String(ping.headers['webhook-timestamp']),
      'webhook-signature': String(ping.headers['webhook-signature']),
    });
    expect(verified).toMatchObject({ type: 'webhook.test', data: { endpointId: id } });
    receiver.answer = () => ({ status: 404 });
    const failedTest = (await call('POST', `/webhook-endpoints/${id}/test`, shelter)).json<{ delivery: Delivery; response: object }>();
    expect(failedTest).toMatchObject({
      delivery: { status: 'failed', nextAttemptAt: null },
      response: { statusCode: 404, delivered: false },
    });
  });

  it('disables an endpoint none of whose attempts succeeded for WEBHOOK_DISABLE_AFTER_DAYS, keeps later events as skipped, and recovers them once enabled again', async () => {
    // Waits of 7 h spread by up to 10%: three of them stay under the day, four pass it, whatever the jitter.
    await start({ WEBHOOK_DISABLE_AFTER_DAYS: '1', WEBHOOK_RETRY_SCHEDULE: '7h,7h,7h,7h,7h,7h' });
    const { id } = await endpoint();
    receiver.answer = () => ({ status: 500 });
    const since = new Date(t.clock.ms).toISOString();
    await addPet('First');
    let [delivery] = await until(id, (list) => list[0]?.attempts.length === 1);
    // Failing for about 21 hours: still enabled.
    for (const attempts of [2, 3, 4]) {
      t.clock.ms = Date.parse(delivery?.nextAttemptAt as string);
      [delivery] = await until(id, (list) => list[0]?.attempts.length === attempts);
    }
    expect((await call('GET', `/webhook-endpoints/${id}`, shelter)).json()).toMatchObject({ status: 'enabled', disabledReason: null });
    // The next attempt, more than a day after the first failure, failing too, disables it.
    t.clock.ms = Date.parse(delivery?.nextAttemptAt as string);
    [delivery] = await until(id, (list) => list[0]?.attempts.length === 5);
    const disabled = (await call('GET', `/webhook-endpoints/${id}`, shelter)).json<{
      status: string;
      disabledReason: string;
      version: number;
    }>();
    expect(disabled.status).toBe('disabled');
    expect(disabled.disabledReason).toMatch(/^No delivery succeeded for 1 day \(failing since .*\); fix the endpoint, enable it again/);
    expect(
      logLines.some(
        (line) => line.includes('"level":40') && line.includes('Webhook endpoint disabled') && line.includes('No delivery succeeded'),
      ),
    ).toBe(true);
    expect(seriesValue((await t.app.metrics.scrape()).body, 'webhook_endpoints_disabled_total')).toBe(1);
    // Its pending retry and a new event are skipped, not sent.
    const hits = receiver.hits.length;
    t.clock.ms = Date.parse(delivery?.nextAttemptAt as string);
    await addPet('Second');
    const list = await until(id, (all) => all.length === 2 && all.every((d) => d.status === 'skipped'));
    expect(list.map((d) => d.eventType)).toEqual(['pet.created', 'pet.created']);
    expect(receiver.hits.length).toBe(hits);
    // Fixed and enabled again: recover sends both (in parallel, so in either order, as every delivery).
    receiver.answer = () => ({ status: 204 });
    const enabled = await call('PATCH', `/webhook-endpoints/${id}`, shelter, { status: 'enabled' });
    expect(enabled.json()).toMatchObject({ status: 'enabled', disabledReason: null });
    const recovered = await call('POST', `/webhook-endpoints/${id}/recover`, shelter, { since });
    expect(recovered.json()).toEqual({ recovered: 2 });
    const sent = await receiver.received(hits + 2);
    const names = sent.slice(hits).map((hit) => (JSON.parse(hit.body) as { data: { object: { name: string } } }).data.object.name);
    expect(names.toSorted()).toEqual(['First', 'Second']);
    await until(id, (all) => all.every((d) => d.status === 'delivered'));
  });

  it("shows operators with keys:read an owner's endpoints and their latest failures, never a secret; other scopes get 403", async () => {
    await start();
    const { id, secret } = await endpoint();
    receiver.answer = () => ({ status: 503 });
    await addPet();
    await until(id, (list) => list[0]?.attempts.length === 1);
    const read = await t.app.admin.inject({
      url: '/admin/v1/webhook-endpoints?ownerId=acct_shelter',
      headers: { authorization: await t.adminBearer(['keys:read']) },
    });
    expect(read.statusCode).toBe(200);
    expect(read.body).not.toContain(secret);
    const [overview] =
      read.json<{ endpoint: { id: string; status: string }; recentFailures: { eventType: string; statusCode: number }[] }[]>();
    expect(overview?.endpoint).toMatchObject({ id, status: 'enabled' });
    expect(overview?.recentFailures).toEqual([expect.objectContaining({ eventType: 'pet.created', statusCode: 503, error: null })]);
    expect(
      (
        await t.app.admin.inject({
          url: '/admin/v1/webhook-endpoints?ownerId=acct_nobody',
          headers: { authorization: await t.adminBearer(['keys:read']) },
        })
      ).json(),
    ).toEqual([]);
    const refused = await t.app.admin.inject({
      url: '/admin/v1/webhook-endpoints?ownerId=acct_shelter',
      headers: { authorization: await t.adminBearer(['audit:read']) },
    });
    expect(refused.statusCode).toBe(403);
    expect(
      (await t.app.admin.inject({ url: '/admin/v1/webhook-endpoints', headers: { authorization: await t.adminBearer(['keys:read']) } }))
        .statusCode,
    ).toBe(400);
  });

  it('signs with both secrets during a rotation overlap, each verifying, and with the new one only after it', async () => {
    await start();
    const { id, secret: oldSecret } = await endpoint();
    const rotated = await call('POST', `/webhook-endpoints/${id}/rotate-secret`, shelter, { overlapSeconds: 60 });
    const newSecret = rotated.json<{ secret: string }>().secret;
    await addPet('During');
    const [during] = await receiver.received(1);
    const headersOf = (hit: typeof during) => ({
      'webhook-id': String(hit?.headers['webhook-id']),
      'webhook-timestamp': String(hit?.headers['webhook-timestamp']),
      'webhook-signature': String(hit?.headers['webhook-signature']),
    });
    expect(headersOf(during)['webhook-signature'].split(' ')).toHaveLength(2);
    expect(new Webhook(oldSecret).verify(during?.body ?? '', headersOf(during))).toMatchObject({ type: 'pet.created' });
    expect(new Webhook(newSecret).verify(during?.body ?? '', headersOf(during))).toMatchObject({ type: 'pet.created' });
    // After the overlap (the service's clock past it; the receiver's real clock still accepts the timestamp
    // because the test keeps the service's clock within its tolerance).
    t.clock.advance(61_000);
    await addPet('After');
    const [, after] = await receiver.received(2);
    const afterHeaders = { ...headersOf(after), 'webhook-timestamp': String(after?.headers['webhook-timestamp']) };
    expect(afterHeaders['webhook-signature'].split(' ')).toHaveLength(1);
    expect(new Webhook(newSecret).verify(after?.body ?? '', afterHeaders)).toMatchObject({ type: 'pet.created' });
    expect(() => new Webhook(oldSecret).verify(after?.body ?? '', afterHeaders)).toThrow();
    // No secret anywhere in the log.
    const log = logLines.join('\n');
    expect(log).not.toContain(oldSecret);
    expect(log).not.toContain(newSecret);
    expect(log).not.toContain(oldSecret.slice('whsec_'.length));
  });
});
