// Over 300 lines: the adoption feature's whole wiring (its stores, use cases, routes, schemas and
// background work), each part a function of its own.
/**
 * The adoption feature: animals, their lifecycle and adoption requests, and the event feed every
 * change goes to (from each record's outbox, relayed in order).
 */
import { adoptionSettings, type AdoptionSettings } from './adoption-settings.js';
import { AdoptionMetrics } from '../../adapters/adoption/metrics/adoption-metrics.js';
import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { DependencyContainer } from 'tsyringe';
import type { AdoptionRequestRepository } from '../../application/adoption/ports/adoption-request-repository.js';
import type { EventFeed } from '../../application/adoption/ports/event-feed.js';
import type { Outbox } from '../../application/adoption/ports/outbox.js';
import type { PetCreateClaims } from '../../application/adoption/ports/pet-create-claims.js';
import type { PetRepository } from '../../application/adoption/ports/pet-repository.js';
import { EventRelay, type EventRelayEvents } from '../../application/adoption/services/event-relay.js';
import { AdoptionRequests } from '../../application/adoption/use-cases/adoption-requests.js';
import { ChangePet } from '../../application/adoption/use-cases/change-pet.js';
import { CreatePet } from '../../application/adoption/use-cases/create-pet.js';
import { PushPet } from '../../application/adoption/use-cases/push-pet.js';
import { GetPet } from '../../application/adoption/use-cases/get-pet.js';
import { ListPets } from '../../application/adoption/use-cases/list-pets.js';
import { ReadEvents } from '../../application/adoption/use-cases/read-events.js';
import { SettleHolds } from '../../application/adoption/use-cases/settle-holds.js';
import type { Clock } from '../../application/shared/ports/clock.js';
import { getPetDeprecation } from '../../domain/shared/deprecation.js';
import { adminEventRoutes } from '../../adapters/adoption/http/admin-events.js';
import { EventSchema, EventsSchema } from '../../adapters/adoption/http/event-schemas.js';
import { eventRoutes } from '../../adapters/adoption/http/events.js';
import { CancelOrderSchema, NewOrderSchema, OrderSchema, OrdersSchema } from '../../adapters/adoption/http/order-schemas.js';
import {
  NewPetSchema,
  PetPatchSchema,
  PetSchema,
  PetsSchema,
  SparsePetSchema,
  SparsePetsSchema,
} from '../../adapters/adoption/http/pet-schemas.js';
import { orderRoutes } from '../../adapters/adoption/http/orders.js';
import { petRoutes } from '../../adapters/adoption/http/pets.js';
import { petReferenceRoutes } from '../../adapters/adoption/http/pet-references.js';
import { SpeciesListSchema, SpeciesSchema, CategorySchema, CategoriesSchema, speciesRoutes } from '../../adapters/adoption/http/species.js';
import type { Metrics } from '../../adapters/shared/metrics/metrics.js';
import type { AppConfig } from '../env.js';
import { every } from '../schedule.js';
import type { HomePlaces } from '../../application/adoption/ports/home-places.js';
import type { OrganizationStore } from '../../application/organizations/ports/organization-store.js';
import { RelocatePets } from '../../application/adoption/use-cases/relocate-pets.js';
import { provide, resolve, token } from '../tokens.js';
import { ADOPTION_ERRORS } from '../../adapters/adoption/http/error-codes.js';
import { once, type FeatureModule, type Observers, type RunContext, type Stop } from './module.js';
import { PHOTOS_TOKENS, photosRoutes, registerPhotos, sweepPhotos } from './adoption-photos.js';
import { adoptionStorage, type AdoptionPorts } from './adoption-storage.js';
import { registerSavedSearches, SAVED_SEARCH_SCHEMAS, SAVED_SEARCH_TOKENS, savedSearchesRoutes } from './adoption-saved-searches.js';
import { SHARED_TOKENS } from './shared.js';

