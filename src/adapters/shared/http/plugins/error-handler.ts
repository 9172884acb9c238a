/**
 * The single producer of error bodies: every failure, whatever its origin (a route, the router, a
 * plugin, Node's HTTP parser), becomes {code, message, status}. Client faults are logged at info;
 * error level is kept for our own faults.
 */
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DomainError, PreconditionFailedError, RateLimitExceededError, ServiceUnavailableError } from '../../../../domain/shared/errors.js';
import type { Metrics } from '../../metrics/metrics.js';
import { PARSER_STATUS, type ErrorCatalogue } from '../error-catalogue.js';
import { clientFaultBody, errorBody, HttpError, isClientAbort, toErrorBody, type ErrorBody } from '../http-errors.js';

export function installErrorHandler(
  app: FastifyInstance,
  options: { readonly bodyLimit: number; readonly metrics: Metrics; readonly realm: string; readonly catalogue: ErrorCatalogue },
): void {
  const { bodyLimit, metrics, realm, catalogue } = options;
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const body = toErrorBody(error, request.id, bodyLimit, catalogue);
    // Redis failures are counted where the limiter fails over (most never reach a response).
    if (error instanceof ServiceUnavailableError && error.source?.dependency === 'mongodb') {
      metrics.storageFailure('mongodb', error.source.timedOut ? 'timeout' : 'unavailable');
    }
    if (body.status >= 500 && !(error instanceof DomainError || error instanceof HttpError)) {
      request.log.error({ err: error }, 'request failed');
    } else if (body.status >= 500) {
      // Expected outages (a dependency down) are already reported once by the adapter that saw them.
      request.log.warn({ code: body.code, message: body.message }, 'request refused: dependency unavailable');
    } else if (error instanceof RateLimitExceededError) {
      // A flood's refusals: their access lines say 429 already; the explanation at debug only.
      request.log.debug({ code: body.code, message: body.message }, 'request refused');
    } else if (isClientAbort(error)) {
      request.log.info({ reason: (error as { code?: string }).code }, 'client closed the connection mid-request');
    } else {
      request.log.info({ code: body.code, message: body.message }, 'request refused');
    }
    if (body.code === 'unauthorized') {
      const given = request.headers.authorization !== undefined;
      reply.header('WWW-Authenticate', `Bearer realm="${realm}"${given ? ', error="invalid_token"' : ''}`);
    }
    if (error instanceof HttpError) reply.headers(error.headers);
    // 412: the version that is current now, so the client can read, merge and retry.
    if (error instanceof PreconditionFailedError && error.currentVersion !== null) reply.header('ETag', `"${error.currentVersion}"`);
    const retryAfter = error instanceof RateLimitExceededError ? error.retryAfterSeconds : catalogue.entry(body.code).retryAfterSeconds;
    if (retryAfter !== undefined && !reply.hasHeader('Retry-After')) reply.header('Retry-After', retryAfter);
    return sendError(reply, body);
  });
}

/**
 * Answers a refusal under the rate limits at once, from the hook that decided it: what the error
 * handler would send for it (the same body and Retry-After), without throwing it through Fastify's
 * error path first, which costs more than the refusal itself.
 */
export function sendRateLimitRefusal(request: FastifyRequest, reply: FastifyReply, refusal: RateLimitExceededError): FastifyReply {
  const body = errorBody(refusal.code, refusal.message);
  request.log.debug({ code: body.code, message: body.message }, 'request refused');
  return sendError(reply.header('Retry-After', refusal.retryAfterSeconds), body);
}

function sendError(reply: FastifyReply, body: ErrorBody): FastifyReply {
  return reply.code(body.status).type('application/json; charset=utf-8').send(body);
}

/** Refusals by the router before any route runs (a bad percent-encoding, an over-long path segment). */
export function routerErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const body = toErrorBody(error, request.id, 0, null);
  request.log.info({ code: body.code, reason: error.code }, 'request refused by the router');
  void sendError(reply.header('X-Request-Id', request.id), body);
}

/**
 * Requests Node's HTTP parser refuses (broken framing, a NUL in a header, a header section over the
 * limit, a client too slow to send its request) never reach Fastify: answer them on the socket, in
 * the Error body, and close the connection.
 */
export function clientErrorHandler(this: FastifyInstance, error: Error & { code?: string }, socket: Socket): void {
  if (isClientAbort(error) || socket.destroyed) return;
  if (error.code === 'HPE_INVALID_EOF_STATE') {
    // The client closed its side before its request was complete: it refused nothing and reads no
    // answer. A request that had begun is logged as left mid-request, with its access line (499).
    this.log.debug({ reason: error.code }, 'client closed the connection mid-request');
    socket.destroy();
    return;
  }
  const status = PARSER_STATUS[error.code ?? ''] ?? 400;
  const body =
    status === 400
      ? errorBody('invalid_request', `The request is not valid HTTP/1.1 (${error.code ?? 'parse error'}); check its framing and headers`)
      : clientFaultBody(status);
  this.log.info({ code: body.code, reason: error.code }, 'client error: request refused by the HTTP parser');
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const json = JSON.stringify(body);
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\nConnection: close\r\nContent-Type: ` +
      `application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(json)}\r\n\r\n${json}`,
    () => socket.destroy(),
  );
}
