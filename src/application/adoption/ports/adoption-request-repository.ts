/** Port: where adoption requests are kept. Listing is in ascending id order (ids sort by creation time). */
import type { AdoptionRequest, AdoptionRequestStatus } from '../../../domain/adoption/adoption-request.js';
import type { PetId } from '../../../domain/adoption/pet.js';
import type { FeedEvent } from '../../../domain/adoption/feed-event.js';
import type { Outbox } from './outbox.js';

export interface AdoptionRequestListQuery {
  /** Only requests this owner placed or that are on its pets. */
  readonly visibleTo: string;
  readonly status?: AdoptionRequestStatus;
  readonly petId?: PetId;
  /** Only requests with an id greater than this one. */
  readonly afterId?: string;
  readonly limit: number;
}

/** Every write carries the events of its change (`outbox`), stored with it in the same write. */
export interface AdoptionRequestRepository extends Outbox {
  /**
   * Stores the request, unless one with the same `requestKey` is stored (a retry with the same
   * Idempotency-Key): then returns that one and stores nothing. One atomic insert either way.
   */
  add(order: AdoptionRequest, outbox: readonly FeedEvent[]): Promise<{ readonly order: AdoptionRequest; readonly created: boolean }>;
  findById(id: string): Promise<AdoptionRequest | null>;
  /** The request placed with this API key and Idempotency-Key, if any. */
  findByRequestKey(requestKey: string): Promise<AdoptionRequest | null>;
  list(query: AdoptionRequestListQuery): Promise<AdoptionRequest[]>;
  /** Stores the request in place of the stored one when that one's version is `expectedVersion`; false otherwise. */
  update(order: AdoptionRequest, expectedVersion: number, outbox: readonly FeedEvent[]): Promise<boolean>;
  /** The pet's requests that are still placed. */
  listPlaced(petId: PetId): Promise<AdoptionRequest[]>;
}
