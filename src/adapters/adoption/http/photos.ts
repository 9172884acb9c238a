/**
 * Photos of animals (beta): uploaded as the image itself (the body is the JPEG, PNG or WebP, not a
 * form: one request, one photo, no multipart parsing of up to 10 MiB), removed, and served to anyone
 * (an `<img>` sends no key), each variant in JPEG or WebP as the request Accepts.
 */
import type { FastifyInstance } from 'fastify';
import { Type, type TSchema } from 'typebox';
import type { PetPhotos } from '../../../application/adoption/use-cases/pet-photos.js';
import { PHOTO_ID_PATTERN } from '../../../application/adoption/use-cases/pet-photos.js';
import {
  MAX_UPLOAD_BYTES,
  PHOTO_VARIANTS,
  UPLOAD_TYPES,
  type PhotoVariant,
  type ServedFormat,
  type UploadFormat,
} from '../../../domain/adoption/photo.js';
import { HttpError } from '../../shared/http/http-errors.js';
import { ETAG_HEADER, IF_MATCH_HEADER, ifMatchHeadersSchema, NoQuerySchema } from '../../shared/http/schemas/common-schemas.js';
import { errorResponses, withContents, withHeaders } from '../../shared/http/schemas/responses.js';
import { callerOf, etagOf, parseIfMatch } from '../../shared/http/preconditions.js';
import { BETA } from '../../shared/http/schemas/stability.js';
import { createValidatorCompiler } from '../../shared/http/validation.js';
import { PetIdParamsSchema, PetSchema } from './pet-schemas.js';
import { petView, photoUrl } from './pet-view.js';
import { spanOf } from '../../shared/http/byte-ranges.js';
import { typed, type TypedApp } from '../../shared/http/typed-app.js';

export interface PhotoRoutesOptions {
  readonly photos: PetPhotos;
}

const tags = ['photos'];
const UPLOAD_HINT = 'Send the image itself as the body, with Content-Type image/jpeg, image/png or image/webp';
const MIB = MAX_UPLOAD_BYTES / 1_048_576;
const binary = (description: string) => Type.Unsafe<Buffer>({ type: 'string', format: 'binary', description });
const PhotoIdSchema = Type.String({
  pattern: PHOTO_ID_PATTERN,
  description: "The photo's id, as the animal's `photos` show it",
  'x-invalid': 'must be a photo id (ph_ and 22 letters, digits, - or _)',
});
const SIZES = Object.keys(PHOTO_VARIANTS) as PhotoVariant[];

/** A year: a photo's URL always names the same bytes. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const SERVED_HEADERS = {
  ...ETAG_HEADER,
  'Cache-Control': { type: 'string', description: IMMUTABLE, 'x-required': true },
  Vary: { type: 'string', description: 'Accept: the format follows it', 'x-required': true },
  'Accept-Ranges': { type: 'string', description: 'bytes: one range is served (206)', 'x-required': true },
  'Access-Control-Allow-Origin': {
    type: 'string',
    description: '`*`: any page may read the bytes from a script (`fetch()`, a canvas), on every answer of this operation',
    'x-required': true,
  },
} as const;

/** The 416 says how long the variant is. */
function withContentRange(responses: Record<number, TSchema>): Record<number, TSchema> {
  const refused = responses[416] as TSchema & { headers?: Record<string, unknown> };
  const headers = { ...refused.headers, 'Content-Range': { type: 'string', description: 'bytes */length', 'x-required': true } };
  return { ...responses, 416: { ...refused, headers } };
}

/** The served format: WebP when the request Accepts it (by name, not by `*\/*`), else JPEG. */
function formatFor(accept: string | undefined): ServedFormat {
  return /(^|,)\s*image\/webp\s*(;(?!\s*q\s*=\s*0(\.0*)?\s*(,|$))|,|$)/i.test(accept ?? '') ? 'webp' : 'jpeg';
}

/** What the routes share: the options and the helpers made of them. */
function photoContext(options: PhotoRoutesOptions) {
  const { photos } = options;

  const validate = createValidatorCompiler();
  return { photos, validate, options };
}

