/**
 * Calls at once on two instances of the built server, on one MongoDB and one Redis, with faults
 * between them, against the reference model (Jepsen's way): three clients each send a few calls
 * (decisions on adoption requests, changes and removals with a guessed If-Match, placements, reads)
 * to either instance, while each owner's webhook endpoint takes every event and the faults come:
 *
 * - an instance SIGKILLed in the middle of a call: each instance reaches MongoDB through a proxy
 *   that holds a generated write of a call (the first or second update of `pets` or `orders`, which
 *   for an approval, a delivery or a cancellation is one of its two writes); the instance that sent
 *   it is killed with the write held, which is then dropped (it never happened) or let through (it
 *   lands after its writer died), and the instance is started again;
 * - an instance SIGKILLed between a webhook delivery's two writes (its claim and its record): the
 *   first or second record of an attempt the receiver has already answered is held the same way,
 *   its sender killed, the write dropped (the delivery is made again once its claim ends) or let
 *   through;
 * - Redis stopped and started again, and MongoDB frozen past MONGODB_TIMEOUT_MS, in a generated order.
 *
 * A call answered 5xx or cut off is of unknown outcome; one refused a connection was never made.
 * Afterwards every request and animal is read once (which finishes an interrupted step), and then:
 *
 * - some order of the calls, each between its start and its answer, explains every answer
 *   (test/support/linearizability.ts), and the lists are that order's state;
 * - each owner's feed holds, per object, that order's events exactly once, crashes included;
 * - each owner's receiver, deduplicating by `webhook-id`, holds exactly the events of that owner's
 *   feed, each as the feed shows it and each attempt signed with the endpoint's secret, and the
 *   endpoint's deliveries log has each of them delivered;
 * - a third owner's saved searches, saved before any call, got exactly one alert per entry of an
 *   animal into their matches, none twice, kills included (test/support/adoption-model-alerts.ts),
 *   and its receiver, deduplicating by webhook-id, got each of them, signed.
 *
 * MongoDB (the jongodb test server) and Redis are processes this suite owns, since it stops and
 * freezes them; the receiver listens on loopback. MODEL_PROCESS_RUNS runs (default 3; `npm run
 * test:model` runs more) from MODEL_SEED.
 */
import { randomBytes } from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fc from 'fast-check';
import { Webhook } from 'standardwebhooks';
import { isDeepStrictEqual } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdoptionModel, type Op, type Owner } from '../../support/adoption-model.js';
import { agrees, assignedId, callFor, describeOp, observe, type Observed } from '../../support/adoption-model-calls.js';
import { index, OWNERS, owner, petAt, planned } from '../../support/adoption-model-plans.js';
import { feedsMatch, readAll, readFeed, readState, stateOf, type Get } from '../../support/adoption-model-reads.js';
import { alertsMismatch, saveWatched } from '../../support/adoption-model-alerts.js';
import { freePort, jongodbBinary, onPath, startLocalMongo, startLocalRedis } from '../../support/backends.js';
import { mongoCommandOn, startHoldingProxy, type HoldingProxy, type Trap } from '../../support/holding-proxy.js';
import { linearizations, type Completed } from '../../support/linearizability.js';
import { serviceAddress, startService, type OwnedServer } from '../../support/processes.js';
import { WebhookReceiver } from '../../support/webhook-receiver.js';

const RUNS = Number(process.env.MODEL_PROCESS_RUNS ?? 3);
const SEED = process.env.MODEL_SEED === 'random' ? Date.now() : Number(process.env.MODEL_SEED ?? 54);
const MONGO_TIMEOUT_MS = 1_000;
const TEST_TIMEOUT_MS = Math.max(240_000, RUNS * 80_000);
const KEYS: Readonly<Record<Owner, string>> = { a: 'model-key-owner-a-000000000001', b: 'model-key-owner-b-000000000002', c: '' };
/** The key of the owner of the saved searches (test/support/adoption-model-alerts.ts). */
const WATCHER_KEY = 'model-key-watcher-0000000000003';

