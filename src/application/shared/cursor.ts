/**
 * One way every list pages: a `limit` from 1 to 100 (default 20), one row more than asked to tell
 * whether another page follows, and an opaque cursor (base64url of `after:<last id>`) for the next.
 */
import { ValidationError } from '../../domain/shared/errors.js';

export const PAGE_LIMIT = { min: 1, max: 100, default: 20 } as const;

const CURSOR_PREFIX = 'after:';

/** The page size asked for, checked; the default when none was given. */
export function pageLimit(limit: number | undefined): number {
  const value = limit ?? PAGE_LIMIT.default;
  if (!Number.isInteger(value) || value < PAGE_LIMIT.min || value > PAGE_LIMIT.max) {
    throw new ValidationError('limit', `limit must be an integer from ${PAGE_LIMIT.min} to ${PAGE_LIMIT.max}`);
  }
  return value;
}

export function encodeCursor(lastId: string | number): string {
  return Buffer.from(`${CURSOR_PREFIX}${lastId}`, 'utf8').toString('base64url');
}

/** The position a cursor names; `parse` reads the id after the prefix, null when it is not one. */
export function decodeCursor<T>(cursor: string, parse: (id: string) => T | null): T {
  // The error made only when it is thrown: an error takes its stack when made.
  const invalid = () =>
    new ValidationError('cursor', 'cursor is not valid: pass the value from the previous page\'s Link rel="next" header unchanged');
  if (!/^[A-Za-z0-9_-]{1,256}$/.test(cursor)) throw invalid();
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const position = text.startsWith(CURSOR_PREFIX) ? parse(text.slice(CURSOR_PREFIX.length)) : null;
  if (position === null) throw invalid();
  return position;
}

/** The page (at most `limit` of the `limit + 1` rows read) and the cursor of the next, if any. */
export function pageOf<T>(
  found: readonly T[],
  limit: number,
  idOf: (row: T) => string | number,
): { readonly rows: T[]; readonly nextCursor: string | null } {
  const rows = found.slice(0, limit);
  const last = rows.at(-1);
  return { rows, nextCursor: found.length > limit && last !== undefined ? encodeCursor(idOf(last)) : null };
}
