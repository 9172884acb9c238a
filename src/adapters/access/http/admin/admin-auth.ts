/**
 * The admin API's admission: each route names the scope it needs (`adminScope`), and one onRequest
 * hook hands the request to the AdmitAdminRequest use case, which refuses it (401, 429, 403) or names
 * the credential acting. Routes without a scope (the document, the reference page) need none.
 */
import type { FastifyInstance } from 'fastify';
import type { AdminPrincipal, AdmitAdminRequest } from '../../../../application/access/use-cases/admit-admin-request.js';
import type { AdminScope } from '../../../../domain/access/admin-credential.js';
import { authorizationCount } from '../admission.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The admin credential acting; null on routes that need none. */
    admin: AdminPrincipal | null;
  }
  interface FastifyContextConfig {
    /** The scope an admin credential needs for the route. */
    adminScope?: AdminScope;
  }
}

export function adminAuthPlugin(app: FastifyInstance, admit: AdmitAdminRequest): void {
  app.decorateRequest('admin', null);
  app.addHook('onRequest', async (request) => {
    const scope = request.routeOptions.config.adminScope;
    if (scope === undefined) return;
    request.admin = await admit.execute({
      authorization: request.headers.authorization,
      authorizationHeaders: authorizationCount(request.raw.rawHeaders),
      clientAddress: () => request.ip,
      requestId: request.id,
      scope,
    });
  });
}
