/**
 * Schema pieces every resource shares, on both doors: the Idempotency-Key and If-Match headers, the
 * paging query fields and the Link header that names the next page, and the empty query.
 */
import { Type } from 'typebox';
import { PAGE_LIMIT } from '../../../../application/shared/cursor.js';
import type { HeaderSpec } from './error-schema.js';

/** For operations that take no query fields: any is refused with 400, as on the lists. */
export const NoQuerySchema = Type.Object({}, { additionalProperties: false });

/** draft-ietf-httpapi-idempotency-key-header: any client-chosen key; a UUID v4 is a good choice. */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

/** The Idempotency-Key header of a create; `instead` says what a repeat does not do ("adding another animal"). */
export function idempotencyHeadersSchema(instead: string) {
  return Type.Object({
    [IDEMPOTENCY_KEY_HEADER]: Type.Optional(
      Type.String({
        pattern: '^[\\x21-\\x7E]{1,255}$',
        description:
          `Makes the request safe to retry: a repeat with the same key and body (from the same caller) ` +
          `returns the first result with \`Idempotent-Replayed: true\` instead of ${instead}. 1 to 255 ` +
          `visible ASCII characters, e.g. a UUID.`,
        'x-invalid': 'must be 1 to 255 visible ASCII characters (no spaces), sent once',
      }),
    ),
  });
}

export const IF_MATCH_HEADER = 'if-match';

/** `*`, or entity tags (`"3"`, `W/"3"`) separated by commas, as parseIfMatch reads them. */
const ENTITY_TAG = '(?:W/)?"[\\x21\\x23-\\x2B\\x2D-\\x7E]*"';
export const IF_MATCH_PATTERN = `^[ \\t]*(?:\\*|${ENTITY_TAG}(?:[ \\t]*,[ \\t]*${ENTITY_TAG})*)[ \\t]*$`;

/** If-Match on a change; `required` for PATCH (428 without it), optional for DELETE. */
export function ifMatchHeadersSchema(required: boolean) {
  const header = Type.String({
    maxLength: 1024,
    pattern: IF_MATCH_PATTERN,
    description:
      `The ETag the resource was read at, e.g. \`"3"\` (every response that carries one resource sends ` +
      `its ETag; the \`version\` field of a list item gives the same value). \`*\` matches any current ` +
      `version. ${required ? 'Required: without it the change is refused with 428.' : 'Optional: when sent, a resource changed since gets 412.'}` +
      ` A version that is no longer current gets 412 with the current ETag. Weak tags (\`W/"3"\`) never ` +
      `match.`,
    'x-invalid': 'must be * or a list of entity tags such as "3"',
  });
  return Type.Object({ [IF_MATCH_HEADER]: required ? header : Type.Optional(header) });
}

export const ETAG_HEADER: Record<string, HeaderSpec> = {
  ETag: {
    type: 'string',
    description: 'The version of the resource as an entity tag, e.g. `"3"`: send it back as If-Match to change it',
    'x-required': true,
  },
};

/** A page's size, as every list takes it. */
export const limitQuery = (what: string) =>
  Type.Optional(
    Type.Integer({
      minimum: PAGE_LIMIT.min,
      maximum: PAGE_LIMIT.max,
      default: PAGE_LIMIT.default,
      description: `Maximum number of ${what} returned`,
      'x-invalid': `must be an integer from ${PAGE_LIMIT.min} to ${PAGE_LIMIT.max}, in decimal digits without sign or leading zeros`,
    }),
  );

/** Where the next page starts, as every list takes it. */
export const cursorQuery = (sameAs: string, maxLength = 64) =>
  Type.Optional(
    Type.String({
      maxLength,
      description:
        `Opaque position after which the page starts: the \`cursor\` value of the previous page's \`Link: ` +
        `<...>; rel="next"\` URL, passed back as is (with the same ${sameAs})`,
    }),
  );

/** The Link header of a page that has a next one. */
export const linkNextHeader = (what: string): Record<string, HeaderSpec> => ({
  Link: {
    type: 'string',
    description: `RFC 8288 link to the next page (rel="next"), present when more ${what} exist`,
    'x-component': 'LinkNext',
  },
});

/**
 * The Link header of the next page: the query that made this page (undefined fields left out) with
 * the next cursor. Text values are percent-encoded, so any filter can be passed back as it was. Built
 * by concatenation, on every page of every list.
 */
export function nextPageLink(
  path: string,
  query: Readonly<Record<string, string | number | undefined>>,
  cursor: string,
  /** The parameter the position goes in: `cursor`, or `after` for the event feed (an event id). */
  positionName = 'cursor',
): string {
  let url = `${path}?`;
  for (const name in query) {
    const value = query[name];
    if (value === undefined) continue;
    url += `${name}=${typeof value === 'number' ? value : encodeURIComponent(value)}&`;
  }
  return `<${url}${positionName}=${cursor}>; rel="next"`;
}
