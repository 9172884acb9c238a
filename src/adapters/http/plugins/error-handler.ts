/** The single producer of error bodies: every failure, whatever its origin, becomes {code, message, status}. */
import type { FastifyError, FastifyInstance } from 'fastify';
import { DomainError } from '../../../domain/errors.js';
import { toErrorBody } from '../http-errors.js';

/** A dependency outage is usually over within seconds; tells clients when to try again. */
const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

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
    if (body.code === 'service_unavailable') reply.header('Retry-After', UNAVAILABLE_RETRY_AFTER_SECONDS);
    return reply.code(body.status).type('application/json; charset=utf-8').send(body);
  });
}
