/**
 * Which saved searches an animal's change alerts: those it enters the matches of (percolation.ts),
 * found through the store's index of terms, so the searches evaluated are those that share a term
 * with the animal, never every one. The relay asks as it moves a pass's changes into the feed, and
 * puts each change's alerts right after it: an alert exists exactly when its change is in the feed.
 */
import { createHash } from 'node:crypto';
import { isAboutPet, petBefore, type FeedEvent, type PetEvent, type SearchMatchEvent } from '../../../domain/adoption/feed-event.js';
import { entersMatches, petTerms } from '../../../domain/adoption/percolation.js';
import type { Pet } from '../../../domain/adoption/pet.js';
import { matcherOf } from '../../../domain/adoption/pet-search.js';
import { alertsAt, type SavedSearch } from '../../../domain/adoption/saved-search.js';
import { BASE62 } from '../../../domain/shared/ids.js';
import type { Gazetteer } from '../../../domain/shared/place.js';
import type { SavedSearchStore } from '../ports/saved-search-store.js';

/**
 * The one alert of a change for a search: the change's event id's time, then 10 characters of a hash
 * of both ids. The same change and search always give the same id, so an alert made again (a relay
 * that stopped between the feed and its outboxes) is found in the feed and not appended twice.
 */
export function alertIdFor(eventId: string, searchId: string): string {
  let hash = BigInt(`0x${createHash('sha256').update(`${eventId} ${searchId}`).digest('hex').slice(0, 24)}`);
  let tail = '';
  for (let i = 0; i < 6; i++, hash /= 62n) tail += BASE62[Number(hash % 62n)];
  const sequence = (hash % 36n ** 4n).toString(36).padStart(4, '0');
  return `evt_${eventId.slice(4, 13)}${sequence}${tail}`;
}

/** The changes that can make an animal match: a creation or an update (a removal leaves every search). */
const isPetChange = (event: FeedEvent): event is PetEvent =>
  isAboutPet(event) && event.type !== 'pet.deleted' && event.type !== 'search.matched';

export class SearchAlerts {
  constructor(
    private readonly searches: SavedSearchStore,
    private readonly gazetteer: Gazetteer,
  ) {}

  /**
   * `events` with each animal's change followed by its alerts (`search.matched`, in the searches' id
   * order), for the searches saved by the time of the change and not expired then: one lookup of the
   * index for the whole pass.
   */
  async following(events: readonly FeedEvent[]): Promise<FeedEvent[]> {
    const terms = this.termsOfChanges(events);
    return terms.size === 0 ? [...events] : this.withAlerts(events, await this.searches.withAnyTerm(allTermsOf(terms)), terms);
  }

  /** Each animal's change in `events` with its animal's terms: the index's keys to look the candidates up by. */
  termsOfChanges(events: readonly FeedEvent[]): Map<FeedEvent, readonly string[]> {
    const terms = new Map<FeedEvent, readonly string[]>();
    for (const event of events) if (isPetChange(event)) terms.set(event, this.termsOf(event.object));
    return terms;
  }

  /** `events` with the alerts among `candidates` (the searches sharing a term with a changed animal) after each change. */
  withAlerts(
    events: readonly FeedEvent[],
    candidates: readonly SavedSearch[],
    terms: ReadonlyMap<FeedEvent, readonly string[]> = this.termsOfChanges(events),
  ): FeedEvent[] {
    // Stryker disable next-line ConditionalExpression: a shortcut; with no candidate the loop below appends no alert either
    if (candidates.length === 0) return [...events];
    // The pass's candidates by term: each change evaluates those that share a term with its animal, not the whole pass's.
    const byTerm = new Map<string, SavedSearch[]>();
    for (const search of candidates) {
      for (const term of search.terms) {
        const bucket = byTerm.get(term);
        if (bucket === undefined) byTerm.set(term, [search]);
        else bucket.push(search);
      }
    }
    const matchers = new Map<SavedSearch, ReturnType<typeof matcherOf>>();
    const out: FeedEvent[] = [];
    for (const event of events) {
      out.push(event);
      if (!isPetChange(event)) continue;
      const sharing = new Set<SavedSearch>();
      // Stryker disable next-line ArrayDeclaration: never reached, termsOfChanges gives every change its terms
      for (const term of terms.get(event) ?? []) for (const search of byTerm.get(term) ?? []) sharing.add(search);
      // Stryker disable next-line ConditionalExpression: a shortcut; no search shared, the loop below appends nothing
      if (sharing.size === 0) continue;
      const before = petBefore(event);
      // Stryker disable next-line EqualityOperator: ids are unique, so < and <= sort alike
      for (const search of [...sharing].sort((a, b) => (a.id < b.id ? -1 : 1))) {
        if (!alertsAt(search, event.createdAt)) continue;
        let matcher = matchers.get(search);
        // Stryker disable next-line ConditionalExpression: the matcher is kept for the pass's other changes; made again, it matches alike
        if (matcher === undefined) matchers.set(search, (matcher = matcherOf(search.percolated.filter)));
        if (entersMatches(matcher, before, event.object)) out.push(alertOf(event, search));
      }
    }
    return out;
  }

  private termsOf(pet: Pet): string[] {
    const { place } = pet;
    return petTerms(pet, place === null ? null : this.gazetteer.position(place.country, place.postalCode));
  }
}

/** Every term of the changes, each once. */
export function allTermsOf(terms: ReadonlyMap<FeedEvent, readonly string[]>): string[] {
  return [...new Set([...terms.values()].flat())];
}

function alertOf(event: PetEvent, search: SavedSearch): SearchMatchEvent {
  return {
    id: alertIdFor(event.id, search.id),
    createdAt: event.createdAt,
    type: 'search.matched',
    sequence: event.sequence,
    object: event.object,
    savedSearch: { id: search.id, ownerId: search.ownerId, label: search.label, reference: search.reference },
  };
}
