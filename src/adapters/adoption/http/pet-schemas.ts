/** TypeBox schemas for the pet resource: the one source for validation, serialisation and OpenAPI. */
import { Type, type Static } from 'typebox';
import { PET_STATUSES, type PetStatus } from '../../../domain/adoption/pet-status.js';
import {
  ID_RANGE_TEXT,
  MAX_ID,
  MAX_PHOTOS_PER_PET,
  MIN_ID,
  NAME_MAX_LENGTH,
  NAME_PATTERN,
  NAME_RULE_TEXT,
} from '../../../domain/adoption/pet.js';
import { PhotoSchema } from './pet-view.js';
import { PET_TRANSITIONS } from '../../../domain/adoption/pet-lifecycle.js';
import { idempotencyHeadersSchema } from '../../shared/http/schemas/common-schemas.js';
import { recordInputProperties, recordOutputProperties } from './record-schemas.js';
import { distanceProperty } from '../../shared/http/schemas/place-schemas.js';
import { PetOrganizationSchema, PetPlaceSchema } from './pet-place-schemas.js';
import { PetReferenceSchema } from './pet-reference-schemas.js';

const idRange =
  `An int64 limited to ${MIN_ID}..${MAX_ID} (2^53-1), the range every JSON client reads exactly; ` +
  `larger values are refused with 400, never rounded.`;

/** A plain enum (not a union of literals) so a wrong value yields one clear validation error. */
export const PetStatusSchema = (description: string) =>
  Type.Unsafe<PetStatus>({ title: 'PetStatus', type: 'string', enum: [...PET_STATUSES], description });

// `x-invalid` is what a validation error says about a field (see http-errors.ts).

const IdSchema = (description: string) =>
  Type.Integer({
    minimum: MIN_ID,
    maximum: MAX_ID,
    format: 'int64',
    description: `${description}. ${idRange}`,
    'x-invalid': ID_RANGE_TEXT,
  });

export const NewPetSchema = Type.Object(
  {
    name: Type.String({
      minLength: 1,
      maxLength: NAME_MAX_LENGTH,
      pattern: NAME_PATTERN,
      description:
        `The animal's name: ${NAME_RULE_TEXT}. The pattern matches one visible character; it uses \\uXXXX ` +
        `escapes only, so it means the same with or without a regex engine's Unicode flag. Stored exactly ` +
        `as sent.`,
      'x-invalid': `must be a string of ${NAME_RULE_TEXT}`,
    }),
    categoryId: IdSchema(
      'Identifier of the category the animal belongs to: one of GET /v1/categories (one per species); ' +
        "another id is taken as an organization's own, meaning nothing to partners",
    ),
    status: Type.Optional(PetStatusSchema('Availability of the animal; defaults to available')),
    ...recordInputProperties(true),
  },
  {
    title: 'NewPet',
    additionalProperties: false,
    description:
      'An animal to add: its name, category and status, and any of its record (species, breeds, sex, ' +
      'age, size, coat, colours, whom it is good with, its health, a description, the fee, tags). ' +
      "Values that depend on the species must be that species' (GET /v1/species/{species}). Unknown " +
      'fields are refused.',
    examples: [
      { name: 'Rex', categoryId: 1 },
      { name: 'Zoë', categoryId: 3, status: 'pending' },
    ],
  },
);

const transitionsText = Object.entries(PET_TRANSITIONS)
  .map(([from, to]) => `${from} → ${to.join(' or ')}`)
  .join('; ');

const timeOf = (description: string) => Type.String({ format: 'date-time', description });

