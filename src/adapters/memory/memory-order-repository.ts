/** In-memory adoption requests: a map by id and one by request key; ids sort by creation time. */
import type { Order } from '../../domain/adoption-request.js';
import type { PetId } from '../../domain/pet.js';
import type { OrderListQuery, OrderRepository } from '../../application/ports/order-repository.js';
import type { FeedEvent } from '../../domain/feed-event.js';
import { MemoryOutbox } from './memory-kit.js';

export class MemoryOrderRepository extends MemoryOutbox implements OrderRepository {
  private readonly byId = new Map<string, Order>();
  private readonly byRequestKey = new Map<string, string>();

  async add(order: Order, outbox: readonly FeedEvent[]): Promise<{ order: Order; created: boolean }> {
    const earlier = order.requestKey === null ? undefined : this.byRequestKey.get(order.requestKey);
    if (earlier !== undefined) return { order: this.byId.get(earlier) as Order, created: false };
    this.byId.set(order.id, order);
    this.push(order.id, outbox);
    if (order.requestKey !== null) this.byRequestKey.set(order.requestKey, order.id);
    return { order, created: true };
  }

  async findById(id: string): Promise<Order | null> {
    return this.byId.get(id) ?? null;
  }

  async findByRequestKey(requestKey: string): Promise<Order | null> {
    const id = this.byRequestKey.get(requestKey);
    return id === undefined ? null : (this.byId.get(id) ?? null);
  }

  async list(query: OrderListQuery): Promise<Order[]> {
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

  async update(order: Order, expectedVersion: number, outbox: readonly FeedEvent[]): Promise<boolean> {
    const stored = this.byId.get(order.id);
    if (!stored || stored.version !== expectedVersion) return false;
    this.byId.set(order.id, order);
    this.push(order.id, outbox);
    return true;
  }

  async listPlaced(petId: PetId): Promise<Order[]> {
    return [...this.byId.values()].filter((order) => order.petId === petId && order.status === 'placed');
  }
}
