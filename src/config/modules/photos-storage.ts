/** The photos feature's port on each engine: memory, or GridFS with MongoDB (every instance serves every photo). */
import type { PhotoStore } from '../../application/photos/ports/photo-store.js';
import { MemoryPhotoStore } from '../../adapters/photos/memory/memory-photo-store.js';
import { MongoPhotoStore } from '../../adapters/photos/mongo/mongo-photo-store.js';
import type { FeatureStorage } from './module.js';

export interface PhotosPorts {
  readonly photos: PhotoStore;
}

export const photosStorage: FeatureStorage<PhotosPorts> = {
  memory: () => ({ photos: new MemoryPhotoStore() }),
  mongo: {
    ports: (db, { timeoutMs, observe }) => ({ photos: observe(new MongoPhotoStore(db, timeoutMs), 'photos') }),
    indexes: (db) => MongoPhotoStore.ensureIndexes(db),
  },
};
