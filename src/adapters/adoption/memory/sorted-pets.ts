/**
 * Animals kept in a stored order as a list of short sorted chunks: an insertion or a removal moves
 * at most a chunk's worth of entries (a plain array would move half the collection for a shuffle
 * position, and all of it for the newest-first order, on every write), and a walk starts at a
 * position after two binary searches.
 */
import type { Pet } from '../../../domain/adoption/pet.js';
import { compareKeys, orderValue, positionOf, type OrderPosition, type StoredOrder } from '../../../domain/adoption/pet-search.js';

/** A chunk is split in two beyond this many entries. */
const CHUNK = 512;

export class SortedPets {
  private readonly chunks: Pet[][] = [];

  constructor(private readonly order: StoredOrder) {}

  add(pet: Pet): void {
    const position = positionOf(pet, this.order);
    if (this.chunks.length === 0) {
      this.chunks.push([pet]);
      return;
    }
    const at = Math.min(this.chunkFrom(position), this.chunks.length - 1);
    const chunk = this.chunks[at] as Pet[];
    chunk.splice(this.indexAfter(chunk, position), 0, pet);
    if (chunk.length > 2 * CHUNK) this.chunks.splice(at + 1, 0, chunk.splice(CHUNK));
  }

  /** Removes the pet stored at its position (the stored object, whose position has not changed). */
  remove(pet: Pet): void {
    const position = positionOf(pet, this.order);
    const at = this.chunkFrom(position);
    const chunk = this.chunks[at];
    if (chunk === undefined) return;
    const index = this.indexAfter(chunk, position) - 1;
    if (chunk[index]?.id !== pet.id) return;
    chunk.splice(index, 1);
    if (chunk.length === 0) this.chunks.splice(at, 1);
  }

  /** Visits the animals after `position` (all of them without one), in the order, until `visit` answers false. */
  walk(position: OrderPosition | undefined, visit: (pet: Pet) => boolean): void {
    let at = position === undefined ? 0 : this.chunkAfter(position);
    let index = position === undefined || at >= this.chunks.length ? 0 : this.indexAfter(this.chunks[at] as Pet[], position);
    for (; at < this.chunks.length; at++, index = 0) {
      const chunk = this.chunks[at] as Pet[];
      for (; index < chunk.length; index++) if (!visit(chunk[index] as Pet)) return;
    }
  }

  /** The first chunk whose last animal is at or after the position: where it is, or would go. */
  private chunkFrom(position: OrderPosition): number {
    return this.firstChunk(position, 0);
  }

  /** The first chunk whose last animal is after the position. */
  private chunkAfter(position: OrderPosition): number {
    return this.firstChunk(position, 1);
  }

  /** The first chunk whose last animal compares to the position at least `least`. */
  private firstChunk(position: OrderPosition, least: 0 | 1): number {
    let low = 0;
    let high = this.chunks.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      const chunk = this.chunks[mid] as Pet[];
      if (this.compare(chunk[chunk.length - 1] as Pet, position) >= least) high = mid;
      else low = mid + 1;
    }
    return low;
  }

  private compare(pet: Pet, position: OrderPosition): number {
    return compareKeys(this.order, pet.id, orderValue(pet, this.order), position.id, position.value);
  }

  /** The index of the first animal of the chunk after the position. */
  private indexAfter(chunk: readonly Pet[], position: OrderPosition): number {
    let low = 0;
    let high = chunk.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (this.compare(chunk[mid] as Pet, position) <= 0) low = mid + 1;
      else high = mid;
    }
    return low;
  }
}
