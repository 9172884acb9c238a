/** Port: owners' publishing destinations, passwords included (sealed at rest by the MongoDB adapter). */
import type { Destination } from '../../../domain/publishing/destination.js';

export interface DestinationStore {
  /** Adds `destination` unless its owner already has `maxPerOwner`: false then, and nothing is stored. */
  add(destination: Destination, maxPerOwner: number): Promise<boolean>;
  findById(id: string): Promise<Destination | null>;
  /** The owner's destinations in id order after `afterId`, at most `limit`. */
  listByOwner(ownerId: string, afterId: string | undefined, limit: number): Promise<Destination[]>;
  /** Replaces the destination if it is still at `expectedVersion`; false when another change landed first. */
  update(destination: Destination, expectedVersion: number): Promise<boolean>;
  /** Removes it if it is still at `expectedVersion`; false when another change landed first or it is gone. */
  remove(id: string, expectedVersion: number): Promise<boolean>;
}
