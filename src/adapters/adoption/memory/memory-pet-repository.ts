/**
 * In-memory pet repository: lists kept in id order, so a page is a binary search plus a slice, and
 * so is finding one animal by id (no id index: a Map of a million animals took 28 to 56 MiB, 9 to
 * 18 % of what the animals themselves take, for a lookup 0.5 µs faster); the other orders a search
 * may ask for kept sorted too, and the animals of each postal code, so that a search walks an order
 * from its position, or reads only the codes near a place.
 */
import { petOf, type Pet, type PetDraft, type PetId } from '../../../domain/adoption/pet.js';
import type { PetStatus } from '../../../domain/adoption/pet-status.js';
import type {
  DistancePosition,
  LocatedPet,
  PetRepository,
  PetSearchQuery,
  ReservedAdd,
} from '../../../application/adoption/ports/pet-repository.js';
import { firstCodeFrom, type NearbyCode } from '../../../domain/shared/place.js';
import { compareInOrder, matcherOf, positionOf, type PetFilter, type StoredOrder } from '../../../domain/adoption/pet-search.js';
import type { FeedEvent } from '../../../domain/adoption/feed-event.js';
import { MemoryOutbox } from './memory-outbox.js';
import { referenceKey, type PetReference } from '../../../domain/adoption/pet-reference.js';
import { SortedPets } from './sorted-pets.js';

/**
 * Each write and its events are stored in one synchronous step: nothing can come between them. A pet
 * is kept as it is given (pets are immutable, and every one is built in petOf's shape), so the
 * event and the idempotency record of a write hold the same object as the store, not a copy.
 */
