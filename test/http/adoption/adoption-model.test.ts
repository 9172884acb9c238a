/**
 * Pets, adoption requests, the feed and webhooks against a reference model, whatever the order of the
 * calls: random sequences by two owners (create; change with the current, a stale, `*` or no
 * If-Match; remove; place; approve, deliver, cancel; move an organization (its own, or another's:
 * 403), which moves its animals; read a pet or a request; list by status; read the
 * feed on from where each reader stopped), each answer checked against test/support/adoption-model.ts
 * (same status, error code, and pet or request with its version). After every sequence:
 *
 * - the product's state keeps the adoption rules (never two approved requests for a pet, an approved
 *   request's pet is pending, versions only grew);
 * - each owner's feed, read from its start, holds exactly the model's events that owner may see, once
 *   each and in order, and a mirror built from it alone equals the list of every animal and of the
 *   owner's requests;
 * - each owner's webhook endpoint (whose receiver fails every third event's first attempt) got every
 *   such event at least once, every attempt signed so that it verifies, with the event's id as its
 *   webhook-id on every attempt; a receiver that drops repeated webhook-ids ends with the same mirror;
 * - a third owner's saved searches (available animals; held or adopted ones) got exactly one
 *   `search.matched` for each entry of an animal into their matches, read from the animals' own
 *   events in its feed, each right after its change, with the animal as the change left it.
 *
 * fast-check's model-based commands; a failure prints the shortest sequence that breaks a rule.
 * MODEL_RUNS sequences (default 100 on memory, 30 on MongoDB + Redis; `npm run test:model -- 500` runs more) from MODEL_SEED (fixed by
 * default; `random` explores).
 */
import fc from 'fast-check';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { resolve } from '../../../src/config/tokens.js';
import { TOKENS } from '../../../src/config/modules/features.js';
import { AdoptionModel, orderView, petView, type ModelEvent, type Op, type Owner, type PetStatus } from '../../support/adoption-model.js';
import { modelClient, type ModelClient } from '../../support/adoption-model-app.js';
import { agrees, assignedId, describeOp } from '../../support/adoption-model-calls.js';
import { readAll, type FeedEvent } from '../../support/adoption-model-reads.js';
import { alertsMismatch } from '../../support/adoption-model-alerts.js';
import { FakeClock } from '../../support/fake-clock.js';
import { startTestApp, TEST_ADAPTERS, type TestApp } from '../../support/test-app.js';
import { WebhookReceiver, type Hit } from '../../support/webhook-receiver.js';

const RUNS = Number(process.env.MODEL_RUNS ?? (TEST_ADAPTERS === 'memory' ? 100 : 30));
const SEED = process.env.MODEL_SEED === 'random' ? Date.now() : Number(process.env.MODEL_SEED ?? 54);
/** How many calls ended in each answer, printed after the suite: what the sequences reached. */
const OUTCOMES = new Map<string, number>();
/** How many alerts the checks after the sequences compared with the animals' entries into the searches. */
const ALERTS_CHECKED = { count: 0 };
const OWNERS: readonly Owner[] = ['a', 'b'];
/** The test's own limit; a sequence takes 0.5 to 2 s alone, at most 5 s measured with four runs side by side. */
const TEST_LIMIT_MS = Math.max(120_000, RUNS * 5_000);
/**
 * The longest one sequence may take before it fails naming the step it was at: a wait that never
 * ends is reported as such, not as the test's timeout (whose message names nothing).
 */
const SEQUENCE_LIMIT_MS = 30_000;
/** Where the running sequence is: what a sequence over its limit names. */
let runningStep = 'not started';

interface Real {
  readonly t: TestApp;
  readonly client: ModelClient;
  /** Where each owner's reader of the feed stopped: the last event id, and how many of its events it read. */
  readonly readers: Record<Owner, { after: string | null; read: number }>;
}

/**
 * One call, made concrete against the model when it runs (which pet, which request, which version).
 * Its label names what was generated (`pet#0` is the newest pet, `#-` one that never existed); a
 * failure's message names the call as sent.
 */
class Step implements fc.AsyncCommand<AdoptionModel, Real> {
  constructor(
    private readonly make: (model: AdoptionModel) => Op,
    private readonly label: string,
  ) {}
  check = () => true;
  async run(model: AdoptionModel, real: Real): Promise<void> {
    const op = this.make(model);
    runningStep = describeOp(op);
    const observed = await real.client.send(op);
    const expected = model.apply(op, assignedId(observed));
    const outcome = `${op.kind} ${observed.status}${observed.code ? ` ${observed.code}` : ''}`;
    OUTCOMES.set(outcome, (OUTCOMES.get(outcome) ?? 0) + 1);
    expect(agrees(expected, observed), `${describeOp(op)}: the API answered ${JSON.stringify(observed)}`).toBe(true);
  }
  toString = () => this.label;
}

