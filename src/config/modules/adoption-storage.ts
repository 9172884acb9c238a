/** The adoption feature's ports on each engine: animals and their photos, adoption requests, the event feed their outboxes fill, create claims. */
import { AdoptionMetrics } from '../../adapters/adoption/metrics/adoption-metrics.js';
import type { AdoptionRequestRepository } from '../../application/adoption/ports/adoption-request-repository.js';
import type { EventFeed } from '../../application/adoption/ports/event-feed.js';
import type { PetCreateClaims } from '../../application/adoption/ports/pet-create-claims.js';
import type { PetRepository } from '../../application/adoption/ports/pet-repository.js';
import type { PhotoStore } from '../../application/adoption/ports/photo-store.js';
import type { SavedSearchStore } from '../../application/adoption/ports/saved-search-store.js';
import { MemoryAdoptionRequestRepository } from '../../adapters/adoption/memory/memory-adoption-request-repository.js';
import { MemoryEventFeed } from '../../adapters/adoption/memory/memory-event-feed.js';
import { MemoryPetCreateClaims } from '../../adapters/adoption/memory/memory-pet-create-claims.js';
import { MemoryPetRepository } from '../../adapters/adoption/memory/memory-pet-repository.js';
import { MemoryPhotoStore } from '../../adapters/adoption/memory/memory-photo-store.js';
import { MemorySavedSearchStore } from '../../adapters/adoption/memory/memory-saved-search-store.js';
import { MongoAdoptionRequestRepository } from '../../adapters/adoption/mongo/mongo-adoption-request-repository.js';
import { MongoEventFeed } from '../../adapters/adoption/mongo/mongo-event-feed.js';
import { MongoPetCreateClaims } from '../../adapters/adoption/mongo/mongo-pet-create-claims.js';
import { backfillPlaces } from '../../adapters/adoption/mongo/mongo-pet-places.js';
import { MongoPetRepository } from '../../adapters/adoption/mongo/mongo-pet-repository.js';
import { MongoPhotoStore } from '../../adapters/adoption/mongo/mongo-photo-store.js';
import { MongoSavedSearchStore } from '../../adapters/adoption/mongo/mongo-saved-search-store.js';
import { MongoOrganizationStore } from '../../adapters/organizations/mongo/mongo-organization-store.js';
import type { FeatureStorage } from './module.js';

export interface AdoptionPorts {
  readonly pets: PetRepository;
  readonly adoptionRequests: AdoptionRequestRepository;
  /** Where events are kept in order once relayed from the repositories' outboxes. */
  readonly events: EventFeed;
  readonly petCreateClaims: PetCreateClaims;
  /** Photos' variants: memory, or GridFS with MongoDB (every instance serves every photo). */
  readonly photos: PhotoStore;
  /** Saved searches, indexed by their terms for the alerts. */
  readonly savedSearches: SavedSearchStore;
}

export const adoptionStorage: FeatureStorage<AdoptionPorts> = {
  memory: ({ bounds, metrics }) => {
    // A write's events go into the feed as the write is stored: no relay pass between them in one process.
    const events = new MemoryEventFeed(
      bounds?.maxEvents,
      metrics && ((published) => metrics.feature(AdoptionMetrics).eventsRelayed(published)),
    );
    return {
      pets: new MemoryPetRepository(events),
      adoptionRequests: new MemoryAdoptionRequestRepository(events),
      events,
      petCreateClaims: new MemoryPetCreateClaims(bounds?.maxIdempotencyRecords),
      photos: new MemoryPhotoStore(),
      savedSearches: new MemorySavedSearchStore(),
    };
  },
  mongo: {
    ports: (db, { timeoutMs, observe }) => ({
      pets: observe(new MongoPetRepository(db, timeoutMs), 'pets'),
      adoptionRequests: observe(new MongoAdoptionRequestRepository(db, timeoutMs), 'orders'),
      events: observe(new MongoEventFeed(db, timeoutMs), 'events'),
      petCreateClaims: observe(new MongoPetCreateClaims(db, timeoutMs), 'idempotency'),
      photos: observe(new MongoPhotoStore(db, timeoutMs), 'photos'),
      savedSearches: observe(new MongoSavedSearchStore(db, timeoutMs), 'saved_searches'),
    }),
    indexes: (db) =>
      Promise.all([
        MongoPetRepository.ensureIndexes(db),
        MongoAdoptionRequestRepository.ensureIndexes(db),
        MongoEventFeed.ensureIndexes(db),
        MongoPetCreateClaims.ensureIndexes(db),
        MongoPhotoStore.ensureIndexes(db),
        MongoSavedSearchStore.ensureIndexes(db),
      ]),
    migrations: [
      (db) => MongoPetRepository.backfillUnversionedPets(db),
      (db) => MongoPetRepository.backfillSearchFields(db),
      // Pets stored before places were: a foster animal at its location, a shelter animal at its organization's.
      (db) => backfillPlaces(db, async (ownerId) => (await new MongoOrganizationStore(db, 30_000).findById(ownerId))?.location ?? null),
    ],
  },
};
