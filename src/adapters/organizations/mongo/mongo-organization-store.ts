/** Organizations in MongoDB: `organizations`, _id the owner id; listed by _id, narrowed by their place. */
import type { Collection, Db, Filter } from 'mongodb';
import type { Organization } from '../../../domain/organizations/organization.js';
import type { Place } from '../../../domain/shared/place.js';
import type { OrganizationFilter, OrganizationStore } from '../../../application/organizations/ports/organization-store.js';
import { isDuplicateKey } from '../../shared/mongo/mongo-errors.js';
import { MongoStore, updateAtVersion } from '../../shared/mongo/mongo-kit.js';

interface OrganizationDocument extends Omit<Organization, 'id' | 'createdAt' | 'updatedAt'> {
  _id: string;
  createdAt: Date;
  updatedAt: Date;
}

export class MongoOrganizationStore extends MongoStore implements OrganizationStore {
  private readonly organizations: Collection<OrganizationDocument>;

  constructor(db: Db, timeoutMs: number) {
    super(timeoutMs);
    this.organizations = db.collection<OrganizationDocument>('organizations');
  }

  static async ensureIndexes(db: Db): Promise<void> {
    await db.collection('organizations').createIndexes([
      { key: { 'location.country': 1, 'location.region': 1, _id: 1 }, name: 'country_region_id' },
      { key: { 'location.postalCode': 1, _id: 1 }, name: 'postal_code_id' },
      // Only organizations whose animals are still moving: the sweep's few.
      { key: { relocating: 1 }, name: 'relocating', partialFilterExpression: { relocating: true } },
    ]);
  }

  add(organization: Organization): Promise<boolean> {
    return this.run(async () => {
      try {
        await this.organizations.insertOne(toDocument(organization));
        return true;
      } catch (error) {
        if (isDuplicateKey(error)) return false;
        throw error;
      }
    });
  }

  findById(id: string): Promise<Organization | null> {
    return this.run(async () => {
      const document = await this.organizations.findOne({ _id: id });
      return document === null ? null : toOrganization(document);
    });
  }

  list(filter: OrganizationFilter, afterId: string | undefined, limit: number): Promise<Organization[]> {
    const query: Filter<OrganizationDocument> = {
      ...(filter.country !== undefined && { 'location.country': filter.country }),
      ...(filter.region !== undefined && { 'location.region': filter.region }),
      ...(filter.postalCode !== undefined && { 'location.postalCode': filter.postalCode }),
    };
    // Near a place: the codes within reach, and the one asked for if any.
    if (filter.postalCodes !== undefined) {
      query['location.postalCode'] = {
        $in: filter.postalCodes.filter((code) => filter.postalCode === undefined || code === filter.postalCode),
      };
    }
    const ids = filter.ids === undefined ? undefined : filter.ids.filter((id) => afterId === undefined || id > afterId);
    if (ids !== undefined) query._id = { $in: ids };
    else if (afterId !== undefined) query._id = { $gt: afterId };
    return this.run(async () => (await this.organizations.find(query).sort({ _id: 1 }).limit(limit).toArray()).map(toOrganization));
  }

  update(organization: Organization, expectedVersion: number): Promise<boolean> {
    return this.run(async () => {
      const { _id, ...fields } = toDocument(organization);
      return updateAtVersion(this.organizations, _id, expectedVersion, { $set: fields });
    });
  }

  listRelocating(limit: number): Promise<Organization[]> {
    return this.run(async () => (await this.organizations.find({ relocating: true }).limit(limit).toArray()).map(toOrganization));
  }

  settleRelocation(id: string, version: number): Promise<void> {
    return this.run(async () => {
      await this.organizations.updateOne({ _id: id, version, relocating: true }, { $set: { relocating: false } });
    });
  }
}

function toDocument(organization: Organization): OrganizationDocument {
  const { id, createdAt, updatedAt, ...profile } = organization;
  return { _id: id, ...profile, createdAt: new Date(createdAt), updatedAt: new Date(updatedAt) };
}

function toOrganization(document: OrganizationDocument): Organization {
  const place: Place | null = document.location
    ? {
        postalCode: document.location.postalCode,
        city: document.location.city,
        region: document.location.region,
        country: document.location.country,
      }
    : null;
  return {
    id: document._id,
    name: document.name,
    email: document.email ?? null,
    phone: document.phone ?? null,
    website: document.website ?? null,
    address: document.address ?? null,
    location: place,
    adoptionPolicyUrl: document.adoptionPolicyUrl ?? null,
    hours: document.hours ?? null,
    createdAt: document.createdAt.toISOString(),
    updatedAt: document.updatedAt.toISOString(),
    version: document.version,
    relocating: document.relocating === true,
  };
}
