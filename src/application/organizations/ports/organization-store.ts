/** Port: where organizations are kept. Listing is in ascending id order. */
import type { Organization } from '../../../domain/organizations/organization.js';

/** What a list may be narrowed by: each given filter must hold. */
export interface OrganizationFilter {
  readonly country?: string;
  readonly region?: string;
  /** The five-digit postal code of its location. */
  readonly postalCode?: string;
  /** Only those whose postal code is one of these (a search near a place). */
  readonly postalCodes?: readonly string[];
  /** Only these ids. */
  readonly ids?: readonly string[];
}

export interface OrganizationStore {
  /** Stores a new organization; false when one with its id exists. */
  add(organization: Organization): Promise<boolean>;
  findById(id: string): Promise<Organization | null>;
  /** Those matching `filter` with an id above `afterId`, at most `limit`, in id order. */
  list(filter: OrganizationFilter, afterId: string | undefined, limit: number): Promise<Organization[]>;
  /** Stores the organization in place of the stored one when that one's version is `expectedVersion`; false otherwise. */
  update(organization: Organization, expectedVersion: number): Promise<boolean>;
  /** Organizations whose animals have not all followed their last move (`relocating`), at most `limit`. */
  listRelocating(limit: number): Promise<Organization[]>;
  /** Clears `relocating` while the organization is still at `version` (a later change clears its own). */
  settleRelocation(id: string, version: number): Promise<void>;
}
