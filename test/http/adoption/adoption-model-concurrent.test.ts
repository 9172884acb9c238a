/**
 * Calls at once, in every interleaving: after a few animals and adoption requests are made one by one,
 * batches of two to four calls by two owners (change, remove, place, approve, deliver, withdraw,
 * reject, move an organization, read) are sent together, and fast-check's scheduler decides the order in which their
 * reads and writes of the pets and the requests go through (each is held until the scheduler
 * releases it). Every batch must be linearizable against the reference model: some order of its
 * calls explains every answer, and the lists read after it are that order's state. After the last
 * batch, each owner's feed holds each object's events exactly as the model made them, and a mirror
 * built from it equals the lists, and a third owner's saved searches got exactly one alert per entry of
 * an animal into their matches (test/support/adoption-model-alerts.ts). A failure shrinks to the fewest calls and the shortest schedule.
 * MODEL_RUNS runs (default 100 on memory, 30 on MongoDB + Redis; `npm run test:model -- 500`) from
 * MODEL_SEED.
 */
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import type { Adapters } from '../../../src/config/adapters.js';
import { resolve } from '../../../src/config/tokens.js';
import { TOKENS } from '../../../src/config/modules/features.js';
import { AdoptionModel, type Op } from '../../support/adoption-model.js';
import { agrees, assignedId, describeOp } from '../../support/adoption-model-calls.js';
import { linearizations, type Completed } from '../../support/linearizability.js';
import { index, owner, petAt, plannedWithMoves } from '../../support/adoption-model-plans.js';
import { modelClient } from '../../support/adoption-model-app.js';
import { feedsMatch, readAll, readState, stateOf } from '../../support/adoption-model-reads.js';
import { alertsMismatch } from '../../support/adoption-model-alerts.js';
import { startTestApp, TEST_ADAPTERS, type TestApp } from '../../support/test-app.js';

const RUNS = Number(process.env.MODEL_RUNS ?? (TEST_ADAPTERS === 'memory' ? 100 : 30));
const SEED = process.env.MODEL_SEED === 'random' ? Date.now() : Number(process.env.MODEL_SEED ?? 54);
/** How many alerts the checks after the batches compared with the animals' entries into the watcher's searches. */
const ALERTS_CHECKED = { count: 0 };

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

const scenario = fc.record({
  pets: fc.array(owner, { minLength: 1, maxLength: 2 }),
  orders: fc.array(fc.tuple(owner, index), { minLength: 2, maxLength: 4 }),
  batches: fc.array(fc.array(plannedWithMoves, { minLength: 2, maxLength: 5 }), { minLength: 1, maxLength: 3 }),
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
            wrapAdapters: (adapters: Adapters) => ({
              ...adapters,
              pets: gated(adapters.pets, gate),
              adoptionRequests: gated(adapters.adoptionRequests, gate),
            }),
          });
          const app = t;
          const { keys, send, get, watcher } = await modelClient(app);
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
            const state = await readState(get, keys);
            candidates = explained.filter((candidate) => JSON.stringify(stateOf(candidate)) === JSON.stringify(state));
            expect(candidates.length, `the state after batch ${n + 1} is no order's:\n  ${told}\n${JSON.stringify(state)}`).toBeGreaterThan(
              0,
            );
          }
          await resolve(app.app.container, TOKENS.EventRelay).pass();
          expect(await feedsMatch(get, keys, candidates)).toBeNull();
          const watched = await readAll<Parameters<typeof alertsMismatch>[0][number]>(get, '/v1/events?limit=100', watcher.key);
          expect(alertsMismatch(watched, watcher.searchIds, ALERTS_CHECKED)).toBeNull();
        }),
        { numRuns: RUNS, seed: SEED },
      );
      expect(runs).toBeGreaterThanOrEqual(RUNS);
      console.info(`[model] calls at once: ${runs} runs; saved searches' alerts checked: ${ALERTS_CHECKED.count}`);
      expect(ALERTS_CHECKED.count).toBeGreaterThan(0);
    },
    Math.max(120_000, RUNS * 5_000),
  );
});
