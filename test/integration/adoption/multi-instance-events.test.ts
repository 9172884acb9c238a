/**
 * The event feed while two instances on one MongoDB and one Redis take writes at once, each running
 * its relay: a reader paging during the writes sees every event exactly once, in the order a reader
 * from the start sees afterwards.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Application } from '../../../src/config/create-app.js';
import { describeWith, twoInstances } from '../../support/integration.js';

interface WireEvent {
  readonly id: string;
  readonly type: string;
  readonly sequence: number;
  readonly data: { readonly object: { readonly id: number } };
}

const PETS = 60;
const RENAMES = 4;

describeWith('both', 'The event feed with two instances writing at once', () => {
  let instances: readonly [Application, Application];
  let close: () => Promise<void>;
  let headers: Record<string, string>;

  beforeAll(async () => {
    ({ instances, close } = await twoInstances());
    const { key } = await instances[0].keys.issue({
      name: 'Shelter',
      plan: 'enterprise',
      customLimits: { perMinute: 100_000, perDay: 1_000_000 },
    });
    headers = { authorization: `Bearer ${key}` };
  });
  afterAll(async () => close());

  /** One pet's life: created on one instance, renamed on alternate ones, each change read at its version. */
  async function life(n: number): Promise<void> {
    const on = (i: number) => instances[(n + i) % 2] as Application;
    const created = await on(0).http.inject({ method: 'POST', url: '/v1/pets', headers, payload: { name: `Pet ${n}`, categoryId: 1 } });
    expect(created.statusCode, created.body).toBe(201);
    let { id, version } = created.json<{ id: number; version: number }>();
    for (let i = 1; i <= RENAMES; i++) {
      const changed = await on(i).http.inject({
        method: 'PATCH',
        url: `/v1/pets/${id}`,
        headers: { ...headers, 'if-match': `"${version}"`, 'content-type': 'application/merge-patch+json' },
        payload: { name: `Pet ${n}.${i}` },
      });
      expect(changed.statusCode, changed.body).toBe(200);
      ({ id, version } = changed.json<{ id: number; version: number }>());
    }
  }

  async function page(app: Application, after: string | null): Promise<WireEvent[]> {
    const response = await app.http.inject({ url: `/v1/events?limit=20${after === null ? '' : `&after=${after}`}`, headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<WireEvent[]>();
  }

  it('pages every event exactly once, in one order that does not change, while several hundred writes go on', async () => {
    const expected = PETS * (1 + RENAMES);
    let writing = true;
    const writes = Promise.all(Array.from({ length: PETS }, (_, n) => life(n))).finally(() => (writing = false));

    // A reader following the feed during the writes, on alternate instances.
    const seen: WireEvent[] = [];
    let pages = 0;
    const deadline = Date.now() + 30_000;
    while ((writing || seen.length < expected) && Date.now() < deadline) {
      const next = await page(instances[pages++ % 2] as Application, seen.at(-1)?.id ?? null);
      seen.push(...next);
      if (next.length === 0) await new Promise((done) => setTimeout(done, 20));
    }
    await writes;
    console.info(`[measure] two instances, ${expected} writes: the reader read ${pages} pages during and after them`);

    const ids = seen.map((event) => event.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(expected);
    // Each pet's events in the order of its changes.
    const lastSequence = new Map<number, number>();
    for (const event of seen) {
      const petId = event.data.object.id;
      expect(event.sequence).toBe((lastSequence.get(petId) ?? 0) + 1);
      lastSequence.set(petId, event.sequence);
    }
    expect([...lastSequence.values()].every((sequence) => sequence === 1 + RENAMES)).toBe(true);

    // A reader from the start, afterwards, sees the same events in the same order.
    const again: WireEvent[] = [];
    for (let next = await page(instances[1], null); next.length > 0; next = await page(instances[0], again.at(-1)?.id ?? null)) {
      again.push(...next);
    }
    expect(again.map((event) => event.id)).toEqual(ids);
  });
});
