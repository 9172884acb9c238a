/** How the admin document describes responses: only the request id on every response. */
import type { TSchema } from 'typebox';
import { RATE_LIMIT_HEADERS, type HeaderSpec } from './error-schema.js';
import { errorResponsesIn, type ErrorResponseStyle } from './responses.js';

/** The admin API has no quota: its responses carry the request id, not rate-limit headers. */
export const ADMIN_HEADERS: Record<string, HeaderSpec> = { 'X-Request-Id': RATE_LIMIT_HEADERS['X-Request-Id'] };

const ADMIN_STYLE: ErrorResponseStyle = {
  descriptions: {
    400: {
      description:
        'The request has a missing or invalid value (unknown fields, bad dates, limits, plans or scopes); the message names the field. Nothing was changed.',
    },
    401: { description: 'No valid admin credential: missing, malformed, unknown or revoked (one answer for all); an API key is not one' },
    403: {
      description:
        'The admin credential does not have the scope this operation needs, or would give scopes it does not hold (code forbidden)',
    },
    404: { description: 'No key, admin credential or organization has this id' },
    409: {
      description:
        'The key is revoked or expired and cannot be rotated (code key_not_active), or the organization exists already (code organization_exists)',
    },
    410: { description: 'The event named by `after` is older than the feed keeps (code gone): read from the oldest event instead' },
    412: { description: 'If-Match names a version that is no longer current (code precondition_failed); read it again' },
    413: { description: 'The request body is too large' },
    415: { description: 'The request body is not JSON' },
    422: { description: 'The Idempotency-Key was already used with a different body (code idempotency_key_reused)' },
    428: { description: 'A change needs If-Match with the ETag it was read at (code precondition_required)' },
    429: { description: 'Too many failed authentications from this address (code rate_limited, or address_banned while blocked)' },
    500: { description: 'Unexpected error; the message carries the request id' },
    503: { description: 'The key store or the audit log is unavailable; nothing was changed' },
  },
  headersFor: () => ADMIN_HEADERS,
  retryAfter: [429, 503],
};

export function adminErrorResponses(...statuses: number[]): Record<number, TSchema> {
  return errorResponsesIn(ADMIN_STYLE, ...statuses);
}
