/**
 * Port: where pets are kept. Listing is in ascending id order, which pagination relies on. Reads may
 * answer at once (in memory) or with a promise (a database); see Awaitable.
 */
import type { Pet, PetDraft, PetId } from '../../domain/pet.js';
import type { Awaitable } from '../awaitable.js';
import type { PetStatus } from '../../domain/pet-status.js';

export interface PetListQuery {
  readonly status?: PetStatus;
  /** Only pets with an id greater than this one. */
  readonly afterId?: PetId;
  readonly limit: number;
}

export interface PetRepository {
  /** Stores the draft under a new unique id and returns the stored pet. */
  add(draft: PetDraft): Promise<Pet>;
  findById(id: PetId): Awaitable<Pet | null>;
  list(query: PetListQuery): Awaitable<Pet[]>;
  /** Resolves when the backing store answers; rejects otherwise. */
  ping(): Promise<void>;
}
