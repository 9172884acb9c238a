/**
 * TypeBox schemas of the animal's record (domain/adoption/pet-record.ts): what a client may send (every
 * field optional; null unknown, or removed by a merge patch) and what the API shows (every field, null
 * when unknown). Values that depend on the species are checked by the domain against GET /v1/species.
 */
import { Type, type TSchema } from 'typebox';
import {
  AGE_GROUPS,
  CURRENCIES,
  DESCRIPTION_MAX_LENGTH,
  MAX_FEE_MINOR_UNITS,
  MAX_TAGS,
  SEXES,
  SIZES,
  SPECIAL_NEEDS_MAX_LENGTH,
  TAG_MAX_LENGTH,
  type AdoptionFee,
  type Attributes,
  type BirthDate,
  type Breeds,
  type Colors,
  type GoodWith,
  type Sex,
  type AgeGroup,
  type Size,
} from '../../../domain/adoption/pet-record.js';
import { SPECIES_IDS } from '../../../domain/adoption/species.js';
import { VISIBLE_CHARACTER_PATTERN } from '../../../domain/shared/name-pattern.js';
import { CONTROL_PATTERN } from '../../../domain/shared/text-rules.js';
import { placeInputSchema, placeSchema } from '../../shared/http/schemas/place-schemas.js';

const NAME_MAX = 100;
const WHERE = 'the valid values are at GET /v1/species';

const nullable = <T>(schema: Record<string, unknown>, type: string) => Type.Unsafe<T | null>({ ...schema, type: [type, 'null'] });
const nullableEnum = <T>(values: readonly string[], description: string) =>
  Type.Unsafe<T | null>({
    type: ['string', 'null'],
    enum: [...values, null],
    description,
    'x-invalid': `must be one of ${values.join(', ')}, or null`,
  });
const flag = (description: string) => nullable<boolean>({ description: `${description}: true, false, or null when unknown` }, 'boolean');
const speciesValue = (description: string) =>
  nullable<string>(
    { minLength: 1, maxLength: NAME_MAX, description: `${description}; one of the species' values (GET /v1/species/{species})` },
    'string',
  );

const goodWith = {
  children: flag('Good with children'),
  dogs: flag('Good with dogs'),
  cats: flag('Good with cats'),
};
const attributes = {
  spayedNeutered: flag('Spayed or neutered'),
  houseTrained: flag('House-trained'),
  specialNeeds: flag('Has special needs'),
  specialNeedsDetails: nullable<string>(
    {
      minLength: 1,
      maxLength: SPECIAL_NEEDS_MAX_LENGTH,
      pattern: VISIBLE_CHARACTER_PATTERN,
      description: `What the special needs are (up to ${SPECIAL_NEEDS_MAX_LENGTH} characters); only with specialNeeds true`,
    },
    'string',
  ),
  shotsCurrent: flag('Vaccinations up to date'),
  microchipped: flag('Microchipped'),
};

const object = <T>(properties: Record<string, TSchema>, description: string, required: readonly string[], allowNull: boolean) =>
  Type.Unsafe<T | null>({
    type: allowNull ? ['object', 'null'] : 'object',
    properties,
    required: [...required],
    additionalProperties: false,
    description,
  });

/** The record's fields as a client sends them (NewPet, PetPatch): each optional; null is unknown, or removes. */
/** A member schema without null: what a create must give once it gives the object. */
function notNull(schema: TSchema): TSchema {
  const copy: Record<string, unknown> = { ...schema };
  if (Array.isArray(copy.type)) copy.type = (copy.type as string[]).filter((type) => type !== 'null');
  if (Array.isArray(copy.enum)) copy.enum = (copy.enum as unknown[]).filter((value) => value !== null);
  return copy;
}

