/** OpenAPI response descriptions: every response lists the headers it carries. */
import type { TSchema } from 'typebox';
import { STATUS_BY_CODE } from '../http-errors.js';
import { ErrorSchema, RATE_LIMIT_HEADERS, RATE_LIMIT_HEADERS_IF_DECIDED, RETRY_AFTER_HEADER, WWW_AUTHENTICATE_HEADER, type HeaderSpec } from './error-schema.js';

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'The request has a missing or invalid value; the message names the field',
  401: 'The API key is missing, malformed, unknown, revoked or expired',
  404: 'The animal does not exist',
  405: 'The method is not allowed on this path',
  409: 'A request with the same Idempotency-Key is still being processed (code idempotency_key_in_flight); retry after Retry-After seconds',
  413: 'The request body is too large',
  414: 'The request URL, or one of its path segments, is too long (code uri_too_long)',
  415: 'The request body is not JSON',
  422: 'The Idempotency-Key was already used with a different body (code idempotency_key_reused)',
  429: 'Rate limit exceeded (code rate_limited) or client temporarily blocked (code key_banned)',
  500: 'Unexpected error; the message carries the request id',
  503: 'A backing service is unavailable',
};

export function withHeaders<T extends TSchema>(
  schema: T,
  description: string,
  extra: Record<string, HeaderSpec> = {},
  rateLimitHeaders: Record<string, HeaderSpec> = RATE_LIMIT_HEADERS,
): T {
  return { ...schema, description, headers: { ...rateLimitHeaders, ...extra } };
}

export function errorResponses(...statuses: number[]): Record<number, TSchema> {
  const all = [...new Set([...statuses, 500, 503])].filter((s) => Object.values(STATUS_BY_CODE).includes(s));
  return Object.fromEntries(
    all.map((status) => [
      status,
      withHeaders(
        ErrorSchema,
        ERROR_DESCRIPTIONS[status] ?? 'Error',
        {
          ...([409, 429, 503].includes(status) && RETRY_AFTER_HEADER),
          ...(status === 401 && WWW_AUTHENTICATE_HEADER),
        },
        status >= 500 ? RATE_LIMIT_HEADERS_IF_DECIDED : RATE_LIMIT_HEADERS,
      ),
    ]),
  );
}
