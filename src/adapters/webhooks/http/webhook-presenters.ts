/** Webhook endpoints and deliveries as the API shows them, to their owners and to operators. */
import type { WebhookDelivery } from '../../../domain/webhooks/webhook-delivery.js';
import type { WebhookEndpoint } from '../../../domain/webhooks/webhook-endpoint.js';

/** What every owner-facing webhook operation says of who reaches it. */
export const OWNER_ONLY =
  'Needs the `webhooks:write` scope (or `pets:write`, which grants it). Only the endpoints of the ' +
  "key's owner: another owner's endpoint gets 404, as one that does not exist.";

/** An endpoint as the API shows it: never a secret. */
export function presentEndpoint(endpoint: WebhookEndpoint) {
  const { id, url, enabledEvents, description, status, disabledReason, createdAt, updatedAt, version } = endpoint;
  return { id, url, enabledEvents: [...enabledEvents], description, status, disabledReason, createdAt, updatedAt, version };
}

/** A delivery as the API shows it: never its owner or body. */
export function presentDelivery(delivery: WebhookDelivery) {
  const { id, endpointId, eventId, eventType, status, attempts, nextAttemptAt, createdAt, updatedAt } = delivery;
  return {
    id,
    endpointId,
    eventId,
    eventType,
    status,
    attempts: attempts.map((attempt) => ({ ...attempt })),
    nextAttemptAt,
    createdAt,
    updatedAt,
  };
}