const runnable = jongodbBinary() !== null && onPath('redis-server');
if (!runnable)
  console.warn(
    '[backend] SKIPPED "calls at once on two instances, with faults": needs the jongodb test server binary (npm install on linux-x64) and redis-server on PATH (apt-get install redis-server), which it stops and freezes',
  );
else console.info('[backend] "calls at once on two instances, with faults" runs on its own jongodb test server and redis-server');

type Fault = 'redis' | 'mongo';

/** Redis and MongoDB each once per run, in a generated order, each a generated time after the one before. */
const faults: fc.Arbitrary<{ after: number; fault: Fault }[]> = fc
  .tuple(
    fc.shuffledSubarray<Fault>(['redis', 'mongo'], { minLength: 2, maxLength: 2 }),
    fc.array(fc.integer({ min: 0, max: 300 }), { minLength: 2, maxLength: 2 }),
  )
  .map(([kinds, afters]) => kinds.map((fault, i) => ({ after: afters[i]!, fault })));

/** Which write an instance is killed in: the `skip`-th after the first that matches, then dropped or let through. */
const killIn = <C extends string>(what: fc.Arbitrary<C>) =>
  fc.record({ what, skip: fc.nat({ max: 1 }), then: fc.constantFrom<'drop' | 'release'>('drop', 'release') });

const scenario = fc.record({
  pets: fc.array(owner, { minLength: 1, maxLength: 2 }),
  orders: fc.array(fc.tuple(owner, index), { minLength: 2, maxLength: 4 }),
  /** Three clients, each with its calls: what, to which instance, and how long it waits before it sends. */
  clients: fc.array(fc.array(fc.tuple(planned, fc.nat({ max: 1 }), fc.integer({ min: 0, max: 100 })), { minLength: 3, maxLength: 7 }), {
    minLength: 3,
    maxLength: 3,
  }),
  faults,
  inCall: killIn(fc.constantFrom<'pets' | 'orders'>('pets', 'orders')),
  inDelivery: killIn(fc.constant<'webhook_deliveries'>('webhook_deliveries')),
});

/** A call's write: an update of `collection` that adds events to its outbox. */
const callWrite = (collection: string) => {
  const command = mongoCommandOn('update', collection);
  const outbox = Buffer.from('outboxAt\0');
  return (chunk: Buffer) => command(chunk) && chunk.includes(outbox);
};

/** A delivery's second write: its record after an attempt (the claim, its first, sets no attempts). */
const deliveryRecord = (() => {
  const command = mongoCommandOn('update', 'webhook_deliveries');
  const attempts = Buffer.from('\x04attempts\0', 'latin1');
  return (chunk: Buffer) => command(chunk) && chunk.includes(attempts);
})();

const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));

const webhookHeaders = (headers: Record<string, string | string[] | undefined>) => ({
  'webhook-id': String(headers['webhook-id']),
  'webhook-timestamp': String(headers['webhook-timestamp']),
  'webhook-signature': String(headers['webhook-signature']),
});

/**
 * The two instances by slot, each reaching MongoDB through its slot's proxy: whatever a proxy catches
 * was sent by the process in its slot now. A restart of a slot waits for the one under way.
 */
class Slots {
  /** Where each slot's instance answers; null while it is down. */
  readonly addresses: (string | null)[] = [null, null];
  /** Calls sent and not yet answered, by slot. */
  readonly inFlight = [0, 0];
  /** What each start that exited said: a supervisor started the instance again. */
  readonly refusedStarts: string[] = [];
  private readonly children: (ChildProcess | null)[] = [null, null];
  private readonly busy: Promise<unknown>[] = [Promise.resolve(), Promise.resolve()];

  constructor(private readonly envOf: (slot: number) => Record<string, string>) {}

