/**
 * A list page's JSON per animal is kept for the animals shown most recently, by count: an animal
 * shown again costs no serialising, a changed animal (a new object) is serialised anew, and however
 * many animals are shown, at most two generations of texts are kept.
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
  it("serialises an animal once while it is among the recent ones, and a changed animal's new object anew", () => {
    const jsonOf = petJsonCache(4);
    const { serialised, serialize } = counting();
    const rex = aPet(1);
    expect(jsonOf(rex, serialize).toString()).toBe('{"id":1,"name":"Pet 1","version":1}');
    expect(jsonOf(rex, serialize).toString()).toBe('{"id":1,"name":"Pet 1","version":1}');
    const changed = { ...rex, name: 'Rexy', version: 2 };
    expect(jsonOf(changed, serialize).toString()).toBe('{"id":1,"name":"Rexy","version":2}');
    expect(serialised).toEqual([1, 1]);
  });

  it("keeps each text as its UTF-8 bytes, in memory of its own rather than a slice of Node's shared pool", () => {
    const jsonOf = petJsonCache(4);
    const { serialize } = counting();
    const named = { ...aPet(7), name: 'Ñandú 🐾 "Rex"' };
    const bytes = jsonOf(named, serialize);
    expect(bytes).toEqual(Buffer.from('{"id":7,"name":"Ñandú 🐾 \\"Rex\\"","version":1}'));
    // A kept slice of the pool would keep the whole pool (64 KiB on Node 24), with whatever else it holds, alive.
    expect(bytes.byteOffset).toBe(0);
    expect(bytes.buffer.byteLength).toBe(bytes.length);
  });

  it('keeps at most two generations: an animal not shown since is serialised again, one shown again is kept', () => {
    const jsonOf = petJsonCache(3);
    const { serialised, serialize } = counting();
    const pets = Array.from({ length: 10 }, (_, i) => aPet(i + 1));
    // 1, 2, 3 fill the first generation; 4 starts the second; 1 read again moves there.
    for (const pet of pets.slice(0, 4)) jsonOf(pet, serialize);
    jsonOf(pets[0] as Pet, serialize);
    expect(serialised).toEqual([1, 2, 3, 4]);
    // 5 fills the second (4, 1, 5), 6 starts a third: the first (1, 2, 3) is gone but 1, moved on, is kept.
    jsonOf(pets[4] as Pet, serialize);
    jsonOf(pets[5] as Pet, serialize);
    jsonOf(pets[0] as Pet, serialize);
    jsonOf(pets[1] as Pet, serialize);
    expect(serialised).toEqual([1, 2, 3, 4, 5, 6, 2]);
  });

  it('holds no more than twice its generation, however many animals a client pages through', () => {
    const jsonOf = petJsonCache(100);
    const { serialised, serialize } = counting();
    const pets = Array.from({ length: 1_000 }, (_, i) => aPet(i + 1));
    for (const pet of pets) jsonOf(pet, serialize);
    for (const pet of pets) jsonOf(pet, serialize);
    // Every one of the second pass was serialised again: none was kept from 800 animals back.
    expect(serialised).toHaveLength(2_000);
    // The last 100 to 200 shown are kept: the newest 100 certainly.
    serialised.length = 0;
    for (const pet of pets.slice(900)) jsonOf(pet, serialize);
    expect(serialised).toEqual([]);
  });
});

describe('pageBytesCache', () => {
  const page = (ids: number[], pets: Pet[]) => ids.map((id) => pets[id - 1] as Pet);

  it('gives back the bytes of a page of the very same animal objects, and nothing once any of them has changed', () => {
    const pages = pageBytesCache(4);
    const pets = Array.from({ length: 5 }, (_, i) => aPet(i + 1));
    const bytes = Buffer.from('[1,2,3]');
    pages.set(page([1, 2, 3], pets), bytes);
    expect(pages.get(page([1, 2, 3], pets))).toBe(bytes);
    // A change makes a new object: the page with it is not the page kept.
    const changed = page([1, 2, 3], pets);
    changed[2] = { ...(pets[2] as Pet), name: 'Changed', version: 2 };
    expect(pages.get(changed)).toBeUndefined();
    // Another page from the same first animal (shorter, or going on differently) is not it either.
    expect(pages.get(page([1, 2], pets))).toBeUndefined();
    expect(pages.get(page([1, 2, 4], pets))).toBeUndefined();
    expect(pages.get([])).toBeUndefined();
  });

  it('keeps the page as it was set, whatever becomes of the array it was given', () => {
    const pages = pageBytesCache(4);
    const pets = Array.from({ length: 3 }, (_, i) => aPet(i + 1));
    const shown = page([1, 2, 3], pets);
    const bytes = Buffer.from('[1,2,3]');
    pages.set(shown, bytes);
    shown[1] = pets[2] as Pet;
    expect(pages.get(shown)).toBeUndefined();
    expect(pages.get(page([1, 2, 3], pets))).toBe(bytes);
  });

  it('replaces the page kept under a first animal, and keeps at most its size of pages', () => {
    const pages = pageBytesCache(2);
    const pets = Array.from({ length: 6 }, (_, i) => aPet(i + 1));
    pages.set(page([1, 2], pets), Buffer.from('a'));
    pages.set(page([1, 3], pets), Buffer.from('b'));
    expect(pages.get(page([1, 2], pets))).toBeUndefined();
    expect(pages.get(page([1, 3], pets))?.toString()).toBe('b');
    pages.set(page([4, 5], pets), Buffer.from('c'));
    // Full (two pages): a third first animal starts again from it alone.
    pages.set(page([6], pets), Buffer.from('d'));
    expect(pages.get(page([1, 3], pets))).toBeUndefined();
    expect(pages.get(page([4, 5], pets))).toBeUndefined();
    expect(pages.get(page([6], pets))?.toString()).toBe('d');
  });
});