function uploadPhotoRoute(app: TypedApp, { photos, validate }: ReturnType<typeof photoContext>): void {
  app.post(
    '/pets/:petId/photos',
    {
      config: { keyScope: 'pets:write' },
      bodyLimit: MAX_UPLOAD_BYTES,
      // The body is bytes, checked by the use case (what they are, whole, alone); the rest as everywhere.
      validatorCompiler: (route) => (route.httpPart === 'body' ? () => true : validate(route)),
      schema: {
        operationId: 'uploadPhoto',
        summary: 'Add a photo to an animal: the image is the body',
        description:
          `${BETA}\n\nNeeds the \`pets:write\` scope and a key of the animal's owner (another owner's key gets ` +
          `403 and nothing is stored). Send the image itself as the body, \`Content-Type: image/jpeg\`, ` +
          `\`image/png\` or \`image/webp\`, up to ${MIB} MiB (413 beyond, before the body is read). The bytes ` +
          `must be that image, whole and alone (400 \`image_invalid\` otherwise: another format than ` +
          `declared, cut short, followed by other data, or more than 40 megapixels). It is decoded, turned ` +
          `as its orientation says and re-encoded into every variant: no EXIF, GPS or other metadata of the ` +
          `upload is ever served. Up to 12 photos an animal (409 \`photo_limit_reached\`). The same bytes ` +
          `sent again for the same animal are the same photo: 200 with the animal as it is, nothing added, ` +
          `so a retried upload is safe without an \`Idempotency-Key\` (one sent is not read: the bytes are ` +
          `the key). Answers the animal with its photos (one \`pet.updated\` event).`,
        tags,
        consumes: Object.keys(UPLOAD_TYPES),
        params: PetIdParamsSchema,
        querystring: NoQuerySchema,
        body: binary(`The image: JPEG, PNG or WebP, up to ${MIB} MiB`),
        response: {
          201: withHeaders(PetSchema, 'The animal with the new photo last', {
            ...ETAG_HEADER,
            Location: { type: 'string', description: "The new photo's full-size variant", 'x-required': true },
          }),
          200: withHeaders(PetSchema, 'The animal, which had this photo already (the same bytes sent again)', ETAG_HEADER),
          ...errorResponses(400, 401, 403, 404, 409, 413, 415, 429),
        },
      },
    },
    async (request, reply) => {
      const type = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
      const declared: UploadFormat | undefined = UPLOAD_TYPES[type as keyof typeof UPLOAD_TYPES];
      if (declared === undefined || !Buffer.isBuffer(request.body)) {
        throw new HttpError('unsupported_media_type', UPLOAD_HINT);
      }
      const { pet, photo, created } = await photos.upload(request.params.petId, request.body, declared, callerOf(request));
      reply.header('ETag', etagOf(pet.version));
      if (created) reply.code(201).header('Location', photoUrl(photo.id, 'full'));
      return petView(pet);
    },
  );
}

function deletePhotoRoute(app: TypedApp, { photos }: ReturnType<typeof photoContext>): void {
  app.delete(
    '/pets/:petId/photos/:photoId',
    {
      config: { keyScope: 'pets:write' },
      schema: {
        operationId: 'deletePhoto',
        summary: 'Remove a photo from an animal',
        description:
          `${BETA}\n\nNeeds the \`pets:write\` scope and a key of the animal's owner (another owner's key gets ` +
          `403 and nothing changes). \`If-Match\` is honoured when sent. Its URLs answer 404 at once, on ` +
          `every instance. Answers the animal (one \`pet.updated\` event).`,
        tags,
        params: Type.Object({ petId: PetIdParamsSchema.properties.petId, photoId: PhotoIdSchema }),
        querystring: NoQuerySchema,
        headers: ifMatchHeadersSchema(false),
        response: {
          200: withHeaders(PetSchema, 'The animal without the photo', ETAG_HEADER),
          ...errorResponses(400, 401, 403, 404, 412, 429),
        },
      },
    },
    async (request, reply) => {
      const { petId, photoId } = request.params;
      const pet = await photos.remove(petId, photoId, parseIfMatch(request.headers[IF_MATCH_HEADER]), callerOf(request));
      reply.header('ETag', etagOf(pet.version));
      return petView(pet);
    },
  );
}

