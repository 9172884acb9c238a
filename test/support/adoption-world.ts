/** The adoption use cases on the in-memory adapters and a clock the test moves: no server, no container. */
import { MemoryPhotoStore } from '../../src/adapters/adoption/memory/memory-photo-store.js';
import { gazetteer } from './gazetteer.js';
import { MemoryAdoptionRequestRepository } from '../../src/adapters/adoption/memory/memory-adoption-request-repository.js';
import { MemoryEventFeed } from '../../src/adapters/adoption/memory/memory-event-feed.js';
import { MemoryPetCreateClaims } from '../../src/adapters/adoption/memory/memory-pet-create-claims.js';
import { MemoryPetRepository } from '../../src/adapters/adoption/memory/memory-pet-repository.js';
import type { AdoptionRequestRepository } from '../../src/application/adoption/ports/adoption-request-repository.js';
import type { PetRepository } from '../../src/application/adoption/ports/pet-repository.js';
import { EventRelay } from '../../src/application/adoption/services/event-relay.js';
import { AdoptionRequests } from '../../src/application/adoption/use-cases/adoption-requests.js';
import { ChangePet } from '../../src/application/adoption/use-cases/change-pet.js';
import { CreatePet } from '../../src/application/adoption/use-cases/create-pet.js';
import { ReadEvents } from '../../src/application/adoption/use-cases/read-events.js';
import { SettleHolds } from '../../src/application/adoption/use-cases/settle-holds.js';
import type { Caller } from '../../src/application/shared/caller.js';
import type { Pet } from '../../src/domain/adoption/pet.js';
import type { AdoptionRequest } from '../../src/domain/adoption/adoption-request.js';
import { aNewPet } from './builders.js';
import { MemoryOrganizationStore } from '../../src/adapters/organizations/memory/memory-organization-store.js';
import { homePlacesOf } from '../../src/config/modules/adoption.js';
import { RelocatePets } from '../../src/application/adoption/use-cases/relocate-pets.js';
import type { HomePlaces } from '../../src/application/adoption/ports/home-places.js';
import { FakeClock } from './fake-clock.js';

/** A caller acting for `ownerId` with a key of its own. */
export const callerOf = (ownerId: string): Caller => ({ ownerId, keyId: `key_${ownerId}` });

export const SHELTER = callerOf('shelter');
export const OTHER_SHELTER = callerOf('other_shelter');
export const APPLICANT = callerOf('applicant');
export const OTHER_APPLICANT = callerOf('other_applicant');

export const EVENT_RETENTION_MS = 7 * 86_400_000;

export interface AdoptionWorld {
  readonly clock: FakeClock;
  readonly pets: PetRepository;
  readonly orders: AdoptionRequestRepository;
  readonly feed: MemoryEventFeed;
  readonly holds: SettleHolds;
  readonly create: CreatePet;
  readonly change: ChangePet;
  readonly requests: AdoptionRequests;
  readonly relay: EventRelay;
  readonly events: ReadEvents;
  /** The organizations' profiles, whose places shelter animals are at. */
  readonly organizations: MemoryOrganizationStore;
  readonly homes: HomePlaces;
  readonly relocate: RelocatePets;
  /** A new available pet of `owner`'s. */
  aPet(owner?: Caller): Promise<Pet>;
  /** A request placed by `applicant` for the pet. */
  aRequest(pet: Pet, applicant?: Caller): Promise<AdoptionRequest>;
  /** The stored pet; fails when it is gone. */
  pet(id: number): Promise<Pet>;
  /** The stored request; fails when it is gone. */
  order(id: string): Promise<AdoptionRequest>;
}

/** The world, on the given repositories (wrap them to inject faults) or on fresh memory ones. */
export function adoptionWorld(
  wrap: { pets?: (pets: PetRepository) => PetRepository; orders?: (orders: AdoptionRequestRepository) => AdoptionRequestRepository } = {},
): AdoptionWorld {
  const clock = new FakeClock();
  const memoryPets = new MemoryPetRepository();
  const memoryOrders = new MemoryAdoptionRequestRepository();
  const pets = wrap.pets ? wrap.pets(memoryPets) : memoryPets;
  const orders = wrap.orders ? wrap.orders(memoryOrders) : memoryOrders;
  const feed = new MemoryEventFeed();
  const holds = new SettleHolds(pets, orders, clock);
  const organizations = new MemoryOrganizationStore();
  const homes = homePlacesOf(organizations);
  const relocate = new RelocatePets(pets, homes, clock);
  const create = new CreatePet(
    pets,
    new MemoryPetCreateClaims(),
    clock,
    gazetteer,
    { ttlMs: 86_400_000, leaseMs: 10_000 },
    homes,
    relocate,
  );
  const change = new ChangePet(pets, holds, clock, gazetteer, new MemoryPhotoStore(), null, homes, relocate);
  const requests = new AdoptionRequests(pets, orders, holds, clock, null);
  const relay = new EventRelay([memoryPets, memoryOrders], feed, clock, {
    holder: 'test',
    leaseMs: 10_000,
    batch: 100,
    retentionMs: EVENT_RETENTION_MS,
  });
  const events = new ReadEvents(feed, clock, EVENT_RETENTION_MS);
  return {
    clock,
    pets,
    orders,
    feed,
    holds,
    create,
    change,
    requests,
    relay,
    events,
    organizations,
    homes,
    relocate,
    aPet: async (owner = SHELTER) => (await create.execute(aNewPet(), owner.ownerId)).pet,
    aRequest: async (pet, applicant = APPLICANT) => (await requests.place({ petId: pet.id, applicantName: 'Ada' }, applicant)).order,
    pet: async (id) => {
      const found = await memoryPets.findById(id);
      if (!found) throw new Error(`pet ${id} is gone`);
      return found;
    },
    order: async (id) => {
      const found = await memoryOrders.findById(id);
      if (!found) throw new Error(`request ${id} is gone`);
      return found;
    },
  };
}

/** `target` with some of its members replaced (faults, counters, hooks); the others bound to it as they are. */
export function overriding<T extends object>(target: T, overrides: Readonly<Record<string, unknown>>): T {
  return new Proxy(target, {
    get(object, property) {
      if (typeof property === 'string' && property in overrides) return overrides[property];
      const value = Reflect.get(object, property, object) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(object) : value;
    },
  });
}

/** A repository whose conditional writes all lose, as if another writer always came first; `writes` counts them. */
export function alwaysOutraced<T extends PetRepository | AdoptionRequestRepository>(repository: T): T & { readonly writes: () => number } {
  let writes = 0;
  const lose = async () => {
    writes++;
    return false;
  };
  return overriding(repository, { update: lose, remove: lose, writes: () => writes }) as T & { readonly writes: () => number };
}
