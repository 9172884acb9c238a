/**
 * Organizations (beta), on both doors: anyone with a key reads and lists them; an organization's own
 * keys change its profile (PATCH with If-Match); operators create and change any, audited.
 */
import type { FastifyContextConfig, FastifyInstance, FastifyRequest } from 'fastify';
import { Type, type TSchema } from 'typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Changer, Organizations } from '../../../application/organizations/use-cases/organizations.js';
import { PreconditionRequiredError } from '../../../domain/shared/errors.js';
import {
  ETAG_HEADER,
  IF_MATCH_HEADER,
  ifMatchHeadersSchema,
  linkNextHeader,
  nextPageLink,
  NoQuerySchema,
} from '../../shared/http/schemas/common-schemas.js';
import { errorResponses, withHeaders } from '../../shared/http/schemas/responses.js';
import { adminErrorResponses, ADMIN_HEADERS } from '../../shared/http/schemas/admin-responses.js';
import { callerOf, etagOf, parseIfMatch } from '../../shared/http/preconditions.js';
import { MERGE_PATCH } from '../../shared/http/plugins/json-body.js';
import { BETA } from '../../shared/http/schemas/stability.js';
import { actorOf } from '../../shared/http/admin-actor.js';
import {
  ListOrganizationsQuerySchema,
  NewOrganizationSchema,
  OrganizationIdParamsSchema,
  OrganizationPatchSchema,
  OrganizationSchema,
  OrganizationsSchema,
} from './organization-schemas.js';
import { typed, type TypedApp } from '../../shared/http/typed-app.js';

export interface OrganizationRoutesOptions {
  readonly organizations: Organizations;
  /** The path prefix the routes are mounted under, for Location and Link headers. */
  readonly basePath: string;
}

const tags = ['organizations'];

/** A profile changes now and then: a page may keep it a minute, then revalidate it with its ETag (304). */
const CACHE_CONTROL = 'private, max-age=60';
const CACHE_HEADER = {
  'Cache-Control': {
    type: 'string',
    description: `\`${CACHE_CONTROL}\`: keep it a minute, then revalidate with If-None-Match`,
    'x-required': true,
  },
} as const;
const IfNoneMatchHeaders = Type.Object({
  'if-none-match': Type.Optional(
    Type.String({ description: 'The ETag of the copy the client keeps (`"<version>"`): 304 while it is still current' }),
  ),
});

/** Whether If-None-Match names this ETag (or `*`). */
const notModified = (given: string | undefined, etag: string): boolean =>
  given !== undefined && (given.trim() === '*' || given.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag));

const PATCH_TEXT =
  'Send the fields to change as a JSON merge patch (RFC 7396) and `If-Match` with the ETag it was ' +
  'read at: without it 428, with one no longer current 412. A location is a postal code and ' +
  'country, its city and region taken from the offline dataset; an unknown postal code is a 400. A ' +
  'change that changes nothing answers 200 with the same version. Every change is written to the ' +
  'audit log.';

/** Without If-Match a change is refused with 428 whatever else it says, not with a validation error about the header. */
async function requireIfMatch(request: FastifyRequest): Promise<void> {
  if (request.headers[IF_MATCH_HEADER] === undefined) {
    throw new PreconditionRequiredError(
      `Changing organization ${JSON.stringify((request.params as Record<string, unknown>).organizationId)}` +
        ` needs an If-Match header with the ETag it was read at (If-Match: "<version>"); read it first, ` +
        `then send the change with its ETag`,
    );
  }
}

const PATCH_ERRORS = [400, 401, 403, 404, 412, 413, 415, 428, 429];

interface PatchSpec {
  readonly config: FastifyContextConfig;
  readonly operationId: string;
  readonly summary: string;
  readonly description: string;
  readonly responses: (ok: string) => Record<number, TSchema>;
  /** Who changes it: the caller's key (its own organization only) or the operator. */
  readonly changer: (request: FastifyRequest) => Changer;
}

