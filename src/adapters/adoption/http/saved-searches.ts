// Over 300 lines: seven routes of one resource, each a function of its own, with the input mapping and the view they share.
/**
 * Saved searches (beta): an owner's searches of `GET /v1/pets`, each alerting its owner (a
 * `search.matched` event in its feed and to its webhook endpoints) when an animal starts matching it.
 * Managed with a key that has `searches:write` (or `pets:write`, which grants it); each route one hop
 * from its use case.
 */
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { ListPets } from '../../../application/adoption/use-cases/list-pets.js';
import type { SavedSearches, SavedSearchInput } from '../../../application/adoption/use-cases/saved-searches.js';
import { filterOf, type PetFilter } from '../../../domain/adoption/pet-search.js';
import {
  SAVED_SEARCH_LIFETIME_DAYS,
  SAVED_SEARCHES_PER_OWNER,
  type SavedSearch,
  type SavedSearchPlan,
} from '../../../domain/adoption/saved-search.js';
import { PreconditionRequiredError, UnauthenticatedError } from '../../../domain/shared/errors.js';
import { callerOf, etagOf, parseIfMatch } from '../../shared/http/preconditions.js';
import {
  ETAG_HEADER,
  IF_MATCH_HEADER,
  ifMatchHeadersSchema,
  linkNextHeader,
  nextPageLink,
  NoQuerySchema,
} from '../../shared/http/schemas/common-schemas.js';
import { errorResponses, withContents, withHeaders } from '../../shared/http/schemas/responses.js';
import { BETA } from '../../shared/http/schemas/stability.js';
import { typed, type TypedApp } from '../../shared/http/typed-app.js';
import { PetsSchema, SPARSE_MEDIA_TYPE, SparsePetsSchema } from './pet-schemas.js';
import { pageRenderer, sendPetPage, splitLists } from './pets.js';
import { LIST_TOTAL_HEADERS } from './pets-docs.js';
import {
  ListSavedSearchesQuerySchema,
  MatchesQuerySchema,
  NewSavedSearchSchema,
  SavedSearchesSchema,
  SavedSearchIdParamsSchema,
  SavedSearchSchema,
  type NewSavedSearch,
  type SearchQuery,
} from './saved-search-schemas.js';

export interface SavedSearchRoutesOptions {
  readonly searches: SavedSearches;
  readonly listPets: ListPets;
  /** The path prefix the routes are mounted under, for Location and Link headers. */
  readonly basePath: string;
}

const OWNER_ONLY =
  "Needs the `searches:write` scope (or `pets:write`, which grants it). Only the key owner's saved searches are " +
  "seen: another owner's answers 404, as one that does not exist.";
const LIMITS = Object.entries(SAVED_SEARCHES_PER_OWNER)
  .map(([plan, most]) => `${plan} ${most.toLocaleString('en-US')}`)
  .join(', ');
const config = { keyScope: 'searches:write' as const };
const tags = ['saved searches'];

export async function savedSearchRoutes(base: FastifyInstance, options: SavedSearchRoutesOptions): Promise<void> {
  const app = typed(base);
  createRoute(app, options);
  listRoute(app, options);
  getRoute(app, options);
  replaceRoute(app, options);
  renewRoute(app, options);
  removeRoute(app, options);
  matchesRoute(app, options);
}

function createRoute(app: TypedApp, { searches, basePath }: SavedSearchRoutesOptions): void {
  app.post(
    '/saved-searches',
    {
      config,
      schema: {
        operationId: 'createSavedSearch',
        summary: 'Save a search, to be alerted when an animal starts matching it',
        description:
          `${BETA}\n\n${OWNER_ONLY} The search takes the filters of \`GET /v1/pets\` with \`near\` and \`radius\`, ` +
          `checked by the same rules (400 naming the parameter; nothing is stored). From now on, each animal that ` +
          `starts matching it (listed matching, changed into a match, back to available, moved near) makes one ` +
          `\`search.matched\` event for its owner, in the feed and to its webhook endpoints. It alerts for ` +
          `${SAVED_SEARCH_LIFETIME_DAYS} days unless renewed. An owner keeps at most, by its key's plan: ${LIMITS}; ` +
          `one more gets 409 \`saved_search_limit_reached\`.`,
        tags,
        querystring: NoQuerySchema,
        body: NewSavedSearchSchema,
        response: {
          201: withHeaders(SavedSearchSchema, 'The saved search', {
            Location: { type: 'string', description: 'URL of the saved search', 'x-required': true },
            ...ETAG_HEADER,
          }),
          ...errorResponses(400, 401, 403, 409, 413, 415, 429),
        },
      },
    },
    async (request, reply) => {
      const plan = request.apiKey?.plan;
      if (plan === undefined) throw new UnauthenticatedError("Missing API key: send it as 'Authorization: Bearer <key>'");
      const search = await searches.create(inputOf(request.body), callerOf(request), plan satisfies SavedSearchPlan);
      return reply
        .code(201)
        .header('Location', `${basePath}/saved-searches/${search.id}`)
        .header('ETag', etagOf(search.version))
        .send(presentSavedSearch(search));
    },
  );
}

