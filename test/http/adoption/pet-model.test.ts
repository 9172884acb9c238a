/**
 * Pets against a reference model, whatever the order of the calls: random sequences of creates,
 * changes (with the current, a stale or no If-Match), removals, reads and lists by two owners, each
 * answer checked against a model written apart from the product (it imports nothing of its domain):
 * the same status, and for a pet the same name, status and version. After every sequence: versions
 * only grew, and a mirror built from the event feed alone, from its start, equals the list of every
 * animal. fast-check's model-based commands; a failure prints the shortest sequence that breaks a
 * rule. MODEL_RUNS sequences (default 25) from MODEL_SEED (fixed by default; `random` explores).
 */
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { resolve } from '../../../src/config/tokens.js';
import { TOKENS } from '../../../src/config/modules/features.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';

const RUNS = Number(process.env.MODEL_RUNS ?? 25);
const SEED = process.env.MODEL_SEED === 'random' ? Date.now() : Number(process.env.MODEL_SEED ?? 54);

type Owner = 'a' | 'b';
type Status = 'available' | 'pending' | 'sold';
interface ModelPet {
  readonly id: number;
  readonly owner: Owner;
  name: string;
  status: Status;
  version: number;
}

/** The business as the specification states it, small enough to be obviously right. */
class Model {
  readonly pets = new Map<number, ModelPet>();
  /** Every id handed out, removed ones included, in order. */
  readonly ids: number[] = [];
  /** Versions each id was ever seen at, to check that they only grow. */
  readonly events: { type: string; id: number; version: number }[] = [];

  static readonly MOVES: Readonly<Record<Status, readonly Status[]>> = {
    available: ['pending', 'sold'],
    pending: ['available', 'sold'],
    sold: ['available'],
  };
}

interface Real {
  readonly t: TestApp;
  readonly keys: Record<Owner, string>;
}

/** A pet the command aims at: one of those made so far (by its index), or one that never existed. */
const target = fc.oneof({ weight: 5, arbitrary: fc.nat({ max: 20 }) }, { weight: 1, arbitrary: fc.constant(-1) });
const idOf = (model: Model, index: number) => (index < 0 || model.ids.length === 0 ? 9_999_999 : model.ids[index % model.ids.length]!);

class Create implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly owner: Owner,
    readonly name: string,
    readonly status: Status | undefined,
  ) {}
  check = () => true;
  async run(model: Model, real: Real): Promise<void> {
    const response = await real.t.app.http.inject({
      method: 'POST',
      url: '/v1/pets',
      headers: { authorization: real.keys[this.owner] },
      payload: { name: this.name, categoryId: 1, ...(this.status && { status: this.status }) },
    });
    expect(response.statusCode).toBe(201);
    const body = response.json<{ id: number; name: string; status: string; version: number }>();
    const pet: ModelPet = { id: body.id, owner: this.owner, name: this.name, status: this.status ?? 'available', version: 1 };
    expect(model.pets.has(body.id) || model.ids.includes(body.id), 'a new id').toBe(false);
    model.pets.set(pet.id, pet);
    model.ids.push(pet.id);
    model.events.push({ type: 'pet.created', id: pet.id, version: 1 });
    expect({ name: body.name, status: body.status, version: body.version }).toEqual({ name: pet.name, status: pet.status, version: 1 });
  }
  toString = () => `create(${this.owner}, ${JSON.stringify(this.name)}${this.status ? `, ${this.status}` : ''})`;
}

