// Over 300 lines: the fan-out, the attempts and the disable share one set of settings and stores; split, each part would take them all.
/**
 * Webhook delivery, in two steps every instance runs (unless WEBHOOK_WORKER=false):
 *
 * - fan-out: reads the event feed from the position deliveries were made up to, makes a delivery for
 *   each event and each endpoint that may see it and enabled its type (`skipped` while the endpoint
 *   is disabled), then moves the position on. The delivery id is made of the event's and the
 *   endpoint's, so a fan-out repeated after a crash, or run by two instances at once, adds nothing twice.
 * - attempts: claims the deliveries that are due (one instance gets each, for longer than an attempt
 *   may take), resolves the endpoint's host again and checks every address (a refused one is a
 *   `blocked` attempt, not retried), posts the signed event to the checked address, and records what
 *   came of it. A 410 disables the endpoint.
 *
 * Every attempt is at least once: a receiver deduplicates on `webhook-id`.
 */
import { audienceOf, type FeedEvent } from '../../../domain/adoption/feed-event.js';
import {
  afterAttempt,
  disablesEndpoint,
  failingTooLong,
  isDelivered,
  withoutAttempt,
  type AttemptOutcome,
  type WebhookDelivery,
} from '../../../domain/webhooks/webhook-delivery.js';
import { ALL_EVENTS, checkWebhookUrl, signingSecrets, type WebhookEndpoint } from '../../../domain/webhooks/webhook-endpoint.js';
import type { AddressResolver } from '../../shared/ports/address-resolver.js';
import type { Clock } from '../../shared/ports/clock.js';
import type { EventFeed } from '../../adoption/ports/event-feed.js';
import type { WebhookDeliveryStore } from '../ports/webhook-delivery-store.js';
import type { WebhookEndpointStore } from '../ports/webhook-endpoint-store.js';
import type { WebhookSender } from '../ports/webhook-sender.js';
import { checkHost } from '../../shared/services/outbound-addresses.js';
import { deliveryIdFor } from './webhook-delivery-ids.js';
import { signWebhook } from './webhook-signing.js';
import type { Auditor } from '../../shared/services/auditor.js';
import type { Actor } from '../../../domain/shared/audit-event.js';
import { LOST_RACE, retryOnConflict } from '../../shared/conditional-writes.js';

/** The service itself, when delivery disables an endpoint. */
export const WEBHOOK_DELIVERY_ACTOR: Actor = { id: 'webhook-delivery', requestId: null, ip: null };

/** The User-Agent of every delivery. */
export const WEBHOOK_USER_AGENT = 'AnimalAdoptionAPI-Webhooks/1.0 (+https://github.com/standard-webhooks/standard-webhooks)';

export interface WebhookDispatcherSettings {
  /** This instance, unique among those sharing the store. */
  readonly holder: string;
  /** WEBHOOK_TIMEOUT_MS: the longest an attempt may take. */
  readonly timeoutMs: number;
  /**
   * How long a claim outlives the attempt's own bound: the host's lookup and the store calls around
   * the attempt (the endpoint read, the outcome, a disable, the record), each bounded by its own timeout.
   * An instance that stops mid-attempt holds its deliveries this long after the timeout.
   */
  readonly claimMarginMs: number;
  /** The wait after each failed attempt (WEBHOOK_RETRY_SCHEDULE). */
  readonly retryScheduleMs: readonly number[];
  readonly allowLoopback: boolean;
  /** The request body for an event: the event as the feed shows it. */
  readonly render: (event: FeedEvent) => string;
  /** Events read from the feed, and deliveries claimed, per pass. */
  readonly batch: number;
  /** Deliveries are kept this long (30 days). */
  readonly retentionMs: number;
  /** WEBHOOK_DISABLE_AFTER_DAYS: an endpoint with no delivered attempt for this long, failing, is disabled. */
  readonly disableAfterMs: number;
  /** Spreads each retry's wait; Math.random unless a test fixes it. */
  readonly jitter?: () => number;
}

export interface WebhookDispatcherEvents {
  /** One attempt made: `outcome` is `delivered`, an HTTP status class (`4xx`, `5xx`, `3xx`) or the error class. */
  readonly attempted?: (outcome: string, durationMs: number) => void;
  /** An endpoint was disabled by what it answered, or by failing for days. */
  readonly endpointDisabled?: (endpoint: WebhookEndpoint, reason: string) => void;
}

/** The outcome as a metric label. */
export function outcomeLabel(outcome: AttemptOutcome): string {
  if (outcome.kind === 'error') return outcome.error;
  if (outcome.statusCode >= 200 && outcome.statusCode < 300) return 'delivered';
  return `${Math.floor(outcome.statusCode / 100)}xx`;
}

