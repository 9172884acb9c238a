/** TypeBox schemas for the pet resource: the one source for validation, serialisation and OpenAPI. */
import { Type } from 'typebox';
import { PET_STATUSES, type PetStatus } from '../../../domain/pet-status.js';
import { ID_RANGE_TEXT, MAX_ID, MIN_ID, NAME_MAX_LENGTH, NAME_PATTERN, NAME_RULE_TEXT } from '../../../domain/pet.js';
import { PAGE_LIMIT } from '../../../application/use-cases/list-pets.js';

const idRange = `An int64 limited to ${MIN_ID}..${MAX_ID} (2^53-1), the range every JSON client reads exactly; larger values are refused with 400, never rounded.`;

/** A plain enum (not a union of literals) so a wrong value yields one clear validation error. */
const PetStatusSchema = (description: string) =>
  Type.Unsafe<PetStatus>({ title: 'PetStatus', type: 'string', enum: [...PET_STATUSES], description });

// `x-invalid` is what a validation error says about a field (see http-errors.ts).

const IdSchema = (description: string) =>
  Type.Integer({ minimum: MIN_ID, maximum: MAX_ID, format: 'int64', description: `${description}. ${idRange}`, 'x-invalid': ID_RANGE_TEXT });

export const NewPetSchema = Type.Object(
  {
    name: Type.String({
      minLength: 1,
      maxLength: NAME_MAX_LENGTH,
      pattern: NAME_PATTERN,
      description: `The animal's name: ${NAME_RULE_TEXT}. The pattern matches one visible character; it uses \\uXXXX escapes only, so it means the same with or without a regex engine's Unicode flag. Stored exactly as sent.`,
      'x-invalid': `must be a string of ${NAME_RULE_TEXT}`,
    }),
    categoryId: IdSchema('Identifier of the category the animal belongs to'),
    status: Type.Optional(PetStatusSchema('Availability of the animal; defaults to available')),
  },
  {
    title: 'NewPet',
    additionalProperties: false,
    description: 'An animal to add. Unknown fields are refused.',
    examples: [{ name: 'Rex', categoryId: 1 }, { name: 'Zoë', categoryId: 3, status: 'pending' }],
  },
);

export const PetSchema = Type.Object(
  {
    id: IdSchema('Unique identifier assigned by the service'),
    name: Type.String({ description: "The animal's name" }),
    categoryId: IdSchema('Identifier of the category the animal belongs to'),
    status: PetStatusSchema('Availability of the animal'),
  },
  { title: 'Pet', additionalProperties: false, description: 'An animal, as stored', examples: [{ id: 42, name: 'Rex', categoryId: 1, status: 'available' }] },
);

export const PetsSchema = Type.Array(PetSchema, { title: 'Pets', description: 'A page of animals in ascending id order' });

/** For operations that take no query fields: any is refused with 400, as on the list. */
export const NoQuerySchema = Type.Object({}, { additionalProperties: false });

export const ListPetsQuerySchema = Type.Object(
  {
    limit: Type.Optional(
      Type.Integer({
        minimum: PAGE_LIMIT.min,
        maximum: PAGE_LIMIT.max,
        default: PAGE_LIMIT.default,
        description: 'Maximum number of animals returned',
        'x-invalid': `must be an integer from ${PAGE_LIMIT.min} to ${PAGE_LIMIT.max}, in decimal digits without sign or leading zeros`,
      }),
    ),
    status: Type.Optional(PetStatusSchema('Filters by availability')),
    cursor: Type.Optional(
      Type.String({
        maxLength: 64,
        description: 'Opaque position after which the page starts: the `cursor` value of the previous page\'s `Link: <...>; rel="next"` URL, passed back as is (with the same limit and status)',
      }),
    ),
  },
  { additionalProperties: false },
);

export const PetIdParamsSchema = Type.Object({
  petId: Type.Integer({
    minimum: MIN_ID,
    maximum: MAX_ID,
    format: 'int64',
    description: `Identifier of the animal, in decimal digits without sign or leading zeros. ${idRange}`,
    'x-invalid': `${ID_RANGE_TEXT}, in decimal digits without sign or leading zeros`,
  }),
});

/** draft-ietf-httpapi-idempotency-key-header: any client-chosen key; a UUID v4 is a good choice. */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

export const CreatePetHeadersSchema = Type.Object({
  [IDEMPOTENCY_KEY_HEADER]: Type.Optional(
    Type.String({
      pattern: '^[\\x21-\\x7E]{1,255}$',
      description:
        'Makes the create safe to retry: a repeat with the same key and body (from this API key, within the retention time) returns the first result with `Idempotent-Replayed: true` instead of adding another animal. 1 to 255 visible ASCII characters, e.g. a UUID.',
      'x-invalid': 'must be 1 to 255 visible ASCII characters (no spaces), sent once',
    }),
  ),
});
