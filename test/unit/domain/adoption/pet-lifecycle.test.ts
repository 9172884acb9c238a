import { describe, expect, it } from 'vitest';
import { gazetteer } from '../../../support/gazetteer.js';
import {
  addPhoto,
  changePet,
  checkPetOwner,
  checkRoomForPhoto,
  removePhoto,
  checkTransition,
  holdPet,
  PET_TRANSITIONS,
  releasePet,
  sellPet,
} from '../../../../src/domain/adoption/pet-lifecycle.js';
import { ownerOfKey } from '../../../../src/domain/access/api-key.js';
import {
  ForbiddenError,
  PreconditionFailedError,
  PreconditionRequiredError,
  ValidationError,
} from '../../../../src/domain/shared/errors.js';
import { InvalidTransitionError, PetHeldError } from '../../../../src/domain/adoption/errors.js';
import { PhotoLimitReachedError } from '../../../../src/domain/adoption/errors.js';
import { checkIfMatch } from '../../../../src/domain/shared/preconditions.js';
import { PET_STATUSES } from '../../../../src/domain/adoption/pet-status.js';
import { petOf, type Pet } from '../../../../src/domain/adoption/pet.js';
import { aPetDraft } from '../../../support/builders.js';

const T1 = new Date(Date.UTC(2026, 10, 26)).toISOString();
const aPet = (overrides: Partial<Pet> = {}): Pet => ({ id: 7, ...aPetDraft({ name: 'Rex', categoryId: 1 }), ...overrides });

describe('the pet transition table', () => {
  it('allows every change but sold -> pending, and staying put', () => {
    expect(PET_TRANSITIONS).toEqual({ available: ['pending', 'sold'], pending: ['available', 'sold'], sold: ['available'] });
    for (const from of PET_STATUSES) {
      for (const to of PET_STATUSES) {
        if (from === 'sold' && to === 'pending') expect(() => checkTransition(from, to)).toThrow(InvalidTransitionError);
        else expect(() => checkTransition(from, to)).not.toThrow();
      }
    }
    expect(() => checkTransition('sold', 'pending')).toThrow('A sold pet cannot become pending; from sold it may become available');
  });
});

describe('changePet', () => {
  it('returns the same pet when nothing changes', () => {
    const pet = aPet();
    expect(changePet(pet, { name: 'Rex', categoryId: 1, status: 'available' }, T1, gazetteer)).toBe(pet);
    expect(changePet(pet, {}, T1, gazetteer)).toBe(pet);
  });

  it('moves the version and updatedAt; the status time and adoptedAt only with the status', () => {
    const pet = aPet();
    const renamed = changePet(pet, { name: 'Rexy' }, T1, gazetteer);
    expect(renamed).toEqual({ ...pet, name: 'Rexy', version: 2, updatedAt: T1 });
    const sold = changePet(pet, { status: 'sold' }, T1, gazetteer);
    expect(sold).toMatchObject({ status: 'sold', version: 2, statusChangedAt: T1, adoptedAt: T1 });
    const returned = changePet(sold, { status: 'available' }, new Date(Date.parse(T1) + 1).toISOString(), gazetteer);
    expect(returned).toMatchObject({ status: 'available', version: 3, adoptedAt: null });
  });

  it("builds every changed pet with petOf's fields in petOf's order: one shape, kept by the memory store as it is", () => {
    const pet = petOf(7, aPetDraft({ name: 'Rex', categoryId: 1 }));
    const order = Object.keys(pet);
    const held = holdPet(pet, 'ord_1', T1);
    const changed = [changePet(pet, { name: 'Rexy' }, T1, gazetteer), held, releasePet(held, T1), sellPet(held, T1)];
    for (const next of changed) expect(Object.keys(next)).toEqual(order);
  });

  it('refuses a held pet a status change, not a rename; refuses bad fields naming them', () => {
    const held = aPet({ status: 'pending', heldBy: 'ord_1' });
    expect(() => changePet(held, { status: 'available' }, T1, gazetteer)).toThrow(PetHeldError);
    expect(changePet(held, { name: 'Rexy' }, T1, gazetteer)).toMatchObject({ name: 'Rexy', heldBy: 'ord_1' });
    expect(() => changePet(aPet(), { name: ' ' }, T1, gazetteer)).toThrow(ValidationError);
    expect(() => changePet(aPet(), { categoryId: 0 }, T1, gazetteer)).toThrow(ValidationError);
    expect(() => changePet(aPet({ status: 'sold' }), { status: 'pending' }, T1, gazetteer)).toThrow(InvalidTransitionError);
  });

  it('holds, releases and sells', () => {
    const held = holdPet(aPet(), 'ord_1', T1);
    expect(held).toMatchObject({ status: 'pending', heldBy: 'ord_1', version: 2, statusChangedAt: T1 });
    expect(releasePet(held, T1)).toMatchObject({ status: 'available', heldBy: null, version: 3 });
    expect(sellPet(held, T1)).toMatchObject({ status: 'sold', heldBy: null, adoptedAt: T1, version: 3 });
  });

  it("refuses an order of photos that does not name each of the pet's photos once, naming the ones it has", () => {
    const photo = (id: string) => ({ id, width: 600, height: 400 });
    expect(() => changePet(aPet(), { photos: ['ph_a'] }, T1, gazetteer)).toThrow(
      "each of the pet's 0 photo ids once, in the order to show them (it has none)",
    );
    const pet = aPet({ photos: [photo('ph_a'), photo('ph_b')] });
    for (const photos of [['ph_a'], ['ph_a', 'ph_a'], ['ph_a', 'ph_c']]) {
      expect(() => changePet(pet, { photos }, T1, gazetteer)).toThrow(
        "each of the pet's 2 photo ids once, in the order to show them (ph_a, ph_b)",
      );
    }
    expect(changePet(pet, { photos: ['ph_b', 'ph_a'] }, T1, gazetteer).photos).toEqual([photo('ph_b'), photo('ph_a')]);
  });
});

