/**
 * Saved searches' alerts while two instances on one MongoDB and one Redis take writes at once, each
 * running its relay: every entry of an animal into a search's matches makes exactly one
 * `search.matched`, whichever instance took the write and whichever relayed it, right after its
 * change in the feed and with the id made of the change's and the search's.
 */
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { alertIdFor } from '../../../src/application/adoption/services/search-alerts.js';
import type { Application } from '../../../src/config/create-app.js';
import { describeWith, twoInstances } from '../../support/integration.js';

interface WireEvent {
  readonly id: string;
  readonly type: string;
  readonly data: { readonly object: { readonly id: number; readonly species: string }; readonly savedSearch?: { readonly id: string } };
}

const PETS = 40;

describeWith('both', 'Saved searches alerted with two instances writing at once', () => {
  let instances: readonly [Application, Application];
  let close: () => Promise<void>;
  let shelter: Record<string, string>;
  let partner: Record<string, string>;

  beforeAll(async () => {
    ({ instances, close } = await twoInstances());
    const issue = async (ownerId: string) =>
      (
        await instances[0].keys.issue({
          name: ownerId,
          ownerId,
          plan: 'enterprise',
          customLimits: { perMinute: 100_000, perDay: 1_000_000 },
        })
      ).key;
    shelter = { authorization: `Bearer ${await issue('acct_shelter')}` };
    partner = { authorization: `Bearer ${await issue('acct_partner')}` };
  });
  afterAll(async () => close());

  /** One animal: created on one instance; a cat held (pending) and made available again on the other. */
  async function life(n: number): Promise<void> {
    const on = (i: number) => instances[(n + i) % 2] as Application;
    const species = n % 2 === 0 ? 'cat' : 'dog';
    const created = await on(0).http.inject({
      method: 'POST',
      url: '/v1/pets',
      headers: shelter,
      payload: { name: `Pet ${n}`, categoryId: 1, species },
    });
    expect(created.statusCode, created.body).toBe(201);
    let { id, version } = created.json<{ id: number; version: number }>();
    if (n % 4 !== 0) return;
    for (const status of ['pending', 'available']) {
      const changed = await on(1).http.inject({
        method: 'PATCH',
        url: `/v1/pets/${id}`,
        headers: { ...shelter, 'if-match': `"${version}"`, 'content-type': 'application/merge-patch+json' },
        payload: { status },
      });
      expect(changed.statusCode, changed.body).toBe(200);
      ({ id, version } = changed.json<{ id: number; version: number }>());
    }
  }

  async function feed(app: Application): Promise<WireEvent[]> {
    const events: WireEvent[] = [];
    for (let after: string | null = null; ;) {
      const response: LightMyRequestResponse = await app.http.inject({
        url: `/v1/events?limit=100${after === null ? '' : `&after=${after}`}`,
        headers: partner,
      });
      expect(response.statusCode, response.body).toBe(200);
      const page: WireEvent[] = response.json<WireEvent[]>();
      events.push(...page);
      if (page.length < 100) return events;
      after = page.at(-1)?.id ?? null;
    }
  }

  it('makes one alert per entry into the matches, each right after its change, whichever instance wrote and relayed', async () => {
    const saved = await instances[1].http.inject({
      method: 'POST',
      url: '/v1/saved-searches',
      headers: partner,
      payload: { label: 'Cats', search: { species: ['cat'] } },
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const searchId = saved.json<{ id: string }>().id;
    await Promise.all(Array.from({ length: PETS }, (_, n) => life(n)));
    // Cats created (one in two animals), and the cats held then made available again (one in four).
    const expected = PETS / 2 + PETS / 4;
    const deadline = Date.now() + 30_000;
    let events = await feed(instances[0]);
    while (events.filter((event) => event.type === 'search.matched').length < expected && Date.now() < deadline) {
      await new Promise((done) => setTimeout(done, 100));
      events = await feed(instances[0]);
    }
    // A little longer: nothing more may come.
    await new Promise((done) => setTimeout(done, 500));
    events = await feed(instances[1]);
    const alerts = events.filter((event) => event.type === 'search.matched');
    console.info(`[measure] two instances, ${PETS} animals: ${alerts.length} alerts of ${events.length} events`);
    expect(alerts).toHaveLength(expected);
    expect(new Set(alerts.map((alert) => alert.id)).size).toBe(expected);
    expect(alerts.every((alert) => alert.data.object.species === 'cat' && alert.data.savedSearch?.id === searchId)).toBe(true);
    for (const [at, event] of events.entries()) {
      if (event.type !== 'search.matched') continue;
      const change = events[at - 1] as WireEvent;
      expect(change.type).toMatch(/^pet\.(created|updated)$/);
      expect(change.data.object.id).toBe(event.data.object.id);
      expect(event.id).toBe(alertIdFor(change.id, searchId));
    }
  });
});
