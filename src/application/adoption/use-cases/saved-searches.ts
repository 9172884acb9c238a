/**
 * Saved searches (beta), each its owner's alone: saved with the same filters, place and radius as
 * `GET /v1/pets` and checked by the same rules (nothing stored when one is broken), read, listed,
 * changed from the version read (If-Match) and removed. Another owner's search is answered as one
 * that does not exist, and nothing of it changes.
 */
import { randomInt } from 'node:crypto';
import { SavedSearchLimitReachedError, SavedSearchNotFoundError } from '../../../domain/adoption/errors.js';
import type { Percolated } from '../../../domain/adoption/percolation.js';
import { checkFilterValues, type PetFilter } from '../../../domain/adoption/pet-search.js';
import {
  changedSavedSearch,
  newSavedSearch,
  renewedSavedSearch,
  SAVED_SEARCHES_PER_OWNER,
  type SavedSearchPlan,
  type SavedSearch,
  type SavedSearchFields,
  type SavedSearchQuery,
} from '../../../domain/adoption/saved-search.js';
import { BASE62 } from '../../../domain/shared/ids.js';
import { instantOf } from '../../../domain/shared/instant.js';
import { checkIfMatch, type IfMatch } from '../../../domain/shared/preconditions.js';
import type { Caller } from '../../shared/caller.js';
import { LOST_RACE, retryOnConflict } from '../../shared/conditional-writes.js';
import type { Clock } from '../../shared/ports/clock.js';
import type { NearbyPlaces } from '../../shared/services/nearby-places.js';
import type { SavedSearchStore } from '../ports/saved-search-store.js';

export const SAVED_SEARCH_ID_PATTERN = '^srch_[0-9A-Za-z]{22}$';

/** A new saved search's id: `srch_` and 22 base62 characters, each drawn uniformly (130 bits). */
export function newSavedSearchId(): string {
  return `srch_${Array.from({ length: 22 }, () => BASE62[randomInt(62)]).join('')}`;
}

/** A saved search as its owner sends it: a label, its own reference, and a search of `GET /v1/pets`. */
export interface SavedSearchInput {
  readonly label: string;
  readonly reference?: string | null;
  readonly filter?: Omit<PetFilter, 'ids' | 'postalCodes'>;
  readonly near?: string;
  readonly radius?: string;
}

export class SavedSearches {
  constructor(
    private readonly store: SavedSearchStore,
    private readonly nearby: NearbyPlaces,
    private readonly clock: Clock,
    private readonly newId: () => string = newSavedSearchId,
  ) {}

  /** A new search of the caller's, within what `plan` (the saving key's) allows its owner to keep. */
  async create(input: SavedSearchInput, caller: Caller, plan: SavedSearchPlan): Promise<SavedSearch> {
    const search = newSavedSearch(this.newId(), caller.ownerId, this.fieldsOf(input), instantOf(this.clock.nowMs()));
    const most = SAVED_SEARCHES_PER_OWNER[plan];
    if (!(await this.store.create(search, most))) {
      throw new SavedSearchLimitReachedError(
        `This owner keeps ${most} saved searches, the most its ${plan} plan allows; remove one (DELETE /v1/saved-searches/{id}) before saving another`,
      );
    }
    return search;
  }

  async get(id: string, caller: Caller): Promise<SavedSearch> {
    const search = await this.store.findById(id);
    if (search?.ownerId !== caller.ownerId) throw new SavedSearchNotFoundError(id);
    return search;
  }

  /** The caller's saved searches in id order after `afterId`, at most `limit`. */
  list(caller: Caller, afterId: string | null, limit: number): Promise<SavedSearch[]> {
    return this.store.listByOwner(caller.ownerId, afterId, limit);
  }

  /** The search as `input` says, from the version the client read (If-Match required). */
  async change(id: string, input: SavedSearchInput, ifMatch: IfMatch | undefined, caller: Caller): Promise<SavedSearch> {
    const fields = this.fieldsOf(input);
    return await retryOnConflict(`Saved search ${id}`, async () => {
      const current = await this.get(id, caller);
      checkIfMatch(ifMatch, true, current.version, `saved search ${id}`);
      const changed = changedSavedSearch(current, fields, instantOf(this.clock.nowMs()));
      if (changed === current) return current;
      return (await this.store.update(changed, current.version)) ? changed : LOST_RACE;
    });
  }

  /** The search alerting for another SAVED_SEARCH_LIFETIME_DAYS from now, one version on (If-Match honoured when sent). */
  async renew(id: string, ifMatch: IfMatch | undefined, caller: Caller): Promise<SavedSearch> {
    return await retryOnConflict(`Saved search ${id}`, async () => {
      const current = await this.get(id, caller);
      checkIfMatch(ifMatch, false, current.version, `saved search ${id}`);
      const renewed = renewedSavedSearch(current, instantOf(this.clock.nowMs()));
      return (await this.store.update(renewed, current.version)) ? renewed : LOST_RACE;
    });
  }

  /** Removes the search (If-Match honoured when sent). */
  remove(id: string, ifMatch: IfMatch | undefined, caller: Caller): Promise<void> {
    return retryOnConflict(`Saved search ${id}`, async () => {
      const current = await this.get(id, caller);
      checkIfMatch(ifMatch, false, current.version, `saved search ${id}`);
      return (await this.store.remove(id, current.version)) ? undefined : LOST_RACE;
    });
  }

  /** The fields the input gives, its search checked as `GET /v1/pets` checks one, and how it is matched. */
  private fieldsOf(input: SavedSearchInput): SavedSearchFields {
    // As GET /v1/pets, but an alert is for an animal that can be adopted: available unless the search says.
    const filter = { status: ['available' as const], ...input.filter };
    checkFilterValues(filter);
    const query: SavedSearchQuery = { filter, near: input.near ?? null, radius: input.radius ?? null };
    const place = this.nearby.from(input.near, input.radius);
    const percolated: Percolated =
      place === null
        ? { filter, reach: null }
        : { filter: { ...filter, postalCodes: place.postalCodes }, reach: { center: place.center, radiusKm: place.radiusKm } };
    return { label: input.label, reference: input.reference ?? null, query, percolated };
  }
}
