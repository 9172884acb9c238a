/**
 * The species reference (beta): every species an animal may be, with its breeds, coats and colours.
 * Reference data versioned with the code: each answer carries a strong ETag and may be cached for a
 * day, and a request with a matching If-None-Match gets 304 without a body.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { CATEGORIES, SPECIES, SPECIES_IDS, type Species } from '../../../domain/adoption/species.js';
import { SpeciesNotFoundError } from '../../../domain/adoption/errors.js';
import { NoQuerySchema } from '../../shared/http/schemas/common-schemas.js';
import type { HeaderSpec } from '../../shared/http/schemas/error-schema.js';
import { errorResponses, withHeaders } from '../../shared/http/schemas/responses.js';
import { BETA } from '../../shared/http/schemas/stability.js';

/** A day: the reference changes only with a new version of the service. */
const CACHE_CONTROL = 'public, max-age=86400';

const CACHE_HEADERS: Record<string, HeaderSpec> = {
  ETag: {
    type: 'string',
    description: 'The version of the reference, as a strong entity tag: send it as If-None-Match',
    'x-required': true,
  },
  'Cache-Control': { type: 'string', description: `\`${CACHE_CONTROL}\`: the reference may be kept for a day`, 'x-required': true },
};

export const SpeciesSchema = Type.Object(
  {
    id: Type.String({ description: "The value of an animal's `species`" }),
    name: Type.String({ description: 'The name partners show' }),
    breeds: Type.Array(Type.String(), { description: 'The values of `breeds.primary` and `breeds.secondary`' }),
    coats: Type.Array(Type.String(), { description: 'The values of `coat`; empty where a coat means nothing' }),
    colors: Type.Array(Type.String(), { description: 'The values of `colors.primary` and `colors.secondary`' }),
  },
  { title: 'Species', additionalProperties: false, description: 'A species, with the breeds, coats and colours an animal of it may have' },
);

export const CategorySchema = Type.Object(
  {
    id: Type.Integer({ minimum: 1, format: 'int64', description: "The value of an animal's `categoryId`" }),
    name: Type.String({ description: 'The name partners show' }),
    species: Type.String({ description: 'The species it is (GET /v1/species/{species})' }),
  },
  { title: 'Category', additionalProperties: false, description: "A category an animal's `categoryId` names" },
);

export const CategoriesSchema = Type.Array(CategorySchema, {
  title: 'Categories',
  description: "Every category an animal's `categoryId` names, one per species",
});

export const SpeciesListSchema = Type.Array(SpeciesSchema, {
  title: 'SpeciesList',
  description: 'Every species, in the order partners list them',
});

const SpeciesParamsSchema = Type.Object(
  {
    species: Type.String({
      pattern: '^[a-z][a-z-]{0,39}$',
      description: `A species id (${SPECIES_IDS.join(', ')})`,
      'x-invalid': 'must be a species id: lower-case letters and hyphens',
    }),
  },
  { additionalProperties: false },
);

const IfNoneMatchSchema = Type.Object({
  'if-none-match': Type.Optional(Type.String({ description: 'The ETag of a copy the client keeps: 304 when it is still current' })),
});

/** A body and its strong ETag, made once. */
function cached(value: unknown): { readonly body: string; readonly etag: string } {
  const body = JSON.stringify(value);
  return { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
}

function answer(request: FastifyRequest, reply: FastifyReply, entry: { readonly body: string; readonly etag: string }) {
  reply.header('ETag', entry.etag).header('Cache-Control', CACHE_CONTROL);
  const given = request.headers['if-none-match'];
  if (given !== undefined && (given.trim() === '*' || given.split(',').some((tag) => tag.trim().replace(/^W\//, '') === entry.etag))) {
    return reply.code(304).send();
  }
  return reply.type('application/json; charset=utf-8').send(entry.body);
}

/** The OpenAPI text and the validation of listCategories. */
const LIST_CATEGORIES_SCHEMA = {
  operationId: 'listCategories',
  summary: "What an animal's categoryId means: one category per species",
  description:
    `${BETA}\n\nNeeds the \`pets:read\` scope. Every \`categoryId\` this API names, each the category of ` +
    `one species (${CATEGORIES.map((category) => `${category.id} ${category.name}`).join(', ')}). A ` +
    `create or change with another id is still taken, as an organization's own grouping that means ` +
    `nothing to other partners; send one of these so that partners can read it. Cached and ` +
    `revalidated as the species are.`,
  tags: ['pets'],
  querystring: NoQuerySchema,
  headers: IfNoneMatchSchema,
  response: {
    200: withHeaders(CategoriesSchema, 'Every category', CACHE_HEADERS),
    304: withHeaders(Type.Null(), 'The copy the client keeps is current', CACHE_HEADERS),
    ...errorResponses(400, 401, 403, 429),
  },
};

/** The OpenAPI text and the validation of listSpecies. */
const LIST_SPECIES_SCHEMA = {
  operationId: 'listSpecies',
  summary: 'Every species, with its breeds, coats and colours',
  description:
    `${BETA}\n\nNeeds the \`pets:read\` scope. The values an animal's \`species\`, \`breeds\`, \`coat\` and ` +
    `\`colors\` take. Reference data: versioned with the service, with a strong \`ETag\`, cacheable for a ` +
    `day (\`Cache-Control\`); send the ETag as \`If-None-Match\` to get 304 while it is current. Each ` +
    `call counts against the key's limits, as every call does.`,
  tags: ['pets'],
  querystring: NoQuerySchema,
  headers: IfNoneMatchSchema,
  response: {
    200: withHeaders(SpeciesListSchema, 'Every species', CACHE_HEADERS),
    304: withHeaders(Type.Null(), 'The copy the client keeps is current', CACHE_HEADERS),
    ...errorResponses(400, 401, 403, 429),
  },
};

/** The OpenAPI text and the validation of getSpecies. */
const GET_SPECIES_SCHEMA = {
  operationId: 'getSpecies',
  summary: 'One species, with its breeds, coats and colours',
  description: `${BETA}\n\nNeeds the \`pets:read\` scope. Cached and revalidated as the list is.`,
  tags: ['pets'],
  params: SpeciesParamsSchema,
  querystring: NoQuerySchema,
  headers: IfNoneMatchSchema,
  response: {
    200: withHeaders(SpeciesSchema, 'The species', CACHE_HEADERS),
    304: withHeaders(Type.Null(), 'The copy the client keeps is current', CACHE_HEADERS),
    ...errorResponses(400, 401, 403, 404, 429),
  },
};

export async function speciesRoutes(base: FastifyInstance): Promise<void> {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const all = cached(SPECIES);
  const categories = cached(CATEGORIES);

  app.get(
    '/categories',
    {
      config: { keyScope: 'pets:read' },
      schema: LIST_CATEGORIES_SCHEMA,
    },
    async (request, reply) => answer(request, reply, categories),
  );
  const each = new Map<string, { readonly body: string; readonly etag: string }>(
    SPECIES.map((species: Species) => [species.id, cached(species)]),
  );

  app.get(
    '/species',
    {
      config: { keyScope: 'pets:read' },
      schema: LIST_SPECIES_SCHEMA,
    },
    async (request, reply) => answer(request, reply, all),
  );

  app.get(
    '/species/:species',
    {
      config: { keyScope: 'pets:read' },
      schema: GET_SPECIES_SCHEMA,
    },
    async (request, reply) => {
      const entry = each.get(request.params.species);
      if (entry === undefined) throw new SpeciesNotFoundError(request.params.species);
      return answer(request, reply, entry);
    },
  );
}