/** The species, from the species list. */
const SPECIES_INPUT = Type.Optional(
  Type.Unsafe<string | null>({
    type: ['string', 'null'],
    enum: [...SPECIES_IDS, null],
    description: `The species, one of GET /v1/species (${SPECIES_IDS.join(', ')}); null when not given`,
    'x-invalid': `must be a species of this API (${SPECIES_IDS.join(', ')}); ${WHERE}`,
  }),
);

/** The description: plain text, stored and served whole. */
const DESCRIPTION_INPUT = Type.Optional(
  nullable<string>(
    {
      minLength: 1,
      maxLength: DESCRIPTION_MAX_LENGTH,
      pattern: VISIBLE_CHARACTER_PATTERN,
      description: `Plain text, with something visible, up to ${DESCRIPTION_MAX_LENGTH} characters, stored and served whole`,
    },
    'string',
  ),
);

/** The shelter's short words. */
const TAGS_INPUT = Type.Optional(
  Type.Unsafe<string[] | null>({
    type: ['array', 'null'],
    maxItems: MAX_TAGS,
    items: {
      type: 'string',
      minLength: 1,
      maxLength: TAG_MAX_LENGTH,
      pattern: VISIBLE_CHARACTER_PATTERN,
      not: { pattern: CONTROL_PATTERN },
    },
    uniqueItems: true,
    description: `Up to ${MAX_TAGS} short words (1 to ${TAG_MAX_LENGTH} characters each, each once); null or [] for none`,
    'x-invalid': `must be a list of at most ${MAX_TAGS} tags of 1 to ${TAG_MAX_LENGTH} characters`,
  }),
);

/**
 * The record's fields as a client sends them: for a create (NewPet), a nested object given is whole
 * (an adoption fee names its amount and currency); for a change (PetPatch), it merges into what is
 * stored, so its members are each optional.
 */
