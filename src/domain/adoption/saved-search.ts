/**
 * Saved searches (beta): a search of `GET /v1/pets` kept for its owner (its filters, a place and a
 * radius), with a label and a reference of the partner's own (its adopter's id, never interpreted),
 * so that an animal entering its matches can be alerted (percolation.ts).
 */
import type { Instant } from '../shared/instant.js';
import { searchTerms, type Percolated } from './percolation.js';
import { checkText } from './pet-record.js';
import type { PetFilter } from './pet-search.js';

export const LABEL_MAX_LENGTH = 100;
export const REFERENCE_MAX_LENGTH = 200;

/** A saved search's query as its owner gave it: the filters by their keys, and the place and radius as sent. */
export interface SavedSearchQuery {
  readonly filter: Omit<PetFilter, 'ids' | 'postalCodes'>;
  readonly near: string | null;
  readonly radius: string | null;
}

export interface SavedSearch {
  readonly id: string;
  readonly ownerId: string;
  readonly label: string;
  readonly reference: string | null;
  readonly query: SavedSearchQuery;
  /** The query as it is matched: its filter with the postal codes within reach, and the reach. */
  readonly percolated: Percolated;
  /** What it is indexed under (searchTerms). */
  readonly terms: readonly string[];
  /** 1 when saved, one more at every change: the ETag. */
  readonly version: number;
  readonly createdAt: Instant;
  readonly updatedAt: Instant;
}

/** Refuses a label or a reference that breaks its rule, naming it. */
export function checkSavedSearchTexts(label: string, reference: string | null): void {
  checkText(label, 'label', LABEL_MAX_LENGTH);
  if (reference !== null) checkText(reference, 'reference', REFERENCE_MAX_LENGTH);
}

/** The fields of a saved search its owner chooses, and how it is matched. */
export interface SavedSearchFields {
  readonly label: string;
  readonly reference: string | null;
  readonly query: SavedSearchQuery;
  readonly percolated: Percolated;
}

/** A new saved search of `ownerId`'s, saved at `now`: version 1, indexed under its terms. */
export function newSavedSearch(id: string, ownerId: string, fields: SavedSearchFields, now: Instant): SavedSearch {
  checkSavedSearchTexts(fields.label, fields.reference);
  return { id, ownerId, ...fields, terms: searchTerms(fields.percolated), version: 1, createdAt: now, updatedAt: now };
}

/** `search` with `fields` in place of its own, one version on (the same search when nothing changes). */
export function changedSavedSearch(search: SavedSearch, fields: SavedSearchFields, now: Instant): SavedSearch {
  checkSavedSearchTexts(fields.label, fields.reference);
  const same =
    fields.label === search.label && fields.reference === search.reference && JSON.stringify(fields.query) === JSON.stringify(search.query);
  if (same) return search;
  return { ...search, ...fields, terms: searchTerms(fields.percolated), version: search.version + 1, updatedAt: now };
}
