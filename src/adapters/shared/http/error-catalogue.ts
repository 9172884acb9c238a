/**
 * Every error code the API answers with, in one table: its HTTP status, the Retry-After it carries,
 * the message for a fault known only by its status, and the example the OpenAPI document shows; and
 * per status, the document's response component name and description. Read by the error handler,
 * the health route and the OpenAPI document alike. The domain owns the business codes; the codes
 * only the transport can meet (routing, framing, media types) are added here.
 */
import { DOMAIN_ERROR_CODES } from '../../../domain/shared/errors.js';

interface CodeEntry {
  readonly status: number;
  /** Seconds to wait before retrying, sent as Retry-After by the error handler. */
  readonly retryAfterSeconds?: number;
  /** The message for a fault known only by its status (from the framework, a plugin or Node's parser). */
  readonly faultMessage?: string;
  /** The message the document shows in its example for this code. */
  readonly example?: string;
  /** Met by requests no operation takes (unknown paths and methods): a response component of its own. */
  readonly routing?: { readonly component: string; readonly description: string };
}

const CATALOGUE = {
  invalid_request: {
    status: 400,
    faultMessage: 'The request is not valid',
    example: "field 'categoryId' must be an integer from 1 to 9007199254740991 (2^53-1)",
  },
  invalid_json: { status: 400 },
  unauthorized: { status: 401, example: 'The API key is invalid, revoked or expired' },
  forbidden: {
    status: 403,
    faultMessage: 'This path may not be read',
    example: 'This API key does not have the pets:write scope this operation needs',
  },
  not_found: { status: 404, example: 'No pet with id 42 exists' },
  route_not_found: {
    status: 404,
    faultMessage: 'No such file or route',
    example: 'No route GET /v1/animals',
    routing: { component: 'RouteNotFound', description: 'Sent for a path the API does not have' },
  },
  method_not_allowed: {
    status: 405,
    faultMessage: 'The method is not allowed on this path',
    example: 'DELETE is not allowed on /v1/pets; allowed: GET, HEAD, POST',
    routing: {
      component: 'MethodNotAllowed',
      description: 'Sent for any method a known path does not serve (OPTIONS and TRACE included), before any body is read',
    },
  },
  request_timeout: { status: 408, faultMessage: 'The request was not received in time; send it again' },
  precondition_failed: {
    status: 412,
    faultMessage: 'A precondition (If-Match, If-Unmodified-Since) does not hold',
    example:
      'Pet 42 changed since it was read: its current ETag is "3". Read it again, apply the change to what it is now, and send it with the new ETag',
  },
  precondition_required: {
    status: 428,
    example:
      'Changing pet 42 needs an If-Match header with the ETag it was read at (If-Match: "2" if you read ' +
      'it just now); read it first, then send the change with its ETag',
  },
  invalid_transition: { status: 409, example: 'A sold pet cannot become pending; from sold it may become available' },
  pet_held: {
    status: 409,
    example:
      'Pet 42 is held by the approved adoption request ord_mh3k2x1a0b4c5d6e7f8g9h0; deliver or cancel that request to change its status',
  },
  pet_not_available: { status: 409, example: 'Pet 42 has been adopted; it takes no more adoption requests' },
  pet_not_found: { status: 422, example: 'No pet with id 42 exists; list the animals (GET /v1/pets) for the ids that can be adopted' },
  url_not_allowed: {
    status: 422,
    example: "url's host hooks.example.com resolves to a private address; webhooks go to public addresses only",
  },
  photo_limit_reached: { status: 409, example: 'Pet 42 has 12 photos, the most an animal has; remove one before adding another' },
  image_invalid: {
    status: 400,
    example: 'The body is a PNG image but was sent as image/jpeg; send it with Content-Type image/png (reason format_mismatch)',
  },
  organization_exists: {
    status: 409,
    example: 'Organization "acct_1042" exists already; change it with PATCH /admin/v1/organizations/{id}',
  },
  endpoint_limit_reached: {
    status: 409,
    example:
      'This owner has 10 webhook endpoints, the most it may have (WEBHOOK_ENDPOINTS_PER_OWNER); remove one, or send more event types to one that exists',
  },
  payload_too_large: {
    status: 413,
    faultMessage: 'The request body is too large',
    example: 'The request body is larger than the 65536 bytes allowed',
  },
  uri_too_long: { status: 414, faultMessage: 'The request URL is longer than this server reads' },
  unsupported_media_type: {
    status: 415,
    faultMessage: 'The request body has a media type or encoding this API does not accept',
    example: "The request body must be JSON, sent with 'Content-Type: application/json'",
  },
  range_not_satisfiable: { status: 416, faultMessage: 'The requested range is not satisfiable' },
  // A create in flight under the same key is usually done within about a second.
  idempotency_key_in_flight: {
    status: 409,
    retryAfterSeconds: 1,
    example: 'A request with this Idempotency-Key is still being processed; retry after Retry-After seconds to get its result',
  },
  gone: { status: 410, example: 'This operation was removed on 2030-12-05T00:00:00.000Z; use GET /v1/pets?status= instead' },
  key_not_active: { status: 409, example: 'Key key_4fV2yQ8rT1mZ0aB7 is revoked; issue a new key instead' },
  idempotency_key_reused: {
    status: 422,
    example: 'This Idempotency-Key was already used with a different request body; send a new key for a new request',
  },
  rate_limited: { status: 429, example: 'Rate limit exceeded; retry after 12 s (see Retry-After and the X-RateLimit-* headers)' },
  key_banned: { status: 429 },
  address_banned: {
    status: 429,
    example:
      'This address kept sending requests without a valid key while limited, and is blocked for 900 s. ' +
      "Send a valid key ('Authorization: Bearer <key>'), or wait Retry-After seconds and back off " +
      'exponentially.',
  },
  header_fields_too_large: { status: 431, faultMessage: 'The request headers are too large' },
  // A dependency outage is usually over within seconds.
  service_unavailable: { status: 503, retryAfterSeconds: 5, example: 'The database is not answering; retry in a few seconds' },
  internal_error: {
    status: 500,
    example: 'An unexpected error occurred. Quote request id 0b3d07c9-21ac-4e67-aaba-9d5fc59a87a1 when reporting it.',
  },
} as const satisfies Record<string, CodeEntry>;

