/** Port: where pets are kept, and how they are found: every order is total (ties broken by id), which paging relies on. */
import type { Pet, PetDraft, PetId } from '../../../domain/adoption/pet.js';
import type { FeedEvent } from '../../../domain/adoption/feed-event.js';
import type { Outbox } from './outbox.js';
import type { OrderPosition, PetFilter, StoredOrder } from '../../../domain/adoption/pet-search.js';
import type { NearbyCode } from '../../../domain/shared/place.js';
import type { PetReference } from '../../../domain/adoption/pet-reference.js';

/** A page of a search: the animals the filter asks for, in a stored order, after a position. */
export interface PetSearchQuery {
  readonly filter: PetFilter;
  readonly order: StoredOrder;
  /** Only animals after this position in the order (the last of the page before). */
  readonly after?: OrderPosition;
  /** The shuffle order only: animals whose shuffle value is below this (the part before a seed's point). */
  readonly shuffleBelow?: number;
  readonly limit: number;
}

/** Where an animal is: its id and postal code, for ordering by distance before reading whole animals. */
export interface LocatedPet {
  readonly id: PetId;
  readonly postalCode: string;
  /** Its postal code's distance, as the code was given. */
  readonly km: number;
}

/** A position in a search by distance: after the animal `id` at `km`. */
export interface DistancePosition {
  readonly km: number;
  readonly id: PetId;
}

/** What `addReserved` found: the pet it stored, or the one an earlier attempt stored under that id. */
export interface ReservedAdd {
  readonly pet: Pet;
  readonly created: boolean;
}

/**
 * Every write carries the events of its change (`outbox`), stored with it in the same write: the
 * pet and its events stand or fall together.
 */
export interface PetRepository extends Outbox {
  /** Stores the draft under a new unique id, with the events `outbox` makes of the stored pet. */
  add(draft: PetDraft, outbox: (pet: Pet) => readonly FeedEvent[]): Promise<Pet>;
  /** Takes a new unique id, no pet stored under it, for a create that may be attempted more than once. */
  reserveId(): Promise<PetId>;
  /**
   * Stores the pet under its reserved id, unless an earlier attempt already did (its write landed
   * late, say): then returns that pet and stores nothing. So attempts with one id store one pet.
   */
  addReserved(pet: Pet, outbox: readonly FeedEvent[]): Promise<ReservedAdd>;
  /**
   * Stores the draft, which carries a reference, under a new unique id, unless an animal of its owner
   * carries that reference already: then returns that animal and stores nothing. So pushes of one
   * reference at once store one animal.
   */
  addReferenced(draft: PetDraft & { readonly reference: PetReference }, outbox: (pet: Pet) => readonly FeedEvent[]): Promise<ReservedAdd>;
  findById(id: PetId): Promise<Pet | null>;
  /** The owner's animal that carries this reference, if any (a removed one carries none). */
  findByReference(ownerId: string, reference: PetReference): Promise<Pet | null>;
  /** The animals a filter asks for, in the order asked, from a position: one page of a search. */
  search(query: PetSearchQuery): Promise<Pet[]>;
  /**
   * The first `limit` animals the filter asks for in these postal codes (nearest first, as a search
   * near a place lists them), by their code's distance and then by id, after `after`: as ids, codes
   * and distances. A search by distance then reads the page's animals.
   */
  nearest(filter: PetFilter, codes: readonly NearbyCode[], after: DistancePosition | null, limit: number): Promise<LocatedPet[]>;
  /** How many animals the filter asks for, counting no further than `max`. */
  count(filter: PetFilter, max: number): Promise<number>;
  /**
   * Stores the pet in place of the stored one when that one's version is `expectedVersion` and its
   * claim (`claimedBy`, which changes no version) is `expectedClaim` (the pet's own unless given: a
   * claim made since it was read fails the write): one conditional write, so of two changes read at
   * one version exactly one lands. False when the stored one differs or is gone; nothing written then.
   */
  update(pet: Pet, expectedVersion: number, outbox: readonly FeedEvent[], expectedClaim?: string | null): Promise<boolean>;
  /**
   * Removes the pet when its stored version is `expectedVersion` and no request has claimed it;
   * false (and nothing removed) otherwise. Its events stay in the outbox until the relay has them.
   */
  remove(id: PetId, expectedVersion: number, outbox: readonly FeedEvent[]): Promise<boolean>;
  /** The owner's animals kept at its organization (no foster location), in id order after `afterId`: those an organization's move moves. */
  listAtHome(ownerId: string, afterId: PetId, limit: number): Promise<Pet[]>;
  /** Pets held or claimed by an adoption request, in id order after `afterId`, for the repair sweep. */
  listHeld(afterId: PetId, limit: number): Promise<Pet[]>;
  /** Resolves when the backing store answers; rejects otherwise. */
  ping(): Promise<void>;
}
