/** The translation of any thrown error into an Error body, by the error catalogue. */
import type { FastifyError } from 'fastify';
import { DomainError } from '../../../domain/shared/errors.js';
import { faultCode, sharedEntry, type ErrorCatalogue, type SharedCode } from './error-catalogue.js';

/** Errors that only exist at the HTTP edge (routing, content negotiation), with any header the answer needs. */
export class HttpError extends Error {
  constructor(
    readonly code: SharedCode,
    message: string,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
  }
}

export interface ErrorBody {
  code: string;
  message: string;
  status: number;
}

/** The body of a code every feature meets (the transport's, a shared domain error's). */
export function errorBody(code: SharedCode, message: string): ErrorBody {
  return { code, message, status: sharedEntry(code).status };
}

/**
 * The Error body for a client fault from the framework or a plugin (the router, the static files of
 * the docs, the HTTP parser) known only by its status; any other 4xx reads as 400. The message is
 * ours: theirs may name internals.
 */
export function clientFaultBody(status: number): ErrorBody {
  const code = faultCode(status);
  return errorBody(code, sharedEntry(code).faultMessage ?? 'The request is not valid');
}

/** True when the client went away mid-request: nothing can be answered, and it is not our fault. */
export function isClientAbort(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'ECONNRESET' || code === 'ECONNABORTED' || code === 'ERR_STREAM_PREMATURE_CLOSE';
}

/**
 * Translates anything thrown into an Error body, a domain error's status from the catalogue of every
 * feature's codes; unknown errors become a 500 that names only the request id.
 */
export function toErrorBody(error: unknown, requestId: string, bodyLimit: number, catalogue: ErrorCatalogue | null): ErrorBody {
  if (error instanceof HttpError) return errorBody(error.code, error.message);
  if (error instanceof DomainError && catalogue)
    return { code: error.code, message: error.message, status: catalogue.entry(error.code).status };
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
    // One rule for a path parameter not of its documented form, whatever its length: 400, as its
    // schema's pattern gives up to the router's bound (100 characters, longer than any id).
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return errorBody('invalid_request', 'path parameter is longer than 100 characters; no id is that long');
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
  parentSchema?: { 'x-invalid'?: string; properties?: Record<string, { enum?: unknown[] }> };
}

const LOCATIONS: Readonly<Record<string, string>> = { querystring: 'query parameter', params: 'path parameter', headers: 'header' };

/** Names the offending field and says what is expected of it, in the schema's own words where it has them. */
function validationMessage(error: FastifyError): string {
  const errors = (error.validation as AjvError[] | undefined) ?? [];
  // A value that fits none of a union's forms is told what the union takes, not what its first form does.
  const first = errors.find((one) => one.keyword === 'anyOf' && one.parentSchema?.['x-invalid'] !== undefined) ?? errors[0];
  if (!first) return error.message;
  const location = LOCATIONS[error.validationContext ?? 'body'] ?? 'field';
  const path = first.instancePath.replace(/^\//, '').replaceAll('/', '.');
  // A query parameter is named as the client wrote it (`fields`, not `fields.0`: the list's first item).
  const field = error.validationContext === 'querystring' ? (path.split('.')[0] ?? path) : path;
  if (field === '') {
    if (first.keyword === 'type') return 'the request body must be a JSON object';
    if (first.keyword === 'required') {
      const missing = String(first.params.missingProperty);
      // A required field with a few allowed values names them: what to send, not only that it is missing.
      const allowed = first.parentSchema?.properties?.[missing]?.enum;
      return `${location} '${missing}' is required${allowed ? `: one of ${allowed.join(', ')}` : ''}`;
    }
    if (first.keyword === 'additionalProperties') return `${location} '${String(first.params.additionalProperty)}' is not recognised`;
    if (first.keyword === 'minProperties') return 'the request body must name at least one field to change';
    return `the request ${first.message ?? 'is invalid'}`;
  }
  // A member missing from a nested object names the member, as the domain's own check does.
  if (first.keyword === 'required') return `${field}.${String(first.params.missingProperty)} is required when ${field} is given`;
  const expected = first.parentSchema?.['x-invalid'];
  if (expected) return `${location} '${field}' ${expected}`;
  if (first.keyword === 'additionalProperties')
    return `${location} '${field}.${String(first.params.additionalProperty)}' is not recognised`;
  if (first.keyword === 'enum') return `${location} '${field}' must be one of: ${(first.params.allowedValues as unknown[]).join(', ')}`;
  return `${location} '${field}' ${first.message ?? 'is invalid'}`;
}
