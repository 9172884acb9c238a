/**
 * Calls at once, in every interleaving: after a few animals and adoption requests are made one by one,
 * batches of two to four calls by two owners (change, remove, place, approve, deliver, withdraw,
 * reject, read) are sent together, and fast-check's scheduler decides the order in which their
 * reads and writes of the pets and the requests go through (each is held until the scheduler
 * releases it). Every batch must be linearizable against the reference model: some order of its
 * calls explains every answer, and the lists read after it are that order's state. After the last
 * batch, each owner's feed holds each object's events exactly as the model made them, and a mirror
 * built from it equals the lists. A failure shrinks to the fewest calls and the shortest schedule.
 * MODEL_RUNS runs (default 100 on memory, 30 on MongoDB + Redis; `npm run test:model -- 500`) from
 * MODEL_SEED.
 */
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { Adapters } from '../../../src/config/adapters.js';
import { resolve } from '../../../src/config/tokens.js';
import { TOKENS } from '../../../src/config/modules/features.js';
import { AdoptionModel, orderView, petView, type Op, type Owner, type PetStatus } from '../../support/adoption-model.js';
import { agrees, assignedId, callFor, describeOp, observe, type Observed } from '../../support/adoption-model-calls.js';
import { linearizations, type Completed } from '../../support/linearizability.js';
import { startTestApp, TEST_ADAPTERS, type TestApp } from '../../support/test-app.js';

const RUNS = Number(process.env.MODEL_RUNS ?? (TEST_ADAPTERS === 'memory' ? 100 : 30));
const SEED = process.env.MODEL_SEED === 'random' ? Date.now() : Number(process.env.MODEL_SEED ?? 54);
const OWNERS: readonly Owner[] = ['a', 'b'];

/** The storage calls a request makes, each held until the scheduler releases it while a batch runs. */
const GATED = new Set(['add', 'reserveId', 'addReserved', 'findById', 'update', 'remove', 'listPlaced', 'findByRequestKey']);

function gated<T extends object>(target: T, gate: (name: string) => Promise<void>): T {
  return new Proxy(target, {
    get(object, property, receiver) {
      const value = Reflect.get(object, property, receiver) as unknown;
      if (typeof value !== 'function' || typeof property !== 'string' || !GATED.has(property)) return value;
      return async (...args: unknown[]) => {
        await gate(property);
        return (value as (...a: unknown[]) => Promise<unknown>).apply(object, args);
      };
    },
  });
}

/** A call in a batch: which owner, which pet or request (by index among those made), and how. */
type Planned = (model: AdoptionModel) => Op;

const owner = fc.constantFrom<Owner>(...OWNERS);
const index = fc.nat({ max: 5 });
const ifMatch = fc.constantFrom<string | undefined>('"1"', '"1"', '"2"', '"3"', '*', undefined);
const petAt = (model: AdoptionModel, i: number) => model.petIds[i % model.petIds.length]!;
const orderAt = (model: AdoptionModel, i: number) => model.orderIds[i % model.orderIds.length]!;

/** Who makes a call: mostly the owner who may (the pet's owner, or the request's placer for a withdrawal), else either owner. */
const actor = fc.constantFrom<'entitled' | Owner>('entitled', 'entitled', 'entitled', 'a', 'b');
const petOwner = (model: AdoptionModel, petId: number, who: 'entitled' | Owner): Owner =>
  who !== 'entitled' ? who : (model.pets.get(petId)?.owner ?? 'a');
const decision = fc
  .tuple(actor, index, fc.constantFrom('approve', 'approve', 'approve', 'deliver', 'withdrawn', 'rejected'))
  .map(([who, i, what]) => ({
    label: `${what}(${who}, order#${i})`,
    plan: (model: AdoptionModel): Op => {
      const orderId = orderAt(model, i);
      const order = model.orders.get(orderId);
      const by = who !== 'entitled' ? who : what === 'withdrawn' ? (order?.placedBy ?? 'a') : (order?.petOwner ?? 'a');
      return what === 'withdrawn' || what === 'rejected'
        ? { kind: 'act', owner: by, orderId, action: 'cancel', reason: what }
        : { kind: 'act', owner: by, orderId, action: what };
    },
  }));
const change = fc
  .tuple(
    actor,
    index,
    ifMatch,
    fc.oneof(
      fc.record({ name: fc.constantFrom('Rex', 'Mia') }),
      fc.record({ status: fc.constantFrom<PetStatus>('available', 'pending', 'sold') }),
    ),
  )
  .map(([who, i, match, fields]) => ({
    label: `change(${who}, pet#${i}, ${match ?? 'no If-Match'}, ${JSON.stringify(fields)})`,
    plan: (model: AdoptionModel): Op => ({
      kind: 'change',
      owner: petOwner(model, petAt(model, i), who),
      petId: petAt(model, i),
      change: fields,
      ...(match !== undefined && { ifMatch: match }),
    }),
  }));
