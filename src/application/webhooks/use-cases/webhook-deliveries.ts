/**
 * A partner's tools for its webhook deliveries: the log of an endpoint's deliveries and their
 * attempts, a retry of one delivery, recovering everything that failed since a time, and a signed
 * test event sent at once. Only the endpoint's owner reaches them (another owner's endpoint answers as
 * missing).
 */
import { ValidationError } from '../../../domain/shared/errors.js';
import { DeliveryNotFoundError } from '../../../domain/webhooks/errors.js';
import {
  dueAgain,
  RECOVERABLE_STATUSES,
  TEST_EVENT_TYPE,
  type AttemptOutcome,
  type DeliveryStatus,
  type WebhookDelivery,
} from '../../../domain/webhooks/webhook-delivery.js';
import type { Clock } from '../../shared/ports/clock.js';
import type { WebhookDeliveryStore } from '../ports/webhook-delivery-store.js';
import { decodeCursor, pageLimit, pageOf } from '../../shared/cursor.js';
import { EventIds } from '../../shared/ids.js';
import type { WebhookDispatcher } from '../services/webhook-dispatcher.js';
import { WEBHOOK_DELIVERY_ID_PATTERN } from '../../../domain/webhooks/webhook-delivery.js';
import type { Caller } from '../../shared/caller.js';
import type { ManageWebhookEndpoints } from './manage-webhook-endpoints.js';
import { LOST_RACE, retryOnConflict } from '../../shared/conditional-writes.js';

const DELIVERY_ID = new RegExp(WEBHOOK_DELIVERY_ID_PATTERN);

/** The most deliveries one recover call sends again; a later `since` picks up the rest. */
export const MAX_RECOVERED = 1_000;

export interface DeliveriesSettings {
  /** How long deliveries are kept: `since` may not be older. */
  readonly retentionMs: number;
}

/** What a test ping got: the endpoint's answer, or why there was none, and how long it took. */
export interface TestResult {
  readonly delivery: WebhookDelivery;
  readonly outcome: AttemptOutcome;
}

export class WebhookDeliveries {
  private readonly ids = new EventIds();

  constructor(
    private readonly endpoints: ManageWebhookEndpoints,
    private readonly deliveries: WebhookDeliveryStore,
    private readonly dispatcher: WebhookDispatcher,
    private readonly clock: Clock,
    private readonly settings: DeliveriesSettings,
  ) {}

  /** The endpoint's deliveries, newest first, a page at a time, optionally of one status. */
  async list(
    endpointId: string,
    caller: Caller,
    page: { readonly status?: DeliveryStatus; readonly limit?: number; readonly cursor?: string } = {},
  ): Promise<{ readonly deliveries: WebhookDelivery[]; readonly nextCursor: string | null }> {
    await this.endpoints.get(endpointId, caller);
    const limit = pageLimit(page.limit);
    const beforeId = page.cursor === undefined ? undefined : decodeCursor(page.cursor, (text) => (DELIVERY_ID.test(text) ? text : null));
    const { rows, nextCursor } = pageOf(
      await this.deliveries.list({
        endpointId,
        limit: limit + 1,
        ...(page.status !== undefined && { status: page.status }),
        ...(beforeId !== undefined && { beforeId }),
      }),
      limit,
      (delivery) => delivery.id,
    );
    return { deliveries: rows, nextCursor };
  }

  async get(endpointId: string, deliveryId: string, caller: Caller): Promise<WebhookDelivery> {
    await this.endpoints.get(endpointId, caller);
    const delivery = DELIVERY_ID.test(deliveryId) ? await this.deliveries.findById(deliveryId) : null;
    if (delivery === null || delivery.endpointId !== endpointId) throw new DeliveryNotFoundError(deliveryId);
    return delivery;
  }

  /** The delivery due again now, whatever its status: the next attempt carries the same webhook-id, with a new timestamp and signature. */
  async retry(endpointId: string, deliveryId: string, caller: Caller): Promise<WebhookDelivery> {
    return retryOnConflict(`Webhook delivery ${deliveryId}`, async () => {
      const delivery = await this.get(endpointId, deliveryId, caller);
      const due = dueAgain(delivery, this.clock.nowMs());
      return (await this.deliveries.update(due, delivery.version)) ? due : LOST_RACE;
    });
  }

  /** Every failed, exhausted or skipped delivery made since `since`, due again (the oldest MAX_RECOVERED); returns how many. */
  async recover(endpointId: string, since: string, caller: Caller): Promise<number> {
    await this.endpoints.get(endpointId, caller);
    const sinceMs = Date.parse(since);
    const nowMs = this.clock.nowMs();
    if (Number.isNaN(sinceMs)) throw new ValidationError('since', 'since must be an RFC 3339 date-time, such as 2026-11-20T00:00:00Z');
    if (sinceMs > nowMs)
      throw new ValidationError('since', 'since is in the future: give the time from which to send failed deliveries again');
    if (sinceMs < nowMs - this.settings.retentionMs) {
      throw new ValidationError(
        'since',
        `since is older than the ${Math.round(this.settings.retentionMs / 86_400_000)} days deliveries ` +
          `are kept; give a later time (events older than that are in the event feed only while it keeps ` +
          `them)`,
      );
    }
    const found = await this.deliveries.findSince(endpointId, RECOVERABLE_STATUSES, sinceMs, MAX_RECOVERED);
    let recovered = 0;
    // Due at the same time, they are claimed in id order (the events' order) and attempted in parallel.
    for (const delivery of found) if (await this.deliveries.update(dueAgain(delivery, nowMs), delivery.version)) recovered++;
    return recovered;
  }

  /** A signed `webhook.test` event sent to the endpoint now, recorded in its log; never retried. */
  async test(endpointId: string, caller: Caller): Promise<TestResult> {
    const endpoint = await this.endpoints.get(endpointId, caller);
    const nowMs = this.clock.nowMs();
    const createdAt = new Date(nowMs).toISOString();
    const eventId = this.ids.next(nowMs);
    const body = JSON.stringify({ id: eventId, type: TEST_EVENT_TYPE, createdAt, data: { endpointId } });
    const made = this.dispatcher.newDelivery({ ...endpoint, status: 'enabled' }, eventId, TEST_EVENT_TYPE, body);
    const { delivery, outcome } = await this.dispatcher.attempt(made, endpoint);
    const recorded: WebhookDelivery = delivery.status === 'pending' ? { ...delivery, status: 'failed', nextAttemptAt: null } : delivery;
    await this.deliveries.add([recorded]);
    return { delivery: recorded, outcome };
  }
}
