/** The events a change makes, pure: what changed with its old value, their sequences, and who sees them. */
import { describe, expect, it } from 'vitest';
import {
  audienceOf,
  isAboutPet,
  mayViewEvent,
  petBefore,
  type SearchMatchEvent,
  orderMoved,
  orderPlaced,
  petCreated,
  petDeleted,
  petUpdated,
  previousAttributes,
} from '../../../../src/domain/adoption/feed-event.js';
import type { Pet } from '../../../../src/domain/adoption/pet.js';
import { aPetDraft } from '../../../support/builders.js';
import { anAdoptionRequest } from '../../../contracts/adoption/adoption-request-repository.contract.js';

const stamp = { id: 'evt_0000000000000aaaaaa', createdAt: '2026-11-28T00:00:00.000Z' };
const aPet = (overrides: Partial<Pet> = {}): Pet => ({ id: 7, ...aPetDraft({ name: 'Rex', categoryId: 1 }), ...overrides });

describe('previousAttributes', () => {
  it('gives the old value of each listed field that changed, comparing nested values as values', () => {
    const before = { a: 1, b: 'x', c: { d: [1, 2] }, e: null as string | null, unlisted: 1 };
    expect(previousAttributes(before, { ...before }, ['a', 'b', 'c', 'e'])).toEqual({});
    expect(previousAttributes(before, { ...before, c: { d: [1, 2] } }, ['a', 'b', 'c', 'e'])).toEqual({});
    expect(previousAttributes(before, { ...before, a: 2, c: { d: [2, 1] }, e: 'y', unlisted: 2 }, ['a', 'b', 'c', 'e'])).toEqual({
      a: 1,
      c: { d: [1, 2] },
      e: null,
    });
  });
});

describe('pet events', () => {
  it('carry the pet, its version as sequence, and for a change the old values, photos by id in their old order', () => {
    const photo = (id: string) => ({ id, width: 10, height: 10 });
    const before = aPet({ version: 2, photos: [photo('ph_a'), photo('ph_b')] });
    const after = { ...before, name: 'Max', version: 3, photos: [photo('ph_b'), photo('ph_a')] };
    expect(petCreated(stamp, before)).toEqual({ ...stamp, type: 'pet.created', sequence: 2, object: before });
    const updated = petUpdated(stamp, before, after);
    expect(updated).toMatchObject({ type: 'pet.updated', sequence: 3, object: after });
    expect(updated.previousAttributes).toEqual({ name: 'Rex', version: 2, photos: ['ph_a', 'ph_b'] });
    expect(petUpdated(stamp, before, { ...before, name: 'Max', version: 3 }).previousAttributes).toEqual({ name: 'Rex', version: 2 });
    // A removal supersedes every update: one past the last version.
    expect(petDeleted(stamp, after)).toEqual({ ...stamp, type: 'pet.deleted', sequence: 4, object: after });
  });

  it('are seen by every reader', () => {
    expect(audienceOf(petCreated(stamp, aPet()))).toBeNull();
    expect(mayViewEvent(petCreated(stamp, aPet()), 'anyone')).toBe(true);
  });
});

describe('adoption request events', () => {
  it("are seen by the request's applicant and its pet's owner only (the applicant alone for a pet with no owner)", () => {
    const order = anAdoptionRequest({ placedBy: 'applicant', petOwnerId: 'shelter' });
    const placed = orderPlaced(stamp, order);
    expect(audienceOf(placed)).toEqual(['applicant', 'shelter']);
    expect([mayViewEvent(placed, 'applicant'), mayViewEvent(placed, 'shelter'), mayViewEvent(placed, 'other')]).toEqual([
      true,
      true,
      false,
    ]);
    expect(audienceOf(orderPlaced(stamp, { ...order, petOwnerId: null }))).toEqual(['applicant']);
  });

  it('are named by the state moved to, with the old values', () => {
    const order = anAdoptionRequest({ placedBy: 'applicant', petOwnerId: 'shelter' });
    const approved = { ...order, status: 'approved' as const, version: order.version + 1 };
    expect(orderMoved(stamp, order, approved)).toMatchObject({
      type: 'order.approved',
      sequence: approved.version,
      previousAttributes: { status: 'placed', version: order.version },
    });
  });
});

describe('alerts of saved searches', () => {
  const pet = aPet();
  const alert: SearchMatchEvent = {
    ...stamp,
    type: 'search.matched',
    sequence: pet.version,
    object: pet,
    savedSearch: { id: 'srch_1', ownerId: 'partner', label: 'Cats', reference: null },
  };

  it("are about an animal, and seen by the search's owner alone", () => {
    expect(isAboutPet(alert)).toBe(true);
    expect(isAboutPet(petDeleted(stamp, pet))).toBe(true);
    expect(isAboutPet(orderPlaced(stamp, anAdoptionRequest()))).toBe(false);
    expect(audienceOf(alert)).toEqual(['partner']);
    expect([mayViewEvent(alert, 'partner'), mayViewEvent(alert, 'shelter')]).toEqual([true, false]);
  });
});

describe('the animal before a change, from its event', () => {
  const photo = (id: string) => ({ id, width: 10, height: 10 });

  it('is none for a creation, the animal itself for a removal, and its old values for an update', () => {
    const before = aPet({ version: 2, status: 'pending', photos: [photo('ph_a')] });
    expect(petBefore(petCreated(stamp, before))).toBeNull();
    expect(petBefore(petDeleted(stamp, before))).toEqual(before);
    const after = { ...before, status: 'available' as const, name: 'Max', version: 3 };
    expect(petBefore(petUpdated(stamp, before, after))).toEqual(before);
    // An event without old values (none changed) leaves the animal as it is.
    const { previousAttributes: _none, ...bare } = petUpdated(stamp, before, after);
    expect(petBefore(bare)).toEqual(after);
  });

  it('names the photos it had in their old order: a kept photo whole, a removed one by its id alone', () => {
    const before = aPet({ version: 2, photos: [photo('ph_a'), photo('ph_b')] });
    const after = { ...before, version: 3, photos: [photo('ph_b'), photo('ph_c')] };
    expect(petBefore(petUpdated(stamp, before, after))?.photos).toEqual([{ id: 'ph_a' }, photo('ph_b')]);
  });
});