describe('changePet, more', () => {
  const photo = (id: string) => ({ id, width: 600, height: 400 });
  const T0 = new Date(Date.UTC(2026, 10, 20)).toISOString();

  it('returns the same pet for a pet with photos when nothing changes, their order included', () => {
    const pet = aPet({ photos: [photo('ph_a'), photo('ph_b')] });
    expect(changePet(pet, {}, T1, gazetteer)).toBe(pet);
    expect(changePet(pet, { photos: ['ph_a', 'ph_b'] }, T1, gazetteer)).toBe(pet);
    expect(changePet(pet, { name: 'Rex', photos: ['ph_a', 'ph_b'] }, T1, gazetteer)).toBe(pet);
  });

  it('makes a change of the category alone, or of the record alone, one version on', () => {
    const pet = aPet();
    expect(changePet(pet, { categoryId: 2 }, T1, gazetteer)).toMatchObject({ categoryId: 2, version: 2 });
    expect(changePet(pet, { sex: 'female' }, T1, gazetteer)).toMatchObject({ sex: 'female', version: 2 });
  });

  it('says which day is today when a changed birth date is after it', () => {
    expect(() => changePet(aPet(), { birthDate: { date: '2026-11-27' } }, T1, gazetteer)).toThrow(
      'birthDate.date must be from 1900-01-01 to today (2026-11-26)',
    );
  });

  it('checks a changed record whole, and leaves an unchanged one as stored', () => {
    expect(() => changePet(aPet(), { sex: 'alien' as never }, T1, gazetteer)).toThrow(expect.objectContaining({ field: 'sex' }));
    // Stored before today's rules (a value no longer valid): a rename does not trip over it.
    const legacy = aPet({ sex: 'alien' as never });
    expect(changePet(legacy, { name: 'Rexy' }, T1, gazetteer)).toMatchObject({ name: 'Rexy', sex: 'alien', version: 2 });
  });

  it('keeps adoptedAt through a change that does not move the status, sold or not', () => {
    const sold = aPet({ status: 'sold', adoptedAt: T0 });
    expect(changePet(sold, { name: 'Rexy' }, T1, gazetteer)).toMatchObject({
      status: 'sold',
      adoptedAt: T0,
      statusChangedAt: sold.statusChangedAt,
    });
  });

  it('sets publishedAt when an animal first becomes available, and keeps it after', () => {
    const draft = aPet({ status: 'pending', publishedAt: null });
    expect(changePet(draft, { name: 'Rexy' }, T1, gazetteer).publishedAt).toBeNull();
    const listed = changePet(draft, { status: 'available' }, T1, gazetteer);
    expect(listed.publishedAt).toBe(T1);
    const later = new Date(Date.parse(T1) + 60_000).toISOString();
    expect(
      changePet(changePet(listed, { status: 'pending' }, later, gazetteer), { status: 'available' }, later, gazetteer).publishedAt,
    ).toBe(T1);
  });

  it('says why a held pet keeps its status, and why another owner may not change it', () => {
    const held = aPet({ status: 'pending', heldBy: 'ord_1' });
    expect(() => changePet(held, { status: 'available' }, T1, gazetteer)).toThrow(
      'Pet 7 is held by the approved adoption request ord_1; deliver or cancel that request to change its status',
    );
    expect(() => checkPetOwner(aPet(), 'owner_b', null)).toThrow(
      'Pet 7 belongs to another owner; only keys of its owner may change it or decide its adoption requests',
    );
  });

  it('names the field of a wrong photo order', () => {
    expect(() => changePet(aPet(), { photos: ['ph_a'] }, T1, gazetteer)).toThrow(expect.objectContaining({ field: 'photos' }));
  });
});