/** An owner's reader takes what the feed has after where it stopped: exactly the model's next events for it. */
class ReadFeed implements fc.AsyncCommand<AdoptionModel, Real> {
  constructor(private readonly owner: Owner) {}
  check = () => true;
  async run(model: AdoptionModel, real: Real): Promise<void> {
    const reader = real.readers[this.owner];
    runningStep = `readFeed(${this.owner})`;
    const events = await readFeed(real, this.owner, reader.after);
    const expected = model.eventsVisibleTo(this.owner).slice(reader.read);
    expect(events.map(inModelTerms)).toEqual(expected.map(inModelTerms));
    reader.after = events.at(-1)?.id ?? reader.after;
    reader.read += events.length;
  }
  toString = () => `readFeed(${this.owner})`;
}

class ListByStatus implements fc.AsyncCommand<AdoptionModel, Real> {
  constructor(private readonly status: PetStatus) {}
  check = () => true;
  async run(model: AdoptionModel, real: Real): Promise<void> {
    runningStep = `list(${this.status})`;
    expect(
      await listAll<{ id: number; name: string; status: PetStatus; version: number; place: string | null }>(
        real,
        `/v1/pets?status=${this.status}`,
      ),
    ).toEqual(model.petsWith(this.status));
  }
  toString = () => `list(${this.status})`;
}

/** Every page of a list, each item as the model shows it. */
async function listAll<T>(real: Real, first: string, owner: Owner = 'a'): Promise<T[]> {
  const page = await readAll<Record<string, unknown>>(
    real.client.get,
    `${first}${first.includes('?') ? '&' : '?'}limit=100`,
    real.client.keys[owner],
  );
  return page.map((item) => (typeof item.id === 'number' ? petView(item as never) : orderView(item as never)) as T);
}

/** The feed as `owner` sees it after `after` (from its start when null), once the relay has moved every event into it. */
async function readFeed(real: Real, owner: Owner, after: string | null): Promise<FeedEvent[]> {
  const where = runningStep;
  runningStep = `${where}: the relay's pass`;
  await resolve(real.t.app.container, TOKENS.EventRelay).pass();
  runningStep = `${where}: reading the feed`;
  return readAll<FeedEvent>(real.client.get, `/v1/events?limit=100${after === null ? '' : `&after=${after}`}`, real.client.keys[owner]);
}

const inModelTerms = (event: FeedEvent | ModelEvent) => {
  const object = 'data' in event ? event.data.object : event.object;
  return {
    type: event.type,
    sequence: event.sequence,
    object: typeof object.id === 'number' ? petView(object as never) : orderView(object as never),
  };
};

/**
 * A partner's copy built from events alone, in any order and with repeats: it keeps each object at
 * the highest sequence it has seen, a removal included.
 */
function mirrorOf(events: readonly FeedEvent[]): { pets: unknown[]; orders: unknown[] } {
  const latest = new Map<number | string, FeedEvent>();
  for (const event of events) {
    const held = latest.get(event.data.object.id);
    if (!held || held.sequence < event.sequence) latest.set(event.data.object.id, event);
  }
  const kept = [...latest.values()].filter((event) => event.type !== 'pet.deleted').map((event) => inModelTerms(event).object);
  return {
    pets: kept.filter((object) => typeof object.id === 'number').sort((x, y) => (x.id as number) - (y.id as number)),
    orders: kept.filter((object) => typeof object.id === 'string').sort((x, y) => (x.id < y.id ? -1 : 1)),
  };
}

/** Fails the first attempt of every third event it is sent, so that retries are part of every sequence; keeps the hits it took. */
function flakyAnswer(taken: Set<Hit>): (hit: Hit) => { status: number } {
  const attempts = new Map<string, number>();
  return (hit) => {
    const id = String(hit.headers['webhook-id']);
    const seen = attempts.get(id) ?? 0;
    attempts.set(id, seen + 1);
    const status = seen === 0 && attempts.size % 3 === 0 ? 500 : 204;
    if (status === 204) taken.add(hit);
    return { status };
  };
}