  /**
   * Starts the slot's instance as a supervisor would: an instance that cannot reach MongoDB at start
   * exits 1 saying so (as while MongoDB is frozen), and is started again a moment later.
   */
  async start(slot: number): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      if (everyProcess.closed) throw new Error('the suite is over: no instance starts');
      const child = startService(this.envOf(slot));
      everyProcess.started.add(child);
      child.once('exit', () => everyProcess.started.delete(child));
      this.children[slot] = child;
      let errors = '';
      child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()));
      // Its output is all read once its streams close, which may come after its exit.
      const closed = new Promise((resolve) => child.once('close', resolve));
      try {
        this.addresses[slot] = await serviceAddress(child);
        child.stdout?.resume();
        return;
      } catch (error) {
        if (child.exitCode !== null) {
          child.stdout?.resume();
          await closed;
        }
        if (child.exitCode !== 1 || !errors.startsWith('Start-up failed') || attempt === 20) {
          throw new Error(`${(error as Error).message}\nstderr:\n${errors}`);
        }
        this.refusedStarts.push(errors.trim());
        await pause(250);
      }
    }
  }

  /** SIGKILLs the slot's process, runs `meanwhile`, starts it again; resolves with the calls it had in flight. */
  restart(slot: number, meanwhile: () => Promise<void>): Promise<number> {
    const next = this.busy[slot]!.then(async () => {
      const calls = this.inFlight[slot]!;
      this.addresses[slot] = null;
      await kill(this.children[slot] ?? null);
      await meanwhile();
      await this.start(slot);
      return calls;
    });
    this.busy[slot] = next.catch(() => undefined);
    return next;
  }

  async stop(): Promise<void> {
    await Promise.all(this.busy);
    await Promise.all(this.children.map(kill));
  }
}

/** Every instance any run started, so that none outlives the suite (a run left at the time limit included). */
const everyProcess = { started: new Set<ChildProcess>(), closed: false };

async function kill(child: ChildProcess | null): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGKILL');
  await once(child, 'exit');
}

