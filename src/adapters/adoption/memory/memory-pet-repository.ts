/** In-memory pet repository: lists kept in id order, so a page is a binary search plus a slice. */
import { petOf, type Pet, type PetDraft, type PetId } from '../../../domain/adoption/pet.js';
import type { PetStatus } from '../../../domain/adoption/pet-status.js';
import type { PetListQuery, PetRepository, ReservedAdd } from '../../../application/adoption/ports/pet-repository.js';
import type { FeedEvent } from '../../../domain/adoption/feed-event.js';
import { MemoryOutbox } from './memory-outbox.js';

/** Each write and its events are stored in one synchronous step: nothing can come between them. */
export class MemoryPetRepository extends MemoryOutbox implements PetRepository {
  private nextId = 1;
  private readonly byId = new Map<PetId, Pet>();
  private readonly all: Pet[] = [];
  private readonly byStatus = new Map<PetStatus, Pet[]>();

  add(draft: PetDraft, outbox: (pet: Pet) => readonly FeedEvent[]): Promise<Pet> {
    const pet = petOf(this.nextId++, draft);
    this.store(pet);
    this.push(String(pet.id), outbox(pet));
    return Promise.resolve(pet);
  }

  reserveId(): Promise<PetId> {
    return Promise.resolve(this.nextId++);
  }

  addReserved(pet: Pet, outbox: readonly FeedEvent[]): Promise<ReservedAdd> {
    const existing = this.byId.get(pet.id);
    if (existing) return Promise.resolve({ pet: existing, created: false });
    this.store(petOf(pet.id, pet));
    this.push(String(pet.id), outbox);
    return Promise.resolve({ pet, created: true });
  }

  async findById(id: PetId): Promise<Pet | null> {
    return this.byId.get(id) ?? null;
  }

  async list(query: PetListQuery): Promise<Pet[]> {
    if (query.ids !== undefined) {
      const found = [...new Set(query.ids)]
        .filter((id) => query.afterId === undefined || id > query.afterId)
        .map((id) => this.byId.get(id))
        .filter((pet): pet is Pet => pet !== undefined && (query.status === undefined || pet.status === query.status));
      return found.sort((a, b) => a.id - b.id).slice(0, query.limit);
    }
    const source = query.status === undefined ? this.all : (this.byStatus.get(query.status) ?? []);
    const start = query.afterId === undefined ? 0 : firstIndexAfter(source, query.afterId);
    return source.slice(start, start + query.limit);
  }

  async update(pet: Pet, expectedVersion: number, outbox: readonly FeedEvent[]): Promise<boolean> {
    const stored = this.byId.get(pet.id);
    if (!stored || stored.version !== expectedVersion) return false;
    this.unstore(stored);
    this.store(petOf(pet.id, pet));
    this.push(String(pet.id), outbox);
    return true;
  }

  async remove(id: PetId, expectedVersion: number, outbox: readonly FeedEvent[]): Promise<boolean> {
    const stored = this.byId.get(id);
    if (!stored || stored.version !== expectedVersion) return false;
    this.unstore(stored);
    this.push(String(id), outbox);
    return true;
  }

  async listHeld(afterId: PetId, limit: number): Promise<Pet[]> {
    return this.all.filter((pet) => pet.heldBy !== null && pet.id > afterId).slice(0, limit);
  }

  ping(): Promise<void> {
    return Promise.resolve();
  }

  /** Keeps the lists in id order: a reserved id may be stored after higher ones. */
  private store(pet: Pet): void {
    this.byId.set(pet.id, pet);
    insertInOrder(this.all, pet);
    const sameStatus = this.byStatus.get(pet.status) ?? [];
    insertInOrder(sameStatus, pet);
    this.byStatus.set(pet.status, sameStatus);
  }

  private unstore(pet: Pet): void {
    this.byId.delete(pet.id);
    removeFrom(this.all, pet.id);
    removeFrom(this.byStatus.get(pet.status) ?? [], pet.id);
  }
}

function insertInOrder(sorted: Pet[], pet: Pet): void {
  const last = sorted[sorted.length - 1];
  if (!last || last.id < pet.id) sorted.push(pet);
  else sorted.splice(firstIndexAfter(sorted, pet.id), 0, pet);
}

function removeFrom(sorted: Pet[], id: PetId): void {
  const index = firstIndexAfter(sorted, id) - 1;
  if (index >= 0 && (sorted[index] as Pet).id === id) sorted.splice(index, 1);
}

function firstIndexAfter(sorted: readonly Pet[], id: PetId): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((sorted[mid] as Pet).id <= id) low = mid + 1;
    else high = mid;
  }
  return low;
}
