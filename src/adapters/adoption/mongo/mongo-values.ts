/** How pets and their ids are stored in MongoDB: ids and category ids as int64, read back as bigint. */
import type { PetReference } from '../../../domain/adoption/pet-reference.js';
import { Long } from 'mongodb';
import type { Pet, PetPhoto, PetPlace } from '../../../domain/adoption/pet.js';
import type { PetStatus } from '../../../domain/adoption/pet-status.js';
import { withRecordOf, withStoredRecord, type PetRecord } from '../../../domain/adoption/pet-record.js';

/** Read options: int64 values come back as bigint, so none is rounded on the way. */
export const READ_INT64 = { useBigInt64: true } as const;

/**
 * A pet's fields other than its id, as stored (in the pets collection and in idempotency records).
 * Pets stored before versions and owners were recorded lack the optional ones: MongoPetRepository
 * fills them in at start-up (the backfillUnversionedPets migration); an idempotency record of such a
 * pet reads with the defaults below. Pets stored before the record (species, breeds, ...) read with
 * the empty record: no start-up rewrite of every document; a change writes the whole record.
 */
export interface StoredPetFields extends Partial<PetRecord> {
  name: string;
  categoryId: Long | bigint;
  status: PetStatus;
  version?: number;
  createdAt?: Date;
  updatedAt?: Date;
  statusChangedAt?: Date;
  adoptedAt?: Date | null;
  ownerId?: string | null;
  heldBy?: string | null;
  /** The request being approved that claimed it (missing before claims were: none). */
  claimedBy?: string | null;
  publishedAt?: Date | null;
  photos?: PetPhoto[];
  /**
   * Where it can be met (see PetPlace); searched near a place on its postal code. Missing before
   * places were stored: the backfillPetPlaces migration sets it.
   */
  place?: PetPlace | null;
  /** Its source system's reference (missing before references were: none). */
  reference?: PetReference | null;
}

export function storedPetFields(pet: Pet): StoredPetFields {
  const stored = {
    name: pet.name,
    categoryId: Long.fromNumber(pet.categoryId),
    status: pet.status,
    version: pet.version,
    createdAt: new Date(pet.createdAt),
    updatedAt: new Date(pet.updatedAt),
    statusChangedAt: new Date(pet.statusChangedAt),
    adoptedAt: pet.adoptedAt === null ? null : new Date(pet.adoptedAt),
    ownerId: pet.ownerId,
    heldBy: pet.heldBy,
    claimedBy: pet.claimedBy,
    publishedAt: pet.publishedAt === null ? null : new Date(pet.publishedAt),
    photos: pet.photos.map((photo) => ({ id: photo.id, width: photo.width, height: photo.height })),
    place: pet.place,
    reference: pet.reference,
  };
  return withRecordOf(stored, pet);
}

/** The time shown for pets stored before times were recorded, where no migration ran (idempotency replays). */
export const UNRECORDED_TIME = new Date(0).toISOString();

export function petFromStored(id: Long | bigint, fields: StoredPetFields): Pet {
  const pet = {
    id: toSafeNumber(id as bigint, 'pet id'),
    name: fields.name,
    categoryId: toSafeNumber(fields.categoryId as bigint, 'categoryId'),
    status: fields.status,
    version: Number(fields.version ?? 1),
    createdAt: fields.createdAt?.toISOString() ?? UNRECORDED_TIME,
    updatedAt: fields.updatedAt?.toISOString() ?? UNRECORDED_TIME,
    statusChangedAt: fields.statusChangedAt?.toISOString() ?? UNRECORDED_TIME,
    adoptedAt: fields.adoptedAt?.toISOString() ?? null,
    ownerId: fields.ownerId ?? null,
    heldBy: fields.heldBy ?? null,
    claimedBy: fields.claimedBy ?? null,
    publishedAt: fields.publishedAt?.toISOString() ?? null,
    photos: (fields.photos ?? []).map((photo) => ({ id: photo.id, width: photo.width, height: photo.height })),
    place: placeFromStored(fields),
    reference: fields.reference ? { source: fields.reference.source, id: fields.reference.id } : null,
  };
  return withStoredRecord(pet, fields);
}

/** The stored place; one stored before places were, read from its foster location (a shelter animal's is the migration's). */
function placeFromStored(fields: StoredPetFields): PetPlace | null {
  const place = fields.place ?? (fields.location ? { ...fields.location, kind: 'foster' as const } : null);
  if (!place) return null;
  return { postalCode: place.postalCode, city: place.city, region: place.region, country: place.country, kind: place.kind };
}

/** int64 values are read as bigint; the service only ever writes values within 2^53-1. */
export function toSafeNumber(value: bigint | number, field: string): number {
  const number = Number(value);
  if (!Number.isSafeInteger(number)) throw new Error(`Stored ${field} ${String(value)} is outside the supported range`);
  return number;
}
