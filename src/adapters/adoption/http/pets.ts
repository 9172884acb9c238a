// Over 300 lines: five routes, each a function of its own, with the list's page rendering and query
// mapping beside them; their OpenAPI text is in pets-docs.ts.
/** The pets resource: list, create, change, remove and the deprecated get, each one hop from its use case. */
import { filterOf, type SearchParameters } from '../../../domain/adoption/pet-search.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { CreatePet } from '../../../application/adoption/use-cases/create-pet.js';
import type { GetPet } from '../../../application/adoption/use-cases/get-pet.js';
import type { ListPets, ListPetsInput, PetPage } from '../../../application/adoption/use-cases/list-pets.js';
import type { Pet } from '../../../domain/adoption/pet.js';
import type { ChangePet } from '../../../application/adoption/use-cases/change-pet.js';
import { PreconditionRequiredError, ValidationError } from '../../../domain/shared/errors.js';
import {
  CreatePetHeadersSchema,
  NewPetSchema,
  PetIdParamsSchema,
  PetPatchSchema,
  PetSchema,
  PetsSchema,
  READ_ONLY_PET_FIELDS,
  fieldsQuery,
  SPARSE_MEDIA_TYPE,
  SparsePetSchema,
  SparsePetsSchema,
} from './pet-schemas.js';
import {
  ETAG_HEADER,
  IDEMPOTENCY_KEY_HEADER,
  IF_MATCH_HEADER,
  ifMatchHeadersSchema,
  linkNextHeader,
  nextPageLink,
  NoQuerySchema,
} from '../../shared/http/schemas/common-schemas.js';
import { errorResponses, withContents, withHeaders, withRetryAfter } from '../../shared/http/schemas/responses.js';
import { ErrorSchema } from '../../shared/http/schemas/error-schema.js';
import { callerOf, etagOf, parseIfMatch } from '../../shared/http/preconditions.js';
import { MERGE_PATCH } from '../../shared/http/plugins/json-body.js';
import { fieldsAsList, projection } from './sparse-fields.js';
import { LIST_PARAMETERS, ListPetsQuerySchema } from './search-schemas.js';
import type { Static } from 'typebox';

type ListPetsQuery = Static<typeof ListPetsQuerySchema>;
import { petView, type PetView } from './pet-view.js';
import { pageBytesCache, petJsonCache } from './pet-json-cache.js';
import { createPetText, deletePetText, GET_PET_HEADERS, getPetText, LIST_TOTAL_HEADERS, listPetsText, updatePetText } from './pets-docs.js';
import { typed, type TypedApp } from '../../shared/http/typed-app.js';

export interface PetRoutesOptions {
  readonly listPets: ListPets;
  readonly createPet: CreatePet;
  readonly getPet: GetPet;
  readonly changePet: ChangePet;
  /** The path prefix the routes are mounted under, for Location and Link headers. */
  readonly basePath: string;
}

/** Where the deprecation and sunset policy is stated (the reference page, whose introduction has it): RFC 8594's "sunset" link. */
export const POLICY_PATH = '/docs/';

export async function petRoutes(base: FastifyInstance, options: PetRoutesOptions): Promise<void> {
  const app = typed(base);
  listRoute(app, options);
  createRoute(app, options);
  getRoute(app, options);
  changeRoute(app, options);
  removeRoute(app, options);
}

function listRoute(app: TypedApp, { listPets, basePath }: PetRoutesOptions): void {
  const render = pageRenderer();
  app.get(
    '/pets',
    {
      config: { keyScope: 'pets:read' },
      schema: {
        ...listPetsText,
        querystring: ListPetsQuerySchema,
        response: {
          200: withContents(
            { 'application/json': PetsSchema, [SPARSE_MEDIA_TYPE]: SparsePetsSchema },
            'A page of animals: every field (application/json), or with `fields`, `id` and the fields asked for',
            {
              ...linkNextHeader('animals'),
              ...LIST_TOTAL_HEADERS,
            },
          ),
          ...errorResponses(400, 401, 403, 429),
        },
      },
      preValidation: splitLists,
    },
    async (request, reply) => {
      const query = request.query;
      const page = await listPets.execute(searchOf(query));
      return sendPetPage(reply, render, page, `${basePath}/pets`, query, query.fields);
    },
  );
}