/** PATCH /organizations/{id} on either door: the same merge patch with If-Match; the door says who changes it. */
function patchRoute(app: TypedApp, organizations: Organizations, spec: PatchSpec): void {
  app.patch(
    '/organizations/:organizationId',
    {
      config: spec.config,
      preValidation: requireIfMatch,
      schema: {
        operationId: spec.operationId,
        summary: spec.summary,
        description: spec.description,
        tags,
        consumes: [MERGE_PATCH, 'application/json'],
        params: OrganizationIdParamsSchema,
        querystring: NoQuerySchema,
        headers: ifMatchHeadersSchema(true),
        body: OrganizationPatchSchema,
        response: spec.responses('The organization after the change'),
      },
    },
    async (request, reply) => {
      const changed = await organizations.update(
        request.params.organizationId,
        request.body,
        parseIfMatch(request.headers[IF_MATCH_HEADER]),
        spec.changer(request),
      );
      reply.header('ETag', etagOf(changed.version));
      return changed;
    },
  );
}

/** What the routes share: the options and the helpers made of them. */
function organizationContext(options: OrganizationRoutesOptions) {
  const { organizations, basePath } = options;
  return { options, organizations, basePath };
}

function listOrganizationsRoute(app: TypedApp, { organizations, basePath }: ReturnType<typeof organizationContext>): void {
  app.get(
    '/organizations',
    {
      config: { keyScope: 'pets:read' },
      schema: {
        operationId: 'listOrganizations',
        summary: 'List shelters and rescues, optionally by country, region or postal code',
        description:
          `${BETA}\n\nIn ascending id order, paged with \`Link: <...>; rel="next"\`. Filters combine; a region ` +
          `or postal code the offline dataset does not know is refused with 400, never ignored.`,
        tags,
        querystring: ListOrganizationsQuerySchema,
        response: {
          200: withHeaders(OrganizationsSchema, 'A page of organizations', { ...linkNextHeader('organizations'), ...CACHE_HEADER }),
          ...errorResponses(400, 401, 403, 429),
        },
      },
      // `id=a,b` and `id=a&id=b` alike.
      preValidation: (request, _reply, done) => {
        const query = request.query as { id?: unknown };
        if (query.id !== undefined) {
          const given = Array.isArray(query.id) ? (query.id as unknown[]) : [query.id];
          query.id = given.flatMap((value) => String(value).split(','));
        }
        done();
      },
    },
    async (request, reply) => {
      const { limit, country, region, postalCode, id, cursor, near, radius } = request.query;
      const page = await organizations.list({
        ...(limit !== undefined && { limit }),
        ...(country !== undefined && { country }),
        ...(region !== undefined && { region }),
        ...(postalCode !== undefined && { postalCode }),
        ...(id !== undefined && { ids: id }),
        ...(cursor !== undefined && { cursor }),
        ...(near !== undefined && { near }),
        ...(radius !== undefined && { radius }),
      });
      if (page.nextCursor !== null) {
        reply.header(
          'Link',
          nextPageLink(
            `${basePath}/organizations`,
            { limit, country, region, postalCode, id: id?.join(','), near, radius },
            page.nextCursor,
          ),
        );
      }
      const { distances } = page;
      reply.header('Cache-Control', CACHE_CONTROL);
      return distances === null
        ? page.organizations
        : page.organizations.map((organization) => ({ ...organization, distance: distances.get(organization.id) }));
    },
  );
}

