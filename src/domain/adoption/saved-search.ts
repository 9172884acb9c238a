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
/**
 * How many saved searches an owner may keep, by the plan of the key that saves one: a partner with
 * 100,000 adopters, each with a search or two, fits on Business.
 */
export const SAVED_SEARCHES_PER_OWNER = { free: 25, pro: 5_000, business: 250_000, enterprise: 1_000_000 } as const;
export type SavedSearchPlan = keyof typeof SAVED_SEARCHES_PER_OWNER;

/** How long a saved search alerts after it is saved or renewed. */
export const SAVED_SEARCH_LIFETIME_DAYS = 90;
const LIFETIME_MS = SAVED_SEARCH_LIFETIME_DAYS * 86_400_000;

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
  /** When it stops alerting, unless renewed before. */
  readonly expiresAt: Instant;
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
  const expiresAt = new Date(Date.parse(now) + LIFETIME_MS).toISOString();
  return { id, ownerId, ...fields, terms: searchTerms(fields.percolated), version: 1, createdAt: now, updatedAt: now, expiresAt };
}

/** `search` alerting for SAVED_SEARCH_LIFETIME_DAYS from `now`, one version on. */
export function renewedSavedSearch(search: SavedSearch, now: Instant): SavedSearch {
  const expiresAt = new Date(Date.parse(now) + LIFETIME_MS).toISOString();
  return { ...search, expiresAt, version: search.version + 1, updatedAt: now };
}

/** Whether a change made at `at` alerts the search: it was saved by then and had not expired. */
export function alertsAt(search: SavedSearch, at: Instant): boolean {
  return search.createdAt <= at && at < search.expiresAt;
}

/** `search` with `fields` in place of its own, one version on (the same search when nothing changes). */
export function changedSavedSearch(search: SavedSearch, fields: SavedSearchFields, now: Instant): SavedSearch {
  checkSavedSearchTexts(fields.label, fields.reference);
  const same =
    fields.label === search.label && fields.reference === search.reference && JSON.stringify(fields.query) === JSON.stringify(search.query);
  if (same) return search;
  return { ...search, ...fields, terms: searchTerms(fields.percolated), version: search.version + 1, updatedAt: now };
}
