/** Domain errors: each carries a stable machine-readable code that the HTTP edge maps to a status. */
export const DOMAIN_ERROR_CODES = [
  'invalid_request',
  'unauthorized',
  'forbidden',
  'not_found',
  'key_not_active',
  'gone',
  'idempotency_key_in_flight',
  'idempotency_key_reused',
  'rate_limited',
  'key_banned',
  'address_banned',
  'service_unavailable',
  'precondition_required',
  'precondition_failed',
  'invalid_transition',
  'pet_held',
  'pet_not_available',
  'pet_not_found',
  'url_not_allowed',
  'endpoint_limit_reached',
  'organization_exists',
  'photo_limit_reached',
  'image_invalid',
] as const;

export type DomainErrorCode = (typeof DOMAIN_ERROR_CODES)[number];

export abstract class DomainError extends Error {
  abstract readonly code: DomainErrorCode;
}

export class ValidationError extends DomainError {
  readonly code = 'invalid_request';
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

export class PetNotFoundError extends DomainError {
  readonly code = 'not_found';
  constructor(id: number) {
    super(`No pet with id ${id} exists`);
  }
}

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

export class OrganizationNotFoundError extends DomainError {
  readonly code = 'not_found';
  constructor(id: string) {
    super(`No organization ${JSON.stringify(id)}; GET /v1/organizations lists them`);
  }
}

export class OrganizationExistsError extends DomainError {
  readonly code = 'organization_exists';
  constructor(id: string) {
    super(`Organization ${JSON.stringify(id)} exists already; change it with PATCH /admin/v1/organizations/{id}`);
  }
}

export class SpeciesNotFoundError extends DomainError {
  readonly code = 'not_found';
  constructor(id: string) {
    super(`No species ${JSON.stringify(id)}; GET /v1/species lists them`);
  }
}

export class UnauthenticatedError extends DomainError {
  readonly code = 'unauthorized';
}

/** The caller is known but its key or credential lacks the scope this operation needs. */
export class ForbiddenError extends DomainError {
  readonly code = 'forbidden';
}

export class KeyNotFoundError extends DomainError {
  readonly code = 'not_found';
  constructor(id: string) {
    super(`No key with id ${id}`);
  }
}

export class EventNotFoundError extends DomainError {
  readonly code = 'not_found';
  constructor(id: string) {
    super(`No event with id ${id} that this key may see`);
  }
}

export class AdminCredentialNotFoundError extends DomainError {
  readonly code = 'not_found';
  constructor(id: string) {
    super(`No admin credential with id ${id}`);
  }
}

/** No stored key has the secret given to a lookup (the secret is not repeated). */
export class KeySecretNotFoundError extends DomainError {
  readonly code = 'not_found';
  constructor() {
    super('No key matches this secret: check that it was copied whole, and that it belongs to this environment');
  }
}

/** A revoked or expired key cannot be rotated: a live secret would come from a dead one. */
export class KeyNotActiveError extends DomainError {
  readonly code = 'key_not_active';
  constructor(id: string, status: string) {
    super(`Key ${id} is ${status}; issue a new key instead`);
  }
}

/** A key whose rotation already made a successor that is still live: rotating it again would make a second. */
export class KeyAlreadyRotatedError extends DomainError {
  readonly code = 'key_not_active';
  constructor(id: string, successorId: string) {
    super(
      `Key ${id} was already rotated: its successor ${successorId} is active. Rotate ${successorId}` +
        ` instead; if the new secret was lost, rotate ${successorId} to get another`,
    );
  }
}

/** A deprecated operation past its sunset, or inside one of its announced brownouts. */
export class GoneError extends DomainError {
  readonly code = 'gone';
}

/** Which dependency failed and how, for operators' metrics; never shown to clients. */
export interface UnavailableSource {
  readonly dependency: string;
  readonly timedOut: boolean;
}

/** A dependency the request needs (the database, the limiter store) did not answer in time. */
export class ServiceUnavailableError extends DomainError {
  readonly code = 'service_unavailable';
  constructor(
    message: string,
    readonly source: UnavailableSource | null = null,
  ) {
    super(message);
  }
}

/**
 * A refusal under the rate limits, of a key or of a client address (a call without a valid key or
 * credential, counted per address). The commonest answer in a flood, and an expected one: made
 * without a stack trace, which would cost more than the rest of the refusal.
 */
export class RateLimitExceededError extends DomainError {
  readonly code: 'rate_limited' | 'key_banned' | 'address_banned';
  constructor(
    banned: boolean,
    readonly retryAfterSeconds: number,
    of: 'key' | 'address' = 'key',
  ) {
    const stackTraceLimit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(
      of === 'address'
        ? banned
          ? `This address kept sending requests without a valid key while limited, and is blocked for ${retryAfterSeconds}` +
            ` s. Send a valid key ('Authorization: Bearer <key>'), or wait Retry-After seconds and back off ` +
            `exponentially.`
          : `Requests without a valid key are limited per client address, and this address has spent its ` +
            `limit; retry after ${retryAfterSeconds} s, or send a valid key ('Authorization: Bearer <key>')`
        : banned
          ? `Too many requests were sent while rate limited; this key is blocked for ${retryAfterSeconds} s. Honour Retry-After and back off exponentially.`
          : `Rate limit exceeded; retry after ${retryAfterSeconds} s (see Retry-After and the X-RateLimit-* headers)`,
    );
    Error.stackTraceLimit = stackTraceLimit;
    this.code = !banned ? 'rate_limited' : of === 'address' ? 'address_banned' : 'key_banned';
  }
}

/** A create with this Idempotency-Key is still being processed (possibly on another instance). */
export class IdempotencyKeyInFlightError extends DomainError {
  readonly code = 'idempotency_key_in_flight';
  constructor() {
    super('A request with this Idempotency-Key is still being processed; retry after Retry-After seconds to get its result');
  }
}

/** The Idempotency-Key was already used for a request with a different body. */
export class IdempotencyKeyReusedError extends DomainError {
  readonly code = 'idempotency_key_reused';
  constructor() {
    super('This Idempotency-Key was already used with a different request body; send a new key for a new request');
  }
}

/** A conditional write was sent without If-Match (RFC 6585 428): changing a pet needs the version it was read at. */
export class PreconditionRequiredError extends DomainError {
  readonly code = 'precondition_required';
}

/** If-Match names a version that is no longer current: someone changed the resource since it was read. */
export class PreconditionFailedError extends DomainError {
  readonly code = 'precondition_failed';
  constructor(
    message: string,
    /** The current version, sent back as the ETag so that the client can read, merge and retry. */
    readonly currentVersion: number,
  ) {
    super(message);
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

export class WebhookEndpointNotFoundError extends DomainError {
  readonly code = 'not_found';
  constructor(id: string) {
    super(`No webhook endpoint with id ${id} among this key's owner's endpoints`);
  }
}

export class DeliveryNotFoundError extends DomainError {
  readonly code = 'not_found';
  constructor(id: string) {
    super(`No delivery with id ${id} to this webhook endpoint (deliveries are kept 30 days)`);
  }
}

/** The owner has as many webhook endpoints as it may (WEBHOOK_ENDPOINTS_PER_OWNER). */
export class EndpointLimitReachedError extends DomainError {
  readonly code = 'endpoint_limit_reached';
}

/** The URL is one this service will not send webhooks to: not https, user-info, or an address inside a network. */
export class UrlNotAllowedError extends DomainError {
  readonly code = 'url_not_allowed';
}
