/**
 * The adoption feature's errors: animals, their photos, species, events and adoption requests.
 * Their codes' HTTP mapping is the feature's own (adapters/adoption/http/error-codes.ts).
 */
import { DomainError } from '../shared/errors.js';
import type { PetReference } from './pet-reference.js';

export class PetNotFoundError extends DomainError {
  readonly code = 'not_found';
  constructor(id: number) {
    super(`No pet with id ${id} exists`);
  }
}

export class PetNotFoundByReferenceError extends DomainError {
  readonly code = 'not_found';
  constructor(reference: PetReference) {
    super(`None of your animals has the reference ${reference.source}/${reference.id}`);
  }
}

export class SpeciesNotFoundError extends DomainError {
  readonly code = 'not_found';
  constructor(id: string) {
    super(`No species ${JSON.stringify(id)}; GET /v1/species lists them`);
  }
}

export class EventNotFoundError extends DomainError {
  readonly code = 'not_found';
  constructor(id: string) {
    super(`No event with id ${id} that this key may see`);
  }
}

/** The change is not one the lifecycle allows from the current state. */
export class InvalidTransitionError extends DomainError {
  readonly code = 'invalid_transition';
}

/** The pet is held by an approved adoption request: its status moves only through that request. */
export class PetHeldError extends DomainError {
  readonly code = 'pet_held';
}

/** The pet cannot take (another) adoption request: sold, deleted, or held by another request. */
export class PetNotAvailableError extends DomainError {
  readonly code = 'pet_not_available';
}

/** An adoption request names a pet that does not exist (the body is well formed, its target is not). */
export class PetNotFoundForRequestError extends DomainError {
  readonly code = 'pet_not_found';
  constructor(id: number) {
    super(`No pet with id ${id} exists; list the animals (GET /v1/pets) for the ids that can be adopted`);
  }
}

export class AdoptionRequestNotFoundError extends DomainError {
  readonly code = 'not_found';
  constructor(id: string) {
    super(`No adoption request with id ${id} exists`);
  }
}

/** Another photo for an animal that has as many as it may. */
export class PhotoLimitReachedError extends DomainError {
  readonly code = 'photo_limit_reached';
}

/** An upload that is not the image it claims to be, or one too large to decode; `reason` says which. */
export class ImageInvalidError extends DomainError {
  readonly code = 'image_invalid';
  constructor(
    readonly reason: string,
    message: string,
  ) {
    super(message);
  }
}

export class PhotoNotFoundError extends DomainError {
  readonly code = 'not_found';
  constructor(what: string) {
    super(`No photo ${what}`);
  }
}

/** The owner keeps as many saved searches as its plan allows (SAVED_SEARCHES_PER_OWNER). */
export class SavedSearchLimitReachedError extends DomainError {
  readonly code = 'saved_search_limit_reached';
}

/** No saved search with this id, or one of another owner's: the same answer for both. */
export class SavedSearchNotFoundError extends DomainError {
  readonly code = 'not_found';
  constructor(id: string) {
    super(`No saved search with id ${id} that this key may see`);
  }
}