export const PetSchema = Type.Object(
  {
    id: IdSchema('Unique identifier assigned by the service'),
    name: Type.String({ description: "The animal's name" }),
    categoryId: IdSchema('Identifier of the category the animal belongs to'),
    status: PetStatusSchema(`Availability of the animal. Transitions: ${transitionsText}`),
    version: Type.Integer({
      minimum: 1,
      description:
        '1 when the animal was added, one more at every change. The ETag is this number in quotes (`"3"`): send it as If-Match to change the animal',
    }),
    createdAt: timeOf('When the animal was added (RFC 3339, UTC)'),
    updatedAt: timeOf('When the animal last changed'),
    statusChangedAt: timeOf('When its status last changed (when it was added, if never since)'),
    adoptedAt: Type.Unsafe<string | null>({
      type: ['string', 'null'],
      format: 'date-time',
      description: 'When it became sold, while it is sold; null otherwise',
    }),
    ownerId: Type.Unsafe<string | null>({
      type: ['string', 'null'],
      description:
        "Whose animal it is: the owner of the API key that added it (the key's owner id, or for a key " +
        'without one, the id of the first key of its rotation chain). Only keys of this owner may change ' +
        'or remove it, or decide its adoption requests. null for animals added before owners were ' +
        'recorded',
    }),
    organizationId: Type.Unsafe<string | null>({
      type: ['string', 'null'],
      description:
        'The organization whose animal it is, the id GET /v1/organizations/{id} answers: its owner ' +
        '(`ownerId`). null for animals added before owners were recorded',
    }),
    publishedAt: Type.Unsafe<string | null>({
      type: ['string', 'null'],
      format: 'date-time',
      description: 'When it was first listed as available (kept whatever its status does since); null while it never was',
    }),
    ...recordOutputProperties(),
    photos: Type.Array(PhotoSchema, {
      maxItems: MAX_PHOTOS_PER_PET,
      description: `Its photos (up to ${MAX_PHOTOS_PER_PET}), in the order to show them: POST /v1/pets/{petId}/photos adds one, PATCH \`photos\` reorders them`,
    }),
    primaryPhoto: Type.Unsafe<Static<typeof PhotoSchema> | null>({
      anyOf: [PhotoSchema, { type: 'null' }],
      description: 'The first of its photos, the one a listing shows; null when it has none',
    }),
    photoCount: Type.Integer({ minimum: 0, maximum: MAX_PHOTOS_PER_PET, description: 'How many photos it has' }),
    place: PetPlaceSchema,
    reference: PetReferenceSchema,
    organization: Type.Optional(PetOrganizationSchema),
    distance: distanceProperty("the animal's place's"),
  },
  {
    title: 'Pet',
    additionalProperties: false,
    description: 'An animal, as stored',
    examples: [
      {
        id: 42,
        name: 'Rex',
        categoryId: 1,
        status: 'available',
        version: 1,
        createdAt: '2026-11-25T10:00:00.000Z',
        updatedAt: '2026-11-25T10:00:00.000Z',
        statusChangedAt: '2026-11-25T10:00:00.000Z',
        adoptedAt: null,
        ownerId: 'acct_1042',
        organizationId: 'acct_1042',
        publishedAt: '2026-11-25T10:00:00.000Z',
        species: 'dog',
        breeds: { primary: 'Labrador Retriever', secondary: null, mixed: true },
        sex: 'male',
        ageGroup: 'young',
        birthDate: { date: '2025-04-01', exact: false },
        size: 'large',
        coat: 'Short',
        colors: { primary: 'Black', secondary: null },
        goodWith: { children: true, dogs: true, cats: null },
        attributes: {
          spayedNeutered: true,
          houseTrained: true,
          specialNeeds: false,
          specialNeedsDetails: null,
          shotsCurrent: true,
          microchipped: true,
        },
        description: 'Rex loves long walks and knows sit, down and paw.',
        adoptionFee: { amount: 15000, currency: 'USD' },
        tags: ['playful', 'loves water'],
        location: null,
        photos: [],
        primaryPhoto: null,
        photoCount: 0,
        place: { postalCode: '94110', city: 'San Francisco', region: 'CA', country: 'US', kind: 'organization' },
        reference: { source: 'shelterluv', id: 'A-1024' },
      },
    ],
  },
);

