/**
 * Each pet's JSON as a list page shows it, kept for the animals shown most recently, so that a page
 * of unchanged animals costs a copy of their bytes instead of serialising 20 of them. Stores hand out
 * a new object for every change (the in-memory store keeps one object per version; MongoDB reads
 * make new ones), so a kept text is never stale.
 *
 * Bounded by count, not by the objects' lives: keyed by the object's life (a WeakMap), the text of
 * every animal ever shown would live as long as the animal, and a client paging through the whole
 * list would add each animal's JSON to the heap for good. Two generations of at most `generation`
 * texts each: a text read again moves to the newer one, and when that is full the older is dropped.
 */
import type { Pet } from '../../../domain/adoption/pet.js';
import { petView, type PetView } from './pet-view.js';

/** How many texts each generation holds: at most twice this many animals' JSON (about 1 KiB each) is kept. */
export const PET_JSON_GENERATION = 2_000;

export type PetJson = (pet: Pet, serialize: (pet: PetView) => string) => Buffer;

/**
 * The texts are kept as UTF-8 bytes: a page is then one copy of its animals' bytes, whose length is
 * known, where a string joined from them would be measured and encoded again on every send. Each
 * has memory of its own (not a slice of Node's shared pool, which a kept slice would keep whole).
 */
export function petJsonCache(generation = PET_JSON_GENERATION): PetJson {
  let current = new Map<Pet, Buffer>();
  let previous = new Map<Pet, Buffer>();
  return (pet, serialize) => {
    let bytes = current.get(pet);
    if (bytes !== undefined) return bytes;
    bytes = previous.get(pet) ?? utf8(serialize(petView(pet)));
    if (current.size >= generation) {
      previous = current;
      current = new Map();
    }
    current.set(pet, bytes);
    return bytes;
  };
}

function utf8(text: string): Buffer {
  const bytes = Buffer.allocUnsafeSlow(Buffer.byteLength(text));
  bytes.write(text);
  return bytes;
}

/** How many pages' bytes are kept: the pages asked most (a first page polled by many sites) are sent again as they are. */
export const PAGE_BYTES_KEPT = 32;

export interface PageBytes {
  /** The bytes last sent for a page of exactly these animal objects, if kept. */
  get(pets: readonly Pet[]): Buffer | undefined;
  /** Keeps a page's bytes, under its first animal. */
  set(pets: readonly Pet[], bytes: Buffer): void;
}

/**
 * The bytes of the pages sent most recently, each under its first animal. A page of the same animal
 * objects (none changed since: a change makes a new object) is the same bytes, sent again without
 * joining its animals' bytes anew. A page that differs in any animal replaces the one kept under its
 * first. At most `size` pages; when full, all go and the next pages are kept anew.
 */
export function pageBytesCache(size = PAGE_BYTES_KEPT): PageBytes {
  let pages = new Map<Pet, { readonly pets: readonly Pet[]; readonly bytes: Buffer }>();
  return {
    get(pets) {
      const first = pets[0];
      const kept = first === undefined ? undefined : pages.get(first);
      if (kept === undefined || kept.pets.length !== pets.length) return undefined;
      for (let i = 1; i < pets.length; i++) if (kept.pets[i] !== pets[i]) return undefined;
      return kept.bytes;
    },
    set(pets, bytes) {
      const first = pets[0];
      if (first === undefined) return;
      if (pages.size >= size && !pages.has(first)) pages = new Map();
      pages.set(first, { pets: [...pets], bytes });
    },
  };
}
