/** Date-times in requests: RFC 3339 with a time zone, checked by pattern, then that the date exists. */
import { Type } from 'typebox';
import { ValidationError } from '../../../domain/errors.js';

/** RFC 3339 with a time zone; the route reads it with parseDate, which refuses dates that do not exist. */
export const RFC3339 = '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]{1,9})?(Z|[+-][0-9]{2}:[0-9]{2})$';
const DATE_TEXT = 'must be an RFC 3339 date-time with a time zone, e.g. 2027-01-31T00:00:00Z';

export const dateTime = (description: string) =>
  Type.String({ format: 'date-time', pattern: RFC3339, description, 'x-invalid': DATE_TEXT });

/** A date-time or null, as one type list (the serialiser then needs no validator to choose a branch). */
export const dateTimeOrNull = (description: string) =>
  Type.Unsafe<string | null>({ type: ['string', 'null'], format: 'date-time', description });

/** The instant a pattern-checked RFC 3339 text names; refused when its date or time does not exist (February 30th). */
export function parseDate(text: string, field: string, location = 'field'): Date {
  const [year, month, day, hour, minute, second] = text.split(/[-T:.Z+]/i).map(Number) as [number, number, number, number, number, number];
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const ms = Date.parse(text);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth || hour > 23 || minute > 59 || second > 59 || Number.isNaN(ms)) {
    throw new ValidationError(field, `${location} '${field}' is not a date that exists`);
  }
  return new Date(ms);
}
