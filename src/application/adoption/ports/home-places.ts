/**
 * Port: where an owner keeps the animals that are not in a foster home, its organization's place
 * (the organization's profile, another feature's; the composition root wires it).
 */
import type { Place } from '../../../domain/shared/place.js';

/** What a page of animals shows of each one's organization (`expand=organization`). */
export interface OrganizationSummary {
  readonly id: string;
  readonly name: string;
  readonly website: string | null;
  readonly location: Place | null;
}

export interface HomePlaces {
  /** The place of `ownerId`'s organization; null while it has no profile or no location. */
  placeOf(ownerId: string): Promise<Place | null>;
  /** The organizations of these owners that have a profile, by id (one read for a page). */
  summaries(ownerIds: readonly string[]): Promise<ReadonlyMap<string, OrganizationSummary>>;
}
