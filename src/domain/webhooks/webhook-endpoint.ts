/**
 * Webhook endpoints: where an owner wants its events pushed, which types, and the secrets the
 * deliveries are signed with. The URL rule here is what a URL must look like (https, no user-info);
 * whether the address it resolves to may be reached is decided at creation and at every attempt
 * (application/shared/services/outbound-addresses.ts).
 */
import { ValidationError } from '../shared/errors.js';
import { UrlNotAllowedError } from './errors.js';
import { EVENT_TYPES, isEventType, type EventType } from '../adoption/feed-event.js';
import type { Instant } from '../shared/instant.js';

export const WEBHOOK_STATUSES = ['enabled', 'disabled'] as const;
export type WebhookStatus = (typeof WEBHOOK_STATUSES)[number];

/** Every event type, now and later. */
export const ALL_EVENTS = '*';
export type EnabledEvents = readonly EventType[] | readonly [typeof ALL_EVENTS];

export const WEBHOOK_URL_MAX_LENGTH = 2048;
export const WEBHOOK_DESCRIPTION_MAX_LENGTH = 500;
/** The longest overlap a rotation may give the old secret: a week. */
export const MAX_ROTATION_OVERLAP_SECONDS = 604_800;

export interface WebhookSecret {
  readonly secret: string;
  /** When a rotated-out secret stops signing; null for the current one. */
  readonly expiresAt: Instant | null;
}

export interface WebhookEndpoint {
  /** `we_` and 16 letters or digits. */
  readonly id: string;
  readonly ownerId: string;
  readonly url: string;
  readonly enabledEvents: EnabledEvents;
  readonly description: string | null;
  readonly status: WebhookStatus;
  readonly disabledReason: string | null;
  /** The current secret first, then rotated-out ones still in their overlap. */
  readonly secrets: readonly WebhookSecret[];
  readonly createdAt: Instant;
  readonly updatedAt: Instant;
  readonly version: number;
}

export interface UrlRules {
  /** Development and tests: `http://` and loopback hosts are allowed. */
  readonly allowLoopback: boolean;
}

/** The URL as it will be called, or UrlNotAllowedError / ValidationError saying what to change. */
export function checkWebhookUrl(raw: string, rules: UrlRules): URL {
  if (raw.length > WEBHOOK_URL_MAX_LENGTH) throw new ValidationError('url', `url must be at most ${WEBHOOK_URL_MAX_LENGTH} characters`);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ValidationError('url', 'url must be an absolute URL, such as https://example.com/webhooks');
  }
  const schemes = rules.allowLoopback ? ['https:', 'http:'] : ['https:'];
  if (!schemes.includes(url.protocol)) {
    throw new UrlNotAllowedError(
      `url must use https${rules.allowLoopback ? ' (or http, allowed here for development)' : ''}; got ${url.protocol.slice(0, -1)}`,
    );
  }
  if (url.username !== '' || url.password !== '') {
    throw new UrlNotAllowedError('url must not carry a user name or password: authenticate deliveries by their signature');
  }
  if (url.hash !== '') throw new ValidationError('url', 'url must not have a fragment (#...): it is never sent');
  return url;
}

export function checkEnabledEvents(events: readonly string[]): EnabledEvents {
  if (events.length === 0)
    throw new ValidationError('enabledEvents', `enabledEvents must name at least one event type, or "${ALL_EVENTS}"`);
  if (events.includes(ALL_EVENTS)) {
    if (events.length > 1)
      throw new ValidationError('enabledEvents', `enabledEvents "${ALL_EVENTS}" stands alone: it already means every type`);
    return [ALL_EVENTS];
  }
  const unknown = events.find((type) => !isEventType(type));
  if (unknown !== undefined) {
    throw new ValidationError('enabledEvents', `enabledEvents has an unknown type "${unknown}"; the types are ${EVENT_TYPES.join(', ')}`);
  }
  return [...new Set(events)] as EventType[];
}

export function checkDescription(description: string): void {
  if ([...description].length > WEBHOOK_DESCRIPTION_MAX_LENGTH) {
    throw new ValidationError('description', `description must be at most ${WEBHOOK_DESCRIPTION_MAX_LENGTH} characters`);
  }
}

/** The secrets that sign a delivery made at `now`: the current one and those still in their overlap. */
export function signingSecrets(endpoint: WebhookEndpoint, now: Instant): string[] {
  return endpoint.secrets.filter((held) => held.expiresAt === null || held.expiresAt > now).map((held) => held.secret);
}

/** The endpoint after a rotation at `now`: `secret` current, the old one signing until the overlap ends. */
export function rotateSecret(endpoint: WebhookEndpoint, secret: string, overlapSeconds: number, nowMs: number): WebhookEndpoint {
  if (!Number.isInteger(overlapSeconds) || overlapSeconds < 0 || overlapSeconds > MAX_ROTATION_OVERLAP_SECONDS) {
    throw new ValidationError('overlapSeconds', `overlapSeconds must be an integer from 0 to ${MAX_ROTATION_OVERLAP_SECONDS} (a week)`);
  }
  const now = new Date(nowMs).toISOString();
  const until = new Date(nowMs + overlapSeconds * 1000).toISOString();
  const kept = endpoint.secrets
    .map((held) => (held.expiresAt === null ? { secret: held.secret, expiresAt: until } : held))
    .filter((held) => overlapSeconds > 0 && (held.expiresAt as string) > now);
  return { ...endpoint, secrets: [{ secret, expiresAt: null }, ...kept], updatedAt: now, version: endpoint.version + 1 };
}

/** What newId makes. */
export const WEBHOOK_ENDPOINT_ID_PATTERN = '^we_[0-9a-z]{12}[A-Za-z0-9]{7}$';
