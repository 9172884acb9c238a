/**
 * Every error code the API answers with, in one table: its HTTP status, the Retry-After it carries,
 * the message for a fault known only by its status, and the example the OpenAPI document shows; and
 * per status, the document's response component name and description. Read by the error handler,
 * and the OpenAPI documents alike. The codes every feature meets and the transport's are here; each
 * feature gives its own (adapters/<feature>/http/error-codes.ts), composed by ErrorCatalogue.
 */
export interface CodeEntry {
  readonly status: number;
  /** Seconds to wait before retrying, sent as Retry-After by the error handler. */
  readonly retryAfterSeconds?: number;
  /** The message for a fault known only by its status (from the framework, a plugin or Node's parser). */
  readonly faultMessage?: string;
  /** The message the document shows in its example for this code. */
  readonly example?: string;
  /** Met by requests no operation takes (unknown paths and methods): a response component of its own. */
  readonly routing?: { readonly component: string; readonly description: string };
  /** The operations that can answer with it (features add theirs); absent: every operation answering its status. */
  readonly operations?: readonly string[];
  /** The one door whose operations answer with it; absent: both. */
  readonly door?: 'public' | 'admin';
}

/** A feature's codes, and the operations of its own that can answer with a code that not every operation meets. */
export interface FeatureErrors {
  readonly codes?: Readonly<Record<string, CodeEntry>>;
  readonly answers?: Readonly<Record<string, readonly string[]>>;
}

/** The codes every feature meets, and those only the transport can meet (routing, framing, media types). */
const SHARED_CODES = {
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
  request_timeout: { status: 408, faultMessage: 'The request was not received in time; send it again', door: 'public' },
  precondition_failed: {
    status: 412,
    faultMessage: 'A precondition (If-Match, If-Unmodified-Since) does not hold',
    example:
      'Pet 42 changed since it was read: its current ETag is "3". Read it again, apply the change to what it is now, and send it with the new ETag',
    operations: [],
  },
  precondition_required: {
    status: 428,
    example:
      'Changing pet 42 needs an If-Match header with the ETag it was read at (If-Match: "2" if you read ' +
      'it just now); read it first, then send the change with its ETag',
    operations: [],
  },
  payload_too_large: {
    status: 413,
    faultMessage: 'The request body is too large',
    example: 'The request body is larger than the 65536 bytes allowed',
  },
  uri_too_long: { status: 414, faultMessage: 'The request URL is longer than this server reads', door: 'public' },
  unsupported_media_type: {
    status: 415,
    faultMessage: 'The request body has a media type or encoding this API does not accept',
    example: "The request body must be JSON, sent with 'Content-Type: application/json'",
  },
  range_not_satisfiable: { status: 416, faultMessage: 'The requested range is not satisfiable', door: 'public', operations: [] },
  idempotency_key_in_flight: {
    status: 409,
    retryAfterSeconds: 1,
    example: 'A request with this Idempotency-Key is still being processed; retry after Retry-After seconds to get its result',
    door: 'public',
    operations: [],
  },
  gone: { status: 410, example: 'This operation was removed on 2030-12-05T00:00:00.000Z; use GET /v1/pets?status= instead' },
  idempotency_key_reused: {
    status: 422,
    example: 'This Idempotency-Key was already used with a different request body; send a new key for a new request',
    operations: [],
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
  header_fields_too_large: { status: 431, faultMessage: 'The request headers are too large', door: 'public' },
  service_unavailable: { status: 503, retryAfterSeconds: 5, example: 'The database is not answering; retry in a few seconds' },
  internal_error: {
    status: 500,
    example: 'An unexpected error occurred. Quote request id 0b3d07c9-21ac-4e67-aaba-9d5fc59a87a1 when reporting it.',
  },
} as const satisfies Record<string, CodeEntry>;

export type SharedCode = keyof typeof SHARED_CODES;

/** The statuses the shared codes answer with. */
export const SHARED_STATUSES: ReadonlySet<number> = new Set(Object.values(SHARED_CODES).map((entry) => entry.status));

export function sharedEntry(code: SharedCode): CodeEntry {
  return SHARED_CODES[code];
}

/** The code a fault known only by its status reads as (any status without one reads as 400). */
export function faultCode(status: number): SharedCode {
  const codes = Object.keys(SHARED_CODES) as SharedCode[];
  return (
    codes.find((code) => SHARED_CODES[code].status === status && (SHARED_CODES[code] as CodeEntry).faultMessage !== undefined) ??
    'invalid_request'
  );
}

/**
 * Every code the API answers with: the shared ones, then each feature's, in the features' order.
 * Read by the error handler, the OpenAPI documents and their descriptions alike.
 */
export class ErrorCatalogue {
  private readonly entries = new Map<string, CodeEntry>(Object.entries(SHARED_CODES));

  constructor(features: readonly FeatureErrors[]) {
    for (const { codes = {} } of features) {
      for (const [code, entry] of Object.entries(codes)) {
        if (this.entries.has(code)) throw new Error(`Error code ${code} is given twice`);
        this.entries.set(code, entry);
      }
    }
    for (const { answers = {} } of features) {
      for (const [code, operations] of Object.entries(answers)) {
        const entry = this.entries.get(code);
        if (!entry?.operations) throw new Error(`Error code ${code} is not one that only some operations answer with`);
        this.entries.set(code, { ...entry, operations: [...entry.operations, ...operations] });
      }
    }
  }

  get codes(): string[] {
    return [...this.entries.keys()];
  }

  /** True for the codes every feature meets and the transport's. */
  isShared(code: string): boolean {
    return code in SHARED_CODES;
  }

  /** A code's entry; a code no feature gives is a fault of ours (500). */
  entry(code: string): CodeEntry {
    return this.entries.get(code) ?? SHARED_CODES.internal_error;
  }

  /** The codes an operation's error response with this status can carry on a door (the routing codes are documented apart). */
  codesFor(door: 'public' | 'admin', status: number, operationId: string): string[] {
    return this.codes.filter((code) => {
      const entry = this.entry(code);
      return (
        entry.status === status && !entry.routing && (entry.door ?? door) === door && (entry.operations?.includes(operationId) ?? true)
      );
    });
  }
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
