/**
 * What the model suites read back, over any transport (inject in one process, fetch across
 * instances): the lists as the model shows them, each owner's whole feed, and a feed's events per
 * object, to compare with the events one order of the calls made. Imports nothing of src/.
 */
import { orderView, petView, type AdoptionModel, type ModelEvent, type Owner } from './adoption-model.js';
import { OWNERS } from './adoption-model-plans.js';

/** A GET with a key: the status, the parsed body and the Link header. */
export type Get = (url: string, key: string) => Promise<{ status: number; body: unknown; link: string }>;

export interface State {
  readonly pets: unknown[];
  readonly orders: Record<string, unknown[]>;
}

export interface FeedEvent {
  readonly id: string;
  readonly type: string;
  readonly sequence: number;
  readonly data: { readonly object: { readonly id: number | string } };
}

export const stateOf = (model: AdoptionModel): State => ({
  pets: model.petsWith(),
  orders: Object.fromEntries(OWNERS.map((who) => [who, model.ordersVisibleTo(who)])),
});

const inModelTerms = (item: { id: number | string }) => (typeof item.id === 'number' ? petView(item as never) : orderView(item as never));

/** Every page from `first`, following `Link: rel="next"`. */
export async function readAll<T>(get: Get, first: string, key: string): Promise<T[]> {
  const all: T[] = [];
  let url: string | null = first;
  while (url !== null) {
    const { status, body, link } = await get(url, key);
    if (status !== 200) throw new Error(`GET ${url} answered ${status}: ${JSON.stringify(body)}`);
    all.push(...(body as T[]));
    url = /<([^>]+)>; rel="next"/.exec(link)?.[1] ?? null;
  }
  return all;
}

/** Every animal, and each owner's adoption requests, as the model shows them. */
export async function readState(get: Get, keys: Readonly<Record<Owner, string>>): Promise<State> {
  const pets = (await readAll<{ id: number }>(get, '/v1/pets?limit=100', keys.a)).map(inModelTerms);
  const orders: Record<string, unknown[]> = {};
  for (const who of OWNERS) orders[who] = (await readAll<{ id: string }>(get, '/v1/orders?limit=100', keys[who])).map(inModelTerms);
  return { pets, orders };
}

export const readFeed = (get: Get, key: string) => readAll<FeedEvent>(get, '/v1/events?limit=100', key);

/** The events per object, in the order given (which across objects may differ between orders of the calls). */
export function perObject(events: readonly (FeedEvent | ModelEvent)[]): string {
  const grouped = new Map<string, unknown[]>();
  for (const event of events) {
    const object = 'data' in event ? event.data.object : event.object;
    grouped.set(String(object.id), [
      ...(grouped.get(String(object.id)) ?? []),
      { type: event.type, sequence: event.sequence, object: inModelTerms(object) },
    ]);
  }
  return JSON.stringify([...grouped].sort(([x], [y]) => (x < y ? -1 : 1)));
}

/** Whether each owner's feed holds, per object, the events of one of the candidate orders, each event once. */
export async function feedsMatch(
  get: Get,
  keys: Readonly<Record<Owner, string>>,
  candidates: readonly AdoptionModel[],
): Promise<string | null> {
  for (const who of OWNERS) {
    const feed = await readFeed(get, keys[who]);
    if (new Set(feed.map((event) => event.id)).size !== feed.length) return `owner ${who}'s feed holds an event twice`;
    const real = perObject(feed);
    if (!candidates.some((candidate) => perObject(candidate.eventsVisibleTo(who)) === real)) {
      return `owner ${who}'s feed, per object, is no order's:\n${real}\n${candidates.map((candidate) => perObject(candidate.eventsVisibleTo(who))).join('\n')}`;
    }
  }
  return null;
}
