/**
 * Which saved searches an animal's change alerts: those it enters the matches of (percolation.ts),
 * found through the store's index of terms, so the searches evaluated are those that share a term
 * with the animal, never every one.
 */
import { entersMatches, petTerms } from '../../../domain/adoption/percolation.js';
import type { Pet } from '../../../domain/adoption/pet.js';
import { matcherOf } from '../../../domain/adoption/pet-search.js';
import type { SavedSearch } from '../../../domain/adoption/saved-search.js';
import type { Gazetteer } from '../../../domain/shared/place.js';
import type { SavedSearchStore } from '../ports/saved-search-store.js';

export interface SearchAlert {
  readonly search: SavedSearch;
  /** The animal as the change left it. */
  readonly pet: Pet;
}

export class SearchAlerts {
  constructor(
    private readonly searches: SavedSearchStore,
    private readonly gazetteer: Gazetteer,
  ) {}

  /** The alerts of a change from `before` (null: the animal is new) to `after` (null: it was removed), in the searches' id order. */
  async alertsFor(before: Pet | null, after: Pet | null): Promise<SearchAlert[]> {
    if (after === null) return [];
    const { place } = after;
    const position = place === null ? null : this.gazetteer.position(place.country, place.postalCode);
    const candidates = await this.searches.withAnyTerm(petTerms(after, position));
    return candidates
      .filter((search) => entersMatches(matcherOf(search.percolated.filter), before, after))
      .map((search) => ({ search, pet: after }));
  }
}
