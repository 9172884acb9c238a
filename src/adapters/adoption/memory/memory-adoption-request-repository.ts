/** In-memory adoption requests: a map by id and one by request key; ids sort by creation time. */
import type { AdoptionRequest } from '../../../domain/adoption/adoption-request.js';
import type { PetId } from '../../../domain/adoption/pet.js';
import type {
  AdoptionRequestListQuery,
  AdoptionRequestRepository,
} from '../../../application/adoption/ports/adoption-request-repository.js';
import type { FeedEvent } from '../../../domain/adoption/feed-event.js';
import { MemoryOutbox } from './memory-outbox.js';

export class MemoryAdoptionRequestRepository extends MemoryOutbox implements AdoptionRequestRepository {
  private readonly byId = new Map<string, AdoptionRequest>();
  private readonly byRequestKey = new Map<string, string>();

  async add(order: AdoptionRequest, outbox: readonly FeedEvent[]): Promise<{ order: AdoptionRequest; created: boolean }> {
    const earlier = order.requestKey === null ? undefined : this.byRequestKey.get(order.requestKey);
    if (earlier !== undefined) return { order: this.byId.get(earlier) as AdoptionRequest, created: false };
    this.byId.set(order.id, order);
    this.push(order.id, outbox);
    if (order.requestKey !== null) this.byRequestKey.set(order.requestKey, order.id);
    return { order, created: true };
  }

  async findById(id: string): Promise<AdoptionRequest | null> {
    return this.byId.get(id) ?? null;
  }

  async findByRequestKey(requestKey: string): Promise<AdoptionRequest | null> {
    const id = this.byRequestKey.get(requestKey);
    return id === undefined ? null : (this.byId.get(id) ?? null);
  }

  async list(query: AdoptionRequestListQuery): Promise<AdoptionRequest[]> {
    return [...this.byId.values()]
      .filter(
        (order) =>
          (order.placedBy === query.visibleTo || order.petOwnerId === query.visibleTo) &&
          (query.status === undefined || order.status === query.status) &&
          (query.petId === undefined || order.petId === query.petId) &&
          (query.afterId === undefined || order.id > query.afterId),
      )
      .sort((a, b) => (a.id < b.id ? -1 : 1))
      .slice(0, query.limit);
  }

  async update(order: AdoptionRequest, expectedVersion: number, outbox: readonly FeedEvent[]): Promise<boolean> {
    const stored = this.byId.get(order.id);
    if (!stored || stored.version !== expectedVersion) return false;
    this.byId.set(order.id, order);
    this.push(order.id, outbox);
    return true;
  }

  async listPlaced(petId: PetId): Promise<AdoptionRequest[]> {
    return [...this.byId.values()].filter((order) => order.petId === petId && order.status === 'placed');
  }
}
