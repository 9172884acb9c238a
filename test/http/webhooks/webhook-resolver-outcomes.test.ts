/**
 * Every answer a resolver can give a webhook URL's host, through HTTP, on the app's own DNS adapter
 * (DnsResolver) fed by a lookup the test controls (never the system's resolver): addresses; no such
 * name or no addresses (422, the URL can never be called); a temporary failure or no answer in time
 * (503 with Retry-After, nothing stored or changed). Before each delivery attempt the same check
 * runs again: a resolver that cannot answer then is a failed attempt, retried on the schedule.
 */
import type { LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { DnsResolver } from '../../../src/adapters/shared/net/dns-resolver.js';
import { FakeClock } from '../../support/fake-clock.js';
import { expectError, startTestApp, type TestApp } from '../../support/test-app.js';
import { WebhookReceiver } from '../../support/webhook-receiver.js';

/** What a name answers: addresses, a resolver error code, or no answer at all. */
type Answer = string[] | { code: string } | 'never';

class ControlledLookup {
  readonly asked: string[] = [];
  constructor(readonly answers: Record<string, Answer>) {}

  readonly lookup = async (host: string): Promise<LookupAddress[]> => {
    this.asked.push(host);
    const answer = this.answers[host] ?? { code: 'ENOTFOUND' };
    if (answer === 'never') return new Promise<never>(() => undefined);
    if (!Array.isArray(answer)) throw Object.assign(new Error(`getaddrinfo ${answer.code} ${host}`), { code: answer.code });
    return answer.map((address) => ({ address, family: isIP(address) }));
  };
}

const TIMEOUT_MS = 300;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('webhook hosts and their resolver', () => {
  let t: TestApp;
  let receiver: WebhookReceiver | undefined;
  let shelter: string;
  let lookup: ControlledLookup;
  const logLines: string[] = [];
  afterEach(async () => {
    await t.close();
    await receiver?.close();
    receiver = undefined;
  });

  async function start(): Promise<void> {
    logLines.length = 0;
    lookup = new ControlledLookup({
      'hooks.example.com': ['93.184.215.14'],
      'hooks.shelter.test': ['127.0.0.1'],
      'gone.example.com': { code: 'ENOTFOUND' },
      'mx-only.example.com': { code: 'ENODATA' },
      'flaky.example.com': { code: 'EAI_AGAIN' },
      'servfail.example.com': { code: 'ESERVFAIL' },
      'refused.example.com': { code: 'ECONNREFUSED' },
      'slow.example.com': 'never',
    });
    t = await startTestApp({
      clock: new FakeClock(Date.now()),
      env: { LOG_LEVEL: 'debug', WEBHOOK_ALLOW_LOOPBACK: 'true', WEBHOOK_RETRY_SCHEDULE: '1s,2s,4s' },
      logLines,
      wrapAdapters: (adapters) => ({ ...adapters, resolver: new DnsResolver(lookup.lookup, TIMEOUT_MS) }),
    });
    shelter = `Bearer ${(await t.app.keys.issue({ name: 'shelter', plan: 'business', ownerId: 'acct_shelter' })).key}`;
  }

  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    t.app.http.inject({ method, url: `/v1${url}`, headers: { authorization: shelter }, ...(payload && { payload }) });
  const listed = async () => (await call('GET', '/webhook-endpoints')).json<{ id: string; url: string; version: number }[]>();
  const errorLines = () => logLines.filter((line) => (JSON.parse(line) as { level: number }).level >= 50);

  it.each([
    ['gone.example.com', 'no such name (ENOTFOUND)'],
    ['mx-only.example.com', 'no addresses for the name (ENODATA)'],
  ])('refuses %s, %s, with 422 url_not_allowed, storing nothing', async (host) => {
    await start();
    const refused = expectError(
      await call('POST', '/webhook-endpoints', { url: `https://${host}/hook`, enabledEvents: ['*'] }),
      422,
      'url_not_allowed',
    );
    expect(refused.message).toBe(
      `url's host ${host} does not resolve to any address (no such name, or no addresses for it); check its spelling and its DNS records`,
    );
    expect(await listed()).toEqual([]);
  });

  it.each([
    [
      'flaky.example.com',
      'a temporary failure (EAI_AGAIN)',
      /could not look up flaky\.example\.com for now \(EAI_AGAIN\); retry in a few seconds/,
    ],
    ['servfail.example.com', 'a server failure (ESERVFAIL)', /could not look up servfail\.example\.com for now \(ESERVFAIL\)/],
    ['refused.example.com', 'a refused query (ECONNREFUSED)', /could not look up refused\.example\.com for now \(ECONNREFUSED\)/],
    ['slow.example.com', 'no answer in time', new RegExp(`did not answer for slow\\.example\\.com within ${TIMEOUT_MS} ms`)],
  ])('answers %s, %s, with 503 and Retry-After, storing and changing nothing, logged below error', async (host, _outcome, message) => {
    await start();
    const started = Date.now();
    const made = await call('POST', '/webhook-endpoints', { url: `https://${host}/hook`, enabledEvents: ['*'] });
    // A bound that is a behaviour: no answer from the resolver ends at its timeout, not at the client's.
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 5_000);
    expect(expectError(made, 503, 'service_unavailable').message).toMatch(message);
    expect(made.headers['retry-after']).toBe('5');
    expect(await listed()).toEqual([]);

    // The same on a change of URL: the endpoint stays as it was.
    const kept = await call('POST', '/webhook-endpoints', { url: 'https://hooks.example.com/hook', enabledEvents: ['*'] });
    expect(kept.statusCode).toBe(201);
    const before = await listed();
    const { id } = kept.json<{ id: string }>();
    expectError(await call('PATCH', `/webhook-endpoints/${id}`, { url: `https://${host}/other` }), 503, 'service_unavailable');
    expect(await listed()).toEqual(before);
    expect(errorLines()).toEqual([]);
  });

  it('checks the host again before each attempt: a resolver that cannot answer, or a name gone, fails the attempt, which is retried; once it answers again, the event arrives', async () => {
    await start();
    receiver = await WebhookReceiver.start();
    const made = await call('POST', '/webhook-endpoints', {
      url: receiver.url('/hook', 'hooks.shelter.test'),
      enabledEvents: ['pet.created'],
    });
    expect(made.statusCode).toBe(201);
    const { id } = made.json<{ id: string }>();
    const deliveries = async () =>
      (await call('GET', `/webhook-endpoints/${id}/deliveries`)).json<
        { status: string; attempts: { error: string | null; statusCode: number | null }[]; nextAttemptAt: string | null }[]
      >();
    const until = async (attempts: number) => {
      const deadline = Date.now() + 10_000;
      for (;;) {
        const [delivery] = await deliveries();
        if (
          delivery !== undefined &&
          delivery.attempts.length === attempts &&
          (delivery.nextAttemptAt !== null || delivery.status !== 'pending')
        )
          return delivery;
        if (Date.now() > deadline) throw new Error(`no delivery with ${attempts} attempts: ${JSON.stringify(delivery)}`);
        await sleep(50);
      }
    };

    lookup.answers['hooks.shelter.test'] = { code: 'EAI_AGAIN' };
    expect((await call('POST', '/pets', { name: 'Rex', categoryId: 1 })).statusCode).toBe(201);
    let delivery = await until(1);
    expect(delivery).toMatchObject({ status: 'pending' });
    expect(delivery.attempts[0]).toMatchObject({ statusCode: null, error: 'connect' });

    lookup.answers['hooks.shelter.test'] = { code: 'ENOTFOUND' };
    t.clock.ms = Date.parse(delivery.nextAttemptAt as string);
    delivery = await until(2);
    expect(delivery).toMatchObject({ status: 'pending' });
    expect(delivery.attempts[1]).toMatchObject({ statusCode: null, error: 'connect' });
    expect(receiver.hits).toEqual([]);

    lookup.answers['hooks.shelter.test'] = ['127.0.0.1'];
    t.clock.ms = Date.parse(delivery.nextAttemptAt as string);
    await receiver.received(1);
    delivery = await until(3);
    expect(delivery).toMatchObject({ status: 'delivered' });
    expect(delivery.attempts[2]).toMatchObject({ statusCode: 204, error: null });
    expect((await call('GET', `/webhook-endpoints/${id}`)).json()).toMatchObject({ status: 'enabled' });
    expect(errorLines()).toEqual([]);
  });
});
