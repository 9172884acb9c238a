/**
 * The publishing feature's errors.
 * Their codes' HTTP mapping is the feature's own (adapters/publishing/http/error-codes.ts).
 */
import { DomainError } from '../shared/errors.js';

export class DestinationNotFoundError extends DomainError {
  readonly code = 'not_found';
  constructor(id: string) {
    super(`No publishing destination with id ${id} among this key's owner's destinations`);
  }
}

/** The owner has as many destinations as it may (PUBLISHING_DESTINATIONS_PER_OWNER). */
export class DestinationLimitReachedError extends DomainError {
  readonly code = 'destination_limit_reached';
}

/** The host is one this service will not upload to: it resolves to no address, or to an address inside a network. */
export class HostNotAllowedError extends DomainError {
  readonly code = 'host_not_allowed';
}
