/** Lists pets in ascending id order, one page at a time, with an opaque cursor for the next page. */
import type { Pet } from '../../domain/pet.js';
import { isValidId } from '../../domain/pet.js';
import type { PetStatus } from '../../domain/pet-status.js';
import { ValidationError } from '../../domain/errors.js';
import type { PetRepository } from '../ports/pet-repository.js';

export const PAGE_LIMIT = { min: 1, max: 100, default: 20 } as const;

export interface ListPetsInput {
  readonly limit?: number;
  readonly status?: PetStatus;
  readonly cursor?: string;
}

export interface PetPage {
  readonly pets: Pet[];
  /** Present when more pets follow this page. */
  readonly nextCursor: string | null;
}

export class ListPets {
  constructor(private readonly pets: PetRepository) {}

  async execute(input: ListPetsInput): Promise<PetPage> {
    const limit = input.limit ?? PAGE_LIMIT.default;
    if (!Number.isInteger(limit) || limit < PAGE_LIMIT.min || limit > PAGE_LIMIT.max) {
      throw new ValidationError('limit', `limit must be an integer from ${PAGE_LIMIT.min} to ${PAGE_LIMIT.max}`);
    }
    const afterId = input.cursor === undefined ? undefined : decodeCursor(input.cursor);
    // One extra row tells whether another page exists without a count query.
    const query = {
      limit: limit + 1,
      ...(input.status !== undefined && { status: input.status }),
      ...(afterId !== undefined && { afterId }),
    };
    const found = await this.pets.list(query);
    const pets = found.slice(0, limit);
    const last = pets.at(-1);
    return { pets, nextCursor: found.length > limit && last ? encodeCursor(last.id) : null };
  }
}

const CURSOR_PREFIX = 'after:';

function encodeCursor(lastId: number): string {
  return Buffer.from(`${CURSOR_PREFIX}${lastId}`, 'utf8').toString('base64url');
}

function decodeCursor(cursor: string): number {
  const invalid = new ValidationError(
    'cursor',
    'cursor is not valid: pass the value from the previous page\'s Link rel="next" header unchanged',
  );
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(cursor)) throw invalid;
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const match = /^after:([1-9][0-9]{0,15})$/.exec(text);
  const id = match ? Number(match[1]) : NaN;
  if (!isValidId(id)) throw invalid;
  return id;
}
