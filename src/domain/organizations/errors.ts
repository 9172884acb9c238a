/**
 * The organizations feature's errors.
 * Their codes' HTTP mapping is the feature's own (adapters/organizations/http/error-codes.ts).
 */
import { DomainError } from '../shared/errors.js';

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
