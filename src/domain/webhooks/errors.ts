/**
 * The webhooks feature's errors.
 * Their codes' HTTP mapping is the feature's own (adapters/webhooks/http/error-codes.ts).
 */
import { DomainError } from '../shared/errors.js';

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
