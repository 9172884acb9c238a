/**
 * Requests no route takes: 405 with Allow on a path that other methods serve, else 404, decided
 * before any of the body is read. One rule, installed on each scope that answers them: outside the
 * API (at once) and under it (after admission, so the answer carries the rate-limit headers).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../http-errors.js';

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/**
 * Refuses, on `scope`, the requests the router found no route for (those `applies` to). `root` is
 * the application, asked which methods a path serves. Fastify's not-found handler is set too, so
 * that each scope keeps its own hooks on such a request.
 */
export function refuseUnrouted(
  scope: FastifyInstance,
  root: FastifyInstance,
  basePath: string,
  applies: (request: FastifyRequest) => boolean = () => true,
): void {
  scope.addHook('onRequest', (request, _reply, done) => {
    done(request.is404 && applies(request) ? unrouted(root, request, basePath) : undefined);
  });
  scope.setNotFoundHandler(async (request) => {
    throw unrouted(root, request, basePath);
  });
}

/**
 * Why a request found no route: 405 with Allow when the path is served with other methods (asked of
 * the router itself, so the answer follows the routes), else 404.
 */
function unrouted(root: FastifyInstance, request: FastifyRequest, basePath: string): HttpError {
  const path = request.url.split('?')[0] ?? request.url;
  const allowed = METHODS.filter((method) => root.findRoute({ method, url: path }) !== null);
  // A route that takes this method but found nothing under it (a missing docs file) is a plain 404.
  if (allowed.length > 0 && !allowed.includes(request.method as (typeof METHODS)[number])) {
    const allow = allowed.join(', ');
    return new HttpError('method_not_allowed', `${request.method} is not allowed on ${path}; allowed: ${allow}`, { Allow: allow });
  }
  return new HttpError(
    'route_not_found',
    path.startsWith(`${basePath}/`)
      ? `No route ${request.method} ${path}`
      : path === basePath
        ? `No route ${request.method} ${path}: the operations are under ${basePath}/ (${basePath}/pets, for one), and the reference at ${basePath}/docs/`
        : `No route ${request.method} ${path}; the API lives under ${basePath}`,
  );
}
