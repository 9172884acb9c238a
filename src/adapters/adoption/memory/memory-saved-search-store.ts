/** Saved searches in memory: by id, and a map from each term to the searches indexed under it. */
import type { SavedSearchStore } from '../../../application/adoption/ports/saved-search-store.js';
import type { SavedSearch } from '../../../domain/adoption/saved-search.js';

export class MemorySavedSearchStore implements SavedSearchStore {
  private readonly byId = new Map<string, SavedSearch>();
  private readonly byTerm = new Map<string, Set<string>>();

  private readonly countByOwner = new Map<string, number>();

  create(search: SavedSearch, maxPerOwner: number): Promise<boolean> {
    if (this.byId.has(search.id)) return Promise.reject(new Error(`Saved search ${search.id} exists already`));
    const count = this.countByOwner.get(search.ownerId) ?? 0;
    if (count >= maxPerOwner) return Promise.resolve(false);
    this.countByOwner.set(search.ownerId, count + 1);
    this.put(search);
    return Promise.resolve(true);
  }

  findById(id: string): Promise<SavedSearch | null> {
    return Promise.resolve(this.byId.get(id) ?? null);
  }

  listByOwner(ownerId: string, afterId: string | null, limit: number): Promise<SavedSearch[]> {
    const found = [...this.byId.values()]
      .filter((search) => search.ownerId === ownerId && (afterId === null || search.id > afterId))
      .sort((a, b) => (a.id < b.id ? -1 : 1));
    return Promise.resolve(found.slice(0, limit));
  }

  update(search: SavedSearch, expectedVersion: number): Promise<boolean> {
    const current = this.byId.get(search.id);
    if (current?.version !== expectedVersion) return Promise.resolve(false);
    this.drop(current);
    this.put(search);
    return Promise.resolve(true);
  }

  remove(id: string, expectedVersion: number): Promise<boolean> {
    const current = this.byId.get(id);
    if (current?.version !== expectedVersion) return Promise.resolve(false);
    this.drop(current);
    this.countByOwner.set(current.ownerId, (this.countByOwner.get(current.ownerId) ?? 1) - 1);
    return Promise.resolve(true);
  }

  withAnyTerm(terms: readonly string[]): Promise<SavedSearch[]> {
    return Promise.resolve(this.withAnyTermNow(terms));
  }

  /** Whether no search is saved: then a change alerts none, and its terms need not be worked out. */
  isEmpty(): boolean {
    return this.byId.size === 0;
  }

  /** withAnyTerm in the calling step: the memory feed makes a write's alerts in the step that stores it. */
  withAnyTermNow(terms: Iterable<string>): SavedSearch[] {
    const ids = new Set<string>();
    for (const term of terms) for (const id of this.byTerm.get(term) ?? []) ids.add(id);
    return [...ids].sort().map((id) => this.byId.get(id) as SavedSearch);
  }

  private put(search: SavedSearch): void {
    this.byId.set(search.id, search);
    for (const term of search.terms) {
      let ids = this.byTerm.get(term);
      if (ids === undefined) this.byTerm.set(term, (ids = new Set()));
      ids.add(search.id);
    }
  }

  private drop(search: SavedSearch): void {
    this.byId.delete(search.id);
    for (const term of search.terms) {
      const ids = this.byTerm.get(term);
      ids?.delete(search.id);
      if (ids?.size === 0) this.byTerm.delete(term);
    }
  }
}
