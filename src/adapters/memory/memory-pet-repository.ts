/** In-memory pet repository: ids ascend, so append-only arrays stay sorted and a page is a binary search plus a slice. */
import type { Pet, PetDraft, PetId } from '../../domain/pet.js';
import type { PetStatus } from '../../domain/pet-status.js';
import type { PetListQuery, PetRepository, ReservedAdd } from '../../application/ports/pet-repository.js';

export class MemoryPetRepository implements PetRepository {
  private nextId = 1;
  private readonly byId = new Map<PetId, Pet>();
  private readonly all: Pet[] = [];
  private readonly byStatus = new Map<PetStatus, Pet[]>();

  add(draft: PetDraft): Promise<Pet> {
    const pet: Pet = { id: this.nextId++, ...draft };
    this.store(pet);
    return Promise.resolve(pet);
  }

  reserveId(): Promise<PetId> {
    return Promise.resolve(this.nextId++);
  }

  addReserved(pet: Pet): Promise<ReservedAdd> {
    const existing = this.byId.get(pet.id);
    if (existing) return Promise.resolve({ pet: existing, created: false });
    this.store({ ...pet });
    return Promise.resolve({ pet, created: true });
  }

  async findById(id: PetId): Promise<Pet | null> {
    return this.byId.get(id) ?? null;
  }

  async list(query: PetListQuery): Promise<Pet[]> {
    const source = query.status === undefined ? this.all : (this.byStatus.get(query.status) ?? []);
    const start = query.afterId === undefined ? 0 : firstIndexAfter(source, query.afterId);
    return source.slice(start, start + query.limit);
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
}

function insertInOrder(sorted: Pet[], pet: Pet): void {
  const last = sorted[sorted.length - 1];
  if (!last || last.id < pet.id) sorted.push(pet);
  else sorted.splice(firstIndexAfter(sorted, pet.id), 0, pet);
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
