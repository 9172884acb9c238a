/**
 * Search cursors: where a page starts in its order. By id, `after:<id>` as it has always been
 * (cursors handed out before stay valid); in another order, the order, the last animal's id and sort
 * value (and the random order's seed), as JSON, checked when it comes back.
 */
import type { PetId } from '../../../domain/adoption/pet.js';
import { isValidId } from '../../../domain/adoption/pet.js';
import { ValidationError } from '../../../domain/shared/errors.js';
import { decodeCursor, encodeCursor } from '../../shared/cursor.js';
import type { PetSort } from '../../../domain/adoption/pet-search.js';

export const SEED = /^[A-Za-z0-9_-]{1,64}$/;

/** Where a page of an order other than id's starts, as its cursor carries it. */
export interface Position {
  readonly sort: PetSort;
  readonly id: PetId;
  readonly value?: string | number | null;
  /** random: the seed, and whether the order has wrapped past the end of the shuffle. */
  readonly seed?: string;
  readonly wrapped?: boolean;
}

const ORDER_PREFIX = 'o:';

/**
 * A cursor: by id, `after:<id>` as it has always been (cursors handed out before stay valid); in
 * another order, the order, the last animal's id and sort value (and the seed), as JSON.
 */
export function encodePosition(position: Position): string {
  if (position.sort === 'id') return encodeCursor(position.id);
  return Buffer.from(`${ORDER_PREFIX}${JSON.stringify(position)}`, 'utf8').toString('base64url');
}

export function decodePosition(cursor: string, sort: PetSort): Position {
  if (sort === 'id') return { sort, id: decodeCursor(cursor, parsePetId) };
  // The error made only when it is thrown: an error takes its stack when made.
  const invalid = () =>
    new ValidationError(
      'cursor',
      'cursor is not valid for this search: pass the value from the previous page\'s Link rel="next" header unchanged, with the same sort',
    );
  if (!/^[A-Za-z0-9_-]{1,512}$/.test(cursor)) throw invalid();
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!text.startsWith(ORDER_PREFIX)) throw invalid();
  let position: Position;
  try {
    position = JSON.parse(text.slice(ORDER_PREFIX.length)) as Position;
  } catch {
    throw invalid();
  }
  const value = position.value;
  const valueFits =
    sort === 'distance' || sort === 'random'
      ? typeof value === 'number' && Number.isFinite(value) && value >= 0
      : value === null
        ? sort === '-publishedAt'
        : typeof value === 'string' && !Number.isNaN(Date.parse(value));
  if (position.sort !== sort || !isValidId(position.id) || !valueFits) throw invalid();
  if (sort === 'random' && (typeof position.seed !== 'string' || !SEED.test(position.seed))) throw invalid();
  return position;
}

function parsePetId(text: string): PetId | null {
  const id = /^[1-9][0-9]{0,15}$/.test(text) ? Number(text) : NaN;
  return isValidId(id) ? id : null;
}
