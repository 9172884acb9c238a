/** In-memory webhook endpoints: one Map in id order (ids sort by creation time and are added in it). */
import type { WebhookEndpoint } from '../../../domain/webhooks/webhook-endpoint.js';
import type { WebhookEndpointStore } from '../../../application/webhooks/ports/webhook-endpoint-store.js';

export class MemoryWebhookEndpointStore implements WebhookEndpointStore {
  private readonly byId = new Map<string, WebhookEndpoint>();

  async add(endpoint: WebhookEndpoint, maxPerOwner: number): Promise<boolean> {
    let owned = 0;
    for (const held of this.byId.values()) if (held.ownerId === endpoint.ownerId) owned++;
    if (owned >= maxPerOwner) return false;
    this.byId.set(endpoint.id, endpoint);
    return true;
  }

  async findById(id: string): Promise<WebhookEndpoint | null> {
    return this.byId.get(id) ?? null;
  }

  async listByOwner(ownerId: string, afterId: string | undefined, limit: number): Promise<WebhookEndpoint[]> {
    return [...this.byId.values()]
      .filter((endpoint) => endpoint.ownerId === ownerId && (afterId === undefined || endpoint.id > afterId))
      .sort((a, b) => (a.id < b.id ? -1 : 1))
      .slice(0, limit);
  }

  async listAll(afterId: string | undefined, limit: number): Promise<WebhookEndpoint[]> {
    return [...this.byId.values()]
      .filter((endpoint) => afterId === undefined || endpoint.id > afterId)
      .sort((a, b) => (a.id < b.id ? -1 : 1))
      .slice(0, limit);
  }

  async update(endpoint: WebhookEndpoint, expectedVersion: number): Promise<boolean> {
    if (this.byId.get(endpoint.id)?.version !== expectedVersion) return false;
    this.byId.set(endpoint.id, endpoint);
    return true;
  }

  async remove(id: string, expectedVersion: number): Promise<boolean> {
    if (this.byId.get(id)?.version !== expectedVersion) return false;
    return this.byId.delete(id);
  }
}
