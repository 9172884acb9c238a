/**
 * Optimistic concurrency as RFC 9110 reads it: a resource's version is its entity tag, a change
 * carries the version it was read at in If-Match, and a change read at an older version is refused.
 */
import { PreconditionFailedError, PreconditionRequiredError } from './errors.js';

/** An If-Match header, parsed: `*` (any current version), or the versions of its strong entity tags. */
export type IfMatch = '*' | readonly number[];

/** Refuses a change whose If-Match is missing (when required) or names no current version. */
export function checkIfMatch(ifMatch: IfMatch | undefined, required: boolean, current: number, what: string): void {
  if (ifMatch === undefined) {
    if (!required) return;
    throw new PreconditionRequiredError(
      `Changing ${what} needs an If-Match header with the ETag it was read at (If-Match: "${current}" ` +
        `if you read it just now); read it first, then send the change with its ETag`,
    );
  }
  if (ifMatch === '*' || ifMatch.includes(current)) return;
  throw new PreconditionFailedError(
    `${capitalised(what)} changed since it was read: its current ETag is "${current}". Read it again, ` +
      `apply the change to what it is now, and send it with the new ETag`,
    current,
  );
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
