/** The query of `GET /v1/pets`: paging, the filters a search may combine, a place and a radius, the order. */
import { Type, type TSchema } from 'typebox';
import { ID_RANGE_TEXT, MAX_ID, MIN_ID } from '../../../domain/adoption/pet.js';
import { AGE_GROUPS, SEXES, SIZES, type AgeGroup, type Sex, type Size } from '../../../domain/adoption/pet-record.js';
import { OWNER_ID_MAX_LENGTH } from '../../../domain/shared/owner.js';
import { MAX_IDS, PET_SORTS, TOTAL_BOUND, type PetSort } from '../../../application/adoption/use-cases/list-pets.js';
import { cursorQuery, limitQuery } from '../../shared/http/schemas/common-schemas.js';
import { dateTime } from '../../shared/http/schemas/dates.js';
import { nearQuery, radiusQuery } from '../../shared/http/schemas/place-schemas.js';
import { fieldsQuery, PetStatusSchema } from './pet-schemas.js';
import { PET_STATUSES, type PetStatus } from '../../../domain/adoption/pet-status.js';
import { PET_FILTERS, type SearchParameters } from '../../../domain/adoption/pet-search.js';
import { REFERENCE_SOURCE_PATTERN, REFERENCE_SOURCE_TEXT } from '../../../domain/adoption/pet-reference.js';

/** A filter that takes several values: `name=a,b` or `name=a&name=b` (a value with ", " in it, repeated). */
const listOf = <T extends TSchema>(item: T, description: string, invalid: string) =>
  Type.Optional(Type.Array(item, { minItems: 1, maxItems: 50, description, 'x-invalid': `${invalid} (at most 50)` }));
const yesNo = (description: string) =>
  Type.Optional(
    Type.Boolean({
      description: `${description}: \`true\` or \`false\`; animals whose record does not say are left out`,
      'x-invalid': 'must be true or false',
    }),
  );
const instant = (description: string) => Type.Optional(dateTime(description));
const text = (max: number) => Type.String({ minLength: 1, maxLength: max, pattern: '^[^,]+$' });

/** The query parameters that take lists, split on commas before validation: `id`, every filter of the `any` kind, `expand`. */
export const LIST_PARAMETERS: readonly string[] = [
  'id',
  ...PET_FILTERS.filter((filterRow) => filterRow.kind === 'any' && filterRow.key !== 'ids' && filterRow.key !== 'postalCodes').map(
    (filterRow) => filterRow.parameter,
  ),
  'expand',
];

/** What `expand=` may embed in each animal. */
export const EXPANDABLE = ['organization'] as const;

/**
 * The query parameter of each filter (PET_FILTERS' rows, by the names SearchParameters gives them):
 * a filter without its parameter here, or a parameter without its filter, fails to compile.
 */
export const FILTER_PARAMETERS = {
  // One status, or several: a client of the one-status parameter sends what it always sent.
  status: Type.Optional(
    Type.Unsafe<PetStatus | PetStatus[]>({
      anyOf: [
        PetStatusSchema('One availability'),
        { type: 'array', items: PetStatusSchema('An availability'), minItems: 1, maxItems: PET_STATUSES.length },
      ],
      description: 'Filters by availability: one (`status=available`), or several (`status=available,pending`, or repeated)',
      'x-invalid': `must be one of: ${PET_STATUSES.join(', ')} (several separated by commas)`,
    }),
  ),
  species: listOf(text(40), 'Species, as `GET /v1/species` lists them: `species=cat,dog`', 'must list species ids separated by commas'),
  breed: listOf(
    text(100),
    'Breeds (the primary or the secondary), of the species asked for, or of any',
    'must list breeds separated by commas',
  ),
  sex: listOf(
    Type.Unsafe<Sex>({ type: 'string', enum: [...SEXES] }),
    `Sexes: ${SEXES.join(', ')}`,
    `must list sexes (${SEXES.join(', ')}) separated by commas`,
  ),
  ageGroup: listOf(
    Type.Unsafe<AgeGroup>({ type: 'string', enum: [...AGE_GROUPS] }),
    `Age groups: ${AGE_GROUPS.join(', ')}`,
    `must list age groups (${AGE_GROUPS.join(', ')}) separated by commas`,
  ),
  size: listOf(
    Type.Unsafe<Size>({ type: 'string', enum: [...SIZES] }),
    `Sizes: ${SIZES.join(', ')}`,
    `must list sizes (${SIZES.join(', ')}) separated by commas`,
  ),
  coat: listOf(text(40), 'Coats, of the species asked for, or of any', 'must list coats separated by commas'),
  color: listOf(
    text(100),
    'Colours (the primary or the secondary), of the species asked for, or of any; a colour with ", " in its name is sent as a repeated `color=`',
    'must list colours separated by commas',
  ),
  goodWithChildren: yesNo('Good with children'),
  goodWithDogs: yesNo('Good with dogs'),
  goodWithCats: yesNo('Good with cats'),
  houseTrained: yesNo('House-trained'),
  specialNeeds: yesNo('Has special needs'),
  hasPhoto: Type.Optional(
    Type.Boolean({ description: 'With at least one photo (`true`), or with none (`false`)', 'x-invalid': 'must be true or false' }),
  ),
  organizationId: listOf(
    text(OWNER_ID_MAX_LENGTH),
    "The organizations (their ids: the animals' `ownerId`) whose animals to find",
    'must list organization ids separated by commas',
  ),
  name: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 100,
      description: 'The name starts with this, whatever the case and accents (`zoe` finds Zoë)',
      'x-invalid': 'must be 1 to 100 characters',
    }),
  ),
  publishedAfter: instant('First published at or after this instant'),
  updatedSince: instant('Changed at or after this instant'),
  source: listOf(
    Type.String({ pattern: REFERENCE_SOURCE_PATTERN }),
    "The shelter software systems the animals' references come from (`reference.source`, as pushed to " +
      '`PUT /v1/sources/{source}/pets/{id}`): with `organizationId`, what one organization keeps from its system',
    `must list sources (each ${REFERENCE_SOURCE_TEXT}) separated by commas`,
  ),
} satisfies { readonly [K in keyof SearchParameters]-?: TSchema };

