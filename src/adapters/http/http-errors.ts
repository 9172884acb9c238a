/** The edge's one table from error code to HTTP status, and the translation of any thrown error into an Error body. */
import type { FastifyError } from 'fastify';
import { DomainError, type ErrorCode } from '../../domain/errors.js';

export const STATUS_BY_CODE: Readonly<Record<ErrorCode, number>> = {
  invalid_request: 400,
  invalid_json: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  route_not_found: 404,
  method_not_allowed: 405,
  request_timeout: 408,
  idempotency_key_in_flight: 409,
  precondition_failed: 412,
  payload_too_large: 413,
  uri_too_long: 414,
  unsupported_media_type: 415,
  range_not_satisfiable: 416,
  idempotency_key_reused: 422,
  rate_limited: 429,
  key_banned: 429,
  header_fields_too_large: 431,
  internal_error: 500,
  service_unavailable: 503,
};

/** Errors that only exist at the HTTP edge (routing, content negotiation), with any header the answer needs. */
export class HttpError extends DomainError {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
  }
}

export interface ErrorBody {
  code: ErrorCode;
  message: string;
  status: number;
}

export function errorBody(code: ErrorCode, message: string): ErrorBody {
  return { code, message, status: STATUS_BY_CODE[code] };
}

/**
 * What a client fault from the framework or a plugin (the router, the static files of the docs,
 * the HTTP parser) means, by the status it carries. The message is ours: theirs may name internals.
 */
const CLIENT_FAULTS: Readonly<Record<number, ErrorBody>> = {
  400: errorBody('invalid_request', 'The request is not valid'),
  403: errorBody('forbidden', 'This path may not be read'),
  404: errorBody('route_not_found', 'No such file or route'),
  405: errorBody('method_not_allowed', 'The method is not allowed on this path'),
  408: errorBody('request_timeout', 'The request was not received in time; send it again'),
  412: errorBody('precondition_failed', 'A precondition (If-Match, If-Unmodified-Since) does not hold'),
  413: errorBody('payload_too_large', 'The request body is too large'),
  414: errorBody('uri_too_long', 'The request URL, or one of its path segments, is too long'),
  415: errorBody('unsupported_media_type', 'The request body has a media type or encoding this API does not accept'),
  416: errorBody('range_not_satisfiable', 'The requested range is not satisfiable'),
  431: errorBody('header_fields_too_large', 'The request headers are too large'),
};

/** The Error body for a client fault known only by its HTTP status (any other 4xx reads as 400). */
export function clientFaultBody(status: number): ErrorBody {
  return CLIENT_FAULTS[status] ?? (CLIENT_FAULTS[400] as ErrorBody);
}

/** True when the client went away mid-request: nothing can be answered, and it is not our fault. */
export function isClientAbort(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'ECONNRESET' || code === 'ECONNABORTED' || code === 'ERR_STREAM_PREMATURE_CLOSE';
}

/** Translates anything thrown into an Error body; unknown errors become a 500 that names only the request id. */
export function toErrorBody(error: unknown, requestId: string, bodyLimit: number): ErrorBody {
  if (error instanceof DomainError) return errorBody(error.code, error.message);
  const fastifyError = error as Partial<FastifyError>;
  if (fastifyError.validation) return errorBody('invalid_request', validationMessage(fastifyError as FastifyError));
  switch (fastifyError.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return errorBody('unsupported_media_type', "The request body must be JSON, sent with 'Content-Type: application/json'");
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return errorBody('payload_too_large', `The request body is larger than the ${bodyLimit} bytes allowed`);
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return errorBody('invalid_json', 'The request body is empty; send a JSON object');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return errorBody('invalid_json', 'The request body is not valid JSON');
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return errorBody('invalid_request', 'The Content-Length header does not match the body');
    case 'FST_ERR_BAD_URL':
      return errorBody('invalid_request', 'The request URL is not valid: check its percent-encoding');
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return errorBody('uri_too_long', 'A path segment of the request URL is too long');
  }
  if (isClientAbort(error)) return errorBody('invalid_request', 'The client closed the connection before the request was complete');
  const status = fastifyError.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) return clientFaultBody(status);
  return errorBody('internal_error', `An unexpected error occurred. Quote request id ${requestId} when reporting it.`);
}

interface AjvError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message?: string;
  /** With ajv's `verbose`: the schema holding the failed keyword, and its `x-invalid` text if any. */
  parentSchema?: { 'x-invalid'?: string };
}

const LOCATIONS: Readonly<Record<string, string>> = { querystring: 'query parameter', params: 'path parameter', headers: 'header' };

/** Names the offending field and says what is expected of it, in the schema's own words where it has them. */
function validationMessage(error: FastifyError): string {
  const first = (error.validation as AjvError[] | undefined)?.[0];
  if (!first) return error.message;
  const location = LOCATIONS[error.validationContext ?? 'body'] ?? 'field';
  const field = first.instancePath.replace(/^\//, '').replaceAll('/', '.');
  if (field === '') {
    if (first.keyword === 'type') return 'the request body must be a JSON object';
    if (first.keyword === 'required') return `${location} '${String(first.params.missingProperty)}' is required`;
    if (first.keyword === 'additionalProperties') return `${location} '${String(first.params.additionalProperty)}' is not recognised`;
    return `the request ${first.message ?? 'is invalid'}`;
  }
  const expected = first.parentSchema?.['x-invalid'];
  if (expected) return `${location} '${field}' ${expected}`;
  if (first.keyword === 'enum') return `${location} '${field}' must be one of: ${(first.params.allowedValues as unknown[]).join(', ')}`;
  return `${location} '${field}' ${first.message ?? 'is invalid'}`;
}
