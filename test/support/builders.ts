/** Object mothers for test data. */
import type { NewPet } from '../../src/domain/pet.js';
import type { PetDraft } from '../../src/domain/pet.js';
import type { ApiKeyRecord } from '../../src/domain/api-key.js';
import { hashKey } from '../../src/application/key-secrets.js';

let counter = 0;

export function aNewPet(overrides: Partial<NewPet> = {}): NewPet {
  counter += 1;
  return { name: `Pet ${counter}`, categoryId: 1 + (counter % 5), ...overrides };
}

export function aPetDraft(overrides: Partial<PetDraft> = {}): PetDraft {
  return { status: 'available', ...aNewPet(), ...overrides };
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
    lastUsedAt: null,
    ...overrides,
  };
}
