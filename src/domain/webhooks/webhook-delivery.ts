/**
 * Webhook deliveries: one per event and endpoint, attempted until the endpoint answers 2xx, or the
 * retry schedule is used up (`exhausted`), or an answer that retrying cannot change ends it
 * (`failed`: the address is refused, or the endpoint answered 410 Gone). What an attempt's outcome
 * makes of a delivery, and when the next attempt is due, are pure functions here.
 */
import type { Instant } from '../shared/instant.js';

export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed', 'exhausted', 'skipped'] as const;
/**
 * `pending`: an attempt is due at `nextAttemptAt` (the first, or a retry). `delivered`: a 2xx.
 * `failed`: stopped without success and not retried (address refused, 410, endpoint removed).
 * `exhausted`: every retry of the schedule failed. `skipped`: the endpoint was disabled when the
 * event came; recover sends it once the endpoint is enabled again.
 */
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** Why an attempt got no HTTP answer, or an answer that is not one: never retried when `blocked`. */
export const ATTEMPT_ERRORS = ['timeout', 'connect', 'redirect', 'blocked'] as const;
export type AttemptError = (typeof ATTEMPT_ERRORS)[number];

/** The statuses `recover` sends again. */
export const RECOVERABLE_STATUSES: readonly DeliveryStatus[] = ['failed', 'exhausted', 'skipped'];

/** The type of the signed ping `POST .../test` sends; never in the feed. */
export const TEST_EVENT_TYPE = 'webhook.test';

export interface DeliveryAttempt {
  readonly at: Instant;
  /** The HTTP status the endpoint answered; null when it gave none (see `error`). */
  readonly statusCode: number | null;
  readonly error: AttemptError | null;
  readonly durationMs: number;
}

export interface WebhookDelivery {
  /** `wd_`, then the event id's time and count, then 12 letters or digits of the endpoint's: one per event and endpoint. */
  readonly id: string;
  readonly endpointId: string;
  readonly ownerId: string;
  /** The `webhook-id` of every attempt. */
  readonly eventId: string;
  readonly eventType: string;
  /** The request body, the event as the feed shows it: the same bytes on every attempt. */
  readonly body: string;
  readonly status: DeliveryStatus;
  /** Oldest first; the last MAX_KEPT_ATTEMPTS. */
  readonly attempts: readonly DeliveryAttempt[];
  /** When the next attempt is due; null unless pending. */
  readonly nextAttemptAt: Instant | null;
  readonly createdAt: Instant;
  readonly updatedAt: Instant;
  readonly version: number;
}

/** How a delivery attempt went, as the sender saw it. */
export type AttemptOutcome =
  | { readonly kind: 'response'; readonly statusCode: number; readonly retryAfterMs: number | null }
  | { readonly kind: 'error'; readonly error: AttemptError };

export const MAX_KEPT_ATTEMPTS = 50;

/**
 * The default retry schedule: the wait after each failed attempt. The Standard Webhooks example
 * (5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h), then 20 h and 24 h: ten attempts over about three days.
 */
export const DEFAULT_RETRY_SCHEDULE_MS: readonly number[] = [
  5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000, 72_000_000, 86_400_000,
];

/** Each wait is the schedule's, spread by up to this fraction either way so that retries of one outage do not arrive together. */
export const RETRY_JITTER = 0.1;

/** True for a status code that counts as delivered. */
export function isDelivered(outcome: AttemptOutcome): boolean {
  // Stryker disable next-line ConditionalExpression: an error outcome has no status code, and undefined >= 200 is false alike
  return outcome.kind === 'response' && outcome.statusCode >= 200 && outcome.statusCode < 300;
}

/** What the endpoint answered that ends it: 410 Gone disables it. */
export function disablesEndpoint(outcome: AttemptOutcome): boolean {
  return outcome.kind === 'response' && outcome.statusCode === 410;
}

/**
 * The delivery after an attempt at `nowMs`. A 2xx delivers; a refused address or a 410 fails it for
 * good; anything else waits the schedule's next step (`jitter` in [0, 1) spreads it by RETRY_JITTER),
 * or longer when a 429 or 503 said Retry-After (never longer than the schedule's longest step), and
 * once every step is used, it is exhausted.
 */
