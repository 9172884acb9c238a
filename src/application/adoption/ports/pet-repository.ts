/** Port: where pets are kept. Listing is in ascending id order, which pagination relies on. */
import type { Pet, PetDraft, PetId } from '../../../domain/adoption/pet.js';
import type { PetStatus } from '../../../domain/adoption/pet-status.js';
import type { FeedEvent } from '../../../domain/adoption/feed-event.js';
import type { Outbox } from './outbox.js';

export interface PetListQuery {
  readonly status?: PetStatus;
  /** Only pets with one of these ids (at most 100). */
  readonly ids?: readonly PetId[];
  /** Only pets with an id greater than this one. */
  readonly afterId?: PetId;
  readonly limit: number;
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
  findById(id: PetId): Promise<Pet | null>;
  list(query: PetListQuery): Promise<Pet[]>;
  /**
   * Stores the pet in place of the stored one when that one's version is `expectedVersion`: one
   * conditional write, so of two changes read at one version exactly one lands. False when the
   * stored version differs or the pet is gone; nothing is written then.
   */
  update(pet: Pet, expectedVersion: number, outbox: readonly FeedEvent[]): Promise<boolean>;
  /**
   * Removes the pet when its stored version is `expectedVersion`; false (and nothing removed)
   * otherwise. Its events stay in the outbox until the relay has them.
   */
  remove(id: PetId, expectedVersion: number, outbox: readonly FeedEvent[]): Promise<boolean>;
  /** Pets held by an adoption request, in id order after `afterId`, for the repair sweep. */
  listHeld(afterId: PetId, limit: number): Promise<Pet[]>;
  /** Resolves when the backing store answers; rejects otherwise. */
  ping(): Promise<void>;
}