export const ADOPTION_TOKENS = {
  ...PHOTOS_TOKENS,
  ...SAVED_SEARCH_TOKENS,
  PetRepository: token<PetRepository>('PetRepository'),
  AdoptionRequestRepository: token<AdoptionRequestRepository>('AdoptionRequestRepository'),
  PetCreateClaims: token<PetCreateClaims>('PetCreateClaims'),
  EventFeed: token<EventFeed>('EventFeed'),
  EventRelay: token<EventRelay>('EventRelay'),
  ListPets: token<ListPets>('ListPets'),
  CreatePet: token<CreatePet>('CreatePet'),
  GetPet: token<GetPet>('GetPet'),
  ChangePet: token<ChangePet>('ChangePet'),
  PushPet: token<PushPet>('PushPet'),
  SettleHolds: token<SettleHolds>('SettleHolds'),
  AdoptionRequests: token<AdoptionRequests>('AdoptionRequests'),
  ReadEvents: token<ReadEvents>('ReadEvents'),
  HomePlaces: token<HomePlaces>('HomePlaces'),
  RelocatePets: token<RelocatePets>('RelocatePets'),
} as const;

const T = ADOPTION_TOKENS;
const { Clock, Gazetteer, NearbyPlaces } = SHARED_TOKENS;

/**
 * An in-flight Idempotency-Key claim outlives any create (each is bounded by MONGODB_TIMEOUT_MS), so
 * it is taken over only when its holder died; until then, repeats get 409.
 */
function idempotencyLeaseMs(config: AppConfig): number {
  return Math.max(10_000, 3 * (config.mongo?.timeoutMs ?? 0));
}

/** How long the event feed's writer lease lasts unless renewed: a stopped writer is replaced after it. */
const EVENT_LEASE_MS = 10_000;

/** How often each instance finishes adoption steps interrupted by a crash (settle-holds.ts): the bound on how long one may show. */
export const HOLD_SWEEP_INTERVAL_MS = 60_000;

/** How often each instance moves events from the outboxes into the feed: about how long an event takes to appear. */
export const EVENT_RELAY_INTERVAL_MS = 200;

/** How often each instance reads the outboxes' backlog for its metrics. */
export const OUTBOX_WATCH_INTERVAL_MS = 15_000;

/** The most relay passes one tick runs back to back (each up to 100 records per outbox). */
const MAX_PASSES_PER_TICK = 50;

export const adoptionModule: FeatureModule<AdoptionPorts, AdoptionSettings, typeof ADOPTION_TOKENS> = {
  name: 'adoption',
  tokens: ADOPTION_TOKENS,
  settings: adoptionSettings,
  storage: adoptionStorage,
  metrics: [AdoptionMetrics],
  errors: ADOPTION_ERRORS,
  tags: {
    public: [
      { name: 'pets', description: 'Animals available for adoption' },
      {
        name: 'adoption requests',
        description:
          'Beta. Requests to adopt an animal (the store orders), and the decisions that move the animal from available through pending to sold',
      },
      { name: 'events', description: 'Beta. Every change to an animal or an adoption request, in one order a client can catch up from' },
      { name: 'photos', description: "Beta. Animals' photos: uploaded by their owners, served to anyone in four sizes, JPEG or WebP" },
      {
        name: 'saved searches',
        description: 'Beta. Searches kept for adopters: each alerts its owner (search.matched) when an animal starts matching it',
      },
    ],
    admin: [{ name: 'events', description: 'The event feed, every event' }],
  },
  probes: (adapters, _config, engines) => ({ pets: { check: () => adapters.pets.ping(), critical: true, backend: engines.store } }),
  register: (c, registration) => {
    registerStores(c, registration);
    registerPetUseCases(c, registration);
    registerRequestsAndEvents(c, registration);
    registerPhotos(c, registration, T.PetRepository);
    registerSavedSearches(c, registration);
  },
  publicRoutes: (d, _config, basePath) => [
    (v1) =>
      petRoutes(v1, {
        listPets: resolve(d, T.ListPets),
        createPet: resolve(d, T.CreatePet),
        getPet: resolve(d, T.GetPet),
        changePet: resolve(d, T.ChangePet),
        basePath,
      }),
    (v1) => petReferenceRoutes(v1, { pushPet: resolve(d, T.PushPet), basePath }),
    (v1) => orderRoutes(v1, { orders: resolve(d, T.AdoptionRequests), basePath }),
    (v1) => eventRoutes(v1, { events: resolve(d, T.ReadEvents), basePath }),
    (v1) => speciesRoutes(v1),
    ...photosRoutes(d),
    ...savedSearchesRoutes(d, T.ListPets, basePath),
  ],
  adminRoutes: (d, _config, basePath) => [(admin) => adminEventRoutes(admin, { events: resolve(d, T.ReadEvents), basePath })],
  schemas: {
    public: [
      PetSchema,
      NewPetSchema,
      PetsSchema,
      PetPatchSchema,
      SparsePetSchema,
      SparsePetsSchema,
      OrderSchema,
      OrdersSchema,
      NewOrderSchema,
      CancelOrderSchema,
      SpeciesSchema,
      SpeciesListSchema,
      CategorySchema,
      CategoriesSchema,
      ...SAVED_SEARCH_SCHEMAS,
    ],
    admin: [EventSchema, EventsSchema],
  },
  start: (run) => [...adoptionWork(run), sweepPhotos(run)],
};

