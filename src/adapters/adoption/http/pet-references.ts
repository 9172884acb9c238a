/**
 * Animals by their source system's reference: shelter software pushes each of its animals by its
 * own id (create or update, a repeat changing nothing), and reads it back the same way. Within the
 * caller's own animals only; each route one hop from its use case.
 */
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { PushPet } from '../../../application/adoption/use-cases/push-pet.js';
import { referenceOf } from '../../../domain/adoption/pet-reference.js';
import { callerOf, etagOf, parseIfMatch } from '../../shared/http/preconditions.js';
import { ETAG_HEADER, IF_MATCH_HEADER, ifMatchHeadersSchema, NoQuerySchema } from '../../shared/http/schemas/common-schemas.js';
import { errorResponses, withHeaders } from '../../shared/http/schemas/responses.js';
import { typed, type TypedApp } from '../../shared/http/typed-app.js';
import { NewPetSchema, PetSchema } from './pet-schemas.js';
import { ReferenceIdSchema, ReferenceSourceSchema } from './pet-reference-schemas.js';
import { petView } from './pet-view.js';

export interface PetReferenceRoutesOptions {
  readonly pushPet: PushPet;
  /** The path prefix the routes are mounted under, for Location headers. */
  readonly basePath: string;
}

const IF_NONE_MATCH_HEADER = 'if-none-match';
const ReferenceParamsSchema = Type.Object({ source: ReferenceSourceSchema, id: ReferenceIdSchema }, { additionalProperties: false });
const PushHeadersSchema = Type.Object({
  ...ifMatchHeadersSchema(false).properties,
  [IF_NONE_MATCH_HEADER]: Type.Optional(
    Type.String({
      pattern: '^\\*$',
      description: '`*`: create only. When one of your animals has the reference already, the push is refused with 412',
      'x-invalid': 'must be *',
    }),
  ),
});

const OWN_ANIMALS =
  "Within your own animals only: a reference is unique among one organization's animals, and another organization's " +
  'animal with the same reference is never found or changed.';

export async function petReferenceRoutes(base: FastifyInstance, options: PetReferenceRoutesOptions): Promise<void> {
  const app = typed(base);
  pushRoute(app, options);
  getRoute(app, options);
}

function pushRoute(app: TypedApp, { pushPet, basePath }: PetReferenceRoutesOptions): void {
  app.put(
    '/sources/:source/pets/:id',
    {
      config: { keyScope: 'pets:write' },
      schema: {
        operationId: 'pushPet',
        summary: 'Create or update an animal by its id in your shelter software',
        description:
          `Needs \`pets:write\`. ${OWN_ANIMALS} The body is the animal whole, as \`POST /pets\` takes it: a record ` +
          'field left out is unknown (null), `status` left out keeps the current one (default `available` for a new ' +
          'animal); photos are kept. A push that changes nothing (sent again, or retried) answers 200 with the same ' +
          'version, writes nothing and makes no event. 201 when the push made the animal. Two pushes of one new ' +
          'reference at once make one animal: the other push updates it. `If-Match` makes it an update of that ' +
          'version only (412 when there is none, or when it changed); `If-None-Match: *` a create only (412 when the ' +
          'reference exists). A removed animal gives its reference up: a push of it again makes a new animal.',
        tags: ['pets'],
        params: ReferenceParamsSchema,
        querystring: NoQuerySchema,
        headers: PushHeadersSchema,
        body: NewPetSchema,
        response: {
          200: withHeaders(PetSchema, 'The animal after the push (the same version when it changed nothing)', ETAG_HEADER),
          201: withHeaders(PetSchema, 'The animal the push made', {
            ...ETAG_HEADER,
            Location: { type: 'string', description: 'URL of the animal', 'x-required': true },
          }),
          ...errorResponses(400, 401, 403, 409, 412, 413, 415, 429),
        },
      },
    },
    async (request, reply) => {
      const { source, id } = request.params;
      const ifMatch = parseIfMatch(request.headers[IF_MATCH_HEADER]);
      const createOnly = request.headers[IF_NONE_MATCH_HEADER] !== undefined;
      const { pet, created } = await pushPet.execute(
        referenceOf(source, id),
        request.body,
        { ...(ifMatch !== undefined && { ifMatch }), createOnly },
        callerOf(request),
      );
      reply.header('ETag', etagOf(pet.version));
      if (created) reply.code(201).header('Location', `${basePath}/pets?id=${pet.id}`);
      return petView(pet);
    },
  );
}

function getRoute(app: TypedApp, { pushPet }: PetReferenceRoutesOptions): void {
  app.get(
    '/sources/:source/pets/:id',
    {
      config: { keyScope: 'pets:read' },
      schema: {
        operationId: 'getPetByReference',
        summary: 'Fetch one of your animals by its id in your shelter software',
        description: `${OWN_ANIMALS} 404 when none of your animals has it.`,
        tags: ['pets'],
        params: ReferenceParamsSchema,
        querystring: NoQuerySchema,
        response: {
          200: withHeaders(PetSchema, 'The animal', ETAG_HEADER),
          ...errorResponses(400, 401, 403, 404, 429),
        },
      },
    },
    async (request, reply) => {
      const pet = await pushPet.get(referenceOf(request.params.source, request.params.id), callerOf(request));
      reply.header('ETag', etagOf(pet.version));
      return petView(pet);
    },
  );
}
