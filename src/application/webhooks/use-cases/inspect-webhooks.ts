/**
 * The operator's view of an owner's webhooks: its endpoints (never a secret) and, for each, the
 * latest failed attempts, to tell a partner what its endpoint answers. Read-only.
 */
import type { DeliveryAttempt } from '../../../domain/webhooks/webhook-delivery.js';
import type { WebhookEndpoint } from '../../../domain/webhooks/webhook-endpoint.js';
import type { WebhookDeliveryStore } from '../ports/webhook-delivery-store.js';
import type { WebhookEndpointStore } from '../ports/webhook-endpoint-store.js';

/** How many of the latest deliveries are looked through for failures, and how many failures are shown. */
const LOOKED_AT = 50;
export const RECENT_FAILURES = 10;

export interface RecentFailure extends DeliveryAttempt {
  readonly deliveryId: string;
  readonly eventType: string;
}

export interface EndpointOverview {
  readonly endpoint: WebhookEndpoint;
  readonly recentFailures: readonly RecentFailure[];
}

export class InspectWebhooks {
  constructor(
    private readonly endpoints: WebhookEndpointStore,
    private readonly deliveries: WebhookDeliveryStore,
  ) {}

  /** The owner's endpoints, oldest first (at most the per-owner maximum), each with its latest failed attempts, newest first. */
  async ownerEndpoints(ownerId: string, maxPerOwner: number): Promise<EndpointOverview[]> {
    const endpoints = await this.endpoints.listByOwner(ownerId, undefined, maxPerOwner);
    return Promise.all(
      endpoints.map(async (endpoint) => {
        const latest = await this.deliveries.list({ endpointId: endpoint.id, limit: LOOKED_AT });
        const recentFailures = latest
          .flatMap((delivery) =>
            delivery.attempts
              .filter((attempt) => attempt.statusCode === null || attempt.statusCode < 200 || attempt.statusCode >= 300)
              .map((attempt) => ({ deliveryId: delivery.id, eventType: delivery.eventType, ...attempt })),
          )
          .sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0))
          .slice(0, RECENT_FAILURES);
        return { endpoint, recentFailures };
      }),
    );
  }
}