function listRoute(app: TypedApp, { searches, basePath }: SavedSearchRoutesOptions): void {
  app.get(
    '/saved-searches',
    {
      config,
      schema: {
        operationId: 'listSavedSearches',
        summary: "List the owner's saved searches",
        description: `${BETA}\n\n${OWNER_ONLY} In id order. When more exist, the response carries \`Link: <...>; rel="next"\`.`,
        tags,
        querystring: ListSavedSearchesQuerySchema,
        response: {
          200: withHeaders(SavedSearchesSchema, 'A page of saved searches', linkNextHeader('saved searches')),
          ...errorResponses(400, 401, 403, 429),
        },
      },
    },
    async (request, reply) => {
      const { limit = 20, cursor } = request.query;
      const found = await searches.list(callerOf(request), cursor ?? null, limit + 1);
      const page = found.slice(0, limit);
      if (found.length > limit)
        reply.header('Link', nextPageLink(`${basePath}/saved-searches`, { limit }, (page.at(-1) as SavedSearch).id));
      return page.map(presentSavedSearch);
    },
  );
}

function getRoute(app: TypedApp, { searches }: SavedSearchRoutesOptions): void {
  app.get(
    '/saved-searches/:searchId',
    {
      config,
      schema: {
        operationId: 'getSavedSearch',
        summary: 'Read one saved search',
        description: `${BETA}\n\n${OWNER_ONLY}`,
        tags,
        params: SavedSearchIdParamsSchema,
        querystring: NoQuerySchema,
        response: { 200: withHeaders(SavedSearchSchema, 'The saved search', ETAG_HEADER), ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const search = await searches.get(request.params.searchId, callerOf(request));
      reply.header('ETag', etagOf(search.version));
      return presentSavedSearch(search);
    },
  );
}

function replaceRoute(app: TypedApp, { searches }: SavedSearchRoutesOptions): void {
  app.put(
    '/saved-searches/:searchId',
    {
      config,
      // Without If-Match the change is refused with 428 whatever else it says (RFC 6585), not with a validation error about the header.
      preValidation: async (request) => {
        if (request.headers[IF_MATCH_HEADER] === undefined) {
          const { searchId } = request.params as { searchId?: unknown };
          throw new PreconditionRequiredError(
            `Changing saved search ${String(searchId)} needs an If-Match header with the ETag it was read at ` +
              `(the ETag header of its last answer, or its version in quotes: If-Match: "<version>"); read it first`,
          );
        }
      },
      schema: {
        operationId: 'replaceSavedSearch',
        summary: 'Change a saved search: its label, reference and search, sent whole',
        description:
          `${BETA}\n\n${OWNER_ONLY} Needs \`If-Match\` with the ETag it was read at (428 without, 412 when it changed ` +
          `since). The search is checked as at creation. Animals matching the new search alert when they next ` +
          `start matching it; a change that changes nothing keeps the version.`,
        tags,
        params: SavedSearchIdParamsSchema,
        querystring: NoQuerySchema,
        headers: ifMatchHeadersSchema(true),
        body: NewSavedSearchSchema,
        response: {
          200: withHeaders(SavedSearchSchema, 'The saved search after the change', ETAG_HEADER),
          ...errorResponses(400, 401, 403, 404, 412, 413, 415, 428, 429),
        },
      },
    },
    async (request, reply) => {
      const search = await searches.change(
        request.params.searchId,
        inputOf(request.body),
        parseIfMatch(request.headers[IF_MATCH_HEADER]),
        callerOf(request),
      );
      reply.header('ETag', etagOf(search.version));
      return presentSavedSearch(search);
    },
  );
}

function renewRoute(app: TypedApp, { searches }: SavedSearchRoutesOptions): void {
  app.post(
    '/saved-searches/:searchId/renew',
    {
      config,
      schema: {
        operationId: 'renewSavedSearch',
        summary: `Keep a saved search alerting for another ${SAVED_SEARCH_LIFETIME_DAYS} days`,
        description:
          `${BETA}\n\n${OWNER_ONLY} Sets \`expiresAt\` ${SAVED_SEARCH_LIFETIME_DAYS} days from now, an expired search ` +
          `included (changes made while it was expired sent no alert). \`If-Match\` is honoured when sent.`,
        tags,
        params: SavedSearchIdParamsSchema,
        querystring: NoQuerySchema,
        headers: ifMatchHeadersSchema(false),
        response: {
          200: withHeaders(SavedSearchSchema, 'The renewed saved search', ETAG_HEADER),
          ...errorResponses(400, 401, 403, 404, 412, 429),
        },
      },
    },
    async (request, reply) => {
      const search = await searches.renew(request.params.searchId, parseIfMatch(request.headers[IF_MATCH_HEADER]), callerOf(request));
      reply.header('ETag', etagOf(search.version));
      return presentSavedSearch(search);
    },
  );
}

function removeRoute(app: TypedApp, { searches }: SavedSearchRoutesOptions): void {
  app.delete(
    '/saved-searches/:searchId',
    {
      config,
      schema: {
        operationId: 'deleteSavedSearch',
        summary: 'Remove a saved search, at once and for good',
        description: `${BETA}\n\n${OWNER_ONLY} It alerts no more, and nothing of it is kept. \`If-Match\` is honoured when sent.`,
        tags,
        params: SavedSearchIdParamsSchema,
        querystring: NoQuerySchema,
        headers: ifMatchHeadersSchema(false),
        response: { 204: withHeaders(Type.Null(), 'The saved search was removed'), ...errorResponses(400, 401, 403, 404, 412, 429) },
      },
    },
    async (request, reply) => {
      await searches.remove(request.params.searchId, parseIfMatch(request.headers[IF_MATCH_HEADER]), callerOf(request));
      return reply.code(204).send(undefined as unknown as null);
    },
  );
}

function matchesRoute(app: TypedApp, { searches, listPets, basePath }: SavedSearchRoutesOptions): void {
  const render = pageRenderer();
  app.get(
    '/saved-searches/:searchId/matches',
    {
      config,
      schema: {
        operationId: 'listSavedSearchMatches',
        summary: 'The animals a saved search finds now',
        description:
          `${BETA}\n\n${OWNER_ONLY} The same page \`GET /v1/pets\` answers with the search's parameters, paged, ` +
          `sorted and shaped alike (\`limit\`, \`cursor\`, \`sort\`, \`seed\`, \`total\`, \`fields\`, \`expand\`).`,
        tags,
        params: SavedSearchIdParamsSchema,
        querystring: MatchesQuerySchema,
        response: {
          200: withContents(
            { 'application/json': PetsSchema, [SPARSE_MEDIA_TYPE]: SparsePetsSchema },
            'A page of the animals the search finds',
            { ...linkNextHeader('animals'), ...LIST_TOTAL_HEADERS },
          ),
          ...errorResponses(400, 401, 403, 404, 429),
        },
      },
      preValidation: splitLists,
    },
    async (request, reply) => {
      const { searchId } = request.params;
      const { query } = await searches.get(searchId, callerOf(request));
      const { limit, cursor, sort, seed, total, fields, expand } = request.query;
      const page = await listPets.execute({
        filter: query.filter,
        ...(query.near !== null && { near: query.near }),
        ...(query.radius !== null && { radius: query.radius }),
        ...(limit !== undefined && { limit }),
        ...(cursor !== undefined && { cursor }),
        ...(sort !== undefined && { sort }),
        ...(seed !== undefined && { seed }),
        ...(total !== undefined && { total }),
        ...(expand?.includes('organization') === true && { expandOrganization: true }),
      });
      return sendPetPage(reply, render, page, `${basePath}/saved-searches/${searchId}/matches`, request.query, fields);
    },
  );
}

/** The use case's input from the body: the search's parameters as the filters they name (PET_FILTERS). */
function inputOf(body: NewSavedSearch): SavedSearchInput {
  const { near, radius, status, ...parameters } = body.search;
  const filter = filterOf({ ...parameters, ...(status !== undefined && { status: Array.isArray(status) ? status : [status] }) });
  return {
    label: body.label,
    ...(body.reference !== undefined && { reference: body.reference }),
    ...(filter !== null && { filter }),
    ...(near !== undefined && { near }),
    ...(radius !== undefined && { radius }),
  };
}

/** A saved search as its owner reads it: its search by the parameters it was given in. */
export function presentSavedSearch(search: SavedSearch) {
  const { ownerIds, namePrefix, ...same } = search.query.filter as PetFilter;
  const shown: SearchQuery = {
    ...same,
    ...(ownerIds !== undefined && { organizationId: [...ownerIds] }),
    ...(namePrefix !== undefined && { name: namePrefix }),
    ...(search.query.near !== null && { near: search.query.near }),
    ...(search.query.radius !== null && { radius: search.query.radius }),
  } as SearchQuery;
  return {
    id: search.id,
    label: search.label,
    reference: search.reference,
    search: shown,
    version: search.version,
    createdAt: search.createdAt,
    updatedAt: search.updatedAt,
    expiresAt: search.expiresAt,
  };
}
