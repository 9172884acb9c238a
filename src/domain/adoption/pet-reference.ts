/**
 * An animal's reference in the shelter software it comes from: the system (`source`) and its id
 * there. Unique per owner: one organization's animal per reference, whatever other organizations
 * use. Shelter software pushes its animals by reference (create or update), so a push sent again
 * finds the animal it made instead of making another.
 */
import { ValidationError } from '../shared/errors.js';

export interface PetReference {
  readonly source: string;
  readonly id: string;
}

/** A source system's name: lower-case letters, digits, `.`, `_` and `-`, starting with a letter or digit. */
export const REFERENCE_SOURCE_PATTERN = '^[a-z0-9][a-z0-9._-]{0,39}$';
/** An id in that system: letters, digits and `.`, `_`, `-`, `~`, `:`, `@` (what an id is made of, and safe in a path). */
export const REFERENCE_ID_PATTERN = '^[A-Za-z0-9._~:@-]{1,100}$';
export const REFERENCE_SOURCE_TEXT = '1 to 40 lower-case letters, digits, ".", "_" or "-", starting with a letter or digit';
export const REFERENCE_ID_TEXT = '1 to 100 letters, digits, ".", "_", "-", "~", ":" or "@"';

const SOURCE = new RegExp(REFERENCE_SOURCE_PATTERN);
const ID = new RegExp(REFERENCE_ID_PATTERN);

/** The reference named by `source` and `id`, or a 400 naming what is wrong. */
export function referenceOf(source: string, id: string): PetReference {
  if (!SOURCE.test(source)) throw new ValidationError('source', `The reference's source must be ${REFERENCE_SOURCE_TEXT}`);
  if (!ID.test(id)) throw new ValidationError('id', `The reference's id must be ${REFERENCE_ID_TEXT}`);
  return { source, id };
}

/** One text per owner and reference, for a unique index (none of the parts holds a NUL). */
export function referenceKey(ownerId: string, reference: PetReference): string {
  return `${ownerId}\u0000${reference.source}\u0000${reference.id}`;
}