/** RFC 7396 merge patch of a pet: the fields to change, each with its new value. */
export const PetPatchSchema = Type.Object(
  {
    name: Type.Optional(NewPetSchema.properties.name),
    categoryId: Type.Optional(IdSchema('Identifier of the category the animal belongs to')),
    status: Type.Optional(
      PetStatusSchema(
        `The new availability. Transitions: ${transitionsText}; an animal held by an approved adoption request changes status only through that request`,
      ),
    ),
    ...recordInputProperties(),
    photos: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: 64 }), {
        maxItems: MAX_PHOTOS_PER_PET,
        description:
          "The animal's photo ids in the order to show them (the first is the primary one): each of its " +
          'photos once. Photos are added by POST /v1/pets/{petId}/photos and removed by DELETE',
        'x-invalid': `must list the animal's photo ids (at most ${MAX_PHOTOS_PER_PET}), each once`,
      }),
    ),
  },
  {
    title: 'PetPatch',
    additionalProperties: false,
    minProperties: 1,
    description:
      "The fields to change (RFC 7396 merge patch), at least one. The record's nested objects merge (a " +
      'member left out stays, null removes it) and null clears a record field; null for name, ' +
      'categoryId or status, unknown fields and read-only fields (id, version, the times, ownerId, ' +
      'organizationId, publishedAt, place) are refused. The record is checked whole after the merge: a ' +
      'new species needs breeds, coat and colours of its own.',
    examples: [{ name: 'Rexy' }, { status: 'pending' }, { goodWith: { cats: true }, breeds: { secondary: null } }],
  },
);

/** Fields a client reads but may not set; named in the message that refuses them. */
export const READ_ONLY_PET_FIELDS = [
  'id',
  'version',
  'createdAt',
  'updatedAt',
  'statusChangedAt',
  'adoptedAt',
  'ownerId',
  'organizationId',
  'publishedAt',
  'primaryPhoto',
  'photoCount',
  'place',
  'organization',
  'distance',
] as const;

export const PetsSchema = Type.Array(PetSchema, {
  title: 'Pets',
  description: 'A page of animals, in the order asked for (by id unless `sort` says otherwise)',
});

/** The fields a client may ask for with `fields=` (every field of Pet; `id` always comes). */
export const PET_FIELD_NAMES = Object.keys(PetSchema.properties) as readonly (keyof typeof PetSchema.properties)[];

/** The media type of an answer to `fields=`: the same JSON, each animal with `id` and the fields asked for. */
export const SPARSE_MEDIA_TYPE = 'application/vnd.adoption.sparse+json';

/** An animal with only the fields a client asked for (`fields=`), and its id. */
export const SparsePetSchema = Type.Object(
  {
    ...Object.fromEntries(Object.entries(PetSchema.properties).map(([name, schema]) => [name, Type.Optional(schema)])),
    id: PetSchema.properties.id,
  },
  {
    title: 'SparsePet',
    additionalProperties: false,
    description: 'An animal with `id` and only the fields asked for with `fields=`, each as in Pet',
    examples: [{ id: 42, name: 'Rex', species: 'dog', ageGroup: 'young', location: null }],
  },
);

export const SparsePetsSchema = Type.Array(SparsePetSchema, {
  title: 'SparsePets',
  description: 'A page of animals in ascending id order, each with `id` and the fields asked for',
});

/** `fields=name,species` (or repeated): the fields to answer with, as a sparse fieldset. */
export const fieldsQuery = () =>
  Type.Optional(
    Type.Array(
      Type.String({
        enum: [...PET_FIELD_NAMES],
        'x-invalid': `must list fields of Pet (${PET_FIELD_NAMES.join(', ')}), separated by commas`,
      }),
      {
        minItems: 1,
        maxItems: PET_FIELD_NAMES.length,
        description:
          `Only these fields of each animal (a sparse fieldset): \`fields=name,species\`, or ` +
          `\`fields=name&fields=species\`. \`id\` always comes. The answer is then \`${SPARSE_MEDIA_TYPE}\` ` +
          `(SparsePet); without \`fields\`, every field, as \`application/json\` (Pet). A name that is not a ` +
          `field of Pet is refused with 400.`,
        'x-invalid': `must list 1 to ${PET_FIELD_NAMES.length} fields of Pet, separated by commas`,
      },
    ),
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

export const CreatePetHeadersSchema = idempotencyHeadersSchema('adding another animal');