/** Attempts one instance makes at once. */
const CONCURRENT_ATTEMPTS = 16;
/** How often, at most, old deliveries are dropped. */
const PRUNE_EVERY_MS = 3_600_000;

export interface DispatcherDependencies {
  readonly feed: EventFeed;
  /** Records the endpoints it disables. */
  readonly auditor: Auditor;
  readonly endpoints: WebhookEndpointStore;
  readonly deliveries: WebhookDeliveryStore;
  readonly resolver: AddressResolver;
  readonly sender: WebhookSender;
  readonly clock: Clock;
}

export class WebhookDispatcher {
  private nextPruneMs = 0;
  /** Disables under way, by endpoint id. */
  private readonly disabling = new Map<string, Promise<void>>();

  constructor(
    private readonly dependencies: DispatcherDependencies,
    private readonly settings: WebhookDispatcherSettings,
    private readonly events: WebhookDispatcherEvents = {},
  ) {}

  /** One fan-out pass: returns how many events it read from the feed. */
  async fanOut(): Promise<number> {
    const { feed, deliveries } = this.dependencies;
    const from = await deliveries.fanOutPosition();
    const read = await feed.find({ afterPosition: from, visibleTo: null, limit: this.settings.batch });
    if (read.length === 0) return 0;
    const endpoints = await this.allEndpoints();
    const made: WebhookDelivery[] = [];
    for (const { event } of read) {
      for (const endpoint of endpoints) {
        if (!wants(endpoint, event)) continue;
        made.push(this.newDelivery(endpoint, event.id, event.type, this.settings.render(event)));
      }
    }
    if (made.length > 0) await deliveries.add(made);
    await deliveries.advanceFanOut(from, (read.at(-1) as { position: number }).position);
    return read.length;
  }

  /** One attempts pass: claims the due deliveries and attempts them; returns how many. */
  async attemptDue(): Promise<number> {
    const { deliveries, clock } = this.dependencies;
    const nowMs = clock.nowMs();
    if (nowMs >= this.nextPruneMs) {
      this.nextPruneMs = nowMs + PRUNE_EVERY_MS;
      await deliveries.prune(nowMs - this.settings.retentionMs);
    }
    const claimed = await deliveries.claimDue(
      this.settings.holder,
      nowMs,
      nowMs + this.settings.timeoutMs + this.settings.claimMarginMs,
      this.settings.batch,
    );
    let next = 0;
    const worker = async () => {
      while (next < claimed.length) {
        const delivery = claimed[next++] as WebhookDelivery;
        await this.settle(delivery);
      }
    };
    await Promise.all(Array.from({ length: Math.min(CONCURRENT_ATTEMPTS, claimed.length) }, worker));
    return claimed.length;
  }

  /**
   * One attempt of `delivery` to `endpoint` now, recorded (when `expectedVersion` still holds):
   * the delivery after it, and what the endpoint answered.
   */
  async attempt(delivery: WebhookDelivery, endpoint: WebhookEndpoint): Promise<{ delivery: WebhookDelivery; outcome: AttemptOutcome }> {
    const { clock } = this.dependencies;
    const started = clock.nowMs();
    const outcome = await this.send(delivery, endpoint, started);
    const durationMs = Math.max(0, clock.nowMs() - started);
    const after = afterAttempt(
      delivery,
      outcome,
      clock.nowMs(),
      durationMs,
      this.settings.retryScheduleMs,
      (this.settings.jitter ?? Math.random)(),
    );
    this.events.attempted?.(outcomeLabel(outcome), durationMs);
    const delivered = isDelivered(outcome);
    const health = await this.dependencies.deliveries.recordOutcome(endpoint.id, delivered, started);
    if (disablesEndpoint(outcome)) {
      await this.disable(
        endpoint,
        `The endpoint answered 410 Gone to delivery ${delivery.id}; enable it again (PATCH status "enabled") once it takes deliveries`,
      );
    } else if (!delivered && failingTooLong(health, clock.nowMs(), this.settings.disableAfterMs, Date.parse(endpoint.updatedAt))) {
      const days = Math.round(this.settings.disableAfterMs / 86_400_000);
      await this.disable(
        endpoint,
        `No delivery succeeded for ${days} day${days === 1 ? '' : 's'} (failing since ${new Date(health.failingSinceMs as number).toISOString()}` +
          `); fix the endpoint, enable it again (PATCH status "enabled") and recover what was skipped`,
      );
    }
    return { delivery: after, outcome };
  }

