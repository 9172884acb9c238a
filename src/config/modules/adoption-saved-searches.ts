/**
 * Part of the adoption feature: saved searches (beta) and their alerts. The relay appends each
 * change's alerts with it; in memory, where a write's events go straight into the feed, the feed
 * makes them in the same step.
 */
import type { DependencyContainer } from 'tsyringe';
import { MemoryEventFeed } from '../../adapters/adoption/memory/memory-event-feed.js';
import { MemorySavedSearchStore } from '../../adapters/adoption/memory/memory-saved-search-store.js';
import { savedSearchRoutes } from '../../adapters/adoption/http/saved-searches.js';
import {
  ListSavedSearchesQuerySchema,
  NewSavedSearchSchema,
  SavedSearchesSchema,
  SavedSearchSchema,
} from '../../adapters/adoption/http/saved-search-schemas.js';
import type { Routes } from '../../adapters/shared/http/public-app.js';
import type { ListPets } from '../../application/adoption/use-cases/list-pets.js';
import type { SavedSearchStore } from '../../application/adoption/ports/saved-search-store.js';
import { allTermsOf, SearchAlerts } from '../../application/adoption/services/search-alerts.js';
import { SavedSearches } from '../../application/adoption/use-cases/saved-searches.js';
import { provide, resolve, token, type Token } from '../tokens.js';
import { once, type ModuleContext } from './module.js';
import { SHARED_TOKENS } from './shared.js';

export const SAVED_SEARCH_TOKENS = {
  SavedSearchStore: token<SavedSearchStore>('SavedSearchStore'),
  SavedSearches: token<SavedSearches>('SavedSearches'),
  SearchAlerts: token<SearchAlerts>('SearchAlerts'),
} as const;

const T = SAVED_SEARCH_TOKENS;
const { Clock, Gazetteer, NearbyPlaces } = SHARED_TOKENS;

export const SAVED_SEARCH_SCHEMAS = [SavedSearchSchema, SavedSearchesSchema, NewSavedSearchSchema, ListSavedSearchesQuerySchema];

export function registerSavedSearches(c: DependencyContainer, { adapters }: ModuleContext): void {
  provide(c, T.SavedSearchStore, { useValue: adapters.savedSearches });
  provide(
    c,
    T.SavedSearches,
    once((d) => new SavedSearches(resolve(d, T.SavedSearchStore), resolve(d, NearbyPlaces), resolve(d, Clock))),
  );
  provide(
    c,
    T.SearchAlerts,
    once((d) => new SearchAlerts(resolve(d, T.SavedSearchStore), resolve(d, Gazetteer))),
  );
  const { events, savedSearches } = adapters;
  if (events instanceof MemoryEventFeed && savedSearches instanceof MemorySavedSearchStore) {
    // In one process a write's events go into the feed as the write is stored: its alerts with them.
    events.followWith((written) => {
      // No saved search: the write's path as it was without them (no terms worked out).
      if (savedSearches.isEmpty()) return written;
      const alerts = resolve(c, T.SearchAlerts);
      const terms = alerts.termsOfChanges(written);
      return alerts.withAlerts(written, savedSearches.withAnyTermNow(allTermsOf(terms)), terms);
    });
  }
}

export function savedSearchesRoutes(d: DependencyContainer, listPets: Token<ListPets>, basePath: string): Routes[] {
  return [(v1) => savedSearchRoutes(v1, { searches: resolve(d, T.SavedSearches), listPets: resolve(d, listPets), basePath })];
}
