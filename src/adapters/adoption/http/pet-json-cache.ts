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
