/** Publishing destinations (beta): an owner's own, managed with a key that has publishing:write, each one hop from its use case. */
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { Destination } from '../../../domain/publishing/destination.js';
import type { Acting, Destinations } from '../../../application/publishing/use-cases/destinations.js';
import {
  ETAG_HEADER,
  IF_MATCH_HEADER,
  ifMatchHeadersSchema,
  linkNextHeader,
  nextPageLink,
  NoQuerySchema,
} from '../../shared/http/schemas/common-schemas.js';
import { callerOf, etagOf, parseIfMatch } from '../../shared/http/preconditions.js';
import { errorResponses, withHeaders } from '../../shared/http/schemas/responses.js';
import { BETA } from '../../shared/http/schemas/stability.js';
import { typed, type TypedApp } from '../../shared/http/typed-app.js';
import type { FastifyRequest } from 'fastify';
import {
  DestinationIdParamsSchema,
  DestinationPatchSchema,
  DestinationSchema,
  DestinationsSchema,
  ListDestinationsQuerySchema,
  NewDestinationSchema,
} from './destination-schemas.js';

export interface DestinationRoutesOptions {
  readonly destinations: Destinations;
  /** The path prefix the routes are mounted under, for Location and Link headers. */
  readonly basePath: string;
}

const OWNER_ONLY =
  "Needs the `publishing:write` scope (no other scope grants it). Only the destinations of the key's owner: " +
  "another owner's destination gets 404, as one that does not exist, and nothing changes.";
const config = { keyScope: 'publishing:write' as const };
const tags = ['publishing'];

/** A destination as the API shows it: every field but the password. */
export function presentDestination(destination: Destination) {
  const { password: _password, ...shown } = destination;
  return shown;
}

/** The key acting for its owner, as the audit log names it. */
function actingOf(request: FastifyRequest): Acting {
  const caller = callerOf(request);
  return { actor: { id: caller.keyId, requestId: request.id, ip: request.ip }, ownerId: caller.ownerId };
}

function createRoute(app: TypedApp, { destinations, basePath }: DestinationRoutesOptions): void {
  app.post(
    '/publishing/destinations',
    {
      config,
      schema: {
        operationId: 'createPublishingDestination',
        summary: "Publish the owner's animals to an adoption site (make a destination)",
        description:
          `${BETA}\n\n${OWNER_ONLY} The host (the site's own unless given) must resolve to public addresses ` +
          'only, as for webhooks: otherwise 422 `host_not_allowed`. The password is kept encrypted and is ' +
          'never shown again. Each owner may have up to `PUBLISHING_DESTINATIONS_PER_OWNER` (10 by default); ' +
          'one more gets 409 `destination_limit_reached`.',
        tags,
        querystring: NoQuerySchema,
        body: NewDestinationSchema,
        response: {
          201: withHeaders(DestinationSchema, 'The destination (without its password)', {
            Location: { type: 'string', description: 'URL of the destination', 'x-required': true },
            ...ETAG_HEADER,
          }),
          ...errorResponses(400, 401, 403, 409, 413, 415, 422, 429),
        },
      },
    },
    async (request, reply) => {
      const acting = actingOf(request);
      const destination = await destinations.create(request.body, acting.ownerId as string, acting.actor);
      return reply
        .code(201)
        .header('Location', `${basePath}/publishing/destinations/${destination.id}`)
        .header('ETag', etagOf(destination.version))
        .send(presentDestination(destination));
    },
  );
}