export function recordInputProperties(forCreate = false) {
  const partial = <T>(properties: Record<string, TSchema>, description: string, required: readonly string[] = []) =>
    Type.Optional(
      object<Partial<T>>(
        forCreate
          ? { ...properties, ...Object.fromEntries(required.map((key) => [key, notNull(properties[key] as TSchema)])) }
          : properties,
        `${description} Nested fields merge as RFC 7396 says; null removes.`,
        forCreate ? required : [],
        true,
      ),
    );
  return {
    species: SPECIES_INPUT,
    breeds: partial<Breeds>(
      {
        primary: speciesValue('The main breed'),
        secondary: speciesValue('A second breed'),
        mixed: nullable<boolean>({ description: 'A mix' }, 'boolean'),
      },
      "The animal's breeds: primary (required once breeds are given), secondary, and whether it is a mix.",
      ['primary'],
    ),
    sex: Type.Optional(nullableEnum<Sex>(SEXES, `female, male or unknown`)),
    ageGroup: Type.Optional(
      nullableEnum<AgeGroup>(AGE_GROUPS, "baby, young, adult or senior: the shelter's judgement, what partners filter on"),
    ),
    birthDate: partial<BirthDate>(
      {
        date: nullable<string>(
          { format: 'date', pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$', description: 'YYYY-MM-DD, from 1900-01-01 to today' },
          'string',
        ),
        exact: nullable<boolean>({ description: 'True when the date is known, false when estimated' }, 'boolean'),
      },
      'When the animal was born (date required once birthDate is given; exact defaults to false).',
      ['date'],
    ),
    size: Type.Optional(nullableEnum<Size>(SIZES, 'small, medium, large or extra-large, grown')),
    coat: Type.Optional(speciesValue('The coat')),
    colors: partial<Colors>(
      { primary: speciesValue('The main colour'), secondary: speciesValue('A second colour') },
      'Its colours (primary required once colors are given).',
      ['primary'],
    ),
    goodWith: partial<GoodWith>(goodWith, 'Whom it is good with.'),
    attributes: partial<Attributes>(attributes, 'Its health and habits.'),
    description: DESCRIPTION_INPUT,
    adoptionFee: partial<AdoptionFee>(
      {
        amount: nullable<number>(
          { minimum: 0, maximum: MAX_FEE_MINOR_UNITS, description: "In the currency's minor units (cents)" },
          'integer',
        ),
        currency: nullable<string>(
          { enum: [...CURRENCIES, null], description: 'ISO 4217 code of a currency in use, such as USD or EUR' },
          'string',
        ),
      },
      'The adoption fee (amount and currency required once a fee is given).',
      ['amount', 'currency'],
    ),
    tags: TAGS_INPUT,
    location: Type.Optional(
      placeInputSchema(
        "Where it can be met when not at its organization's place (a foster home): a postal code and its " +
          "country, never an address or coordinates; null: at its organization's. Merges as RFC 7396 says.",
        true,
        forCreate,
      ),
    ),
  };
}

/** The record's fields as the API shows them: every one present, null (or all-null objects, an empty list) when unknown. */
export function recordOutputProperties() {
  const text = (description: string) => nullable<string>({ description }, 'string');
  const bool = (description: string) => nullable<boolean>({ description }, 'boolean');
  return {
    species: text('The species (GET /v1/species); null when not given'),
    breeds: object<Breeds>(
      { primary: Type.String(), secondary: text('A second breed'), mixed: Type.Boolean({ description: 'A mix' }) },
      "The animal's breeds; null when not given",
      ['primary', 'secondary', 'mixed'],
      true,
    ),
    sex: Type.Unsafe<Sex | null>({ type: ['string', 'null'], description: 'female, male or unknown; null when not given' }),
    ageGroup: Type.Unsafe<AgeGroup | null>({ type: ['string', 'null'], description: 'baby, young, adult or senior; null when not given' }),
    birthDate: object<BirthDate>(
      { date: Type.String({ format: 'date' }), exact: Type.Boolean({ description: 'False when estimated' }) },
      'When it was born; null when not given. Independent of ageGroup: the API derives neither from the other',
      ['date', 'exact'],
      true,
    ),
    size: Type.Unsafe<Size | null>({ type: ['string', 'null'], description: 'small, medium, large or extra-large; null when not given' }),
    coat: text('The coat; null when not given'),
    colors: object<Colors>(
      { primary: Type.String(), secondary: text('A second colour') },
      'Its colours; null when not given',
      ['primary', 'secondary'],
      true,
    ),
    goodWith: object<GoodWith>(
      { children: bool('Good with children'), dogs: bool('Good with dogs'), cats: bool('Good with cats') },
      'Whom it is good with: true, false, or null when unknown (never a guess)',
      ['children', 'dogs', 'cats'],
      false,
    ),
    attributes: object<Attributes>(
      {
        spayedNeutered: bool('Spayed or neutered'),
        houseTrained: bool('House-trained'),
        specialNeeds: bool('Has special needs'),
        specialNeedsDetails: text('What the special needs are'),
        shotsCurrent: bool('Vaccinations up to date'),
        microchipped: bool('Microchipped'),
      },
      'Its health and habits: true, false, or null when unknown',
      ['spayedNeutered', 'houseTrained', 'specialNeeds', 'specialNeedsDetails', 'shotsCurrent', 'microchipped'],
      false,
    ),
    description: text('Plain text, served whole; null when not given'),
    adoptionFee: object<AdoptionFee>(
      {
        amount: Type.Integer({ description: "In the currency's minor units (cents)" }),
        currency: Type.String({ description: 'ISO 4217' }),
      },
      'The adoption fee; null when not given',
      ['amount', 'currency'],
      true,
    ),
    tags: Type.Unsafe<readonly string[]>({ type: 'array', items: { type: 'string' }, description: 'Short words; empty when none' }),
    location: placeSchema(
      "Where it can be met when that is not its organization's place (a foster home), as coarse as a " +
        "postal code; null: at its organization's (GET /v1/organizations/{ownerId})",
    ),
  };
}
