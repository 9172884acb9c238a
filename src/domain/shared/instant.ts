/** Instants as the API and its configuration write them: RFC 3339 date-times with a time zone. */

/** RFC 3339 with a time zone (pattern only; `parseInstant` also refuses dates that do not exist). */
export const RFC3339 = '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]{1,9})?(Z|[+-][0-9]{2}:[0-9]{2})$';

const PATTERN = new RegExp(RFC3339);

/** The milliseconds an RFC 3339 text names; null when it is not one, or its date or time does not exist (February 30th). */
export function parseInstant(text: string): number | null {
  if (!PATTERN.test(text)) return null;
  const [year, month, day, hour, minute, second] = text.split(/[-T:.Z+]/i).map(Number) as [number, number, number, number, number, number];
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const ms = Date.parse(text);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth || hour > 23 || minute > 59 || second > 59 || Number.isNaN(ms)) return null;
  return ms;
}

/**
 * A moment as the API shows it: RFC 3339 in UTC with milliseconds, as toISOString writes it. The
 * core keeps times in this form because it only records and shows them; text also serialises at the
 * cost of a copy, where a Date costs a conversion per field per response.
 */
export type Instant = string;

let lastMs = Number.NaN;
let lastInstant = '';

/** The instant of a time in ms; the text of the last one is kept, as requests at one moment share it. */
export function instantOf(ms: number): Instant {
  if (ms !== lastMs) {
    lastInstant = new Date(ms).toISOString();
    lastMs = ms;
  }
  return lastInstant;
}
