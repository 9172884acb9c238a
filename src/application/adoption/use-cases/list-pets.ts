/** Lists pets in ascending id order, one page at a time, with an opaque cursor for the next page. */
import type { Pet, PetId } from '../../../domain/adoption/pet.js';
import { idRangeMessage, isValidId } from '../../../domain/adoption/pet.js';
import type { PetStatus } from '../../../domain/adoption/pet-status.js';
import { ValidationError } from '../../../domain/shared/errors.js';
import type { PetRepository } from '../ports/pet-repository.js';
import { decodeCursor, pageLimit, pageOf } from '../../shared/cursor.js';

export { PAGE_LIMIT } from '../../shared/cursor.js';

/** How many ids one list may ask for: one page's worth. */
export const MAX_IDS = 100;

export interface ListPetsInput {
  readonly limit?: number;
  readonly status?: PetStatus;
  readonly cursor?: string;
  /** Only these pets (the replacement for fetching one by id). */
  readonly ids?: readonly number[];
}

export interface PetPage {
  readonly pets: Pet[];
  /** Present when more pets follow this page. */
  readonly nextCursor: string | null;
}

export class ListPets {
  constructor(private readonly pets: PetRepository) {}

  async execute(input: ListPetsInput): Promise<PetPage> {
    const limit = pageLimit(input.limit);
    const afterId = input.cursor === undefined ? undefined : decodeCursor(input.cursor, parsePetId);
    if (input.ids !== undefined) checkIds(input.ids);
    // One extra row tells whether another page exists without a count query.
    const query = {
      limit: limit + 1,
      ...(input.status !== undefined && { status: input.status }),
      ...(afterId !== undefined && { afterId }),
      ...(input.ids !== undefined && { ids: input.ids }),
    };
    const { rows, nextCursor } = pageOf(await this.pets.list(query), limit, (pet) => pet.id);
    return { pets: rows, nextCursor };
  }
}

function parsePetId(text: string): PetId | null {
  const id = /^[1-9][0-9]{0,15}$/.test(text) ? Number(text) : NaN;
  return isValidId(id) ? id : null;
}

function checkIds(ids: readonly number[]): void {
  if (ids.length === 0 || ids.length > MAX_IDS) {
    throw new ValidationError('id', `query parameter 'id' takes 1 to ${MAX_IDS} pet ids (id=1&id=2 or id=1,2)`);
  }
  if (!ids.every(isValidId)) throw new ValidationError('id', `query parameter 'id': each ${idRangeMessage('id')}`);
}
