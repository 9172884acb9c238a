/** How the service's values are stored in MongoDB: ids and category ids as int64, read back as bigint. */
import { Long } from 'mongodb';
import type { Pet } from '../../domain/pet.js';
import type { PetStatus } from '../../domain/pet-status.js';

/** Read options: int64 values come back as bigint, so none is rounded on the way. */
export const READ_INT64 = { useBigInt64: true } as const;

/** A pet's fields other than its id, as stored (in the pets collection and in idempotency records). */
export interface StoredPetFields {
  name: string;
  categoryId: Long | bigint;
  status: PetStatus;
}

export function storedPetFields(pet: Pet): StoredPetFields {
  return { name: pet.name, categoryId: Long.fromNumber(pet.categoryId), status: pet.status };
}

export function petFromStored(id: Long | bigint, fields: StoredPetFields): Pet {
  return {
    id: toSafeNumber(id as bigint, 'pet id'),
    name: fields.name,
    categoryId: toSafeNumber(fields.categoryId as bigint, 'categoryId'),
    status: fields.status,
  };
}

/** int64 values are read as bigint; the service only ever writes values within 2^53-1. */
export function toSafeNumber(value: bigint | number, field: string): number {
  const number = Number(value);
  if (!Number.isSafeInteger(number)) throw new Error(`Stored ${field} ${String(value)} is outside the supported range`);
  return number;
}