const removal = fc.tuple(actor, index, ifMatch).map(([who, i, match]) => ({
  label: `remove(${who}, pet#${i}, ${match ?? 'no If-Match'})`,
  plan: (model: AdoptionModel): Op => ({
    kind: 'remove',
    owner: petOwner(model, petAt(model, i), who),
    petId: petAt(model, i),
    ...(match !== undefined && { ifMatch: match }),
  }),
}));
const placing = fc.tuple(owner, index).map(([who, i]) => ({
  label: `place(${who}, pet#${i})`,
  plan: (model: AdoptionModel): Op => ({ kind: 'place', owner: who, petId: petAt(model, i), applicantName: 'Ada' }),
}));
const readPet = index.map((i) => ({
  label: `readPet(pet#${i})`,
  plan: (model: AdoptionModel): Op => ({ kind: 'readPet', petId: petAt(model, i) }),
}));
const readOrder = fc.tuple(owner, index).map(([who, i]) => ({
  label: `readOrder(${who}, order#${i})`,
  plan: (model: AdoptionModel): Op => ({ kind: 'readOrder', owner: who, orderId: orderAt(model, i) }),
}));

/** Weighted towards decisions on the same few requests, where the races are. */
const planned: fc.Arbitrary<{ label: string; plan: Planned }> = fc.oneof(
  { weight: 4, arbitrary: decision },
  { weight: 2, arbitrary: change },
  { weight: 1, arbitrary: removal },
  { weight: 1, arbitrary: placing },
  { weight: 1, arbitrary: fc.oneof(readPet, readOrder) },
);

const scenario = fc.record({
  pets: fc.array(owner, { minLength: 1, maxLength: 2 }),
  orders: fc.array(fc.tuple(owner, index), { minLength: 2, maxLength: 4 }),
  batches: fc.array(fc.array(planned, { minLength: 2, maxLength: 5 }), { minLength: 1, maxLength: 3 }),
});

describe('calls at once against the reference model', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it(
    'explains every batch of concurrent calls by one order of them, in every interleaving of their storage calls',
    async () => {
      let runs = 0;
      await fc.assert(
        fc.asyncProperty(scenario, fc.scheduler(), async ({ pets, orders, batches }, s) => {
          runs++;
          await t?.close();
          let batchRunning = false;
          const gate = (name: string) => (batchRunning ? s.schedule(Promise.resolve(), name).then(() => undefined) : Promise.resolve());
          t = await startTestApp({
            wrapAdapters: (adapters: Adapters) => ({ ...adapters, pets: gated(adapters.pets, gate), orders: gated(adapters.orders, gate) }),
          });
          const app = t;
          const keys = {} as Record<Owner, string>;
          for (const who of OWNERS) {
            const ownerId = `acct_${who}`;
            keys[who] =
              `Bearer ${(await app.app.keys.issue({ name: ownerId, plan: 'enterprise', ownerId, customLimits: { perMinute: 100_000, perDay: 1_000_000 } })).key}`;
          }
          const send = async (op: Op): Promise<Observed> => {
            const call = callFor(op, keys);
            const response = await app.app.http.inject({
              method: call.method,
              url: call.url,
              headers: call.headers,
              ...(call.payload && { payload: call.payload }),
            });
            return observe(op, response.statusCode, response.body === '' ? null : response.json());
          };
          // The setup, one call at a time, each as the model answers it.
          const model = new AdoptionModel();
          const step = async (op: Op) => {
            const observed = await send(op);
            expect(agrees(model.apply(op, assignedId(observed)), observed), describeOp(op)).toBe(true);
          };
          for (const who of pets) await step({ kind: 'create', owner: who, name: 'Rex' });
          for (const [who, i] of orders) await step({ kind: 'place', owner: who, petId: petAt(model, i), applicantName: 'Ada' });
          let candidates = [model];
          for (const [n, batch] of batches.entries()) {
            const ops = batch.map(({ plan }) => plan(candidates[0]!));
            batchRunning = true;
            const answers = Promise.all(ops.map(send));
            let finished = false;
            void answers.finally(() => (finished = true));
            while (!finished) {
              if (s.count() > 0) await s.waitOne();
              else await new Promise((next) => setImmediate(next));
            }
            batchRunning = false;
            const observed = await answers;
            const history = ops.map((op, i): Completed => {
              const assigned = assignedId(observed[i]!);
              return { op, observed: observed[i]!, ...(assigned !== undefined && { assigned }), start: 0, end: 1 };
            });
            const explained = linearizations(candidates, history);
            const told = ops.map((op, i) => `${describeOp(op)} -> ${JSON.stringify(observed[i])}`).join('\n  ');
            expect(explained.length, `batch ${n + 1} has no order that explains its answers:\n  ${told}`).toBeGreaterThan(0);
            // The state read afterwards is one of those orders' states.
            const state = await readState(app, keys);
            candidates = explained.filter((candidate) => JSON.stringify(stateOf(candidate)) === JSON.stringify(state));
            expect(candidates.length, `the state after batch ${n + 1} is no order's:\n  ${told}\n${JSON.stringify(state)}`).toBeGreaterThan(
              0,
            );
          }
          await checkFeed(app, keys, candidates);
        }),
        { numRuns: RUNS, seed: SEED },
      );
      expect(runs).toBeGreaterThanOrEqual(RUNS);
    },
    Math.max(120_000, RUNS * 5_000),
  );
});

