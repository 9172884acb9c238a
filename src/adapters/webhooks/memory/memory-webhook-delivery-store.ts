/** In-memory webhook deliveries: a Map by id, with each delivery's claim beside it. */
import type { DeliveryStatus, EndpointHealth, WebhookDelivery } from '../../../domain/webhooks/webhook-delivery.js';
import type { DeliveryBacklog, DeliveryQuery, WebhookDeliveryStore } from '../../../application/webhooks/ports/webhook-delivery-store.js';

interface Held {
  delivery: WebhookDelivery;
  claim: { holder: string; untilMs: number } | null;
}

export class MemoryWebhookDeliveryStore implements WebhookDeliveryStore {
  private readonly byId = new Map<string, Held>();
  private position = 0;
  private readonly health = new Map<string, EndpointHealth>();

  async add(deliveries: readonly WebhookDelivery[]): Promise<void> {
    for (const delivery of deliveries) if (!this.byId.has(delivery.id)) this.byId.set(delivery.id, { delivery, claim: null });
  }

  async findById(id: string): Promise<WebhookDelivery | null> {
    return this.byId.get(id)?.delivery ?? null;
  }

  async claimDue(holder: string, nowMs: number, untilMs: number, limit: number): Promise<WebhookDelivery[]> {
    const due = [...this.byId.values()]
      .filter(({ delivery, claim }) => isDue(delivery, nowMs) && (claim === null || claim.untilMs <= nowMs))
      .sort((a, b) => compareDue(a.delivery, b.delivery))
      .slice(0, limit);
    return due.map((held) => {
      held.delivery = { ...held.delivery, version: held.delivery.version + 1 };
      held.claim = { holder, untilMs };
      return held.delivery;
    });
  }

  async update(delivery: WebhookDelivery, expectedVersion: number): Promise<boolean> {
    const held = this.byId.get(delivery.id);
    if (held?.delivery.version !== expectedVersion) return false;
    this.byId.set(delivery.id, { delivery, claim: null });
    return true;
  }

  async list(query: DeliveryQuery): Promise<WebhookDelivery[]> {
    return [...this.byId.values()]
      .map(({ delivery }) => delivery)
      .filter(
        (delivery) =>
          delivery.endpointId === query.endpointId &&
          (query.status === undefined || delivery.status === query.status) &&
          (query.beforeId === undefined || delivery.id < query.beforeId),
      )
      .sort((a, b) => (a.id < b.id ? 1 : -1))
      .slice(0, query.limit);
  }

  async findSince(endpointId: string, statuses: readonly DeliveryStatus[], sinceMs: number, limit: number): Promise<WebhookDelivery[]> {
    const since = new Date(sinceMs).toISOString();
    return [...this.byId.values()]
      .map(({ delivery }) => delivery)
      .filter((delivery) => delivery.endpointId === endpointId && statuses.includes(delivery.status) && delivery.createdAt >= since)
      .sort((a, b) => (a.id < b.id ? -1 : 1))
      .slice(0, limit);
  }

  async prune(beforeMs: number): Promise<number> {
    const before = new Date(beforeMs).toISOString();
    let removed = 0;
    for (const [id, { delivery }] of this.byId) {
      if (delivery.createdAt < before) {
        this.byId.delete(id);
        removed++;
      }
    }
    return removed;
  }

  async backlog(nowMs: number): Promise<DeliveryBacklog> {
    let due = 0;
    let oldestDueAt: string | null = null;
    for (const { delivery } of this.byId.values()) {
      if (!isDue(delivery, nowMs)) continue;
      due++;
      if (oldestDueAt === null || (delivery.nextAttemptAt as string) < oldestDueAt) oldestDueAt = delivery.nextAttemptAt;
    }
    return { due, oldestDueAt };
  }

  async recordOutcome(endpointId: string, delivered: boolean, atMs: number): Promise<EndpointHealth> {
    const before = this.health.get(endpointId) ?? { lastSuccessAt: null, failingSinceMs: null };
    const after = delivered ? { lastSuccessAt: atMs, failingSinceMs: null } : { ...before, failingSinceMs: before.failingSinceMs ?? atMs };
    this.health.set(endpointId, after);
    return after;
  }

  async fanOutPosition(): Promise<number> {
    return this.position;
  }

  async advanceFanOut(from: number, to: number): Promise<boolean> {
    if (this.position !== from) return false;
    this.position = to;
    return true;
  }
}

function isDue(delivery: WebhookDelivery, nowMs: number): boolean {
  return delivery.status === 'pending' && delivery.nextAttemptAt !== null && Date.parse(delivery.nextAttemptAt) <= nowMs;
}

/** Due first, then (due together) in id order: the events' order. */
function compareDue(a: WebhookDelivery, b: WebhookDelivery): number {
  const [x, y] = [a.nextAttemptAt as string, b.nextAttemptAt as string];
  return x < y ? -1 : x > y ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}
