/** The single producer of error bodies: every failure, whatever its origin, becomes {code, message, status}. */
import type { FastifyError, FastifyInstance } from 'fastify';
import { DomainError, type ErrorCode } from '../../../domain/errors.js';
import { toErrorBody } from '../http-errors.js';

/**
 * When to try again, for errors that pass: a dependency outage is usually over within seconds, and a
 * create in flight under the same Idempotency-Key within about one.
 */
const RETRY_AFTER_SECONDS: Partial<Record<ErrorCode, number>> = { service_unavailable: 5, idempotency_key_in_flight: 1 };

export function installErrorHandler(app: FastifyInstance, bodyLimit: number): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const body = toErrorBody(error, request.id, bodyLimit);
    if (body.status >= 500 && !(error instanceof DomainError)) {
      request.log.error({ err: error }, 'request failed');
    } else if (body.status >= 500) {
      // Expected outages (a dependency down) are already reported once by the adapter that saw them.
      request.log.warn({ code: body.code, message: body.message }, 'request refused: dependency unavailable');
    } else {
      request.log.info({ code: body.code, message: body.message }, 'request refused');
    }
    if (body.code === 'unauthorized') {
      const given = request.headers.authorization !== undefined;
      reply.header('WWW-Authenticate', `Bearer realm="animal-adoption-api"${given ? ', error="invalid_token"' : ''}`);
    }
    const retryAfter = RETRY_AFTER_SECONDS[body.code];
    if (retryAfter !== undefined) reply.header('Retry-After', retryAfter);
    return reply.code(body.status).type('application/json; charset=utf-8').send(body);
  });
}
