/** In-memory pet repository: ids ascend, so append-only arrays stay sorted and a page is a binary search plus a slice. */
import type { Pet, PetDraft, PetId } from '../../domain/pet.js';
import type { PetStatus } from '../../domain/pet-status.js';
import type { PetListQuery, PetRepository } from '../../application/ports/pet-repository.js';

export class MemoryPetRepository implements PetRepository {
  private nextId = 1;
  private readonly byId = new Map<PetId, Pet>();
  private readonly all: Pet[] = [];
  private readonly byStatus = new Map<PetStatus, Pet[]>();

  add(draft: PetDraft): Promise<Pet> {
    const pet: Pet = { id: this.nextId++, ...draft };
    this.byId.set(pet.id, pet);
    this.all.push(pet);
    const sameStatus = this.byStatus.get(pet.status) ?? [];
    sameStatus.push(pet);
    this.byStatus.set(pet.status, sameStatus);
    return Promise.resolve(pet);
  }

  findById(id: PetId): Pet | null {
    return this.byId.get(id) ?? null;
  }

  list(query: PetListQuery): Pet[] {
    const source = query.status === undefined ? this.all : (this.byStatus.get(query.status) ?? []);
    const start = query.afterId === undefined ? 0 : firstIndexAfter(source, query.afterId);
    return source.slice(start, start + query.limit);
  }

  ping(): Promise<void> {
    return Promise.resolve();
  }
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