function adoptionWork({ container, adapters, logger, metrics }: RunContext): Stop[] {
  return [
    sweepEvery(resolve(container, T.SettleHolds), HOLD_SWEEP_INTERVAL_MS, logger),
    // The events of the last changes, into the feed before the connections go.
    relayEvery(resolve(container, T.EventRelay), EVENT_RELAY_INTERVAL_MS, logger),
    watchOutboxes([adapters.pets, adapters.adoptionRequests], adapters.clock, metrics, OUTBOX_WATCH_INTERVAL_MS),
  ];
}

/** The organizations' store as the adoption feature reads it: each owner's place, and summaries for a page. */
export function homePlacesOf(organizations: OrganizationStore): HomePlaces {
  return {
    placeOf: async (ownerId) => (await organizations.findById(ownerId))?.location ?? null,
    summaries: async (ownerIds) => {
      const ids = [...new Set(ownerIds)];
      const found = ids.length === 0 ? [] : await organizations.list({ ids }, undefined, ids.length);
      return new Map(found.map((one) => [one.id, { id: one.id, name: one.name, website: one.website, location: one.location }]));
    },
  };
}

/** Runs the hold sweep every `intervalMs`; the returned function stops it (waiting for a sweep under way). */
export function sweepEvery(holds: SettleHolds, intervalMs: number, logger: Logger): () => Promise<void> {
  return every(intervalMs, () =>
    holds
      .sweep()
      .then((settled) => {
        if (settled > 0) logger.warn({ settled }, 'Finished adoption steps that an earlier failure interrupted');
      })
      .catch((error: unknown) => logger.warn({ err: error }, 'The adoption hold sweep failed; it runs again at the next interval')),
  );
}

/** Relays events every `intervalMs`; the returned function stops it and relays once more. */
export function relayEvery(relay: EventRelay, intervalMs: number, logger: Logger): () => Promise<void> {
  // Passes follow one another while they find events, so a burst drains at once instead of one batch a tick.
  const drain = async () => {
    for (let passes = 0; passes < MAX_PASSES_PER_TICK && (await relay.pass()) > 0; passes++);
  };
  const pass = () =>
    drain().catch((error: unknown) =>
      logger.warn({ err: error }, 'Relaying events to the feed failed; they stay in the outboxes and go at the next pass'),
    );
  const stop = every(intervalMs, pass);
  return async () => {
    await stop();
    await pass();
  };
}

/** Sets the outbox metrics every `intervalMs`: how many records wait, and the oldest event's age. */
export function watchOutboxes(outboxes: readonly Outbox[], clock: Clock, metrics: Metrics, intervalMs: number): () => Promise<void> {
  return every(intervalMs, async () => {
    try {
      const backlogs = await Promise.all(outboxes.map((outbox) => outbox.backlog()));
      const oldest = backlogs
        .map((b) => b.oldestAt)
        .filter((at): at is string => at !== null)
        .sort()[0];
      const ageSeconds = oldest === undefined ? 0 : Math.max(0, (clock.nowMs() - Date.parse(oldest)) / 1000);
      metrics.feature(AdoptionMetrics).outboxBacklog(
        backlogs.reduce((sum, b) => sum + b.records, 0),
        ageSeconds,
      );
    } catch {
      // The store is down: the storage metrics say so; these keep their last values.
    }
  });
}

/** What a feature's registration is given. */
type Registration = Parameters<FeatureModule['register']>[1];