export type ErrorCode = keyof typeof CATALOGUE;

// Every business code has its entry (a compile error here names a missing one).
const _everyDomainCode: readonly ErrorCode[] = DOMAIN_ERROR_CODES;
void _everyDomainCode;

export const ERROR_CODES = Object.keys(CATALOGUE) as ErrorCode[];

export function errorEntry(code: ErrorCode): CodeEntry {
  return CATALOGUE[code];
}

export function statusOf(code: ErrorCode): number {
  return CATALOGUE[code].status;
}

/** Codes answered with this status by operations (the routing codes are documented apart). */
export function operationCodes(status: number): ErrorCode[] {
  return ERROR_CODES.filter((code) => statusOf(code) === status && !(CATALOGUE[code] as CodeEntry).routing);
}

/** The code a fault known only by its status reads as (any status without one reads as 400). */
export function faultCode(status: number): ErrorCode {
  return (
    ERROR_CODES.find((code) => statusOf(code) === status && (CATALOGUE[code] as CodeEntry).faultMessage !== undefined) ?? 'invalid_request'
  );
}

/** Per status an operation may answer with: the document's response component, and what it says. */
export const ERROR_RESPONSES: Readonly<Record<number, { readonly name: string; readonly description: string }>> = {
  400: { name: 'BadRequest', description: 'The request has a missing or invalid value; the message names the field' },
  401: { name: 'Unauthorized', description: 'The API key is missing, malformed, unknown, revoked or expired' },
  403: {
    name: 'Forbidden',
    description: 'The API key does not have the scope this operation needs (code forbidden); the request still counted against its limits',
  },
  404: { name: 'NotFound', description: 'The animal or adoption request does not exist, or the caller may not see it' },
  409: {
    name: 'Conflict',
    description:
      'A request with the same Idempotency-Key is still being processed (code ' +
      'idempotency_key_in_flight; retry after Retry-After seconds), or the change is not one the ' +
      'current state allows (codes invalid_transition, pet_held, pet_not_available; read the resource ' +
      'again before deciding)',
  },
  410: {
    name: 'Gone',
    description:
      'The operation has been removed (after its Sunset date) or is inside an announced brownout before ' +
      'it (code gone); the message and the Link header name the replacement. Do not retry it.',
  },
  412: {
    name: 'PreconditionFailed',
    description:
      'If-Match names a version that is no longer current (code precondition_failed); the ETag header ' +
      'carries the current one. Read the resource again and retry with it',
  },
  413: { name: 'PayloadTooLarge', description: 'The request body is too large' },
  414: {
    name: 'UriTooLong',
    description: 'The request URL is longer than this server reads (code uri_too_long), before any operation is chosen',
  },
  415: { name: 'UnsupportedMediaType', description: 'The request body is not JSON' },
  422: {
    name: 'UnprocessableContent',
    description:
      'The Idempotency-Key was already used with a different body (code idempotency_key_reused), or the ' +
      'request names a pet that does not exist (code pet_not_found)',
  },
  428: {
    name: 'PreconditionRequired',
    description: 'The change needs an If-Match header with the ETag the resource was read at (code precondition_required)',
  },
  429: {
    name: 'TooManyRequests',
    description:
      'Rate limit exceeded (code rate_limited), a key blocked for a while for sending while limited ' +
      '(code key_banned), or a client address blocked for a while for sending requests without a valid ' +
      'key while limited (code address_banned)',
  },
  500: { name: 'InternalError', description: 'Unexpected error; the message carries the request id' },
  503: { name: 'ServiceUnavailable', description: 'A backing service is unavailable' },
};

/** Node's HTTP parser codes with a status of their own; any other parse failure is a 400. */
export const PARSER_STATUS: Readonly<Record<string, number>> = {
  ERR_HTTP_REQUEST_TIMEOUT: 408,
  HPE_HEADER_OVERFLOW: 431,
  HPE_URI_TOO_LONG: 414,
};
