/** OpenAPI response descriptions: every response lists the headers it carries. */
import type { TSchema } from 'typebox';
import { ERROR_RESPONSES, SHARED_STATUSES } from '../error-catalogue.js';
import {
  ErrorSchema,
  RATE_LIMIT_HEADERS,
  RATE_LIMIT_HEADERS_IF_DECIDED,
  RETRY_AFTER_HEADER,
  WWW_AUTHENTICATE_HEADER,
  type HeaderSpec,
} from './error-schema.js';

export function withHeaders<T extends TSchema>(
  schema: T,
  description: string,
  extra: Record<string, HeaderSpec> = {},
  rateLimitHeaders: Record<string, HeaderSpec> = RATE_LIMIT_HEADERS,
): T {
  return { ...schema, description, headers: { ...rateLimitHeaders, ...extra } };
}

/** A response in more than one media type, each with its schema (`fields=` answers a sparse one). */
export function withContents(
  schemas: Record<string, TSchema>,
  description: string,
  extra: Record<string, HeaderSpec> = {},
  rateLimitHeaders: Record<string, HeaderSpec> = RATE_LIMIT_HEADERS,
): TSchema {
  return {
    description,
    headers: { ...rateLimitHeaders, ...extra },
    content: Object.fromEntries(Object.entries(schemas).map(([type, schema]) => [type, { schema }])),
  };
}

/** How a document describes its error responses: per status, what it says and which headers always come. */
export interface ErrorResponseStyle {
  readonly descriptions: Readonly<Record<number, { readonly description: string }>>;
  readonly headersFor: (status: number) => Record<string, HeaderSpec>;
  /** The statuses whose codes all carry Retry-After. */
  readonly retryAfter: readonly number[];
}

/** The public API's: every response under /v1 carries the rate-limit headers (unless the limiter failed). */
const PUBLIC_STYLE: ErrorResponseStyle = {
  descriptions: ERROR_RESPONSES,
  headersFor: (status) => (status >= 500 ? RATE_LIMIT_HEADERS_IF_DECIDED : RATE_LIMIT_HEADERS),
  retryAfter: [429, 503],
};

/** Adds Retry-After to these statuses' responses: a 409 that asks to retry (an Idempotency-Key in flight). */
export function withRetryAfter(responses: Record<number, TSchema>, ...statuses: number[]): Record<number, TSchema> {
  const copy = { ...responses };
  for (const status of statuses) {
    const response = copy[status] as TSchema & { headers?: Record<string, HeaderSpec> };
    copy[status] = { ...response, headers: { ...response.headers, ...RETRY_AFTER_HEADER } };
  }
  return copy;
}

export function errorResponses(...statuses: number[]): Record<number, TSchema> {
  return errorResponsesIn(PUBLIC_STYLE, ...statuses);
}

/** Error responses for these statuses (500 and 503 always), in a document's style. */
export function errorResponsesIn(style: ErrorResponseStyle, ...statuses: number[]): Record<number, TSchema> {
  // A status is documented where some code answers with it: the shared codes' and those described per status.
  const all = [...new Set([...statuses, 500, 503])].filter((s) => SHARED_STATUSES.has(s) || s in ERROR_RESPONSES);
  return Object.fromEntries(
    all.map((status) => [
      status,
      withHeaders(
        ErrorSchema,
        style.descriptions[status]?.description ?? 'Error',
        {
          ...(style.retryAfter.includes(status) && RETRY_AFTER_HEADER),
          ...(status === 401 && WWW_AUTHENTICATE_HEADER),
        },
        style.headersFor(status),
      ),
    ]),
  );
}
