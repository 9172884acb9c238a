/**
 * The access feature's errors: keys and admin credentials.
 * Their codes' HTTP mapping is the feature's own (adapters/access/http/error-codes.ts).
 */
import { DomainError } from '../shared/errors.js';

export class KeyNotFoundError extends DomainError {
  readonly code = 'not_found';
  constructor(id: string) {
    super(`No key with id ${id}`);
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
