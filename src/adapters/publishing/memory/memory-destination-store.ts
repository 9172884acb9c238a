/** In-memory publishing destinations: one Map by id (ids sort by creation time). */
import type { Destination } from '../../../domain/publishing/destination.js';
import type { DestinationStore } from '../../../application/publishing/ports/destination-store.js';

export class MemoryDestinationStore implements DestinationStore {
  private readonly byId = new Map<string, Destination>();

  async add(destination: Destination, maxPerOwner: number): Promise<boolean> {
    let owned = 0;
    for (const held of this.byId.values()) if (held.ownerId === destination.ownerId) owned++;
    if (owned >= maxPerOwner) return false;
    this.byId.set(destination.id, destination);
    return true;
  }

  async findById(id: string): Promise<Destination | null> {
    return this.byId.get(id) ?? null;
  }

  async listByOwner(ownerId: string, afterId: string | undefined, limit: number): Promise<Destination[]> {
    return [...this.byId.values()]
      .filter((held) => held.ownerId === ownerId && (afterId === undefined || held.id > afterId))
      .sort((a, b) => (a.id < b.id ? -1 : 1))
      .slice(0, limit);
  }

  async update(destination: Destination, expectedVersion: number): Promise<boolean> {
    if (this.byId.get(destination.id)?.version !== expectedVersion) return false;
    this.byId.set(destination.id, destination);
    return true;
  }

  async remove(id: string, expectedVersion: number): Promise<boolean> {
    if (this.byId.get(id)?.version !== expectedVersion) return false;
    return this.byId.delete(id);
  }
}