/** A pet or request the command aims at: one of those made so far (counted from the newest), or one that never existed. */
const target = fc.oneof({ weight: 6, arbitrary: fc.nat({ max: 20 }) }, { weight: 1, arbitrary: fc.constant(-1) });
const fromNewest = <T>(made: readonly T[], index: number): T => made[made.length - 1 - (index % made.length)]!;
const petAt = (model: AdoptionModel, index: number) =>
  index < 0 || model.petIds.length === 0 ? 9_999_999 : fromNewest(model.petIds, index);
const orderAt = (model: AdoptionModel, index: number) =>
  index < 0 || model.orderIds.length === 0 ? 'ord_000000000000000000000' : fromNewest(model.orderIds, index);
const at = (what: string, index: number) => `${what}#${index < 0 ? '-' : index}`;
const versionOf = (model: AdoptionModel, petId: number) => model.pets.get(petId)?.version ?? 1;

const owner = fc.constantFrom<Owner>(...OWNERS);
const status = fc.constantFrom<PetStatus>('available', 'pending', 'sold');
const name = fc.constantFrom('Rex', 'Mia', 'Bo', 'Ümit', '小白');
const precondition = fc.constantFrom('current', 'current', 'stale', 'none', 'any');
const ifMatchFor = (model: AdoptionModel, petId: number, how: string): string | undefined =>
  how === 'none'
    ? undefined
    : how === 'any'
      ? '*'
      : `"${how === 'current' ? versionOf(model, petId) : Math.max(0, versionOf(model, petId) - 1) || 99}"`;

const commandKinds = {
  create: fc
    .tuple(owner, name, fc.oneof({ weight: 4, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: status }))
    .map(
      ([who, called, state]) =>
        new Step(
          () => ({ kind: 'create', owner: who, name: called, ...(state && { status: state }) }),
          `create(${who}, ${called}${state ? `, ${state}` : ''})`,
        ),
    ),
  change: fc
    .tuple(
      owner,
      target,
      precondition,
      // A change names at least one field (an empty one is a 400 any schema-aware client avoids).
      fc.oneof(fc.record({ name }), fc.record({ status }), fc.record({ name, status })),
    )
    .map(
      ([who, index, how, change]) =>
        new Step(
          (model) => {
            const petId = petAt(model, index);
            const ifMatch = ifMatchFor(model, petId, how);
            return { kind: 'change', owner: who, petId, change, ...(ifMatch !== undefined && { ifMatch }) };
          },
          `change(${who}, ${at('pet', index)}, ${how}, ${JSON.stringify(change)})`,
        ),
    ),
  remove: fc.tuple(owner, target, fc.constantFrom('current', 'stale', 'none')).map(
    ([who, index, how]) =>
      new Step(
        (model) => {
          const petId = petAt(model, index);
          const ifMatch = ifMatchFor(model, petId, how);
          return { kind: 'remove', owner: who, petId, ...(ifMatch !== undefined && { ifMatch }) };
        },
        `remove(${who}, ${at('pet', index)}, ${how})`,
      ),
  ),
  place: fc
    .tuple(owner, target)
    .map(
      ([who, index]) =>
        new Step(
          (model) => ({ kind: 'place', owner: who, petId: petAt(model, index), applicantName: 'Ada' }),
          `place(${who}, ${at('pet', index)})`,
        ),
    ),
  act: fc.tuple(owner, target, fc.constantFrom('approve', 'approve', 'deliver', 'withdrawn', 'rejected')).map(
    ([who, index, what]) =>
      new Step(
        (model) => ({
          kind: 'act',
          owner: who,
          orderId: orderAt(model, index),
          ...(what === 'withdrawn' || what === 'rejected' ? { action: 'cancel', reason: what } : { action: what }),
        }),
        `${what}(${who}, ${at('order', index)})`,
      ),
  ),
  readPet: target.map((index) => new Step((model) => ({ kind: 'readPet', petId: petAt(model, index) }), `readPet(${at('pet', index)})`)),
  readOrder: fc
    .tuple(owner, target)
    .map(
      ([who, index]) =>
        new Step(
          (model) => ({ kind: 'readOrder', owner: who, orderId: orderAt(model, index) }),
          `readOrder(${who}, ${at('order', index)})`,
        ),
    ),
  move: fc
    .tuple(owner, owner, fc.constantFrom('94110', '10001', '60601'))
    .map(
      ([who, of, postalCode]) =>
        new Step(() => ({ kind: 'move', owner: who, of, postalCode }), `move(${who}, organization of ${of}, ${postalCode})`),
    ),
  list: status.map((state) => new ListByStatus(state)),
  readFeed: owner.map((who) => new ReadFeed(who)),
};