describe.runIf(runnable)('calls at once on two instances against the reference model, with faults', () => {
  let mongo: OwnedServer;
  let redis: OwnedServer;
  let redisPort: number;
  let receiver: WebhookReceiver;
  /** Each instance's way to MongoDB, by its slot: a proxy that can hold one of its writes. */
  let proxies: HoldingProxy[];
  beforeAll(async () => {
    mongo = await startLocalMongo(await freePort());
    redisPort = await freePort();
    redis = await startLocalRedis(redisPort);
    receiver = await WebhookReceiver.start();
    const target = new URL(mongo.url.replace(/^mongodb:/, 'http:'));
    proxies = await Promise.all([0, 1].map(() => startHoldingProxy({ host: target.hostname, port: Number(target.port) })));
  });
  afterAll(async () => {
    everyProcess.closed = true;
    await Promise.all([...everyProcess.started].map(kill));
    await Promise.all((proxies ?? []).map((proxy) => proxy.close()));
    await receiver?.close();
    await redis?.stop();
    await mongo?.stop();
  });

  it(
    'explains every history by one order of its calls, and the feed and the webhooks follow it, through kills in a call and in a delivery, a Redis restart and a MongoDB stall',
    async () => {
      let runs = 0;
      await fc.assert(
        fc.asyncProperty(scenario, async (generated) => {
          runs++;
          const database = `adoption_model_${randomBytes(4).toString('hex')}`;
          const envOf = (slot: number) => ({
            MONGODB_URL: mongo.url.replace(/:\d+(?=\/|$)/, `:${proxies[slot]!.port}`),
            MONGODB_DATABASE: database,
            MONGODB_TIMEOUT_MS: String(MONGO_TIMEOUT_MS),
            REDIS_URL: `redis://127.0.0.1:${redisPort}`,
            REDIS_TIMEOUT_MS: '200',
            API_KEYS: [...OWNERS.map((who) => KEYS[who]), WATCHER_KEY].map((key) => `${key}:enterprise:100000:1000000`).join(','),
            LOG_LEVEL: 'info',
            WEBHOOK_ALLOW_LOOPBACK: 'true',
            WEBHOOK_TIMEOUT_MS: '1000',
            // The receiver shares this process, which the search for an order of the calls can keep
            // busy for seconds: an attempt may time out, and is retried each second for a minute.
            WEBHOOK_RETRY_SCHEDULE: Array.from({ length: 60 }, () => '1s').join(','),
          });
          const slots = new Slots(envOf);
          try {
            await Promise.all([slots.start(0), slots.start(1)]);
            await runOnce(slots, `/run${runs}`, generated);
          } catch (error) {
            // Shrinking across processes is slow: each failure is told as it comes.
            console.error(`[model] run ${runs} failed: ${(error as Error).message}`);
            throw error;
          } finally {
            await slots.stop();
          }
        }),
        // A failure shrinks for as long as the test's time allows, then is reported as shrunk so far.
        { numRuns: RUNS, seed: SEED, interruptAfterTimeLimit: TEST_TIMEOUT_MS - 60_000, markInterruptAsFailure: true },
      );
      expect(runs).toBeGreaterThanOrEqual(RUNS);
    },
    TEST_TIMEOUT_MS,
  );

  async function runOnce(
    slots: Slots,
    hookPath: string,
    scenario: {
      pets: Owner[];
      orders: [Owner, number][];
      clients: [{ label: string; plan: (model: AdoptionModel) => Op }, number, number][][];
      faults: { after: number; fault: Fault }[];
      inCall: { what: 'pets' | 'orders'; skip: number; then: 'drop' | 'release' };
      inDelivery: { what: 'webhook_deliveries'; skip: number; then: 'drop' | 'release' };
    },
  ): Promise<void> {
    const auth = (who: Owner) => `Bearer ${KEYS[who]}`;
    const keys = { a: auth('a'), b: auth('b'), c: auth('c') };
    const { inFlight } = slots;
    /** Sends to instance `i`, or to the other one while it is down; null when no connection could be made. */
    const fetchOn = async (i: number, path: string, init: RequestInit) => {
      const slot = slots.addresses[i] ? i : 1 - i;
      const address = slots.addresses[slot];
      if (!address) return null;
      inFlight[slot]!++;
      try {
        const response = await fetch(`${address}${path}`, { ...init, signal: AbortSignal.timeout(10_000) });
        const text = await response.text();
        return {
          status: response.status,
          body: text === '' ? null : (JSON.parse(text) as unknown),
          link: response.headers.get('link') ?? '',
        };
      } catch (error) {
        if ((error as { cause?: { code?: string } }).cause?.code === 'ECONNREFUSED') return null;
        return { status: 0, body: String(error), link: '' };
      } finally {
        inFlight[slot]!--;
      }
    };
    const get: Get = async (url, key) => {
      for (;;) {
        const answer = await fetchOn(0, url, { headers: { authorization: key } });
        if (answer && answer.status > 0 && answer.status < 500) return answer;
        await pause(100);
      }
    };
    const send = async (op: Op, i: number) => {
      const call = callFor(op, keys);
      return fetchOn(i, call.url, {
        method: call.method,
        headers: { ...call.headers, ...(call.payload && { 'content-type': call.headers['content-type'] ?? 'application/json' }) },
        ...(call.payload && { body: JSON.stringify(call.payload) }),
      });
    };

    // Each owner's webhook endpoint, taking every event, made before anything else.
    const endpoints = new Map<Owner, { id: string; secret: string }>();
    for (const who of OWNERS) {
      const made = await fetchOn(0, '/v1/webhook-endpoints', {
        method: 'POST',
        headers: { authorization: keys[who], 'content-type': 'application/json' },
        body: JSON.stringify({ url: receiver.url(`${hookPath}/${who}`, '127.0.0.1'), enabledEvents: ['*'] }),
      });
      expect(made?.status, JSON.stringify(made)).toBe(201);
      endpoints.set(who, made?.body as { id: string; secret: string });
    }

    // The watcher's saved searches, saved before any animal exists.
    const post = async (url: string, key: string, body: unknown) => {
      const answer = await fetchOn(0, url, {
        method: 'POST',
        headers: { authorization: key, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: answer?.status ?? 0, body: answer?.body };
    };
    const watcher = { key: `Bearer ${WATCHER_KEY}`, searchIds: await saveWatched(post, `Bearer ${WATCHER_KEY}`) };
    const madeForWatcher = await post('/v1/webhook-endpoints', watcher.key, {
      url: receiver.url(`${hookPath}/watcher`, '127.0.0.1'),
      enabledEvents: ['search.matched'],
    });
    expect(madeForWatcher.status, JSON.stringify(madeForWatcher)).toBe(201);
    const watcherEndpoint = madeForWatcher.body as { id: string; secret: string };

    /**
     * Kills the instance that sends the `skip`-th write after the first matching `matches` while that
     * write is held (once the setup is done, so that no setup call is cut off), then drops it or lets
     * it through, and starts the instance again; says what it did.
     */
    const killInWrite = (matches: (chunk: Buffer) => boolean, plan: { skip: number; then: 'drop' | 'release' }) => {
      let seen = 0;
      let taken = false;
      const nth = (chunk: Buffer) => !taken && matches(chunk) && seen++ >= plan.skip && (taken = true);
      const traps: Trap[] = proxies.map((proxy) => proxy.trap(nth, 'requests'));
      const caught = Promise.race(traps.map((trap, slot) => trap.caught.then(() => slot)));
      const done = caught.then(async (slot) => {
        const heldFrom = performance.now();
        await setupDone;
        const heldMs = Math.round(performance.now() - heldFrom);
        const trap = traps[slot]!;
        traps.forEach((other) => other.cancel());
        const calls = await slots.restart(slot, async () => {
          if (plan.then === 'drop') trap.drop();
          else await trap.release();
        });
        return `instance ${slot} killed with ${calls} call${calls === 1 ? '' : 's'} in flight, the write held ${heldMs} ms and ${plan.then === 'drop' ? 'dropped' : 'let through'}`;
      });
      return {
        /** Resolves once a write is held. */
        caught,
        done,
        /** Stops waiting: nothing matched that often. */
        cancel: () => traps.forEach((trap) => trap.cancel()),
        taken: () => taken,
        /** How many writes matched. */
        seen: () => seen,
      };
    };

    // The kills wait for their writes from before the setup: the setup's own events are delivered too.
    let endSetup = () => undefined as void;
    const setupDone = new Promise<void>((resolve) => (endSetup = resolve));
    const inCall = killInWrite(callWrite(scenario.inCall.what), scenario.inCall);
    const inDelivery = killInWrite(deliveryRecord, scenario.inDelivery);

    // The setup, one call at a time, each as the model answers it.
    const model = new AdoptionModel();
    const step = async (op: Op) => {
      const answer = await send(op, 0);
      const observed = observe(op, answer?.status ?? 0, answer?.body);
      expect(agrees(model.apply(op, assignedId(observed)), observed), `${describeOp(op)}: ${JSON.stringify(answer)}`).toBe(true);
    };
    for (const who of scenario.pets) await step({ kind: 'create', owner: who, name: 'Rex' });
    for (const [who, i] of scenario.orders) await step({ kind: 'place', owner: who, petId: petAt(model, i), applicantName: 'Ada' });
    endSetup();

    // The clients, the kills in a write and the nemesis, at once.
    const t0 = performance.now();
    const history: (Completed & { applicant?: string })[] = [];
    let placed = 0;
    const client = async (calls: [{ plan: (model: AdoptionModel) => Op }, number, number][]) => {
      for (const [{ plan }, i, wait] of calls) {
        await pause(wait);
        let op = plan(model);
        const applicant = op.kind === 'place' ? `Ada ${++placed}` : undefined;
        if (op.kind === 'place') op = { ...op, applicantName: applicant! };
        const startMs = performance.now() - t0;
        const answer = await send(op, i);
        if (answer === null) continue; // No connection: never sent.
        const unknown = answer.status === 0 || answer.status >= 500;
        const observed: Observed | null = unknown ? null : observe(op, answer.status, answer.body);
        const assigned = observed ? assignedId(observed) : undefined;
        history.push({
          op,
          observed,
          ...(assigned !== undefined && { assigned }),
          ...(applicant !== undefined && { applicant }),
          start: startMs,
          end: unknown ? Infinity : performance.now() - t0,
        });
      }
    };
    const nemesis = async () => {
      for (const { after, fault } of scenario.faults) {
        await pause(after);
        if (fault === 'redis') {
          await redis.stop();
          await pause(300);
          redis = await startLocalRedis(redisPort);
        } else {
          mongo.pause();
          await pause(MONGO_TIMEOUT_MS + 500);
          mongo.resume();
        }
      }
    };
    await Promise.all([...scenario.clients.map(client), nemesis()]);
    // A call's write comes only from a call: once they are answered, none will. Deliveries go on a while.
    const killedInCall = inCall.taken()
      ? await inCall.done
      : (inCall.cancel(), `none: ${inCall.seen()} of ${scenario.inCall.skip + 1} writes`);
    const deliveryCaught = await Promise.race([inDelivery.caught.then(() => true), pause(5_000).then(() => false)]);
    const killedInDelivery = deliveryCaught ? await inDelivery.done : (inDelivery.cancel(), null);

    // Every request and animal read once: an interrupted step is finished by the next read.
    const allOrders = new Map<string, { id: string; applicantName: string }>();
    for (const who of OWNERS)
      for (const order of await readAll<{ id: string; applicantName: string }>(get, '/v1/orders?limit=100', keys[who]))
        allOrders.set(order.id, order);
    for (const id of allOrders.keys()) for (const who of OWNERS) await get(`/v1/orders/${id}`, keys[who]);
    for (const id of model.petIds) await get(`/v1/pets/${id}`, keys.a);
    // A place of unknown outcome took effect when its request exists.
    const byApplicant = new Map([...allOrders.values()].map((order) => [order.applicantName, order.id]));
    const completed = history.map((call): Completed => {
      const found = call.observed === null && call.applicant !== undefined ? byApplicant.get(call.applicant) : undefined;
      return found === undefined ? call : { ...call, assigned: found };
    });

    const told = completed
      .map(
        (call) =>
          `${Math.round(call.start)}-${call.end === Infinity ? '?' : Math.round(call.end)} ms ${describeOp(call.op)} -> ${JSON.stringify(call.observed)}`,
      )
      .join('\n  ');
    const searchFrom = performance.now();
    const explained = linearizations([model], completed);
    const searchMs = Math.round(performance.now() - searchFrom);
    expect(explained.length, `no order of the calls explains their answers:\n  ${told}`).toBeGreaterThan(0);
    const state = await readState(get, keys);
    const candidates = explained.filter((candidate) => JSON.stringify(stateOf(candidate)) === JSON.stringify(state));
    expect(candidates.length, `the state is no order's:\n  ${told}\n${JSON.stringify(state)}`).toBeGreaterThan(0);

    /**
     * Whether each reader's receiver (each owner's, and the watcher's for its alerts), deduplicating by
     * webhook-id, holds exactly its feed's events of the types it asked for, every attempt signed, and
     * each delivery is recorded delivered.
     */
    const webhooksMatch = async (): Promise<string | null> => {
      const readers = [
        ...OWNERS.map((who) => ({
          who: `owner ${who}`,
          path: `${hookPath}/${who}`,
          key: keys[who],
          endpoint: endpoints.get(who)!,
          only: null,
        })),
        { who: 'the watcher', path: `${hookPath}/watcher`, key: watcher.key, endpoint: watcherEndpoint, only: 'search.matched' },
      ];
      for (const { who, path, key, endpoint, only } of readers) {
        const byId = new Map<string, string>();
        for (const hit of receiver.hits.filter((candidate) => candidate.path === path)) {
          const headers = webhookHeaders(hit.headers);
          try {
            new Webhook(endpoint.secret).verify(hit.body, headers);
          } catch (error) {
            return `${who}: delivery ${headers['webhook-id']} does not verify: ${(error as Error).message}`;
          }
          const earlier = byId.get(headers['webhook-id']);
          if (earlier !== undefined && earlier !== hit.body) return `${who}: ${headers['webhook-id']} came with two bodies`;
          byId.set(headers['webhook-id'], hit.body);
        }
        const feed = (await readFeed(get, key)).filter((event) => only === null || event.type === only);
        const missing = feed.filter((event) => !byId.has(event.id)).map((event) => event.id);
        const extra = [...byId.keys()].filter((id) => !feed.some((event) => event.id === id));
        if (missing.length > 0 || extra.length > 0)
          return `${who}: webhooks lack ${missing.join() || 'nothing'}, add ${extra.join() || 'nothing'}`;
        for (const event of feed) {
          if (!isDeepStrictEqual(JSON.parse(byId.get(event.id)!), event)) return `${who}: ${event.id} came unlike the feed's`;
        }
        // Each delivery recorded delivered: one whose record was lost is made again once its claim ends.
        const log = await readAll<{ id: string; status: string }>(get, `/v1/webhook-endpoints/${endpoint.id}/deliveries?limit=100`, key);
        const open = log.filter((delivery) => delivery.status !== 'delivered');
        if (log.length !== feed.length || open.length > 0)
          return `${who}: ${log.length} deliveries for ${feed.length} events, not delivered: ${JSON.stringify(open)}`;
      }
      return null;
    };
    // The feed catches up within the relay's lease (a killed instance's lease runs out after 10 s),
    // and a delivery whose record was dropped is made again once its claim ends (1 s and 10 s).
    let mismatch: string | null = 'not read';
    for (const deadline = Date.now() + 40_000; mismatch !== null && Date.now() < deadline; await pause(250)) {
      mismatch =
        (await feedsMatch(get, keys, candidates)) ??
        (await webhooksMatch()) ??
        alertsMismatch(await readAll(get, '/v1/events?limit=100', watcher.key), watcher.searchIds);
    }
    expect(mismatch, told).toBeNull();
    const alerts = (await readAll<{ type: string }>(get, '/v1/events?limit=100', watcher.key)).filter(
      (event) => event.type === 'search.matched',
    );
    const unknown = completed.filter((call) => call.observed === null).length;
    const hits = receiver.hits.filter((hit) => hit.path.startsWith(`${hookPath}/`));
    const again = hits.length - new Set(hits.map((hit) => `${hit.path} ${String(hit.headers['webhook-id'])}`)).size;
    console.info(
      `[model] two instances: killed in a write to ${scenario.inCall.what}: ${killedInCall}; killed recording a delivery: ${killedInDelivery ?? `none: ${inDelivery.seen()} of ${scenario.inDelivery.skip + 1} records within 5 s`}; then ${scenario.faults.map(({ fault }) => fault).join(', ')}. ${completed.length} calls, ${unknown} of unknown outcome; ${explained.length} orders of them explain every answer (found in ${searchMs} ms); ${hits.length} webhooks, ${again} of them again; ${alerts.length} alerts of saved searches; ${slots.refusedStarts.length} starts refused and made again (${[...new Set(slots.refusedStarts)].join(' / ') || 'none'})`,
    );
  }
});
