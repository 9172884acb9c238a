import { describe, expect, it } from 'vitest';
import { gazetteer } from '../../../support/gazetteer.js';
import { atHome, changePet, holdPet, isAtHome, relocatePet } from '../../../../src/domain/adoption/pet-lifecycle.js';
import { newPetDraft, petOf, placeAt, samePlace, variantDimensions, type Pet } from '../../../../src/domain/adoption/pet.js';
import { placeMoved, type OrganizationProfile } from '../../../../src/domain/organizations/organization.js';
import type { Place } from '../../../../src/domain/shared/place.js';

const T0 = new Date(Date.UTC(2026, 10, 26)).toISOString();
const T1 = new Date(Date.UTC(2026, 10, 27)).toISOString();
const SF: Place = { postalCode: '94110', city: 'San Francisco', region: 'CA', country: 'US' };
const NY: Place = { postalCode: '10001', city: 'New York', region: 'NY', country: 'US' };
const OAKLAND: Place = { postalCode: '94601', city: 'Oakland', region: 'CA', country: 'US' };

const shelterPet = (home: Place | null = SF): Pet =>
  petOf(7, newPetDraft({ name: 'Rex', categoryId: 1, status: 'available' }, 'acct_sf', T0, home));
const fosterPet = (): Pet =>
  petOf(8, newPetDraft({ name: 'Tom', categoryId: 1, status: 'available', location: OAKLAND }, 'acct_sf', T0, SF));

describe("an animal's place", () => {
  it('is its foster home when it has a location, else its organization, else nowhere', () => {
    expect(placeAt(OAKLAND, SF)).toEqual({ ...OAKLAND, kind: 'foster' });
    expect(placeAt(null, SF)).toEqual({ ...SF, kind: 'organization' });
    expect(placeAt(null, null)).toBeNull();
    expect(shelterPet().place).toEqual({ ...SF, kind: 'organization' });
    expect(fosterPet().place).toEqual({ ...OAKLAND, kind: 'foster' });
    expect(shelterPet(null).place).toBeNull();
    expect(isAtHome(shelterPet())).toBe(true);
    expect(isAtHome(fosterPet())).toBe(false);
  });

  it('compares places by kind and every member', () => {
    const a = placeAt(null, SF);
    expect(samePlace(a, placeAt(null, { ...SF }))).toBe(true);
    expect(samePlace(a, placeAt(SF, null))).toBe(false);
    expect(samePlace(a, placeAt(null, NY))).toBe(false);
    expect(samePlace(a, placeAt(null, { ...SF, city: 'Elsewhere' }))).toBe(false);
    expect(samePlace(a, placeAt(null, { ...SF, region: 'NV' }))).toBe(false);
    expect(samePlace(a, placeAt(null, { ...SF, country: 'CA' }))).toBe(false);
    expect(samePlace(null, null)).toBe(true);
    expect(samePlace(a, null)).toBe(false);
    expect(samePlace(null, a)).toBe(false);
  });

  it('follows a change of its foster location; back from foster care it waits for its organization (atHome)', () => {
    const pet = shelterPet();
    const out = changePet(pet, { location: { postalCode: '94601' } }, T1, gazetteer);
    expect(out.place).toEqual({ ...OAKLAND, kind: 'foster' });
    // Another field changes: the place stays the same object.
    expect(changePet(pet, { name: 'Max' }, T1, gazetteer).place).toBe(pet.place);
    expect(holdPet(pet, 'ord_1', T1).place).toBe(pet.place);
    const back = changePet(out, { location: null }, T1, gazetteer);
    expect(back.place).toBeNull();
    const placed = atHome(back, NY);
    expect(placed).toMatchObject({ version: back.version, place: { ...NY, kind: 'organization' } });
    // Already there, or in a foster home: the same animal.
    expect(atHome(placed, NY)).toBe(placed);
    expect(atHome(out, NY)).toBe(out);
    // A shelter animal changed keeps its organization's place.
    expect(changePet(placed, { name: 'Max' }, T1, gazetteer).place).toEqual(placed.place);
  });

  it("moves a shelter animal one version on to its organization's new place; a foster animal, or one already there, not", () => {
    const pet = shelterPet();
    const moved = relocatePet(pet, NY, T1) as Pet;
    expect(moved).toMatchObject({ id: pet.id, version: pet.version + 1, updatedAt: T1, place: { ...NY, kind: 'organization' } });
    expect({ ...moved, version: pet.version, updatedAt: pet.updatedAt, place: pet.place }).toEqual(pet);
    expect(relocatePet(moved, NY, T1)).toBeNull();
    expect(relocatePet(fosterPet(), NY, T1)).toBeNull();
    // An organization that loses its place takes its shelter animals nowhere.
    expect(relocatePet(pet, null, T1)?.place).toBeNull();
    expect(relocatePet(shelterPet(null), null, T1)).toBeNull();
  });

  it("tells an organization's move by its postal code and country", () => {
    const profile = (location: Place | null) => ({ location }) as OrganizationProfile;
    expect(placeMoved(profile(SF), profile({ ...SF }))).toBe(false);
    expect(placeMoved(profile(SF), profile(NY))).toBe(true);
    expect(placeMoved(profile(SF), profile({ ...SF, country: 'CA' }))).toBe(true);
    expect(placeMoved(profile(SF), profile(null))).toBe(true);
    expect(placeMoved(profile(null), profile(SF))).toBe(true);
    expect(placeMoved(profile(null), profile(null))).toBe(false);
    expect(placeMoved(null, profile(SF))).toBe(true);
    expect(placeMoved(null, profile(null))).toBe(false);
  });
});

describe("a photo's variants", () => {
  it('fit inside their edge, never enlarged, the smaller ones from the full one', () => {
    expect(variantDimensions({ width: 2_000, height: 1_500 })).toEqual({
      small: { width: 300, height: 225 },
      medium: { width: 600, height: 450 },
      large: { width: 1_000, height: 750 },
      full: { width: 1_600, height: 1_200 },
    });
    expect(variantDimensions({ width: 333, height: 1_601 }).full).toEqual({ width: 333, height: 1_600 });
    expect(variantDimensions({ width: 1_601, height: 1 }).small).toEqual({ width: 300, height: 1 });
    expect(variantDimensions({ width: 640, height: 480 })).toMatchObject({
      large: { width: 640, height: 480 },
      small: { width: 300, height: 225 },
    });
    expect(variantDimensions({ width: 500, height: 500 }).medium).toEqual({ width: 500, height: 500 });
  });
});