/** How often each kind of call comes: writes that move the lifecycle more often than reads. */
const WEIGHTS: Readonly<Record<keyof typeof commandKinds, number>> = {
  create: 3,
  change: 3,
  remove: 1,
  place: 3,
  act: 5,
  readPet: 1,
  readOrder: 1,
  move: 1,
  list: 1,
  readFeed: 1,
};
export const commands = Object.entries(WEIGHTS).flatMap(([kind, weight]) =>
  Array.from(
    { length: weight },
    () => commandKinds[kind as keyof typeof commandKinds] as fc.Arbitrary<fc.AsyncCommand<AdoptionModel, Real>>,
  ),
);

describe('pets, adoption requests, the feed and webhooks against a reference model', () => {
  let t: TestApp | undefined;
  let receiver: WebhookReceiver;
  /** The hits the receiver took (answered 2xx), in the order they came. */
  const taken = new Set<Hit>();
  beforeAll(async () => {
    receiver = await WebhookReceiver.start();
  });
  afterAll(async () => {
    console.log(
      `[model] answers reached: ${[...OUTCOMES]
        .sort()
        .map(([outcome, count]) => `${outcome} x${count}`)
        .join(', ')}; saved searches' alerts checked: ${ALERTS_CHECKED.count}`,
    );
    await receiver.close();
  });
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it(
    'answers every sequence of calls by two owners as the model does; the feed and the webhooks mirror the lists after each',
    async () => {
      let sequences = 0;
      // Shrinking a failure ends by this time, so that the failure is reported within the test's limit.
      const shrinkUntil = Date.now() + TEST_LIMIT_MS - SEQUENCE_LIMIT_MS - 10_000;
      let failed = false;
      await fc.assert(
        fc.asyncProperty(fc.commands(commands, { maxCommands: 60, size: 'max' }), (sequence) =>
          // Once a sequence failed and the time to shrink is spent, a shorter candidate passes without
          // running: fast-check then reports the shortest failing sequence found by then.
          failed && Date.now() > shrinkUntil
            ? Promise.resolve()
            : withinLimit(sequences + 1, async () => {
                sequences++;
                runningStep = "closing the last sequence's app";
                await t?.close();
                runningStep = 'starting the app';
                receiver.hits.length = 0;
                taken.clear();
                receiver.answer = flakyAnswer(taken);
                // The signatures' timestamps are checked against the real time by the receiver's library.
                t = await startTestApp({
                  clock: new FakeClock(Date.now()),
                  env: { WEBHOOK_ALLOW_LOOPBACK: 'true', WEBHOOK_RETRY_SCHEDULE: '1s' },
                });
                const app = t;
                const client = await modelClient(app);
                const secrets = {} as Record<Owner, string>;
                for (const who of OWNERS) {
                  const endpoint = await app.app.http.inject({
                    method: 'POST',
                    url: '/v1/webhook-endpoints',
                    headers: { authorization: client.keys[who] },
                    payload: { url: receiver.url(`/${sequences}/${who}`), enabledEvents: ['*'] },
                  });
                  expect(endpoint.statusCode, endpoint.body).toBe(201);
                  secrets[who] = endpoint.json<{ secret: string }>().secret;
                }
                const real: Real = {
                  t: app,
                  client,
                  readers: { a: { after: null, read: 0 }, b: { after: null, read: 0 }, c: { after: null, read: 0 } },
                };
                const model = new AdoptionModel();
                await fc.asyncModelRun(() => ({ model, real }), sequence);
                await checkAfterRun(model, real, secrets, sequences);
              }).catch((error: unknown) => {
                failed = true;
                throw error;
              }),
        ),
        { numRuns: RUNS, seed: SEED },
      );
      expect(sequences).toBeGreaterThanOrEqual(RUNS);
    },
    TEST_LIMIT_MS,
  );

  /** `sequence` run, failing with where it was if it is still running after SEQUENCE_LIMIT_MS. */
  async function withinLimit(run: number, sequence: () => Promise<void>): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const limit = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`sequence ${run} was still running after ${SEQUENCE_LIMIT_MS / 1000} s, at: ${runningStep}`)),
        SEQUENCE_LIMIT_MS,
      );
    });
    try {
      await Promise.race([sequence(), limit]);
    } finally {
      clearTimeout(timer);
    }
  }

  async function checkAfterRun(model: AdoptionModel, real: Real, secrets: Record<Owner, string>, run: number): Promise<void> {
    runningStep = 'the checks after the sequence: listing every animal';
    const pets = await listAll<{ id: number; status: PetStatus; version: number; place: string | null }>(real, '/v1/pets');
    expect(pets).toEqual(model.petsWith());
    // Versions only grew, per object, through the events.
    const last = new Map<number | string, number>();
    for (const event of model.events) {
      expect(event.sequence, `${event.type} ${event.objectId}`).toBeGreaterThan(last.get(event.objectId) ?? 0);
      last.set(event.objectId, event.sequence);
    }
    for (const who of OWNERS) {
      runningStep = `the checks after the sequence: ${who}'s requests and feed`;
      const orders = await listAll<{ id: string; petId: number; status: string }>(real, '/v1/orders', who);
      expect(orders).toEqual(model.ordersVisibleTo(who));
      // The adoption rules, read from the product's own answers.
      for (const pet of pets) {
        const approved = orders.filter((order) => order.petId === pet.id && order.status === 'approved');
        expect(approved.length, `approved requests for pet ${pet.id}`).toBeLessThanOrEqual(1);
        if (approved.length === 1) expect(pet.status, `pet ${pet.id} held by an approved request`).toBe('pending');
      }
      // The whole feed, read again from its start: the model's events in order, once each, and a mirror of the lists.
      const feed = await readFeed(real, who, null);
      expect(feed.map(inModelTerms)).toEqual(model.eventsVisibleTo(who).map(inModelTerms));
      expect(new Set(feed.map((event) => event.id)).size).toBe(feed.length);
      expect(mirrorOf(feed)).toEqual({ pets, orders });
      // Webhooks: every event taken at least once, each attempt verified, one webhook-id per event.
      await deliveredAll(real, `/${run}/${who}`, new Set(feed.map((event) => event.id)));
      const verify = (hit: Hit) => {
        const verified = new Webhook(secrets[who]).verify(hit.body, {
          'webhook-id': String(hit.headers['webhook-id']),
          'webhook-timestamp': String(hit.headers['webhook-timestamp']),
          'webhook-signature': String(hit.headers['webhook-signature']),
        }) as FeedEvent;
        expect(hit.headers['webhook-id'], 'webhook-id is the event id on every attempt').toBe(verified.id);
        return verified;
      };
      for (const hit of receiver.hits.filter((other) => other.path === `/${run}/${who}`)) verify(hit);
      const bodies = [...taken].filter((hit) => hit.path === `/${run}/${who}`).map(verify);
      const firstOfEach = bodies.filter((body, i) => bodies.findIndex((other) => other.id === body.id) === i);
      expect(firstOfEach.map((event) => event.id).sort()).toEqual(feed.map((event) => event.id).sort());
      expect(mirrorOf(firstOfEach)).toEqual({ pets, orders });
    }
    runningStep = 'the checks after the sequence: the saved searches';
    await checkAlerts(real);
    expect(model.brokenRules()).toEqual([]);
  }

  /** Moves the clock on until `path` has got every event in `expected` (retries fall due a second after a failure). */
  async function deliveredAll(real: Real, path: string, expected: ReadonlySet<string>): Promise<Hit[]> {
    const dispatcher = resolve(real.t.app.container, TOKENS.WebhookDispatcher);
    const ours = () => [...taken].filter((hit) => hit.path === path);
    const got = () => new Set(ours().map((hit) => String(hit.headers['webhook-id'])));
    for (let round = 0; round < 50 && [...expected].some((id) => !got().has(id)); round++) {
      runningStep = `the checks after the sequence: deliveries to ${path}, round ${round + 1}: fan-out`;
      await dispatcher.fanOut();
      runningStep = `the checks after the sequence: deliveries to ${path}, round ${round + 1}: due attempts`;
      await dispatcher.attemptDue();
      real.t.clock.advance(1_000);
    }
    expect(
      [...expected].filter((id) => !got().has(id)),
      `events never delivered to ${path}`,
    ).toEqual([]);
    return ours();
  }
});

/** The watcher's feed holds exactly the alerts its animals' events make (test/support/adoption-model-alerts.ts). */
async function checkAlerts(real: Real): Promise<void> {
  await resolve(real.t.app.container, TOKENS.EventRelay).pass();
  const feed = await readAll<Parameters<typeof alertsMismatch>[0][number]>(
    real.client.get,
    '/v1/events?limit=100',
    real.client.watcher.key,
  );
  expect(alertsMismatch(feed, real.client.watcher.searchIds, ALERTS_CHECKED)).toBeNull();
}
