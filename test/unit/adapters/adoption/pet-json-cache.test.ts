/**
 * A list page's JSON per animal is kept for the animals shown again, by count: an animal shown a
 * third time costs no serialising, one shown once is kept by no text, a changed animal (a new
 * object) is serialised anew, and however many animals are shown, at most two generations of texts
 * are kept.
 */
import { describe, expect, it } from 'vitest';
import { pageBytesCache, petJsonCache } from '../../../../src/adapters/adoption/http/pet-json-cache.js';
import { petOf, type Pet } from '../../../../src/domain/adoption/pet.js';
import type { PetView } from '../../../../src/adapters/adoption/http/pet-view.js';
import { aPetDraft } from '../../../support/builders.js';

const aPet = (id: number): Pet => petOf(id, aPetDraft({ name: `Pet ${id}` }));

/** A serialiser that counts the animals it was asked for. */
function counting() {
  const serialised: number[] = [];
  const serialize = (view: PetView) => {
    serialised.push(view.id);
    return JSON.stringify({ id: view.id, name: view.name, version: view.version });
  };
  return { serialised, serialize };
}

describe('petJsonCache', () => {
  it("keeps an animal's text from its second sight on, and serialises a changed animal's new object anew", () => {
    const jsonOf = petJsonCache(4);
    const { serialised, serialize } = counting();
    const rex = aPet(1);
    for (let i = 0; i < 4; i++) expect(jsonOf(rex, serialize)).toBe('{"id":1,"name":"Pet 1","version":1}');
    // Serialised when first seen and when seen again (then kept); read from the kept text since.
    expect(serialised).toEqual([1, 1]);
    const changed = { ...rex, name: 'Rexy', version: 2 };
    expect(jsonOf(changed, serialize)).toBe('{"id":1,"name":"Rexy","version":2}');
    expect(jsonOf(changed, serialize)).toBe('{"id":1,"name":"Rexy","version":2}');
    expect(jsonOf(changed, serialize)).toBe('{"id":1,"name":"Rexy","version":2}');
    expect(serialised).toEqual([1, 1, 1, 1]);
    // The old object is not the changed one: its text is its own.
    expect(jsonOf(rex, serialize)).toBe('{"id":1,"name":"Pet 1","version":1}');
  });

  it('keeps nothing of animals shown once: a walk through the list keeps no text', () => {
    const jsonOf = petJsonCache(100);
    const { serialised, serialize } = counting();
    const pets = Array.from({ length: 1_000 }, (_, i) => aPet(i + 1));
    for (const pet of pets) jsonOf(pet, serialize);
    // The last 400 to 800 seen are remembered: seen again, they are serialised once more and kept.
    for (const pet of pets.slice(600)) jsonOf(pet, serialize);
    for (const pet of pets.slice(900)) jsonOf(pet, serialize);
    expect(serialised).toHaveLength(1_000 + 400);
  });

  it('keeps at most two generations of texts: an animal not shown since is serialised again, one shown again is kept', () => {
    const jsonOf = petJsonCache(3);
    const { serialised, serialize } = counting();
    const pets = Array.from({ length: 10 }, (_, i) => aPet(i + 1));
    const show = (...ids: number[]) => ids.forEach((id) => jsonOf(pets[id - 1] as Pet, serialize));
    // Each seen twice: 1, 2, 3 fill the first generation of texts; 4 starts the second; 1 read again moves there.
    show(1, 2, 3, 4, 1, 2, 3, 4);
    serialised.length = 0;
    show(1);
    expect(serialised).toEqual([]);
    // 5 fills the second (4, 1, 5), 6 starts a third: the first (1, 2, 3) is gone but 1, moved on, is kept.
    show(5, 5, 6, 6);
    serialised.length = 0;
    show(1, 4, 5, 6);
    expect(serialised).toEqual([]);
    show(2);
    expect(serialised).toEqual([2]);
  });
});

describe('pageBytesCache', () => {
  const page = (ids: number[], pets: Pet[]) => ids.map((id) => pets[id - 1] as Pet);

  it('keeps the bytes of a page sent twice, and gives them back for the very same animal objects only', () => {
    const pages = pageBytesCache(4);
    const pets = Array.from({ length: 5 }, (_, i) => aPet(i + 1));
    const first = Buffer.from('[1,2,3]');
    expect(pages.keep(page([1, 2, 3], pets), first)).toBe(first);
    expect(pages.get(page([1, 2, 3], pets))).toBeUndefined();
    const second = Buffer.from('[1,2,3]');
    expect(pages.keep(page([1, 2, 3], pets), second)).toBe(second);
    expect(pages.get(page([1, 2, 3], pets))).toBe(second);
    // A change makes a new object: the page with it is not the page kept.
    const changed = page([1, 2, 3], pets);
    changed[2] = { ...(pets[2] as Pet), name: 'Changed', version: 2 };
    expect(pages.get(changed)).toBeUndefined();
    // Another page from the same first animal (shorter, or going on differently) is not it either.
    expect(pages.get(page([1, 2], pets))).toBeUndefined();
    expect(pages.get(page([1, 2, 4], pets))).toBeUndefined();
    expect(pages.get([])).toBeUndefined();
  });

  it('keeps the page as it was given, whatever becomes of the array', () => {
    const pages = pageBytesCache(4);
    const pets = Array.from({ length: 3 }, (_, i) => aPet(i + 1));
    const shown = page([1, 2, 3], pets);
    const bytes = Buffer.from('[1,2,3]');
    pages.keep(shown, bytes);
    pages.keep(shown, bytes);
    shown[1] = pets[2] as Pet;
    expect(pages.get(shown)).toBeUndefined();
    expect(pages.get(page([1, 2, 3], pets))).toBe(bytes);
  });

  it('replaces the page kept under a first animal, and keeps at most its size of pages', () => {
    const pages = pageBytesCache(2);
    const pets = Array.from({ length: 6 }, (_, i) => aPet(i + 1));
    const twice = (ids: number[], text: string) => {
      pages.keep(page(ids, pets), Buffer.from(text));
      pages.keep(page(ids, pets), Buffer.from(text));
    };
    twice([1, 2], 'a');
    twice([1, 3], 'b');
    expect(pages.get(page([1, 2], pets))).toBeUndefined();
    expect(pages.get(page([1, 3], pets))?.toString()).toBe('b');
    twice([4, 5], 'c');
    // Full (two pages): a third first animal starts again from it alone.
    twice([6], 'd');
    expect(pages.get(page([1, 3], pets))).toBeUndefined();
    expect(pages.get(page([4, 5], pets))).toBeUndefined();
    expect(pages.get(page([6], pets))?.toString()).toBe('d');
  });
});