const { status: _status, ...OTHER_FILTERS } = FILTER_PARAMETERS;

export const ListPetsQuerySchema = Type.Object(
  {
    limit: limitQuery('animals'),
    status: FILTER_PARAMETERS.status,
    id: Type.Optional(
      Type.Array(
        Type.Integer({
          minimum: MIN_ID,
          maximum: MAX_ID,
          format: 'int64',
          'x-invalid': `must be a list of pet ids, each ${ID_RANGE_TEXT}, in decimal digits`,
        }),
        {
          minItems: 1,
          maxItems: MAX_IDS,
          description:
            `Only the animals with these ids (1 to ${MAX_IDS}): \`id=1&id=2\`, or \`id=1,2\`. Ids that do not ` +
            `exist are left out. Combines with \`status\`. The replacement for fetching one animal by id.`,
          'x-invalid': `must be 1 to ${MAX_IDS} pet ids`,
        },
      ),
    ),
    ...OTHER_FILTERS,
    near: nearQuery('animals'),
    radius: radiusQuery(),
    sort: Type.Optional(
      Type.Unsafe<PetSort>({
        type: 'string',
        enum: [...PET_SORTS],
        description:
          '`id` (the default: the order to sync in), `-publishedAt` (newest first), `updatedAt` (least ' +
          'recently changed first), `distance` (nearest first; needs `near`), `random` (with `seed`)',
        'x-invalid': `must be one of ${PET_SORTS.join(', ')}`,
      }),
    ),
    seed: Type.Optional(
      Type.String({
        pattern: '^[A-Za-z0-9_-]{1,64}$',
        description:
          "With `sort=random`: the same seed gives the same order, page after page; one is chosen (and carried in the next page's link) when none is given",
        'x-invalid': 'must be 1 to 64 letters, digits, - or _',
      }),
    ),
    total: Type.Optional(
      Type.Boolean({
        description:
          `With \`true\`, \`X-Total-Count\` says how many animals the search finds: exact up to ${TOTAL_BOUND.toLocaleString('en-US')}` +
          `, beyond that ${TOTAL_BOUND.toLocaleString('en-US')} with \`X-Total-Count-Relation: gte\``,
        'x-invalid': 'must be true or false',
      }),
    ),
    fields: fieldsQuery(),
    expand: Type.Optional(
      Type.Array(Type.String({ enum: [...EXPANDABLE] }), {
        minItems: 1,
        maxItems: EXPANDABLE.length,
        description:
          '`expand=organization` embeds in each animal a summary of its organization (`organization`: id, ' +
          'name, website, location), so a listing page needs no second call; `null` for an animal whose ' +
          'organization has no profile',
        'x-invalid': `must list what to embed: ${EXPANDABLE.join(', ')}`,
      }),
    ),
    cursor: cursorQuery('query', 512),
  },
  { additionalProperties: false },
);
