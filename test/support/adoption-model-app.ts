/**
 * The model suites' client of an app in this process: a key per owner, calls sent and reads made
 * through inject, and the watcher's saved searches (test/support/adoption-model-alerts.ts).
 */
import type { Op, Owner } from './adoption-model.js';
import { saveWatched } from './adoption-model-alerts.js';
import { callFor, observe, type Observed } from './adoption-model-calls.js';
import { OWNERS } from './adoption-model-plans.js';
import type { Get } from './adoption-model-reads.js';
import type { TestApp } from './test-app.js';

export interface ModelClient {
  /** Each owner's `Authorization` value (owner `acct_<owner>`, limits no sequence reaches). */
  readonly keys: Record<Owner, string>;
  readonly send: (op: Op) => Promise<Observed>;
  readonly get: Get;
  /** The watcher's key and its saved searches' ids, in WATCHED's order, saved before any call. */
  readonly watcher: { readonly key: string; readonly searchIds: readonly string[] };
}

export async function modelClient(t: TestApp): Promise<ModelClient> {
  const keys = { a: '', b: '', c: '' };
  for (const who of OWNERS) {
    const ownerId = `acct_${who}`;
    const issued = await t.app.keys.issue({
      name: ownerId,
      plan: 'enterprise',
      ownerId,
      customLimits: { perMinute: 100_000, perDay: 1_000_000 },
    });
    keys[who] = `Bearer ${issued.key}`;
  }
  // Every owner has an organization's profile, without a place at first: its animals are nowhere until it moves.
  const operator = await t.adminBearer(['keys:write']);
  for (const who of OWNERS) {
    const created = await t.app.admin.inject({
      method: 'POST',
      url: '/admin/v1/organizations',
      headers: { authorization: operator },
      payload: { id: `acct_${who}`, name: `Shelter ${who}` },
    });
    if (created.statusCode !== 201) throw new Error(`the organization of ${who} could not be created: ${created.body}`);
  }
  const watcherKey = `Bearer ${(await t.app.keys.issue({ name: 'watcher', plan: 'business', ownerId: 'acct_watcher' })).key}`;
  const post = async (url: string, authorization: string, payload: unknown) => {
    const answer = await t.app.http.inject({ method: 'POST', url, headers: { authorization }, payload: payload as object });
    return { status: answer.statusCode, body: answer.json<unknown>() };
  };
  const watcher = { key: watcherKey, searchIds: await saveWatched(post, watcherKey) };
  return {
    keys,
    watcher,
    async send(op) {
      const call = callFor(op, keys);
      const response = await t.app.http.inject({
        method: call.method,
        url: call.url,
        headers: call.headers,
        ...(call.payload && { payload: call.payload }),
      });
      return observe(op, response.statusCode, response.body === '' ? null : response.json());
    },
    async get(url, key) {
      const response = await t.app.http.inject({ url, headers: { authorization: key } });
      return { status: response.statusCode, body: response.json(), link: String(response.headers.link ?? '') };
    },
  };
}