class Change implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly owner: Owner,
    readonly index: number,
    readonly precondition: 'current' | 'stale' | 'none' | 'any',
    readonly change: { name?: string; status?: Status },
  ) {}
  check = () => true;
  async run(model: Model, real: Real): Promise<void> {
    const id = idOf(model, this.index);
    const pet = model.pets.get(id);
    const ifMatch =
      this.precondition === 'none'
        ? undefined
        : this.precondition === 'any'
          ? '*'
          : `"${this.precondition === 'current' ? (pet?.version ?? 1) : Math.max(0, (pet?.version ?? 1) - 1) || 99}"`;
    const response = await real.t.app.http.inject({
      method: 'PATCH',
      url: `/v1/pets/${id}`,
      headers: {
        authorization: real.keys[this.owner],
        'content-type': 'application/merge-patch+json',
        ...(ifMatch !== undefined && { 'if-match': ifMatch }),
      },
      payload: this.change,
    });
    // The model's answer, in the order the rules are checked: If-Match sent, the pet, its owner, the version, the lifecycle.
    // A change without If-Match is refused before the pet is looked up.
    let expected: number;
    if (ifMatch === undefined) expected = 428;
    else if (pet === undefined) expected = 404;
    else if (pet.owner !== this.owner) expected = 403;
    else if (this.precondition === 'stale') expected = 412;
    else if (this.change.status !== undefined && this.change.status !== pet.status && !Model.MOVES[pet.status].includes(this.change.status))
      expected = 409;
    else expected = 200;
    expect(response.statusCode, response.body).toBe(expected);
    if (expected !== 200 || pet === undefined) return;
    const next = { name: this.change.name ?? pet.name, status: this.change.status ?? pet.status };
    if (next.name !== pet.name || next.status !== pet.status) {
      pet.name = next.name;
      pet.status = next.status;
      pet.version++;
      model.events.push({ type: 'pet.updated', id, version: pet.version });
    }
    expect(response.json<{ name: string; status: string; version: number }>()).toMatchObject({
      name: pet.name,
      status: pet.status,
      version: pet.version,
    });
  }
  toString = () => `change(${this.owner}, #${this.index}, ${this.precondition}, ${JSON.stringify(this.change)})`;
}

class Remove implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly owner: Owner,
    readonly index: number,
    readonly precondition: 'current' | 'stale' | 'none',
  ) {}
  check = () => true;
  async run(model: Model, real: Real): Promise<void> {
    const id = idOf(model, this.index);
    const pet = model.pets.get(id);
    const version = this.precondition === 'current' ? (pet?.version ?? 1) : (pet?.version ?? 1) + 1;
    const response = await real.t.app.http.inject({
      method: 'DELETE',
      url: `/v1/pets/${id}`,
      headers: { authorization: real.keys[this.owner], ...(this.precondition !== 'none' && { 'if-match': `"${version}"` }) },
    });
    const expected = pet === undefined ? 404 : pet.owner !== this.owner ? 403 : this.precondition === 'stale' ? 412 : 204;
    expect(response.statusCode, response.body).toBe(expected);
    if (expected === 204 && pet !== undefined) {
      model.pets.delete(id);
      model.events.push({ type: 'pet.deleted', id, version: pet.version + 1 });
    }
  }
  toString = () => `remove(${this.owner}, #${this.index}, ${this.precondition})`;
}

class Read implements fc.AsyncCommand<Model, Real> {
  constructor(readonly index: number) {}
  check = () => true;
  async run(model: Model, real: Real): Promise<void> {
    const id = idOf(model, this.index);
    const response = await real.t.app.http.inject({ url: `/v1/pets?id=${id}`, headers: { authorization: real.keys.b } });
    expect(response.statusCode).toBe(200);
    const pet = model.pets.get(id);
    expect(response.json<{ id: number; name: string; status: string; version: number }[]>().map(shown)).toEqual(pet ? [shown(pet)] : []);
  }
  toString = () => `read(#${this.index})`;
}

class ListByStatus implements fc.AsyncCommand<Model, Real> {
  constructor(readonly status: Status) {}
  check = () => true;
  async run(model: Model, real: Real): Promise<void> {
    const listed = await listAll(real, `status=${this.status}`);
    const expected = [...model.pets.values()].filter((pet) => pet.status === this.status).sort((x, y) => x.id - y.id);
    expect(listed.map(shown)).toEqual(expected.map(shown));
  }
  toString = () => `list(${this.status})`;
}

const shown = (pet: { id: number; name: string; status: string; version: number }) => ({
  id: pet.id,
  name: pet.name,
  status: pet.status,
  version: pet.version,
});

