/**
 * An owner's webhook endpoints: made, read, changed, removed and given a new secret by the owner's
 * keys only (another owner's endpoint is answered as one that does not exist). A URL is checked
 * when it is given: its form, then every address its host resolves to. The secret is returned by
 * the create and the rotation only.
 */
import { EndpointLimitReachedError, UrlNotAllowedError, WebhookEndpointNotFoundError } from '../../../domain/webhooks/errors.js';
import {
  checkDescription,
  checkEnabledEvents,
  checkWebhookUrl,
  rotateSecret,
  type EnabledEvents,
  type UrlRules,
  type WebhookEndpoint,
  type WebhookStatus,
} from '../../../domain/webhooks/webhook-endpoint.js';
import type { AddressResolver } from '../../shared/ports/address-resolver.js';
import type { Clock } from '../../shared/ports/clock.js';
import type { WebhookEndpointStore } from '../ports/webhook-endpoint-store.js';
import { randomBase62 } from '../../shared/ids.js';
import { checkHost } from '../../shared/services/outbound-addresses.js';
import { newWebhookSecret } from '../services/webhook-signing.js';
import { decodeCursor, pageLimit, pageOf } from '../../shared/cursor.js';
import type { Caller } from '../../shared/caller.js';
import { LOST_RACE, retryOnConflict } from '../../shared/conditional-writes.js';
import type { Auditor } from '../../shared/services/auditor.js';
import type { Actor, AuditChanges } from '../../../domain/shared/audit-event.js';
import { WEBHOOK_ENDPOINT_ID_PATTERN } from '../../../domain/webhooks/webhook-endpoint.js';

/** An owner's key acting on its endpoints, as the audit log names it. */
function actorOf(caller: Caller): Actor {
  return { id: caller.keyId, requestId: null, ip: null };
}

/** What a change changed, as the audit log keeps it: never a secret (a rotation shows only that the secrets' count moved). */
function changesOf(before: WebhookEndpoint, after: WebhookEndpoint): AuditChanges {
  const changes: Record<string, { from: string | number | null | readonly string[]; to: string | number | null | readonly string[] }> = {};
  if (before.url !== after.url) changes.url = { from: before.url, to: after.url };
  if (before.enabledEvents.join() !== after.enabledEvents.join())
    changes.enabledEvents = { from: [...before.enabledEvents], to: [...after.enabledEvents] };
  if (before.description !== after.description) changes.description = { from: before.description, to: after.description };
  if (before.status !== after.status) changes.status = { from: before.status, to: after.status };
  // Every change of the secrets (a rotation) puts a new one first.
  if (before.secrets[0]?.secret !== after.secrets[0]?.secret)
    changes.signingSecrets = { from: before.secrets.length, to: after.secrets.length };
  return changes;
}

const WEBHOOK_ENDPOINT_ID = new RegExp(WEBHOOK_ENDPOINT_ID_PATTERN);

export interface NewEndpoint {
  readonly url: string;
  readonly enabledEvents: readonly string[];
  readonly description?: string;
}

export interface EndpointPatch {
  readonly url?: string;
  readonly enabledEvents?: readonly string[];
  /** null clears it. */
  readonly description?: string | null;
  readonly status?: WebhookStatus;
}

/** An endpoint with the secret that signs its deliveries: what the create and the rotation return, once. */
export interface EndpointWithSecret {
  readonly endpoint: WebhookEndpoint;
  readonly secret: string;
}

export interface WebhookEndpointSettings extends UrlRules {
  readonly maxPerOwner: number;
}

export class ManageWebhookEndpoints {
  private sequence = 0;

  constructor(
    private readonly store: WebhookEndpointStore,
    private readonly resolver: AddressResolver,
    private readonly auditor: Auditor,
    private readonly clock: Clock,
    private readonly settings: WebhookEndpointSettings,
  ) {}

  async create(input: NewEndpoint, caller: Caller): Promise<EndpointWithSecret> {
    const enabledEvents = checkEnabledEvents(input.enabledEvents);
    if (input.description !== undefined) checkDescription(input.description);
    const url = await this.checkUrl(input.url);
    const nowMs = this.clock.nowMs();
    const now = new Date(nowMs).toISOString();
    const secret = newWebhookSecret();
    const endpoint: WebhookEndpoint = {
      id: this.newId(nowMs),
      ownerId: caller.ownerId,
      url,
      enabledEvents,
      description: input.description ?? null,
      status: 'enabled',
      disabledReason: null,
      secrets: [{ secret, expiresAt: null }],
      createdAt: now,
      updatedAt: now,
      version: 1,
    };
    await this.auditor.record(actorOf(caller), 'webhook.create', endpoint.id, {
      changes: { url: { from: null, to: url }, enabledEvents: { from: null, to: [...enabledEvents] } },
    });
    if (!(await this.store.add(endpoint, this.settings.maxPerOwner))) {
      throw new EndpointLimitReachedError(
        `This owner has ${this.settings.maxPerOwner} webhook endpoints, the most it may have ` +
          `(WEBHOOK_ENDPOINTS_PER_OWNER); remove one, or send more event types to one that exists`,
      );
    }
    return { endpoint, secret };
  }