  /** A delivery for `endpoint` of an event, pending now (`skipped` while the endpoint is disabled). */
  newDelivery(endpoint: WebhookEndpoint, eventId: string, eventType: string, body: string): WebhookDelivery {
    const now = new Date(this.dependencies.clock.nowMs()).toISOString();
    const enabled = endpoint.status === 'enabled';
    return {
      id: deliveryIdFor(eventId, endpoint.id),
      endpointId: endpoint.id,
      ownerId: endpoint.ownerId,
      eventId,
      eventType,
      body,
      status: enabled ? 'pending' : 'skipped',
      attempts: [],
      nextAttemptAt: enabled ? now : null,
      createdAt: now,
      updatedAt: now,
      version: 1,
    };
  }

  private async settle(delivery: WebhookDelivery): Promise<void> {
    const { endpoints, deliveries, clock } = this.dependencies;
    const endpoint = await endpoints.findById(delivery.endpointId);
    let after: WebhookDelivery;
    if (endpoint === null) after = withoutAttempt(delivery, 'failed', clock.nowMs());
    else if (endpoint.status !== 'enabled') after = withoutAttempt(delivery, 'skipped', clock.nowMs());
    else after = (await this.attempt(delivery, endpoint)).delivery;
    await deliveries.update(after, delivery.version);
  }

  private async send(delivery: WebhookDelivery, endpoint: WebhookEndpoint, nowMs: number): Promise<AttemptOutcome> {
    const { resolver, sender } = this.dependencies;
    let url: URL;
    try {
      url = checkWebhookUrl(endpoint.url, this.settings);
    } catch {
      return { kind: 'error', error: 'blocked' };
    }
    let checked;
    try {
      checked = await checkHost(url, resolver, this.settings.allowLoopback);
    } catch {
      // The resolver failed (not "no such name"): a connection could not have been made either.
      return { kind: 'error', error: 'connect' };
    }
    if (!checked.allowed) return { kind: 'error', error: checked.refused === 'unresolved' ? 'connect' : 'blocked' };
    const timestamp = Math.floor(nowMs / 1000);
    return sender.send({
      url: url.href,
      address: checked.addresses[0] as string,
      headers: {
        'content-type': 'application/json',
        'user-agent': WEBHOOK_USER_AGENT,
        'webhook-id': delivery.eventId,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': signWebhook(
          signingSecrets(endpoint, new Date(nowMs).toISOString()),
          delivery.eventId,
          timestamp,
          delivery.body,
        ),
      },
      body: delivery.body,
      timeoutMs: this.settings.timeoutMs,
    });
  }

  /**
   * Disables the endpoint, audited once: attempts to one endpoint run side by side in a pass, and
   * when several meet a 410 at once they share the one disable under way.
   */
  private disable(endpoint: WebhookEndpoint, reason: string): Promise<void> {
    const underWay = this.disabling.get(endpoint.id);
    if (underWay) return underWay;
    const disabling = this.disableNow(endpoint, reason).finally(() => this.disabling.delete(endpoint.id));
    this.disabling.set(endpoint.id, disabling);
    return disabling;
  }

  private async disableNow(endpoint: WebhookEndpoint, reason: string): Promise<void> {
    const { endpoints, clock } = this.dependencies;
    let current: WebhookEndpoint | null = endpoint;
    await retryOnConflict(`Webhook endpoint ${endpoint.id}`, async (round) => {
      if (current === null || current.status === 'disabled') return undefined;
      if (round === 0) {
        await this.dependencies.auditor.record(WEBHOOK_DELIVERY_ACTOR, 'webhook.disable', endpoint.id, {
          reason,
          changes: { status: { from: current.status, to: 'disabled' } },
        });
      }
      const now = new Date(clock.nowMs()).toISOString();
      const disabled: WebhookEndpoint = {
        ...current,
        status: 'disabled',
        disabledReason: reason,
        updatedAt: now,
        version: current.version + 1,
      };
      if (await endpoints.update(disabled, current.version)) {
        this.events.endpointDisabled?.(disabled, reason);
        return undefined;
      }
      current = await endpoints.findById(endpoint.id);
      return LOST_RACE;
    });
  }

  private async allEndpoints(): Promise<WebhookEndpoint[]> {
    const all: WebhookEndpoint[] = [];
    for (let afterId: string | undefined; ;) {
      const page = await this.dependencies.endpoints.listAll(afterId, 500);
      all.push(...page);
      if (page.length < 500) return all;
      afterId = page.at(-1)?.id;
    }
  }
}

/** Whether an endpoint gets an event: its owner may see it, it enabled the type, and it existed when the event was made. */
function wants(endpoint: WebhookEndpoint, event: FeedEvent): boolean {
  if (endpoint.createdAt > event.createdAt) return false;
  if (endpoint.enabledEvents[0] !== ALL_EVENTS && !(endpoint.enabledEvents as readonly string[]).includes(event.type)) return false;
  const audience = audienceOf(event);
  return audience === null || audience.includes(endpoint.ownerId);
}
