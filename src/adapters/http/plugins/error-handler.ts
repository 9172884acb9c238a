/** The single producer of error bodies: every failure, whatever its origin, becomes {code, message, status}. */
import type { FastifyError, FastifyInstance } from 'fastify';
import { toErrorBody } from '../http-errors.js';

export function installErrorHandler(app: FastifyInstance, bodyLimit: number): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const body = toErrorBody(error, request.id, bodyLimit);
    if (body.status >= 500) {
      request.log.error({ err: error }, 'request failed');
    } else {
      request.log.info({ code: body.code, message: body.message }, 'request refused');
    }
    if (body.code === 'unauthorized') {
      const given = request.headers.authorization !== undefined;
      reply.header('WWW-Authenticate', `Bearer realm="animal-adoption-api"${given ? ', error="invalid_token"' : ''}`);
    }
    return reply.code(body.status).type('application/json; charset=utf-8').send(body);
  });
}
