/** The pets resource: list, create and the deprecated get, each one hop from its use case. */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { CreatePet } from '../../../application/use-cases/create-pet.js';
import type { GetPet } from '../../../application/use-cases/get-pet.js';
import type { ListPets } from '../../../application/use-cases/list-pets.js';
import {
  CreatePetHeadersSchema,
  IDEMPOTENCY_KEY_HEADER,
  ListPetsQuerySchema,
  NewPetSchema,
  NoQuerySchema,
  PetIdParamsSchema,
  PetSchema,
  PetsSchema,
} from '../schemas/pet-schemas.js';
import { errorResponses, withHeaders } from '../schemas/responses.js';
import { ErrorSchema } from '../schemas/error-schema.js';

export interface PetRoutesOptions {
  readonly listPets: ListPets;
  readonly createPet: CreatePet;
  readonly getPet: GetPet;
  /** The path prefix the routes are mounted under, for Location and Link headers. */
  readonly basePath: string;
}

/** Where the deprecation and sunset policy is stated (the reference page, whose introduction has it): RFC 8594's "sunset" link. */
export const POLICY_PATH = '/docs/';

export async function petRoutes(base: FastifyInstance, options: PetRoutesOptions): Promise<void> {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  const { listPets, createPet, getPet, basePath } = options;
  const { deprecatedAtMs, sunsetAtMs } = getPet.deprecation;
  // RFC 9745 Deprecation (a Unix time) and RFC 8594 Sunset (an HTTP date), with links to the
  // replacement and to the policy: on every answer of getPet, 410 included.
  const deprecationHeaders = {
    Deprecation: `@${Math.floor(deprecatedAtMs / 1000)}`,
    Sunset: new Date(sunsetAtMs).toUTCString(),
    Link: `<${basePath}/pets>; rel="successor-version", <${basePath}${POLICY_PATH}>; rel="sunset"`,
  };
  const sunsetText = new Date(sunsetAtMs).toISOString();
  const getPetHeaders = {
    Deprecation: { type: 'string', description: 'RFC 9745: when this operation was deprecated', 'x-required': true },
    Sunset: { type: 'string', description: 'RFC 8594: when this operation is removed (answers 410 for good)', 'x-required': true },
    Link: {
      type: 'string',
      description: 'RFC 8288 links to the replacement operation (rel="successor-version") and to the deprecation policy (rel="sunset")',
      'x-required': true,
      'x-component': 'LinkDeprecated',
    },
  } as const;

  app.get(
    '/pets',
    {
      config: { keyScope: 'pets:read' },
      schema: {
        operationId: 'listPets',
        summary: 'List animals, optionally filtered by availability',
        description:
          'Pets come in ascending id order. When more exist, the response carries a `Link: <...>; rel="next"` header whose URL (with an opaque `cursor`) fetches the next page.',
        tags: ['pets'],
        querystring: ListPetsQuerySchema,
        response: {
          200: withHeaders(PetsSchema, 'A page of animals', {
            Link: { type: 'string', description: 'RFC 8288 link to the next page (rel="next"), present when more animals exist', 'x-component': 'LinkNext' },
          }),
          ...errorResponses(400, 401, 403, 429),
        },
      },
    },
    async (request, reply) => {
      const { limit, status, cursor } = request.query;
      const { pets, nextCursor } = await listPets.execute({
        ...(limit !== undefined && { limit }),
        ...(status !== undefined && { status }),
        ...(cursor !== undefined && { cursor }),
      });
      if (nextCursor !== null) {
        // limit is an integer, status an enum value and the cursor base64url: none needs escaping.
        const query = `${limit === undefined ? '' : `limit=${limit}&`}${status === undefined ? '' : `status=${status}&`}cursor=${nextCursor}`;
        reply.header('Link', `<${basePath}/pets?${query}>; rel="next"`);
      }
      return pets;
    },
  );

  app.post(
    '/pets',
    {
      config: { keyScope: 'pets:write' },
      schema: {
        operationId: 'createPet',
        summary: 'Add an animal',
        description:
          'Needs an API key with the `pets:write` scope: a key without it gets 403 `forbidden`, and the request still counts against its limits. Send an `Idempotency-Key` header to make retries safe: a repeat with the same key and the same body returns the first response (marked `Idempotent-Replayed: true`) and adds nothing; the same key with another body is refused with 422; a repeat while the first is still being processed gets 409 with Retry-After. Only successful creates are remembered, so after a 400 or a 503 the same key may be used again.',
        tags: ['pets'],
        headers: CreatePetHeadersSchema,
        body: NewPetSchema,
        response: {
          201: withHeaders(PetSchema, 'The created animal, with its assigned id (or, on a replay, the animal the first request created)', {
            Location: { type: 'string', description: 'URL of the created animal', 'x-required': true },
            'Idempotent-Replayed': { type: 'string', description: '`true` when this is the stored response of an earlier request with the same Idempotency-Key' },
          }),
          ...errorResponses(400, 401, 403, 409, 413, 415, 422, 429),
        },
      },
    },
    async (request, reply) => {
      const key = request.headers[IDEMPOTENCY_KEY_HEADER];
      const { pet, replayed } = await createPet.execute(
        request.body,
        key !== undefined && request.apiKey ? { apiKeyId: request.apiKey.keyId, key } : undefined,
      );
      if (replayed) reply.header('Idempotent-Replayed', 'true');
      return reply.code(201).header('Location', `${basePath}/pets/${pet.id}`).send(pet);
    },
  );

  app.get(
    '/pets/:petId',
    {
      config: { keyScope: 'pets:read' },
      // After admission (so a refused call is still refused and counted), before validation: once
      // gone, every call is 410, whatever its id or query.
      preValidation: async (_request, reply) => {
        reply.headers(deprecationHeaders);
        getPet.checkAvailable();
      },
      schema: {
        operationId: 'getPet',
        summary: 'Fetch one animal by id (deprecated: use GET /pets with a status filter)',
        description: `Deprecated; removed on ${sunsetText}. Responses carry Deprecation, Sunset and Link headers. From the sunset on, every call answers 410 \`gone\` (still counted against the key's limits); so does every call inside an announced brownout before it. Use \`GET /pets?status=\` instead.`,
        deprecated: true,
        tags: ['pets'],
        params: PetIdParamsSchema,
        querystring: NoQuerySchema,
        response: {
          200: withHeaders(PetSchema, 'The animal', getPetHeaders),
          ...errorResponses(400, 401, 403, 404, 414, 429),
          410: withHeaders(ErrorSchema, 'The operation is gone: past its Sunset date, or inside an announced brownout before it (code gone). Use the replacement the message and the Link header name; do not retry.', {
            ...getPetHeaders,
          }),
        },
      },
    },
    async (request) => getPet.execute(request.params.petId),
  );

}