function getOrganizationRoute(app: TypedApp, { organizations }: ReturnType<typeof organizationContext>): void {
  app.get(
    '/organizations/:organizationId',
    {
      config: { keyScope: 'pets:read' },
      schema: {
        operationId: 'getOrganization',
        summary: 'Read one organization: how to reach it, where it is, its policy and hours',
        description:
          `${BETA}\n\nAn animal's organization is the one whose id is the animal's \`organizationId\` (its ` +
          `\`ownerId\`). Cacheable: \`Cache-Control: ${CACHE_CONTROL}\`, then send its ETag as \`If-None-Match\` ` +
          `to get 304 while it is current.`,
        tags,
        params: OrganizationIdParamsSchema,
        querystring: NoQuerySchema,
        headers: IfNoneMatchHeaders,
        response: {
          200: withHeaders(OrganizationSchema, 'The organization', { ...ETAG_HEADER, ...CACHE_HEADER }),
          304: withHeaders(Type.Null(), 'The copy the client keeps is current', { ...ETAG_HEADER, ...CACHE_HEADER }),
          ...errorResponses(400, 401, 403, 404, 429),
        },
      },
    },
    async (request, reply) => {
      const organization = await organizations.get(request.params.organizationId);
      const etag = etagOf(organization.version);
      reply.header('ETag', etag).header('Cache-Control', CACHE_CONTROL);
      if (notModified(request.headers['if-none-match'], etag)) return reply.code(304).send(undefined as unknown as null);
      return organization;
    },
  );
}

function updateOrganizationRoute(app: TypedApp, { organizations }: ReturnType<typeof organizationContext>): void {
  patchRoute(app, organizations, {
    config: { keyScope: 'pets:write' },
    operationId: 'updateOrganization',
    summary: "Change the caller's own organization",
    description:
      `${BETA}\n\nNeeds the \`pets:write\` scope and a key of this organization (its owner id): another ` +
      `owner's key gets 403 and nothing changes. ${PATCH_TEXT}`,
    responses: (ok) => ({ 200: withHeaders(OrganizationSchema, ok, ETAG_HEADER), ...errorResponses(...PATCH_ERRORS) }),
    changer: (request) => ({ caller: callerOf(request) }),
  });
}

export async function organizationRoutes(base: FastifyInstance, options: OrganizationRoutesOptions): Promise<void> {
  const app = typed(base);
  const context = organizationContext(options);
  listOrganizationsRoute(app, context);
  getOrganizationRoute(app, context);
  updateOrganizationRoute(app, context);
}

export async function adminOrganizationRoutes(base: FastifyInstance, options: OrganizationRoutesOptions): Promise<void> {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const { organizations, basePath } = options;

  app.post(
    '/organizations',
    {
      config: { adminScope: 'keys:write' },
      schema: {
        operationId: 'createOrganization',
        summary: "Create a key owner's organization",
        description:
          'Needs `keys:write`. `id` is the owner id its keys carry; one organization per owner (409 ' +
          '`organization_exists` for a second). A location is a postal code and country, its city and ' +
          'region taken from the offline dataset; an unknown postal code is a 400. Written to the audit ' +
          'log.',
        tags,
        querystring: NoQuerySchema,
        body: NewOrganizationSchema,
        response: {
          201: withHeaders(
            OrganizationSchema,
            'The organization',
            { ...ETAG_HEADER, Location: { type: 'string', description: 'URL of the organization on the public API', 'x-required': true } },
            ADMIN_HEADERS,
          ),
          ...adminErrorResponses(400, 401, 403, 409, 413, 415, 429),
        },
      },
    },
    async (request, reply) => {
      const { id, ...input } = request.body;
      const created = await organizations.create(id, input, actorOf(request));
      return reply
        .code(201)
        .header('Location', `${basePath}/organizations/${encodeURIComponent(created.id)}`)
        .header('ETag', etagOf(created.version))
        .send(created);
    },
  );

  patchRoute(app, organizations, {
    config: { adminScope: 'keys:write' },
    operationId: 'updateAnyOrganization',
    summary: 'Change any organization',
    description: `Needs \`keys:write\`. ${PATCH_TEXT}`,
    responses: (ok) => ({ 200: withHeaders(OrganizationSchema, ok, ETAG_HEADER, ADMIN_HEADERS), ...adminErrorResponses(...PATCH_ERRORS) }),
    changer: (request) => ({ operator: actorOf(request) }),
  });
}