export class MemoryPetRepository extends MemoryOutbox implements PetRepository {
  private nextId = 1;
  private readonly all: Pet[] = [];
  private readonly byStatus = new Map<PetStatus, Pet[]>();
  /** Every animal in each stored order but id's (which is `all`). */
  /**
   * Every animal in each stored order but id's (which is `all`), kept from the first search in that
   * order on: a store nobody searches that way pays nothing for it on writes.
   */
  private readonly sorted = new Map<StoredOrder, SortedPets>();
  /** The animals of each postal code, in id order. */
  private readonly byPostalCode = new Map<string, Pet[]>();
  /** The id of each owner's animal by its reference (referenceKey). */
  private readonly byReference = new Map<string, PetId>();

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
    const existing = this.byIdOf(pet.id);
    if (existing) return Promise.resolve({ pet: existing, created: false });
    this.store(pet);
    this.push(String(pet.id), outbox);
    return Promise.resolve({ pet, created: true });
  }

  addReferenced(draft: PetDraft & { readonly reference: PetReference }, outbox: (pet: Pet) => readonly FeedEvent[]): Promise<ReservedAdd> {
    const existing = this.referenced(draft.ownerId ?? '', draft.reference);
    if (existing) return Promise.resolve({ pet: existing, created: false });
    return this.add(draft, outbox).then((pet) => ({ pet, created: true }));
  }

  async findByReference(ownerId: string, reference: PetReference): Promise<Pet | null> {
    return this.referenced(ownerId, reference) ?? null;
  }

  async findById(id: PetId): Promise<Pet | null> {
    return this.byIdOf(id) ?? null;
  }

  async search(query: PetSearchQuery): Promise<Pet[]> {
    const { filter, order, after, shuffleBelow, limit } = query;
    const before = (pet: Pet) => shuffleBelow === undefined || (positionOf(pet, 'shuffle').value as number) < shuffleBelow;
    const isAfter = (pet: Pet) => after === undefined || compareInOrder(order, positionOf(pet, order), after) > 0;
    // Few animals named, or few in the codes near a place: read those, sort them.
    const few = this.named(filter);
    if (few !== null) {
      const matches = matcherOf(few.rest);
      return few.pets
        .filter((pet) => matches(pet) && isAfter(pet) && before(pet))
        .sort((a, b) => compareInOrder(order, positionOf(a, order), positionOf(b, order)))
        .slice(0, limit);
    }
    // Else walk the order from the position: the first `limit` the filter asks for.
    const found: Pet[] = [];
    const matches = matcherOf(filter);
    /** Takes the animal if the filter asks for it; false once the walk is over. */
    const take = (pet: Pet): boolean => {
      if (!before(pet)) return false;
      if (matches(pet)) found.push(pet);
      return found.length < limit;
    };
    if (order === 'id') {
      const source = filter.status?.length === 1 ? (this.byStatus.get(filter.status[0] as PetStatus) ?? []) : this.all;
      for (let i = after === undefined ? 0 : firstIndexAfter(source, after.id); i < source.length; i++) if (!take(source[i] as Pet)) break;
    } else {
      this.inOrder(order).walk(after, take);
    }
    return found;
  }

  /**
   * Code by code, nearest first, each code's animals in id order: the walk ends at the page, so what
   * it reads grows with the page and the filter's rarity, not with the animals in reach. Codes at one
   * distance are read together and their animals merged by id.
   */
  async nearest(filter: PetFilter, codes: readonly NearbyCode[], after: DistancePosition | null, limit: number): Promise<LocatedPet[]> {
    const found: LocatedPet[] = [];
    const matches = matcherOf(filter);
    let start = after === null ? 0 : firstCodeFrom(codes, after.km);
    while (start < codes.length && found.length < limit) {
      const { km } = codes[start] as NearbyCode;
      let end = start + 1;
      while (end < codes.length && (codes[end] as NearbyCode).km === km) end++;
      const afterId = after !== null && after.km === km ? after.id : undefined;
      const wanted = limit - found.length;
      const group: LocatedPet[] = [];
      for (let at = start; at < end; at++) {
        const { postalCode } = codes[at] as NearbyCode;
        const here = this.byPostalCode.get(postalCode);
        if (here === undefined) continue;
        let taken = 0;
        for (let i = afterId === undefined ? 0 : firstIndexAfter(here, afterId); i < here.length && taken < wanted; i++) {
          const pet = here[i] as Pet;
          if (matches(pet)) {
            group.push({ id: pet.id, postalCode, km });
            taken++;
          }
        }
      }
      if (end - start > 1) group.sort((a, b) => a.id - b.id);
      for (const row of group.slice(0, wanted)) found.push(row);
      start = end;
    }
    return found;
  }

  async count(filter: PetFilter, max: number): Promise<number> {
    const few = this.named(filter);
    const matches = matcherOf(few?.rest ?? filter);
    let counted = 0;
    for (const pet of few?.pets ?? this.all) if (matches(pet) && ++counted >= max) break;
    return counted;
  }

  async update(pet: Pet, expectedVersion: number, outbox: readonly FeedEvent[], expectedClaim = pet.claimedBy): Promise<boolean> {
    const stored = this.byIdOf(pet.id);
    if (!stored || stored.version !== expectedVersion || stored.claimedBy !== expectedClaim) return false;
    this.unstore(stored);
    this.store(pet);
    this.push(String(pet.id), outbox);
    return true;
  }

  async remove(id: PetId, expectedVersion: number, outbox: readonly FeedEvent[]): Promise<boolean> {
    const stored = this.byIdOf(id);
    if (!stored || stored.version !== expectedVersion || stored.claimedBy !== null) return false;
    this.unstore(stored);
    this.push(String(id), outbox);
    return true;
  }

  async listHeld(afterId: PetId, limit: number): Promise<Pet[]> {
    return this.all.filter((pet) => (pet.heldBy !== null || pet.claimedBy !== null) && pet.id > afterId).slice(0, limit);
  }

  async listAtHome(ownerId: string, afterId: PetId, limit: number): Promise<Pet[]> {
    const found: Pet[] = [];
    for (let i = firstIndexAfter(this.all, afterId); i < this.all.length && found.length < limit; i++) {
      const pet = this.all[i] as Pet;
      if (pet.ownerId === ownerId && pet.location === null) found.push(pet);
    }
    return found;
  }

  ping(): Promise<void> {
    return Promise.resolve();
  }

  /**
   * The animals a filter names, when it names few (its ids, or the animals of its postal codes,
   * from their index), and the rest of the filter they must match: the part that chose them is met.
   */
  private named(filter: PetFilter): { readonly pets: Pet[]; readonly rest: PetFilter } | null {
    let pets: Pet[];
    let chosenBy: keyof PetFilter;
    if (filter.ids !== undefined) {
      pets = [];
      for (const id of new Set(filter.ids)) {
        const pet = this.byIdOf(id);
        if (pet !== undefined) pets.push(pet);
      }
      chosenBy = 'ids';
    } else if (filter.postalCodes !== undefined) {
      pets = this.inPostalCodes(filter.postalCodes);
      chosenBy = 'postalCodes';
    } else return null;
    // Copied, not deleted from: an object with a property deleted is slower to read on every match.
    const rest: Record<string, unknown> = {};
    for (const key in filter) if (key !== chosenBy) rest[key] = filter[key as keyof PetFilter];
    return { pets, rest };
  }

  private inOrder(order: StoredOrder): SortedPets {
    let list = this.sorted.get(order);
    if (list === undefined) {
      list = new SortedPets(order);
      for (const pet of this.all) list.add(pet);
      this.sorted.set(order, list);
    }
    return list;
  }

  private inPostalCodes(postalCodes: readonly string[]): Pet[] {
    const pets: Pet[] = [];
    for (const code of postalCodes) for (const pet of this.byPostalCode.get(code) ?? []) pets.push(pet);
    return pets;
  }

  private referenced(ownerId: string, reference: PetReference): Pet | undefined {
    const id = this.byReference.get(referenceKey(ownerId, reference));
    return id === undefined ? undefined : this.byIdOf(id);
  }

  /** The animal stored under `id`, found in the id-ordered list. */
  private byIdOf(id: PetId): Pet | undefined {
    const index = indexOfId(this.all, id);
    return index === -1 ? undefined : this.all[index];
  }

  /** Keeps the lists in id order: a reserved id may be stored after higher ones. */
  private store(pet: Pet): void {
    insertInOrder(this.all, pet);
    const sameStatus = this.byStatus.get(pet.status) ?? [];
    insertInOrder(sameStatus, pet);
    this.byStatus.set(pet.status, sameStatus);
    for (const list of this.sorted.values()) list.add(pet);
    if (pet.place !== null) {
      const code = pet.place.postalCode;
      const here = this.byPostalCode.get(code);
      if (here === undefined) this.byPostalCode.set(code, [pet]);
      else insertInOrder(here, pet);
    }
    if (pet.reference !== null) this.byReference.set(referenceKey(pet.ownerId ?? '', pet.reference), pet.id);
  }

  /** `pet` is the stored object itself. */
  private unstore(pet: Pet): void {
    removeFrom(this.all, pet.id);
    removeFrom(this.byStatus.get(pet.status) ?? [], pet.id);
    for (const list of this.sorted.values()) list.remove(pet);
    if (pet.place !== null) {
      const here = this.byPostalCode.get(pet.place.postalCode) ?? [];
      removeFrom(here, pet.id);
      if (here.length === 0) this.byPostalCode.delete(pet.place.postalCode);
    }
    if (pet.reference !== null) this.byReference.delete(referenceKey(pet.ownerId ?? '', pet.reference));
  }
}

function insertInOrder(sorted: Pet[], pet: Pet): void {
  const last = sorted[sorted.length - 1];
  if (!last || last.id < pet.id) sorted.push(pet);
  else sorted.splice(firstIndexAfter(sorted, pet.id), 0, pet);
}

function removeFrom(sorted: Pet[], id: PetId): void {
  const index = indexOfId(sorted, id);
  if (index >= 0) sorted.splice(index, 1);
}

/** Where the animal of `id` is in an id-ordered list; -1 when it is not there. */
function indexOfId(sorted: readonly Pet[], id: PetId): number {
  const index = firstIndexAfter(sorted, id) - 1;
  return index >= 0 && (sorted[index] as Pet).id === id ? index : -1;
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