  async get(id: string, caller: Caller): Promise<WebhookEndpoint> {
    const endpoint = await this.store.findById(id);
    if (endpoint === null || endpoint.ownerId !== caller.ownerId) throw new WebhookEndpointNotFoundError(id);
    return endpoint;
  }

  /** The owner's endpoints, oldest first, a page at a time (limit 1-100, the cursor of the last page's Link). */
  async list(
    caller: Caller,
    page: { readonly limit?: number; readonly cursor?: string } = {},
  ): Promise<{ readonly endpoints: WebhookEndpoint[]; readonly nextCursor: string | null }> {
    const limit = pageLimit(page.limit);
    const afterId =
      page.cursor === undefined ? undefined : decodeCursor(page.cursor, (text) => (WEBHOOK_ENDPOINT_ID.test(text) ? text : null));
    const { rows, nextCursor } = pageOf(await this.store.listByOwner(caller.ownerId, afterId, limit + 1), limit, (endpoint) => endpoint.id);
    return { endpoints: rows, nextCursor };
  }

  async update(id: string, patch: EndpointPatch, caller: Caller): Promise<WebhookEndpoint> {
    const enabledEvents: EnabledEvents | undefined =
      patch.enabledEvents === undefined ? undefined : checkEnabledEvents(patch.enabledEvents);
    if (typeof patch.description === 'string') checkDescription(patch.description);
    const url = patch.url === undefined ? undefined : await this.checkUrl(patch.url);
    return this.write(id, caller, 'webhook.update', (endpoint, now) => {
      const changed: WebhookEndpoint = {
        ...endpoint,
        ...(url !== undefined && { url }),
        ...(enabledEvents !== undefined && { enabledEvents }),
        ...(patch.description !== undefined && { description: patch.description }),
        ...(patch.status !== undefined && { status: patch.status, disabledReason: null }),
      };
      const same =
        changed.url === endpoint.url &&
        changed.description === endpoint.description &&
        changed.status === endpoint.status &&
        changed.disabledReason === endpoint.disabledReason &&
        changed.enabledEvents.join() === endpoint.enabledEvents.join();
      return same ? endpoint : { ...changed, updatedAt: now, version: endpoint.version + 1 };
    });
  }

  async rotateSecret(id: string, overlapSeconds: number, caller: Caller): Promise<EndpointWithSecret> {
    const secret = newWebhookSecret();
    const endpoint = await this.write(id, caller, 'webhook.rotate', (current) =>
      rotateSecret(current, secret, overlapSeconds, this.clock.nowMs()),
    );
    return { endpoint, secret };
  }

  async remove(id: string, caller: Caller): Promise<void> {
    await retryOnConflict(`Webhook endpoint ${id}`, async (round) => {
      const endpoint = await this.get(id, caller);
      if (round === 0)
        await this.auditor.record(actorOf(caller), 'webhook.delete', id, { changes: { url: { from: endpoint.url, to: null } } });
      return (await this.store.remove(id, endpoint.version)) ? undefined : LOST_RACE;
    });
  }

  /** Writes `change` of the current endpoint, read again when a concurrent change landed first. */
  private async write(
    id: string,
    caller: Caller,
    action: 'webhook.update' | 'webhook.rotate',
    change: (endpoint: WebhookEndpoint, now: string) => WebhookEndpoint,
  ): Promise<WebhookEndpoint> {
    return retryOnConflict(`Webhook endpoint ${id}`, async (round) => {
      const endpoint = await this.get(id, caller);
      const changed = change(endpoint, new Date(this.clock.nowMs()).toISOString());
      if (changed === endpoint) return changed;
      // The audit event first: no change without its event (secrets never in it).
      if (round === 0) await this.auditor.record(actorOf(caller), action, id, { changes: changesOf(endpoint, changed) });
      return (await this.store.update(changed, endpoint.version)) ? changed : LOST_RACE;
    });
  }

  /** The URL as it will be called, once its form and every address of its host are allowed. */
  private async checkUrl(raw: string): Promise<string> {
    const url = checkWebhookUrl(raw, this.settings);
    const checked = await checkHost(url, this.resolver, this.settings.allowLoopback);
    if (checked.allowed) return url.href;
    const host = url.hostname;
    // A name that does not exist (or has no addresses) can never be called: 422, as for an inside
    // address. A resolver that could not answer has already rejected with a 503 to retry.
    if (checked.refused === 'unresolved') {
      throw new UrlNotAllowedError(
        `url's host ${host} does not resolve to any address (no such name, or no addresses for it); check its spelling and its DNS records`,
      );
    }
    throw new UrlNotAllowedError(
      `url's host ${checked.literal ? 'is' : `${host} resolves to`} ${checked.refused === 'invalid' ? 'an invalid' : `a ${checked.refused}`}` +
        ` address; webhooks go to public addresses only`,
    );
  }

  /** `we_`, the time and this instance's count (so ids sort by creation), and 7 random letters or digits. */
  private newId(nowMs: number): string {
    this.sequence = (this.sequence + 1) % 36 ** 3;
    return `we_${nowMs.toString(36).padStart(9, '0')}${this.sequence.toString(36).padStart(3, '0')}${randomBase62(7)}`;
  }
}
