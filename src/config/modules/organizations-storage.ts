/** The organizations feature's port on each engine: the profiles of shelters and rescues. */
import type { OrganizationStore } from '../../application/organizations/ports/organization-store.js';
import { MemoryOrganizationStore } from '../../adapters/organizations/memory/memory-organization-store.js';
import { MongoOrganizationStore } from '../../adapters/organizations/mongo/mongo-organization-store.js';
import type { FeatureStorage } from './module.js';

export interface OrganizationsPorts {
  readonly organizations: OrganizationStore;
}

export const organizationsStorage: FeatureStorage<OrganizationsPorts> = {
  memory: () => ({ organizations: new MemoryOrganizationStore() }),
  mongo: {
    ports: (db, { timeoutMs, observe }) => ({ organizations: observe(new MongoOrganizationStore(db, timeoutMs), 'organizations') }),
    indexes: (db) => MongoOrganizationStore.ensureIndexes(db),
  },
};
