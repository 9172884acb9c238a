/** Port: saved searches, by id and by owner, and by the terms they are indexed under (percolation). */
import type { SavedSearch } from '../../../domain/adoption/saved-search.js';

export interface SavedSearchStore {
  /** Stores a new saved search (its id is new) unless its owner has `maxPerOwner` already: false then, nothing stored. */
  create(search: SavedSearch, maxPerOwner: number): Promise<boolean>;
  findById(id: string): Promise<SavedSearch | null>;
  /** An owner's saved searches in id order after `afterId`, at most `limit`. */
  listByOwner(ownerId: string, afterId: string | null, limit: number): Promise<SavedSearch[]>;
  /** Replaces the search if it is still at `expectedVersion`; false when it is not (or is gone). */
  update(search: SavedSearch, expectedVersion: number): Promise<boolean>;
  /** Removes the search if it is still at `expectedVersion`; false when it is not (or is gone). */
  remove(id: string, expectedVersion: number): Promise<boolean>;
  /** The saved searches indexed under any of `terms`, each once, in id order: lookups, never a scan. */
  withAnyTerm(terms: readonly string[]): Promise<SavedSearch[]>;
}