/** A page of animals with its headers: the next page's Link (the same query, its seed, the cursor) and the total when asked. */
export function sendPetPage(
  reply: FastifyReply,
  render: ReturnType<typeof pageRenderer>,
  page: PetPage,
  path: string,
  query: Readonly<Record<string, unknown>>,
  fields: readonly string[] | undefined,
) {
  const { nextCursor } = page;
  if (nextCursor !== null) {
    const kept: Record<string, string> = {};
    for (const [key, value] of Object.entries({ ...query, ...(page.seed !== null && { seed: page.seed }) })) {
      if (key !== 'cursor' && value !== undefined) kept[key] = Array.isArray(value) ? value.join(',') : String(value);
    }
    reply.header('Link', nextPageLink(path, kept, nextCursor));
  }
  if (page.total !== null) {
    reply.header('X-Total-Count', String(page.total.value)).header('X-Total-Count-Relation', page.total.exact ? 'eq' : 'gte');
  }
  return render(reply, page, fields);
}

/**
 * A page as it is sent: sparse (`fields`), with each animal's organization, or whole from the
 * animals' kept JSON texts (a page sent again from its kept bytes).
 */
export function pageRenderer() {
  const jsonOf = petJsonCache();
  const pages = pageBytesCache();
  let serializePet: ((pet: PetView) => string) | undefined;
  return (reply: FastifyReply, page: PetPage, fields: readonly string[] | undefined) => {
    const { pets, distances, organizations } = page;
    const organizationOf = (pet: Pet) => (pet.ownerId === null ? null : (organizations?.get(pet.ownerId) ?? null));
    if (fields !== undefined) {
      const project = projection(fields);
      const shown = pets.map((pet) => {
        const sparse = project(petView(pet));
        if (organizations !== null && fields.includes('organization')) sparse.organization = organizationOf(pet);
        return distances !== null && fields.includes('distance') ? { ...sparse, distance: distances.get(pet.id) } : sparse;
      });
      return reply.type(SPARSE_MEDIA_TYPE).send(JSON.stringify(shown));
    }
    serializePet ??= reply.compileSerializationSchema(PetSchema as unknown as Record<string, unknown>) as unknown as (
      pet: PetView,
    ) => string;
    if (organizations !== null) {
      // Each animal with its organization as it is now: serialised anew, never from the kept bytes.
      const shown = pets.map((pet) => ({
        ...petView(pet),
        organization: organizationOf(pet),
        ...(distances !== null && { distance: distances.get(pet.id) ?? 0 }),
      }));
      return reply.type(JSON_TYPE).send(`[${shown.map((one) => (serializePet as (pet: PetView) => string)(one)).join(',')}]`);
    }
    const kept = distances === null ? pages.get(pets) : undefined;
    if (kept !== undefined) return reply.type(JSON_TYPE).send(kept);
    // The same bytes the response schema's serialiser writes for the array, pet by pet, in one buffer.
    const serialize = serializePet;
    const texts = pets.map((pet) => {
      const json = jsonOf(pet, serialize);
      // The distance last, as the schema lists it: the animal's text, less its closing brace.
      return distances === null ? json : `${json.slice(0, -1)},"distance":${distances.get(pet.id) ?? 0}}`;
    });
    const bytes = jsonArrayOf(texts);
    return reply.type(JSON_TYPE).send(distances === null ? pages.keep(pets, bytes) : bytes);
  };
}

// `id=1,2` and `id=1&id=2` alike, and so for every list: split on commas (not on ", ", inside a
// colour's name) before validation; decimal ids become numbers (anything else stays text and fails).
export function splitLists(request: FastifyRequest, _reply: FastifyReply, done: () => void): void {
  const query = request.query as Record<string, unknown>;
  // Only the parameters sent: most lists send one or two.
  for (const name in query) {
    if (!LIST_NAMES.has(name)) continue;
    const value = query[name];
    const items = (Array.isArray(value) ? (value as unknown[]) : [value]).flatMap((item) => String(item).split(/,(?! )/));
    query[name] = name === 'id' ? items.map((item) => (CANONICAL_ID.test(item) ? Number(item) : item)) : items;
  }
  fieldsAsList(query);
  done();
}