export function afterAttempt(
  delivery: WebhookDelivery,
  outcome: AttemptOutcome,
  nowMs: number,
  durationMs: number,
  schedule: readonly number[],
  jitter: number,
): WebhookDelivery {
  const now = new Date(nowMs).toISOString();
  const attempt: DeliveryAttempt = {
    at: new Date(nowMs - durationMs).toISOString(),
    statusCode: outcome.kind === 'response' ? outcome.statusCode : null,
    error: outcome.kind === 'error' ? outcome.error : null,
    durationMs,
  };
  const attempts = [...delivery.attempts, attempt].slice(-MAX_KEPT_ATTEMPTS);
  const settled = (status: DeliveryStatus): WebhookDelivery => ({
    ...delivery,
    status,
    attempts,
    nextAttemptAt: null,
    updatedAt: now,
    version: delivery.version + 1,
  });
  if (isDelivered(outcome)) return settled('delivered');
  if (disablesEndpoint(outcome) || (outcome.kind === 'error' && outcome.error === 'blocked')) return settled('failed');
  const failedSoFar = attempts.filter((held) => held.statusCode === null || held.statusCode < 200 || held.statusCode >= 300).length;
  const step = schedule[failedSoFar - 1];
  if (step === undefined) return settled('exhausted');
  let waitMs = Math.round(step * (1 - RETRY_JITTER + 2 * RETRY_JITTER * jitter));
  if (outcome.kind === 'response' && outcome.retryAfterMs !== null && (outcome.statusCode === 429 || outcome.statusCode === 503)) {
    waitMs = Math.max(waitMs, Math.min(outcome.retryAfterMs, Math.max(...schedule)));
  }
  return { ...settled('pending'), nextAttemptAt: new Date(nowMs + waitMs).toISOString() };
}

/** The delivery due again now: a partner's retry, or a recovery. The schedule goes on from the attempts made. */
export function dueAgain(delivery: WebhookDelivery, nowMs: number): WebhookDelivery {
  const now = new Date(nowMs).toISOString();
  return { ...delivery, status: 'pending', nextAttemptAt: now, updatedAt: now, version: delivery.version + 1 };
}

/** The delivery ended without an attempt: its endpoint is gone, or disabled (`skipped`). */
export function withoutAttempt(delivery: WebhookDelivery, status: 'failed' | 'skipped', nowMs: number): WebhookDelivery {
  const now = new Date(nowMs).toISOString();
  return { ...delivery, status, nextAttemptAt: null, updatedAt: now, version: delivery.version + 1 };
}

/**
 * `Retry-After` in milliseconds: delay-seconds or an HTTP date (RFC 9110), null when absent or not
 * one of the two.
 */
export function retryAfterMs(header: string | undefined, nowMs: number): number | null {
  if (header === undefined) return null;
  const text = header.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  // An HTTP date ends in GMT; anything else (a negative number, a word) is not a Retry-After.
  if (!/ GMT$/.test(text)) return null;
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, at - nowMs);
}

/** How an endpoint has fared lately: kept per endpoint as attempts end. */
export interface EndpointHealth {
  /** The last delivered attempt; null if none yet. */
  readonly lastSuccessAt: number | null;
  /** The first failed attempt since the last delivered one; null while the last attempt delivered. */
  readonly failingSinceMs: number | null;
}

/** Failures must be spread over at least this long before an endpoint is disabled for them. */
export const MIN_FAILING_SPREAD_MS = 12 * 3_600_000;

/**
 * Whether an endpoint that just failed an attempt at `nowMs` is disabled for failing: no attempt
 * delivered for `afterMs`, with failures spread over at least 12 hours, counted from `sinceMs` (when
 * the endpoint last changed: enabling it again starts the count afresh).
 */
export function failingTooLong(health: EndpointHealth, nowMs: number, afterMs: number, sinceMs: number): boolean {
  if (health.failingSinceMs === null) return false;
  const from = Math.max(health.failingSinceMs, sinceMs, health.lastSuccessAt ?? 0);
  return nowMs - from >= Math.max(afterMs, MIN_FAILING_SPREAD_MS);
}

/** What deliveryIdFor makes. */
export const WEBHOOK_DELIVERY_ID_PATTERN = '^wd_[0-9a-z]{13}[A-Za-z0-9]{6}[0-9a-z]{12}$';
