/** Port: where webhook endpoints are kept, with their secrets. Listing is in ascending id order (ids sort by creation time). */
import type { WebhookEndpoint } from '../../../domain/webhooks/webhook-endpoint.js';

export interface WebhookEndpointStore {
  /** Stores the endpoint unless its owner already has `maxPerOwner`; false then. Exact under concurrent adds. */
  add(endpoint: WebhookEndpoint, maxPerOwner: number): Promise<boolean>;
  findById(id: string): Promise<WebhookEndpoint | null>;
  /** The owner's endpoints with an id above `afterId`, at most `limit`. */
  listByOwner(ownerId: string, afterId: string | undefined, limit: number): Promise<WebhookEndpoint[]>;
  /** Endpoints of every owner with an id above `afterId`, at most `limit` (the fan-out reads them all, a page at a time). */
  listAll(afterId: string | undefined, limit: number): Promise<WebhookEndpoint[]>;
  /** Stores the endpoint in place of the stored one when that one's version is `expectedVersion`; false otherwise. */
  update(endpoint: WebhookEndpoint, expectedVersion: number): Promise<boolean>;
  /** Removes the endpoint when its version is `expectedVersion`; false otherwise. */
  remove(id: string, expectedVersion: number): Promise<boolean>;
}