function createRoute(app: TypedApp, { createPet, basePath }: PetRoutesOptions): void {
  app.post(
    '/pets',
    {
      config: { keyScope: 'pets:write' },
      schema: {
        ...createPetText,
        headers: CreatePetHeadersSchema,
        body: NewPetSchema,
        response: {
          201: withHeaders(PetSchema, 'The created animal, with its assigned id (or, on a replay, the animal the first request created)', {
            ...ETAG_HEADER,
            Location: { type: 'string', description: 'URL of the created animal', 'x-required': true },
            'Idempotent-Replayed': {
              type: 'string',
              description: '`true` when this is the stored response of an earlier request with the same Idempotency-Key',
            },
          }),
          ...withRetryAfter(errorResponses(400, 401, 403, 409, 413, 415, 422, 429), 409),
        },
      },
    },
    async (request, reply) => {
      const key = request.headers[IDEMPOTENCY_KEY_HEADER];
      const caller = callerOf(request);
      const { pet, replayed } = await createPet.execute(
        request.body,
        caller.ownerId,
        key !== undefined ? { apiKeyId: caller.keyId, key } : undefined,
      );
      if (replayed) reply.header('Idempotent-Replayed', 'true');
      return reply.code(201).header('Location', `${basePath}/pets/${pet.id}`).header('ETag', etagOf(pet.version)).send(petView(pet));
    },
  );
}

function getRoute(app: TypedApp, { getPet, basePath }: PetRoutesOptions): void {
  const { deprecatedAtMs, sunsetAtMs } = getPet.deprecation;
  // RFC 9745 Deprecation (a Unix time) and RFC 8594 Sunset (an HTTP date), with links to the
  // replacement (the list, asked for this one id) and to the policy: on every answer of getPet, 410 included.
  const deprecationHeaders = {
    Deprecation: `@${Math.floor(deprecatedAtMs / 1000)}`,
    Sunset: new Date(sunsetAtMs).toUTCString(),
  };
  const policyLink = `<${basePath}${POLICY_PATH}>; rel="sunset"`;
  const successorLink = (rawId: string | undefined) =>
    `<${basePath}/pets${rawId !== undefined && CANONICAL_ID.test(rawId) ? `?id=${rawId}` : ''}>; ` +
    `rel="successor-version", ${policyLink}`;
  const sunsetText = new Date(sunsetAtMs).toISOString();
  app.get(
    '/pets/:petId',
    {
      config: { keyScope: 'pets:read' },
      // After admission (so a refused call is still refused and counted), before validation: once
      // gone, every call is 410, whatever its id or query.
      preValidation: async (request, reply) => {
        reply.headers(deprecationHeaders);
        reply.header('Link', successorLink(String((request.params as Record<string, unknown>).petId)));
        getPet.checkAvailable();
        fieldsAsList(request.query);
      },
      schema: {
        ...getPetText(sunsetText),
        params: PetIdParamsSchema,
        querystring: Type.Object({ fields: fieldsQuery() }, { additionalProperties: false }),
        response: {
          200: withContents({ 'application/json': PetSchema, [SPARSE_MEDIA_TYPE]: SparsePetSchema }, 'The animal', {
            ...GET_PET_HEADERS,
            ...ETAG_HEADER,
          }),
          ...errorResponses(400, 401, 403, 404, 429),
          410: withHeaders(
            ErrorSchema,
            'The operation is gone: past its Sunset date, or inside an announced brownout before it (code ' +
              'gone). Use the replacement the message and the Link header name; do not retry.',
            {
              ...GET_PET_HEADERS,
            },
          ),
        },
      },
    },
    async (request, reply) => {
      const pet = await getPet.execute(request.params.petId);
      reply.header('ETag', etagOf(pet.version));
      const { fields } = request.query;
      if (fields !== undefined) return reply.type(SPARSE_MEDIA_TYPE).send(JSON.stringify(projection(fields)(petView(pet))));
      return petView(pet);
    },
  );
}

function changeRoute(app: TypedApp, { changePet }: PetRoutesOptions): void {
  app.patch(
    '/pets/:petId',
    {
      config: { keyScope: 'pets:write' },
      preValidation: async (request) => {
        // Without If-Match the change is refused with 428 whatever else it says (RFC 6585), not with a
        // validation error about the header.
        if (request.headers[IF_MATCH_HEADER] === undefined) {
          throw new PreconditionRequiredError(
            `Changing pet ${String((request.params as Record<string, unknown>).petId)} needs an If-Match ` +
              `header with the ETag it was read at (the ETag header of any response that carries the pet, or ` +
              `its version in quotes: If-Match: "<version>"); read it first, then send the change with its ETag`,
          );
        }
        // A read-only field is named as such, rather than as an unknown one.
        const body = request.body as Record<string, unknown> | null | undefined;
        const readOnly = body && typeof body === 'object' ? READ_ONLY_PET_FIELDS.find((field) => field in body) : undefined;
        if (readOnly !== undefined) {
          throw new ValidationError(
            readOnly,
            `field '${readOnly}' is read-only: the service sets it; send only name, categoryId, status or the record's fields (species, breeds, ...)`,
          );
        }
      },
      schema: {
        ...updatePetText,
        consumes: [MERGE_PATCH, 'application/json'],
        params: PetIdParamsSchema,
        querystring: NoQuerySchema,
        headers: ifMatchHeadersSchema(true),
        body: PetPatchSchema,
        response: {
          200: withHeaders(PetSchema, 'The animal after the change', ETAG_HEADER),
          ...errorResponses(400, 401, 403, 404, 409, 412, 413, 415, 428, 429),
        },
      },
    },
    async (request, reply) => {
      const pet = await changePet.update(
        request.params.petId,
        request.body,
        parseIfMatch(request.headers[IF_MATCH_HEADER]),
        callerOf(request),
      );
      reply.header('ETag', etagOf(pet.version));
      return petView(pet);
    },
  );
}

