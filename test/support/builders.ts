/** Object mothers for test data. */
import type { Place } from '../../src/domain/shared/place.js';
import type { DeprecatedOperation } from '../../src/domain/shared/deprecation.js';
import type { NewPet } from '../../src/domain/adoption/pet.js';
import { placeAt, type PetDraft } from '../../src/domain/adoption/pet.js';
import { EMPTY_RECORD, type PetRecord } from '../../src/domain/adoption/pet-record.js';
import type { ApiKeyRecord } from '../../src/domain/access/api-key.js';
import { hashKey } from '../../src/application/access/services/key-secrets.js';

let counter = 0;

export function aNewPet(overrides: Partial<NewPet> = {}): NewPet {
  counter += 1;
  return { name: `Pet ${counter}`, categoryId: 1 + (counter % 5), ...overrides };
}

const CREATED = new Date(Date.UTC(2026, 10, 25, 10, 0, 0)).toISOString();

/** A pet as a repository is given it: version 1, created at one fixed time, owned by `owner_a`. */
export function aPetDraft(overrides: Partial<PetDraft> = {}): PetDraft {
  const { name, categoryId } = aNewPet();
  return {
    ...EMPTY_RECORD,
    status: 'available',
    name,
    categoryId,
    version: 1,
    createdAt: CREATED,
    updatedAt: CREATED,
    statusChangedAt: CREATED,
    reference: null,
    adoptedAt: null,
    ownerId: 'owner_a',
    heldBy: null,
    claimedBy: null,
    publishedAt: CREATED,
    photos: [],
    // In a foster home when given a location; else at its organization's place, none here.
    place: placeAt(overrides.location ?? null, null),
    ...overrides,
  };
}

/** An API key record as stored: a Pro key with both scopes, no owner, its own quota. */
export function anApiKeyRecord(overrides: Partial<ApiKeyRecord> = {}): ApiKeyRecord {
  counter += 1;
  const id = overrides.id ?? `key_${String(counter).padStart(16, '0')}`;
  return {
    id,
    name: 'Shelter',
    hash: hashKey(`shelter-key-${counter}-${Math.random()}`),
    plan: 'pro',
    scopes: ['pets:read', 'pets:write'],
    ownerId: null,
    quotaId: id,
    rotatedFrom: null,
    createdAt: new Date(Date.UTC(2026, 0, 1)),
    revokedAt: null,
    expiresAt: null,
    ...overrides,
  };
}

/** getPet's deprecation as configured by default (sunset 2030-12-05, no brownouts), with overrides. */
export function aDeprecation(overrides: Partial<DeprecatedOperation> = {}): DeprecatedOperation {
  return {
    operation: 'getPet',
    deprecatedAtMs: Date.parse('2026-11-21T00:00:00Z'),
    sunsetAtMs: Date.parse('2030-12-05T00:00:00Z'),
    brownouts: [],
    replacement: 'GET /v1/pets?id={petId}',
    ...overrides,
  };
}

/** Every field of the record a partner site shows, set to valid values (a dog). */
export function aFullRecord(overrides: Partial<PetRecord> = {}): PetRecord {
  return {
    species: 'dog',
    breeds: { primary: 'Labrador Retriever', secondary: 'Border Collie', mixed: true },
    sex: 'female',
    ageGroup: 'young',
    birthDate: { date: '2025-03-14', exact: false },
    size: 'large',
    coat: 'Short',
    colors: { primary: 'Black', secondary: 'White / Cream' },
    goodWith: { children: true, dogs: true, cats: null },
    attributes: {
      spayedNeutered: true,
      houseTrained: true,
      specialNeeds: true,
      specialNeedsDetails: 'Takes a pill for her thyroid every morning',
      shotsCurrent: true,
      microchipped: false,
    },
    description: 'Maya loves long walks and naps in the sun. She knows sit, down and paw, and greets every visitor at the door. ✓',
    adoptionFee: { amount: 15_000, currency: 'USD' },
    tags: ['playful', 'loves water', 'crate trained'],
    location: FOSTER_PLACE,
    ...overrides,
  };
}

/** A foster home's place, as the dataset gives it for ZIP 10001. */
export const FOSTER_PLACE: Place = { postalCode: '10001', city: 'New York', region: 'NY', country: 'US' };

/** A record as a client sends it: its location as a postal code and country only. */
export function asBody(record: PetRecord): Omit<PetRecord, 'location'> & { location: { postalCode: string; country: string } | null } {
  const { location, ...rest } = record;
  return { ...rest, location: location === null ? null : { postalCode: location.postalCode, country: location.country } };
}