function listRoute(app: TypedApp, { destinations, basePath }: DestinationRoutesOptions): void {
  app.get(
    '/publishing/destinations',
    {
      config,
      schema: {
        operationId: 'listPublishingDestinations',
        summary: "List the owner's publishing destinations",
        description: `${BETA}\n\n${OWNER_ONLY} Oldest first. When more exist, the response carries \`Link: <...>; rel="next"\`.`,
        tags,
        querystring: ListDestinationsQuerySchema,
        response: {
          200: withHeaders(DestinationsSchema, 'A page of destinations', linkNextHeader('destinations')),
          ...errorResponses(400, 401, 403, 429),
        },
      },
    },
    async (request, reply) => {
      const { limit, cursor } = request.query;
      const page = await destinations.list(callerOf(request).ownerId, {
        ...(limit !== undefined && { limit }),
        ...(cursor !== undefined && { cursor }),
      });
      if (page.nextCursor !== null) reply.header('Link', nextPageLink(`${basePath}/publishing/destinations`, { limit }, page.nextCursor));
      return page.destinations.map(presentDestination);
    },
  );
}

function getRoute(app: TypedApp, { destinations }: DestinationRoutesOptions): void {
  app.get(
    '/publishing/destinations/:destinationId',
    {
      config,
      schema: {
        operationId: 'getPublishingDestination',
        summary: 'Read one publishing destination',
        description: `${BETA}\n\n${OWNER_ONLY} The password is not shown.`,
        tags,
        params: DestinationIdParamsSchema,
        querystring: NoQuerySchema,
        response: { 200: withHeaders(DestinationSchema, 'The destination', ETAG_HEADER), ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const destination = await destinations.get(request.params.destinationId, actingOf(request));
      reply.header('ETag', etagOf(destination.version));
      return presentDestination(destination);
    },
  );
}

function updateRoute(app: TypedApp, { destinations }: DestinationRoutesOptions): void {
  app.patch(
    '/publishing/destinations/:destinationId',
    {
      config,
      schema: {
        operationId: 'updatePublishingDestination',
        summary: 'Change a publishing destination: its host, port, account, status, or password',
        description:
          `${BETA}\n\n${OWNER_ONLY} With \`If-Match\`, only from the version read (412 when it changed since). ` +
          'A new host is checked as at creation (422 `host_not_allowed`); a password sent replaces the one ' +
          'kept. A change that changes nothing answers 200 with the same version.',
        tags,
        params: DestinationIdParamsSchema,
        querystring: NoQuerySchema,
        headers: ifMatchHeadersSchema(false),
        body: DestinationPatchSchema,
        response: {
          200: withHeaders(DestinationSchema, 'The destination after the change', ETAG_HEADER),
          ...errorResponses(400, 401, 403, 404, 412, 413, 415, 422, 429),
        },
      },
    },
    async (request, reply) => {
      const destination = await destinations.update(
        request.params.destinationId,
        request.body,
        parseIfMatch(request.headers[IF_MATCH_HEADER]),
        actingOf(request),
      );
      reply.header('ETag', etagOf(destination.version));
      return presentDestination(destination);
    },
  );
}

function deleteRoute(app: TypedApp, { destinations }: DestinationRoutesOptions): void {
  app.delete(
    '/publishing/destinations/:destinationId',
    {
      config,
      schema: {
        operationId: 'deletePublishingDestination',
        summary: 'Remove a publishing destination',
        description: `${BETA}\n\n${OWNER_ONLY} Nothing more is uploaded to it; what the site lists stays until the site removes it.`,
        tags,
        params: DestinationIdParamsSchema,
        querystring: NoQuerySchema,
        headers: ifMatchHeadersSchema(false),
        response: { 204: withHeaders(Type.Null(), 'The destination was removed'), ...errorResponses(400, 401, 403, 404, 412, 429) },
      },
    },
    async (request, reply) => {
      await destinations.remove(request.params.destinationId, parseIfMatch(request.headers[IF_MATCH_HEADER]), actingOf(request));
      // No payload at all (null would be serialised, then dropped on the wire).
      return reply.code(204).send(undefined as unknown as null);
    },
  );
}

export async function destinationRoutes(base: FastifyInstance, options: DestinationRoutesOptions): Promise<void> {
  const app = typed(base);
  createRoute(app, options);
  listRoute(app, options);
  getRoute(app, options);
  updateRoute(app, options);
  deleteRoute(app, options);
}
