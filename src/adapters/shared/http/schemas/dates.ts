/** Date-times in requests: RFC 3339 with a time zone, checked by pattern, then that the date exists. */
import { Type } from 'typebox';
import { ValidationError } from '../../../../domain/shared/errors.js';
import { parseInstant, RFC3339 } from '../../../../domain/shared/instant.js';

export { RFC3339 };
const DATE_TEXT = 'must be an RFC 3339 date-time with a time zone, e.g. 2027-01-31T00:00:00Z';

export const dateTime = (description: string) =>
  Type.String({ format: 'date-time', pattern: RFC3339, description, 'x-invalid': DATE_TEXT });

/** A date-time or null, as one type list (the serialiser then needs no validator to choose a branch). */
export const dateTimeOrNull = (description: string) =>
  Type.Unsafe<string | null>({ type: ['string', 'null'], format: 'date-time', description });

/** The instant a pattern-checked RFC 3339 text names; refused when its date or time does not exist (February 30th). */
export function parseDate(text: string, field: string, location = 'field'): Date {
  const ms = parseInstant(text);
  if (ms === null) throw new ValidationError(field, `${location} '${field}' is not a date that exists`);
  return new Date(ms);
}