describe('photos on the pet', () => {
  const photo = (id: string) => ({ id, width: 600, height: 400 });
  const withPhotos = (count: number) => aPet({ photos: Array.from({ length: count }, (_, i) => photo(`ph_${i}`)) });

  it('adds a photo last, one version on; the same photo again changes nothing', () => {
    const pet = withPhotos(2);
    const added = addPhoto(pet, photo('ph_new'), T1);
    expect(added).toEqual({ ...pet, photos: [...pet.photos, photo('ph_new')], version: 2, updatedAt: T1 });
    expect(addPhoto(added, photo('ph_new'), T1)).toBe(added);
    expect(addPhoto(added, photo('ph_0'), T1)).toBe(added);
  });

  it('takes a 12th photo and refuses a 13th, saying why', () => {
    expect(() => checkRoomForPhoto(withPhotos(11))).not.toThrow();
    expect(addPhoto(withPhotos(11), photo('ph_x'), T1).photos).toHaveLength(12);
    expect(() => checkRoomForPhoto(withPhotos(12))).toThrow(PhotoLimitReachedError);
    expect(() => addPhoto(withPhotos(12), photo('ph_x'), T1)).toThrow(
      'Pet 7 has 12 photos, the most an animal has; remove one before adding another',
    );
    // A photo it has already is no new photo, even at the limit.
    const full = withPhotos(12);
    expect(addPhoto(full, photo('ph_3'), T1)).toBe(full);
  });

  it('removes only the photo named, one version on; null for a photo it does not have', () => {
    const pet = withPhotos(3);
    expect(removePhoto(pet, 'ph_1', T1)).toEqual({ ...pet, photos: [photo('ph_0'), photo('ph_2')], version: 2, updatedAt: T1 });
    expect(removePhoto(pet, 'ph_9', T1)).toBeNull();
    expect(removePhoto(aPet(), 'ph_0', T1)).toBeNull();
  });
});

describe('ownership', () => {
  it("is the key's owner id, or its rotation chain's first key", () => {
    expect(ownerOfKey({ ownerId: 'acct_1', quotaId: 'key_a' })).toBe('acct_1');
    expect(ownerOfKey({ ownerId: null, quotaId: 'key_a' })).toBe('key_a');
  });

  it('lets the owner change a pet, nobody else; a pet without owner only through the legacy owner', () => {
    expect(() => checkPetOwner(aPet({ ownerId: 'acct_1' }), 'acct_1', null)).not.toThrow();
    expect(() => checkPetOwner(aPet({ ownerId: 'acct_1' }), 'acct_2', 'acct_2')).toThrow(ForbiddenError);
    expect(() => checkPetOwner(aPet({ ownerId: null }), 'acct_1', null)).toThrow('before owners were recorded');
    expect(() => checkPetOwner(aPet({ ownerId: null }), 'acct_1', 'acct_1')).not.toThrow();
  });
});

describe('checkIfMatch', () => {
  it('asks for If-Match where required, takes * and any matching version, refuses others with the current one', () => {
    expect(() => checkIfMatch(undefined, true, 3, 'pet 7')).toThrow(PreconditionRequiredError);
    expect(() => checkIfMatch(undefined, false, 3, 'pet 7')).not.toThrow();
    expect(() => checkIfMatch('*', true, 3, 'pet 7')).not.toThrow();
    expect(() => checkIfMatch([1, 3], true, 3, 'pet 7')).not.toThrow();
    let error: unknown;
    try {
      checkIfMatch([2], true, 3, 'pet 7');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(PreconditionFailedError);
    expect((error as PreconditionFailedError).currentVersion).toBe(3);
    expect((error as Error).message).toMatch(/^Pet 7 changed since it was read: its current ETag is "3"/);
    expect(() => checkIfMatch([], true, 3, 'pet 7')).toThrow(PreconditionFailedError);
  });
});