/** The stores, and where an animal is: its organization's place when it has no foster home. */
function registerStores(c: DependencyContainer, { adapters }: Registration): void {
  provide(c, T.PetRepository, { useValue: adapters.pets });
  provide(c, T.AdoptionRequestRepository, { useValue: adapters.adoptionRequests });
  provide(c, T.PetCreateClaims, { useValue: adapters.petCreateClaims });
  provide(c, T.EventFeed, { useValue: adapters.events });
  // An animal kept at its organization is at the organization's place (the organizations feature's store).
  provide(c, T.HomePlaces, { useValue: homePlacesOf(adapters.organizations) });
  provide(
    c,
    T.RelocatePets,
    once((d) => new RelocatePets(resolve(d, T.PetRepository), resolve(d, T.HomePlaces), resolve(d, Clock))),
  );
}

/** Listing, creating, reading and changing animals. */
function registerPetUseCases(c: DependencyContainer, { config, adapters }: Registration): void {
  const deprecation = getPetDeprecation(config.getPetRemoval);
  provide(
    c,
    T.ListPets,
    once((d) => new ListPets(resolve(d, T.PetRepository), resolve(d, NearbyPlaces), resolve(d, T.HomePlaces))),
  );
  provide(
    c,
    T.CreatePet,
    once(
      (d) =>
        new CreatePet(
          resolve(d, T.PetRepository),
          resolve(d, T.PetCreateClaims),
          resolve(d, Clock),
          resolve(d, Gazetteer),
          {
            ttlMs: config.idempotencyTtlMs,
            leaseMs: idempotencyLeaseMs(config),
          },
          resolve(d, T.HomePlaces),
          resolve(d, T.RelocatePets),
        ),
    ),
  );
  provide(
    c,
    T.SettleHolds,
    once((d) => new SettleHolds(resolve(d, T.PetRepository), resolve(d, T.AdoptionRequestRepository), resolve(d, Clock))),
  );
  provide(
    c,
    T.GetPet,
    once((d) => new GetPet(resolve(d, T.PetRepository), resolve(d, T.SettleHolds), resolve(d, Clock), deprecation)),
  );
  provide(
    c,
    T.ChangePet,
    once(
      (d) =>
        new ChangePet(
          resolve(d, T.PetRepository),
          resolve(d, T.SettleHolds),
          resolve(d, Clock),
          resolve(d, Gazetteer),
          // The pet's photos go with it (the photos feature's store, through its port).
          adapters.photos,
          config.legacyPetOwner,
          resolve(d, T.HomePlaces),
          resolve(d, T.RelocatePets),
        ),
    ),
  );
  provide(
    c,
    T.PushPet,
    once(
      (d) =>
        new PushPet(
          resolve(d, T.PetRepository),
          resolve(d, T.CreatePet),
          resolve(d, T.ChangePet),
          resolve(d, T.SettleHolds),
          resolve(d, Clock),
          resolve(d, Gazetteer),
        ),
    ),
  );
}

/** Adoption requests, the event feed and the relay that fills it. */
function registerRequestsAndEvents(c: DependencyContainer, { config, observers }: Registration): void {
  provide(
    c,
    T.AdoptionRequests,
    once(
      (d) =>
        new AdoptionRequests(
          resolve(d, T.PetRepository),
          resolve(d, T.AdoptionRequestRepository),
          resolve(d, T.SettleHolds),
          resolve(d, Clock),
          config.legacyPetOwner,
        ),
    ),
  );
  provide(
    c,
    T.ReadEvents,
    once((d) => new ReadEvents(resolve(d, T.EventFeed), resolve(d, Clock), config.eventRetentionMs)),
  );
  provide(
    c,
    T.EventRelay,
    once(
      (d) =>
        new EventRelay(
          [resolve(d, T.PetRepository), resolve(d, T.AdoptionRequestRepository)],
          resolve(d, T.EventFeed),
          resolve(d, Clock),
          {
            holder: `${hostname()}:${process.pid}:${randomUUID()}`,
            leaseMs: EVENT_LEASE_MS,
            batch: 100,
            retentionMs: config.eventRetentionMs,
          },
          relayEvents(observers),
          // Each change's alerts of saved searches, appended with it.
          (events) => resolve(d, T.SearchAlerts).following(events),
        ),
    ),
  );
}

/** What each relay pass moved into the event feed, counted. */
function relayEvents(observers: Observers | undefined): EventRelayEvents {
  return observers ? { relayed: (events) => observers.metrics.feature(AdoptionMetrics).eventsRelayed(events) } : {};
}
