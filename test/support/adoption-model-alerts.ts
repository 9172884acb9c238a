/**
 * The model suites' saved searches: a third owner (the watcher) saves WATCHED before any call, and
 * afterwards its feed must hold exactly one `search.matched` for each entry of an animal into a
 * search's matches, read from the animals' own events in that same feed (a creation or a change into
 * the search's statuses from outside them; a removal leaves), each after its change, with the
 * change's animal and the id both make.
 */
import { alertIdFor } from '../../src/application/adoption/services/search-alerts.js';
import type { FeedEvent } from './adoption-model-reads.js';

/** The watcher's saved searches: the statuses each finds. */
export const WATCHED = [
  { label: 'available', search: {}, statuses: ['available'] },
  { label: 'held or adopted', search: { status: ['pending', 'sold'] }, statuses: ['pending', 'sold'] },
] as const;

/** A POST with a key and a JSON body: the status and the parsed body. */
export type Post = (url: string, key: string, body: unknown) => Promise<{ status: number; body: unknown }>;

/** Saves WATCHED for the watcher's key; the searches' ids in WATCHED's order. */
export async function saveWatched(post: Post, key: string): Promise<string[]> {
  const ids: string[] = [];
  for (const { label, search } of WATCHED) {
    const saved = await post('/v1/saved-searches', key, { label, search });
    if (saved.status !== 201) throw new Error(`saving "${label}" answered ${saved.status}: ${JSON.stringify(saved.body)}`);
    ids.push((saved.body as { id: string }).id);
  }
  return ids;
}

type WatchedEvent = FeedEvent & { readonly data: { readonly object: unknown; readonly savedSearch?: { readonly id: string } } };

/**
 * Null when the watcher's feed holds exactly the alerts its animals' events make (none twice, each
 * after its change with that change's animal and id); otherwise what differs. `counted` gets the
 * alerts checked.
 */
export function alertsMismatch(feed: readonly WatchedEvent[], searchIds: readonly string[], counted?: { count: number }): string | null {
  const matching = new Map<string, boolean>();
  const expected: string[] = [];
  const alerts: string[] = [];
  let change: WatchedEvent | undefined;
  for (const event of feed) {
    if (event.type === 'search.matched') {
      const searchId = String(event.data.savedSearch?.id);
      if (change === undefined) return `alert ${event.id} comes before any change`;
      if (event.id !== alertIdFor(change.id, searchId))
        return `alert ${event.id} after ${change.id} is not that change's alert of ${searchId}`;
      if (JSON.stringify(event.data.object) !== JSON.stringify(change.data.object))
        return `alert ${event.id} shows the animal unlike its change ${change.id}`;
      alerts.push(`${searchId} ${change.id}`);
      continue;
    }
    change = event;
    if (!event.type.startsWith('pet.')) continue;
    const pet = event.data.object as { id: number; status: string };
    WATCHED.forEach(({ statuses }, i) => {
      const key = `${searchIds[i] as string} ${pet.id}`;
      const was = matching.get(key) ?? false;
      const is = event.type !== 'pet.deleted' && (statuses as readonly string[]).includes(pet.status);
      matching.set(key, is);
      if (is && !was) expected.push(`${searchIds[i] as string} ${event.id}`);
    });
  }
  if (new Set(alerts).size !== alerts.length) return `an alert came twice: ${alerts.join(', ')}`;
  // Alerts after one change come in the searches' id order; the entries are listed in WATCHED's.
  const sorted = (list: string[]) => JSON.stringify([...list].sort());
  if (sorted(alerts) !== sorted(expected)) return `alerts ${sorted(alerts)}, entries into the searches ${sorted(expected)}`;
  if (counted) counted.count += alerts.length;
  return null;
}