interface State {
  pets: unknown[];
  orders: Record<string, unknown[]>;
}

const stateOf = (model: AdoptionModel): State => ({
  pets: model.petsWith(),
  orders: Object.fromEntries(OWNERS.map((who) => [who, model.ordersVisibleTo(who)])),
});

async function readState(t: TestApp, keys: Record<Owner, string>): Promise<State> {
  const pets = await listAll(t, '/v1/pets?limit=100', keys.a);
  const orders: Record<string, unknown[]> = {};
  for (const who of OWNERS) orders[who] = await listAll(t, '/v1/orders?limit=100', keys[who]);
  return { pets, orders };
}

async function listAll(t: TestApp, first: string, key: string): Promise<unknown[]> {
  const all: unknown[] = [];
  let url: string | null = first;
  while (url !== null) {
    const response: LightMyRequestResponse = await t.app.http.inject({ url, headers: { authorization: key } });
    expect(response.statusCode, response.body).toBe(200);
    all.push(
      ...response
        .json<Record<string, unknown>[]>()
        .map((item) => (typeof item.id === 'number' ? petView(item as never) : orderView(item as never))),
    );
    url = /<([^>]+)>; rel="next"/.exec(String(response.headers.link ?? ''))?.[1] ?? null;
  }
  return all;
}

interface FeedEvent {
  id: string;
  type: string;
  sequence: number;
  data: { object: { id: number | string } };
}

/** Each owner's feed: per object, the events one of the orders made, once each; a mirror of it equals the lists. */
async function checkFeed(t: TestApp, keys: Record<Owner, string>, candidates: readonly AdoptionModel[]): Promise<void> {
  await resolve(t.app.container, TOKENS.EventRelay).pass();
  const byObject = (events: readonly { type: string; sequence: number; object: unknown; objectId: number | string }[]) => {
    const grouped = new Map<string, unknown[]>();
    for (const event of events)
      grouped.set(String(event.objectId), [
        ...(grouped.get(String(event.objectId)) ?? []),
        { type: event.type, sequence: event.sequence, object: event.object },
      ]);
    return JSON.stringify([...grouped].sort(([x], [y]) => (x < y ? -1 : 1)));
  };
  for (const who of OWNERS) {
    const feed: FeedEvent[] = [];
    let url: string | null = '/v1/events?limit=100';
    while (url !== null) {
      const response: LightMyRequestResponse = await t.app.http.inject({ url, headers: { authorization: keys[who] } });
      expect(response.statusCode).toBe(200);
      feed.push(...response.json<FeedEvent[]>());
      url = /<([^>]+)>; rel="next"/.exec(String(response.headers.link ?? ''))?.[1] ?? null;
    }
    expect(new Set(feed.map((event) => event.id)).size).toBe(feed.length);
    const real = byObject(
      feed.map((event) => ({
        type: event.type,
        sequence: event.sequence,
        objectId: event.data.object.id,
        object: typeof event.data.object.id === 'number' ? petView(event.data.object as never) : orderView(event.data.object as never),
      })),
    );
    expect(
      candidates.some((candidate) => byObject(candidate.eventsVisibleTo(who)) === real),
      `owner ${who}'s feed, per object, is no order's:\n${real}\n${candidates.map((candidate) => byObject(candidate.eventsVisibleTo(who))).join('\n')}`,
    ).toBe(true);
  }
}
