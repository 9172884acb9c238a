/** The publishing feature's ports on each engine: destinations (passwords encrypted at rest on MongoDB). */
import type { DestinationStore } from '../../application/publishing/ports/destination-store.js';
import { MemoryDestinationStore } from '../../adapters/publishing/memory/memory-destination-store.js';
import { MongoDestinationStore } from '../../adapters/publishing/mongo/mongo-destination-store.js';
import { SecretBox } from '../../adapters/shared/mongo/secret-box.js';
import type { FeatureStorage } from './module.js';

export interface PublishingPorts {
  readonly destinations: DestinationStore;
}

export const publishingStorage: FeatureStorage<PublishingPorts> = {
  memory: () => ({ destinations: new MemoryDestinationStore() }),
  mongo: {
    ports: (db, { timeoutMs, observe, config }) => ({
      destinations: observe(new MongoDestinationStore(db, timeoutMs, new SecretBox(config.publishing.encryptionKey)), 'destinations'),
    }),
    indexes: (db) => MongoDestinationStore.ensureIndexes(db),
  },
};