/** The OpenAPI text and the validation of getPhoto. */
const GET_PHOTO_SCHEMA = {
  operationId: 'getPhoto',
  // No key: what an <img> sends.
  security: [],
  summary: "A photo's variant, for an <img> (no key)",
  description:
    `${BETA}\n\nNo key: a browser loads it for an \`<img>\` on any page. Limited per client address under ` +
    `a quota of photo reads, 600 a minute and 20,000 a day, counted apart from the address's other ` +
    `calls without a key. WebP when the request's \`Accept\` names \`image/webp\`, else JPEG (\`Vary: ` +
    `Accept\`). \`Access-Control-Allow-Origin: *\` on every answer, so a script or a canvas on any page ` +
    `may use it. The URL always names the same bytes: a strong \`ETag\`, \`Cache-Control: ${IMMUTABLE}\`, ` +
    `304 to \`If-None-Match\`. One byte \`Range\` gets 206 (a range past the end, 416 ` +
    `\`range_not_satisfiable\` with \`Content-Range: bytes */length\`); several ranges, the whole ` +
    `variant. A removed photo answers 404 at once. Each photo's \`variants\` give every variant's own ` +
    `\`width\` and \`height\` (for \`srcset\`). Sizes, on the longest edge: ${SIZES.map((size) => `${size} ${PHOTO_VARIANTS[size]} px`).join(', ')}` +
    `; never enlarged.`,
  tags,
  params: Type.Object({
    photoId: PhotoIdSchema,
    size: Type.String({ enum: SIZES, description: 'The variant', 'x-invalid': `must be one of ${SIZES.join(', ')}` }),
  }),
  querystring: NoQuerySchema,
  headers: Type.Object({
    range: Type.Optional(
      Type.String({
        description: 'One byte range (`bytes=0-1023`, `bytes=1024-`, `bytes=-512`): 206 with it. Several ranges get the whole variant',
      }),
    ),
    'if-range': Type.Optional(Type.String({ description: "The range only if this is still the variant's ETag; else the whole variant" })),
  }),
  response: {
    200: withContents({ 'image/jpeg': binary('The variant as JPEG'), 'image/webp': binary('The variant as WebP') }, 'The variant', {
      ...SERVED_HEADERS,
    }),
    206: withContents(
      { 'image/jpeg': binary('The range of the JPEG'), 'image/webp': binary('The range of the WebP') },
      'The range asked for',
      {
        ...SERVED_HEADERS,
        'Content-Range': { type: 'string', description: 'bytes first-last/length', 'x-required': true },
      },
    ),
    304: withHeaders(Type.Null(), 'The copy the ETag names is current'),
    ...withContentRange(errorResponses(400, 404, 416, 429)),
  },
};

function getPhotoRoute(app: TypedApp, { photos }: ReturnType<typeof photoContext>): void {
  app.get(
    '/photos/:photoId/:size',
    {
      config: { keyless: true, addressQuota: 'photos' },
      // Public bytes: any page may read them from a script or draw them on a canvas; refusals too
      // (the handler sets it on what it answers, this on answers made before it, such as a 429).
      onSend: (_request, reply, payload, done) => {
        reply.header('Access-Control-Allow-Origin', '*');
        done(null, payload);
      },
      schema: GET_PHOTO_SCHEMA,
    },
    async (request, reply) => {
      const { photoId } = request.params;
      const size = request.params.size as PhotoVariant;
      const format = formatFor(request.headers.accept);
      const etag = `"${photoId}.${size}.${format}"`;
      reply
        .header('Access-Control-Allow-Origin', '*')
        .header('Vary', 'Accept')
        .header('Cache-Control', IMMUTABLE)
        .header('ETag', etag)
        .header('Accept-Ranges', 'bytes');
      const body = await photos.read(photoId, size, format);
      const asked = request.headers['if-none-match'];
      if (asked !== undefined && asked.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag))
        return reply.code(304).send(undefined as unknown as null);
      const bytes = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
      const span = spanOf(request.headers.range, request.headers['if-range'], etag, bytes.length);
      if (span === 'unsatisfiable')
        throw new HttpError(
          'range_not_satisfiable',
          `The variant is ${bytes.length} bytes long: ask for a range that starts before its end`,
          {
            'Content-Range': `bytes */${bytes.length}`,
          },
        );
      reply.type(`image/${format}`);
      if (span === 'whole') return reply.send(bytes);
      return reply
        .code(206)
        .header('Content-Range', `bytes ${span.start}-${span.end}/${bytes.length}`)
        .send(bytes.subarray(span.start, span.end + 1));
    },
  );
}

export async function photoRoutes(base: FastifyInstance, options: PhotoRoutesOptions): Promise<void> {
  const app = typed(base);
  // The image itself is the body, read whole up to MAX_UPLOAD_BYTES; a Content-Length above it is
  // refused with 413 before a byte is read.
  app.addContentTypeParser(Object.keys(UPLOAD_TYPES), { parseAs: 'buffer', bodyLimit: MAX_UPLOAD_BYTES }, (_request, body, done) =>
    done(null, body),
  );
  // Any other body (a multipart form, JSON) is refused unread, saying what to send instead.
  app.addContentTypeParser('*', (request, _payload, done) => {
    const type = (request.headers['content-type'] ?? '').split(';')[0]?.trim() ?? '';
    done(
      new HttpError(
        'unsupported_media_type',
        `${UPLOAD_HINT}; ${type.startsWith('multipart/') ? 'a multipart form is not read' : `not ${type || 'a body without a type'}`}`,
      ),
    );
  });
  const context = photoContext(options);
  uploadPhotoRoute(app, context);
  deletePhotoRoute(app, context);
  getPhotoRoute(app, context);
}
