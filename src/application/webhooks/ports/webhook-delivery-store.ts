/**
 * Port: webhook deliveries, one per event and endpoint, and the position in the event feed up to
 * which deliveries have been made. Any number of instances use it at once: adding is idempotent,
 * and an attempt is made by the one instance that claimed the delivery.
 */
import type { DeliveryStatus, EndpointHealth, WebhookDelivery } from '../../../domain/webhooks/webhook-delivery.js';

export interface DeliveryQuery {
  readonly endpointId: string;
  readonly status?: DeliveryStatus;
  /** Only deliveries with an id below this one (the page before). */
  readonly beforeId?: string;
  readonly limit: number;
}

export interface DeliveryBacklog {
  /** Pending deliveries whose attempt is due. */
  readonly due: number;
  /** When the longest-waiting due attempt fell due; null when none is due. */
  readonly oldestDueAt: string | null;
}

export interface WebhookDeliveryStore {
  /** Stores each delivery unless one with its id exists (a fan-out repeated after a crash). */
  add(deliveries: readonly WebhookDelivery[]): Promise<void>;
  findById(id: string): Promise<WebhookDelivery | null>;
  /**
   * Up to `limit` pending deliveries due at `nowMs` and claimed by no one (or by a claim that ran out),
   * now claimed by `holder` until `untilMs`, oldest due first (due together: in id order), each as stored after the claim. Of
   * instances claiming at once, one gets each delivery.
   */
  claimDue(holder: string, nowMs: number, untilMs: number, limit: number): Promise<WebhookDelivery[]>;
  /** Stores the delivery (its claim released) when the stored one's version is `expectedVersion`; false otherwise. */
  update(delivery: WebhookDelivery, expectedVersion: number): Promise<boolean>;
  /** An endpoint's deliveries, newest first. */
  list(query: DeliveryQuery): Promise<WebhookDelivery[]>;
  /** An endpoint's deliveries in `statuses` made at or after `sinceMs`, oldest first, at most `limit`. */
  findSince(endpointId: string, statuses: readonly DeliveryStatus[], sinceMs: number, limit: number): Promise<WebhookDelivery[]>;
  /** Removes the deliveries made before `beforeMs`; returns how many. */
  prune(beforeMs: number): Promise<number>;
  backlog(nowMs: number): Promise<DeliveryBacklog>;
  /**
   * Records how an attempt to the endpoint ended at `atMs` and returns its health after it: a delivered
   * attempt clears the failing time, a failed one starts it unless it had started.
   */
  recordOutcome(endpointId: string, delivered: boolean, atMs: number): Promise<EndpointHealth>;
  /** The feed position up to which deliveries are made (0 at first). */
  fanOutPosition(): Promise<number>;
  /** Moves the position from `from` to `to`; false when another instance moved it first. */
  advanceFanOut(from: number, to: number): Promise<boolean>;
}
