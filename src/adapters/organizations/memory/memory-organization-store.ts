/** In-memory organizations: one Map, listed in id order. */
import type { Organization } from '../../../domain/organizations/organization.js';
import type { OrganizationFilter, OrganizationStore } from '../../../application/organizations/ports/organization-store.js';

/** Whether an organization answers every filter given. */
export function matchesFilter(organization: Organization, filter: OrganizationFilter): boolean {
  const place = organization.location;
  return (
    (filter.country === undefined || place?.country === filter.country) &&
    (filter.region === undefined || place?.region === filter.region) &&
    (filter.postalCode === undefined || place?.postalCode === filter.postalCode) &&
    (filter.postalCodes === undefined || (place !== null && place !== undefined && filter.postalCodes.includes(place.postalCode))) &&
    (filter.ids === undefined || filter.ids.includes(organization.id))
  );
}

export class MemoryOrganizationStore implements OrganizationStore {
  private readonly byId = new Map<string, Organization>();

  async add(organization: Organization): Promise<boolean> {
    if (this.byId.has(organization.id)) return false;
    this.byId.set(organization.id, organization);
    return true;
  }

  async findById(id: string): Promise<Organization | null> {
    return this.byId.get(id) ?? null;
  }

  async list(filter: OrganizationFilter, afterId: string | undefined, limit: number): Promise<Organization[]> {
    return [...this.byId.values()]
      .filter((organization) => (afterId === undefined || organization.id > afterId) && matchesFilter(organization, filter))
      .sort((a, b) => (a.id < b.id ? -1 : 1))
      .slice(0, limit);
  }

  async update(organization: Organization, expectedVersion: number): Promise<boolean> {
    if (this.byId.get(organization.id)?.version !== expectedVersion) return false;
    this.byId.set(organization.id, organization);
    return true;
  }

  async listRelocating(limit: number): Promise<Organization[]> {
    return [...this.byId.values()].filter((organization) => organization.relocating === true).slice(0, limit);
  }

  async settleRelocation(id: string, version: number): Promise<void> {
    const stored = this.byId.get(id);
    if (stored?.version === version && stored.relocating === true) this.byId.set(id, { ...stored, relocating: false });
  }
}
