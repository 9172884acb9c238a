/**
 * The admin credentials resource: issue, list, read and revoke, each one hop from
 * ManageAdminCredentials, on every storage (no restart, no key tool). A credential gives only scopes
 * it holds itself; the secret is in the answer to its issue and nowhere else.
 */
import { missingBodyAsEmpty } from '../../../shared/http/plugins/json-body.js';
import type { FastifyInstance } from 'fastify';
import type { ManageAdminCredentials } from '../../../../application/access/use-cases/manage-admin-credentials.js';
import type { AdminCredential } from '../../../../domain/access/admin-credential.js';
import { BODY_OPTIONAL } from '../../../shared/http/openapi-document.js';
import { withHeaders } from '../../../shared/http/schemas/responses.js';
import { actorOf } from '../../../shared/http/admin-actor.js';
import { adminErrorResponses, ADMIN_HEADERS } from '../../../shared/http/schemas/admin-responses.js';
import {
  AdminCredentialIdParamsSchema,
  AdminCredentialSchema,
  AdminCredentialsSchema,
  IssuedAdminCredentialSchema,
  NewAdminCredentialSchema,
} from './credential-schemas.js';
import { typed, type TypedApp } from '../../../shared/http/typed-app.js';

export interface CredentialRoutesOptions {
  readonly credentials: ManageAdminCredentials;
  /** Where the routes are mounted, for Location. */
  readonly basePath: string;
}

const view = (credential: AdminCredential) => ({
  id: credential.id,
  name: credential.name,
  scopes: [...credential.scopes],
  status: credential.revokedAt === null ? ('active' as const) : ('revoked' as const),
  createdAt: credential.createdAt.toISOString(),
  revokedAt: credential.revokedAt?.toISOString() ?? null,
});

/** What the routes share: the options and the helpers made of them. */
function credentialContext(options: CredentialRoutesOptions) {
  const { credentials, basePath } = options;

  return { credentials, basePath, options };
}

function createAdminCredentialRoute(app: TypedApp, { credentials, basePath }: ReturnType<typeof credentialContext>): void {
  app.post(
    '/credentials',
    {
      config: { adminScope: 'credentials:write' },
      schema: {
        operationId: 'createAdminCredential',
        summary: 'Issue an admin credential',
        description:
          'Needs `credentials:write`, and gives only scopes the credential asking holds itself (403 ' +
          '`forbidden` naming the others). The response carries the secret (`token`) this once: it is never ' +
          'shown again, nor kept. Audited (`admin.create`).',
        tags: ['credentials'],
        body: NewAdminCredentialSchema,
        response: {
          201: withHeaders(
            IssuedAdminCredentialSchema,
            'The credential, with its secret',
            {
              'Cache-Control': { type: 'string', description: '`no-store`: the response carries a secret', 'x-required': true },
              Location: { type: 'string', description: 'URL of the credential', 'x-required': true },
            },
            ADMIN_HEADERS,
          ),
          ...adminErrorResponses(400, 401, 403, 413, 415, 429),
        },
      },
    },
    async (request, reply) => {
      const principal = request.admin;
      const issued = await credentials.issue(request.body.name, request.body.scopes, actorOf(request), principal?.scopes ?? []);
      return reply
        .code(201)
        .headers({ 'Cache-Control': 'no-store', Location: `${basePath}/credentials/${issued.credential.id}` })
        .send({ ...view(issued.credential), token: issued.token });
    },
  );
}

function listAdminCredentialsRoute(app: TypedApp, { credentials }: ReturnType<typeof credentialContext>): void {
  app.get(
    '/credentials',
    {
      config: { adminScope: 'credentials:read' },
      schema: {
        operationId: 'listAdminCredentials',
        summary: 'List admin credentials',
        description:
          'Needs `credentials:read`. Every credential, oldest first, revoked ones included (so an `adm_` id ' +
          'in the audit log always finds its name). Never a secret.',
        tags: ['credentials'],
        response: {
          200: withHeaders(AdminCredentialsSchema, 'Every admin credential', {}, ADMIN_HEADERS),
          ...adminErrorResponses(400, 401, 403, 429),
        },
      },
    },
    async () => (await credentials.list()).map(view),
  );
}

function getAdminCredentialRoute(app: TypedApp, { credentials }: ReturnType<typeof credentialContext>): void {
  app.get(
    '/credentials/:id',
    {
      config: { adminScope: 'credentials:read' },
      schema: {
        operationId: 'getAdminCredential',
        summary: 'Read one admin credential',
        description: 'Needs `credentials:read`. Never the secret.',
        tags: ['credentials'],
        params: AdminCredentialIdParamsSchema,
        response: {
          200: withHeaders(AdminCredentialSchema, 'The credential', {}, ADMIN_HEADERS),
          ...adminErrorResponses(400, 401, 403, 404, 429),
        },
      },
    },
    async (request) => view(await credentials.get(request.params.id)),
  );
}

function revokeAdminCredentialRoute(app: TypedApp, { credentials }: ReturnType<typeof credentialContext>): void {
  app.post(
    '/credentials/:id/revoke',
    {
      config: { adminScope: 'credentials:write' },
      preValidation: missingBodyAsEmpty,
      schema: {
        operationId: 'revokeAdminCredential',
        summary: 'Stop an admin credential at once',
        description:
          'Needs `credentials:write`. The credential gets 401 at once, on every instance (credentials are ' +
          'not cached). Revoking a revoked credential changes nothing. A credential may revoke itself. ' +
          'Audited (`admin.revoke`). A credential configured in ADMIN_TOKENS stays revoked until it is ' +
          'removed from there and a new one configured.',
        tags: ['credentials'],
        params: AdminCredentialIdParamsSchema,
        body: { type: 'object', additionalProperties: false, description: 'Nothing: send no body, or {}' },
        [BODY_OPTIONAL]: true,
        response: {
          200: withHeaders(AdminCredentialSchema, 'The credential, revoked', {}, ADMIN_HEADERS),
          ...adminErrorResponses(400, 401, 403, 404, 413, 415, 429),
        },
      },
    },
    async (request) => view(await credentials.revoke(request.params.id, actorOf(request))),
  );
}

export async function credentialRoutes(base: FastifyInstance, options: CredentialRoutesOptions): Promise<void> {
  const app = typed(base);
  const context = credentialContext(options);
  createAdminCredentialRoute(app, context);
  listAdminCredentialsRoute(app, context);
  getAdminCredentialRoute(app, context);
  revokeAdminCredentialRoute(app, context);
}