function removeRoute(app: TypedApp, { changePet }: PetRoutesOptions): void {
  app.delete(
    '/pets/:petId',
    {
      config: { keyScope: 'pets:write' },
      schema: {
        ...deletePetText,
        params: PetIdParamsSchema,
        querystring: NoQuerySchema,
        headers: ifMatchHeadersSchema(false),
        response: {
          204: withHeaders(Type.Null(), 'The animal was removed'),
          ...errorResponses(400, 401, 403, 404, 409, 412, 429),
        },
      },
    },
    async (request, reply) => {
      await changePet.remove(request.params.petId, parseIfMatch(request.headers[IF_MATCH_HEADER]), callerOf(request));
      // No payload at all (null would be serialised, then dropped on the wire).
      return reply.code(204).send(undefined as unknown as null);
    },
  );
}

const JSON_TYPE = 'application/json; charset=utf-8';

/** A JSON array of these JSON texts, as UTF-8 bytes: one allocation, its length known. */
function jsonArrayOf(texts: readonly string[]): Buffer {
  let length = texts.length === 0 ? 2 : texts.length + 1;
  for (const text of texts) length += Buffer.byteLength(text);
  const bytes = Buffer.allocUnsafe(length);
  let at = 0;
  bytes[at++] = 0x5b;
  for (let i = 0; i < texts.length; i++) {
    if (i > 0) bytes[at++] = 0x2c;
    at += bytes.write(texts[i] as string, at);
  }
  bytes[at] = 0x5d;
  return bytes;
}

const LIST_NAMES: ReadonlySet<string> = new Set(LIST_PARAMETERS);

/** The use case's input from the query: the page, the search's own parameters, and the filters (PET_FILTERS) by their names. */
function searchOf(query: ListPetsQuery): ListPetsInput {
  const { limit, cursor, id, status } = query;
  const page = {
    ...(limit !== undefined && { limit }),
    ...(cursor !== undefined && { cursor }),
    ...(id !== undefined && { ids: id }),
  };
  const statuses = status === undefined ? undefined : Array.isArray(status) ? status : [status];
  // A plain list (the commonest request) needs no search: its page, its ids and its status.
  if (isPlain(query)) return statuses === undefined ? page : { ...page, filter: { status: statuses } };
  // What is not the search's own or the page's is its filters (PET_FILTERS), by their parameters' names.
  const {
    limit: _limit,
    cursor: _cursor,
    id: _id,
    status: _status,
    fields: _fields,
    near,
    radius,
    sort,
    seed,
    total,
    expand,
    ...filters
  } = query;
  const filter = filterOf({ ...filters, ...(statuses !== undefined && { status: statuses }) });
  return {
    ...page,
    ...(filter !== null && { filter }),
    ...(near !== undefined && { near }),
    ...(radius !== undefined && { radius }),
    ...(sort !== undefined && { sort }),
    ...(seed !== undefined && { seed }),
    ...(total !== undefined && { total }),
    ...(expand?.includes('organization') === true && { expandOrganization: true }),
  };
}

/** Parameters of a plain list, which need no search: a page, its cursor, ids, a status, fields. */
const PLAIN: ReadonlySet<string> = new Set(['limit', 'cursor', 'id', 'status', 'fields']);

function isPlain(query: ListPetsQuery): boolean {
  for (const name in query) if (!PLAIN.has(name)) return false;
  return true;
}

// Every filter a search knows is a parameter of the query: one misnamed in the schema fails to compile here.
const everyFilterIsAParameter: Exclude<keyof SearchParameters, keyof ListPetsQuery> extends never ? true : never = true;
void everyFilterIsAParameter;

/** A pet id as the path and the `id` query spell it: decimal digits, no sign or leading zeros. */
const CANONICAL_ID = /^[1-9][0-9]{0,15}$/;
