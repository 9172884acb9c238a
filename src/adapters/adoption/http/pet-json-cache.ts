/**
 * Each pet's JSON as a list page shows it, kept for the animals shown again and again, so that a
 * page of unchanged animals costs a copy of their text instead of serialising 20 of them. Stores
 * hand out a new object for every change (the in-memory store keeps one object per version; MongoDB
 * reads make new ones), so a text kept for the object asked about is never stale.
 *
 * Kept on the second sight only: a text kept lives long enough to be copied out of the young
 * generation, and the old one is collected whole, its cost growing with everything the heap holds
 * (every animal, in memory). Pages that show a different 20 animals each time (a search near each
 * of many places, a walk through the list) would keep 20 texts per request that are never read
 * again; an animal shown twice while it is still remembered is worth keeping.
 *
 * Bounded by count, not by the objects' lives: keyed by the object's life (a WeakMap), the text of
 * every animal ever shown would live as long as the animal. Two generations of at most `generation`
 * texts each (and of the animals seen once): one read again moves to the newer one, and when that is
 * full the older is dropped.
 */
import type { Pet, PetId } from '../../../domain/adoption/pet.js';
import { petView, type PetView } from './pet-view.js';

/** How many texts each generation holds: at most twice this many animals' JSON (about 1.6 KiB each) is kept. */
export const PET_JSON_GENERATION = 2_000;

export type PetJson = (pet: Pet, serialize: (pet: PetView) => string) => string;

/**
 * Two generations of entries keyed by id (a number hashes at once, where an object is given an
 * identity hash on its first use as a key), each for the very object it was made from.
 */
class Generations<T> {
  private current = new Map<PetId, { readonly pet: Pet; readonly value: T }>();
  private previous = new Map<PetId, { readonly pet: Pet; readonly value: T }>();

  constructor(private readonly size: number) {}

  /** The value kept for this very object, moved to the newer generation if it was in the older. */
  get(pet: Pet): T | undefined {
    const kept = this.current.get(pet.id);
    if (kept?.pet === pet) return kept.value;
    const older = this.previous.get(pet.id);
    if (older?.pet !== pet) return undefined;
    this.set(pet, older.value);
    return older.value;
  }

  set(pet: Pet, value: T): void {
    if (this.current.size >= this.size) {
      this.previous = this.current;
      this.current = new Map();
    }
    this.current.set(pet.id, { pet, value });
  }
}

export function petJsonCache(generation = PET_JSON_GENERATION): PetJson {
  const texts = new Generations<string>(generation);
  /** The animals shown once and not kept: shown again, their text is. */
  const seen = new Generations<true>(4 * generation);
  return (pet, serialize) => {
    const kept = texts.get(pet);
    if (kept !== undefined) return kept;
    const text = serialize(petView(pet));
    if (seen.get(pet) === true) texts.set(pet, text);
    else seen.set(pet, true);
    return text;
  };
}

/** How many pages' bytes are kept: the pages asked most (a first page polled by many sites) are sent again as they are. */
export const PAGE_BYTES_KEPT = 32;

export interface PageBytes {
  /** The bytes last sent for a page of exactly these animal objects, if kept. */
  get(pets: readonly Pet[]): Buffer | undefined;
  /** Keeps a page's bytes under its first animal when the same page was sent before (the second sight again). */
  keep(pets: readonly Pet[], bytes: Buffer): Buffer;
}

/**
 * The bytes of the pages sent most recently, each under its first animal. A page of the same animal
 * objects (none changed since: a change makes a new object) is the same bytes, sent again without
 * joining its animals' texts anew. A page that differs in any animal replaces the one kept under its
 * first. At most `size` pages, and as many seen once; when full, all go and the next are kept anew.
 */
export function pageBytesCache(size = PAGE_BYTES_KEPT): PageBytes {
  let pages = new Map<Pet, { readonly pets: readonly Pet[]; readonly bytes: Buffer }>();
  let seen = new Map<Pet, readonly Pet[]>();
  const same = (a: readonly Pet[], b: readonly Pet[]) => a.length === b.length && a.every((pet, i) => pet === b[i]);
  return {
    get(pets) {
      const first = pets[0];
      const kept = first === undefined ? undefined : pages.get(first);
      return kept !== undefined && same(kept.pets, pets) ? kept.bytes : undefined;
    },
    keep(pets, bytes) {
      const first = pets[0];
      if (first === undefined) return bytes;
      const before = seen.get(first);
      if (before === undefined || !same(before, pets)) {
        if (seen.size >= size && !seen.has(first)) seen = new Map();
        seen.set(first, [...pets]);
        return bytes;
      }
      if (pages.size >= size && !pages.has(first)) pages = new Map();
      pages.set(first, { pets: [...pets], bytes });
      return bytes;
    },
  };
}
