/** OpenAPI response descriptions: every response lists the headers it carries. */
import type { TSchema } from 'typebox';
import { ERROR_CODES, ERROR_RESPONSES, statusOf } from '../error-catalogue.js';
import { ErrorSchema, RATE_LIMIT_HEADERS, RATE_LIMIT_HEADERS_IF_DECIDED, RETRY_AFTER_HEADER, WWW_AUTHENTICATE_HEADER, type HeaderSpec } from './error-schema.js';

export function withHeaders<T extends TSchema>(
  schema: T,
  description: string,
  extra: Record<string, HeaderSpec> = {},
  rateLimitHeaders: Record<string, HeaderSpec> = RATE_LIMIT_HEADERS,
): T {
  return { ...schema, description, headers: { ...rateLimitHeaders, ...extra } };
}

export function errorResponses(...statuses: number[]): Record<number, TSchema> {
  const all = [...new Set([...statuses, 500, 503])].filter((s) => ERROR_CODES.some((code) => statusOf(code) === s));
  return Object.fromEntries(
    all.map((status) => [
      status,
      withHeaders(
        ErrorSchema,
        ERROR_RESPONSES[status]?.description ?? 'Error',
        {
          ...([409, 429, 503].includes(status) && RETRY_AFTER_HEADER),
          ...(status === 401 && WWW_AUTHENTICATE_HEADER),
        },
        status >= 500 ? RATE_LIMIT_HEADERS_IF_DECIDED : RATE_LIMIT_HEADERS,
      ),
    ]),
  );
}