async function listAll(real: Real, query = ''): Promise<{ id: number; name: string; status: string; version: number }[]> {
  const all: { id: number; name: string; status: string; version: number }[] = [];
  let url: string | null = `/v1/pets?limit=100${query ? `&${query}` : ''}`;
  while (url !== null) {
    const response: LightMyRequestResponse = await real.t.app.http.inject({ url, headers: { authorization: real.keys.a } });
    expect(response.statusCode).toBe(200);
    all.push(...response.json<{ id: number; name: string; status: string; version: number }[]>());
    url = /<([^>]+)>; rel="next"/.exec(String(response.headers.link ?? ''))?.[1] ?? null;
  }
  return all;
}

const owner = fc.constantFrom<Owner>('a', 'b');
const status = fc.constantFrom<Status>('available', 'pending', 'sold');
const name = fc.constantFrom('Rex', 'Mia', 'Bo', 'Ümit', '小白');
const commands = [
  fc.tuple(owner, name, fc.option(status, { nil: undefined })).map(([who, called, state]) => new Create(who, called, state)),
  fc
    .tuple(
      owner,
      target,
      fc.constantFrom<'current' | 'stale' | 'none' | 'any'>('current', 'current', 'stale', 'none', 'any'),
      // A change names at least one field (an empty one is a 400 any schema-aware client avoids).
      fc.oneof(fc.record({ name }), fc.record({ status }), fc.record({ name, status })),
    )
    .map(([who, index, precondition, change]) => new Change(who, index, precondition, change)),
  fc
    .tuple(owner, target, fc.constantFrom<'current' | 'stale' | 'none'>('current', 'stale', 'none'))
    .map(([who, index, precondition]) => new Remove(who, index, precondition)),
  target.map((index) => new Read(index)),
  status.map((state) => new ListByStatus(state)),
];

describe('pets against a reference model', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it(
    'answers every sequence of calls by two owners as the model does; the feed mirrors the list after each',
    async () => {
      let sequences = 0;
      await fc.assert(
        fc.asyncProperty(fc.commands(commands, { maxCommands: 30 }), async (sequence) => {
          sequences++;
          await t?.close();
          t = await startTestApp();
          const app = t;
          const keyOf = async (ownerId: string) =>
            `Bearer ${(await app.app.keys.issue({ name: ownerId, plan: 'enterprise', ownerId, customLimits: { perMinute: 100_000, perDay: 1_000_000 } })).key}`;
          const real: Real = { t: app, keys: { a: await keyOf('acct_a'), b: await keyOf('acct_b') } };
          const model = new Model();
          await fc.asyncModelRun(() => ({ model, real }), sequence);

          // Versions only grew, per pet, through its events.
          const last = new Map<number, number>();
          for (const event of model.events) {
            expect(event.version).toBeGreaterThan(last.get(event.id) ?? 0);
            last.set(event.id, event.version);
          }
          // A mirror built from the feed alone equals the list of every animal.
          await resolve(app.app.container, TOKENS.EventRelay).pass();
          const mirror = new Map<number, { id: number; name: string; status: string; version: number }>();
          const feed: { type: string; id: number; version: number }[] = [];
          let url: string | null = '/v1/events?limit=100';
          while (url !== null) {
            const response: LightMyRequestResponse = await app.app.http.inject({ url, headers: { authorization: real.keys.b } });
            expect(response.statusCode).toBe(200);
            for (const event of response.json<
              { type: string; sequence: number; data: { object: { id: number; name: string; status: string; version: number } } }[]
            >()) {
              const object = event.data.object;
              feed.push({ type: event.type, id: object.id, version: event.sequence });
              if (event.type === 'pet.deleted') mirror.delete(object.id);
              else if (event.type.startsWith('pet.')) mirror.set(object.id, shown(object));
            }
            url = /<([^>]+)>; rel="next"/.exec(String(response.headers.link ?? ''))?.[1] ?? null;
          }
          // Every event once, in the order the model saw the changes.
          expect(feed).toEqual(model.events);
          expect([...mirror.values()].sort((x, y) => x.id - y.id)).toEqual((await listAll(real)).map(shown));
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
      expect(sequences).toBeGreaterThanOrEqual(RUNS);
    },
    Math.max(120_000, RUNS * 4_000),
  );
});
