/**
 * Each pet's JSON as a list page shows it, kept for the animals shown most recently, so that a page
 * of unchanged animals costs a join instead of serialising 20 of them. Stores hand out a new object
 * for every change (the in-memory store keeps one object per version; MongoDB reads make new ones),
 * so a kept text is never stale.
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

export type PetJson = (pet: Pet, serialize: (pet: PetView) => string) => string;

export function petJsonCache(generation = PET_JSON_GENERATION): PetJson {
  let current = new Map<Pet, string>();
  let previous = new Map<Pet, string>();
  return (pet, serialize) => {
    let text = current.get(pet);
    if (text !== undefined) return text;
    text = previous.get(pet) ?? serialize(petView(pet));
    if (current.size >= generation) {
      previous = current;
      current = new Map();
    }
    current.set(pet, text);
    return text;
  };
}
