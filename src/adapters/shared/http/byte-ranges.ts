/** HTTP byte ranges (RFC 9110, section 14): which bytes of a body a request's `Range` asks for. */
/** The bytes a `Range` asks of a body: whole (none asked, or one not served), one span, or none it has. */
export type Span = 'whole' | 'unsatisfiable' | { readonly start: number; readonly end: number };

/**
 * One byte range (`bytes=a-b`, `bytes=a-`, `bytes=-n`) of a body this long, as RFC 9110 allows a
 * server: a Range it cannot parse, of several ranges or another unit, or under an `If-Range` that does
 * not name these bytes' ETag (a date included: photos have none), is answered with the whole body.
 */
export function spanOf(range: string | undefined, ifRange: string | undefined, etag: string, length: number): Span {
  if (range === undefined || (ifRange !== undefined && ifRange.trim() !== etag)) return 'whole';
  const asked = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(range);
  if (asked === null) return 'whole';
  const [, first = '', last = ''] = asked;
  if (first === '' && last === '') return 'whole';
  if (first === '') {
    const suffix = Number(last);
    return suffix === 0 || length === 0 ? 'unsatisfiable' : { start: Math.max(0, length - suffix), end: length - 1 };
  }
  const start = Number(first);
  if (start >= length) return 'unsatisfiable';
  const end = last === '' ? length - 1 : Number(last);
  return end < start ? 'whole' : { start, end: Math.min(end, length - 1) };
}
