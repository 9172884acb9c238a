/**
 * Port: claims on pet creates made with an Idempotency-Key, per API key, so a retried request gets
 * the first one's result instead of storing a second pet. A claim is taken before the work and
 * carries a lease; only a completed result is kept for the whole retention time. Pets need claims of
 * their own because a pet's id is allocated from a counter: adoption requests and API keys derive
 * their ids (or a unique request key) from the Idempotency-Key and meet a retry in one atomic insert.
 */
import type { Pet, PetId } from '../../../domain/adoption/pet.js';

/** Whose key it is: an API key id and the client's Idempotency-Key. */
export interface IdempotencyScope {
  readonly apiKeyId: string;
  readonly key: string;
}

export type StoredPetCreate =
  | { readonly state: 'in_flight'; readonly fingerprint: string }
  | { readonly state: 'completed'; readonly fingerprint: string; readonly pet: Pet };

export interface NewClaim {
  /** Identifies the request that holds the claim; completing or releasing needs it. */
  readonly token: string;
  readonly fingerprint: string;
  /** The id reserved for the pet; kept with the claim, so that every attempt stores under the same id. */
  readonly petId: PetId;
  readonly nowMs: number;
  /** Until then nobody else may take the claim over (the holder may still be working). */
  readonly leaseMs: number;
  /** How long the record is kept at all. */
  readonly ttlMs: number;
}

/** Claimed: store the pet under `petId` (the new claim's, or the id of the attempt taken over). */
export type ClaimResult =
  { readonly claimed: true; readonly petId: PetId } | { readonly claimed: false; readonly existing: StoredPetCreate };

export interface PetCreateClaims {
  /**
   * Atomically takes the scope for a new request, or returns what is stored there. A record past its
   * retention time counts as absent; an in-flight claim past its lease (its holder died or gave up) is
   * taken over with its pet id.
   */
  claim(scope: IdempotencyScope, claim: NewClaim): Promise<ClaimResult>;
  /** Stores the result under the holder's claim, to be replayed until `nowMs + ttlMs`. */
  complete(scope: IdempotencyScope, token: string, pet: Pet, nowMs: number, ttlMs: number): Promise<void>;
  /**
   * Ends the holder's lease (the request failed, and its write may still land), so that a retry with
   * the same key takes the claim over at once, with the same pet id.
   */
  release(scope: IdempotencyScope, token: string): Promise<void>;
}
