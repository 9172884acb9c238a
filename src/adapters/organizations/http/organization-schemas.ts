/** TypeBox schemas of organizations (domain/organizations/organization.ts): what the API shows, and what a change or a create sends. */
import { Type } from 'typebox';
import {
  ADDRESS_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  EMAIL_PATTERN,
  HOURS_MAX_LENGTH,
  ORGANIZATION_NAME_MAX_LENGTH,
  PHONE_MAX_LENGTH,
  PHONE_PATTERN,
  URL_MAX_LENGTH,
} from '../../../domain/organizations/organization.js';
import { VISIBLE_CHARACTER_PATTERN } from '../../../domain/shared/name-pattern.js';
import { CONTROL_EXCEPT_NEWLINE_PATTERN, CONTROL_PATTERN } from '../../../domain/shared/text-rules.js';
import { WEB_URL_PATTERN } from '../../shared/http/schemas/url-pattern.js';
import { OWNER_ID_MAX_LENGTH } from '../../../domain/shared/owner.js';
import { cursorQuery, limitQuery } from '../../shared/http/schemas/common-schemas.js';
import { distanceProperty, nearQuery, placeInputSchema, placeSchema, radiusQuery } from '../../shared/http/schemas/place-schemas.js';

const MAX_IDS = 100;
const text = (description: string) => Type.Unsafe<string | null>({ type: ['string', 'null'], description });
const time = (description: string) => Type.String({ format: 'date-time', description });

export const OrganizationSchema = Type.Object(
  {
    id: Type.String({ description: "The owner id of the organization's keys: its animals' `ownerId`" }),
    name: Type.String({ description: 'The name partner sites show' }),
    email: text('Where adopters write to it; null when it shows none'),
    phone: text('Its telephone number; null when it shows none'),
    website: text('Its website; null when none'),
    address: text('Its public street address, as it gives it (lines separated by \\n); null when it shows none'),
    location: placeSchema("Its postal code and that code's city, region and country (never coordinates); null when not given"),
    adoptionPolicyUrl: text('Where its adoption policy is published; null when none'),
    hours: text('Its opening hours, as text; null when not given'),
    createdAt: time('When it was created (RFC 3339, UTC)'),
    updatedAt: time('When it last changed'),
    version: Type.Integer({ minimum: 1, description: '1 when created, one more at every change; `"<version>"` is its ETag, for If-Match' }),
    distance: distanceProperty("the organization's"),
  },
  {
    title: 'Organization',
    additionalProperties: false,
    description: 'A shelter or rescue: the public profile of a key owner',
    examples: [
      {
        id: 'acct_1042',
        name: 'Hudson Valley Animal Rescue',
        email: 'adopt@hvar.example',
        phone: '+1 212 555 0100',
        website: 'https://hvar.example',
        address: '12 Shelter Lane',
        location: { postalCode: '10001', city: 'New York', region: 'NY', country: 'US' },
        adoptionPolicyUrl: 'https://hvar.example/adopt',
        hours: 'Tue-Sat 11:00-18:00',
        createdAt: '2026-11-25T10:00:00.000Z',
        updatedAt: '2026-11-25T10:00:00.000Z',
        version: 1,
      },
    ],
  },
);

export const OrganizationsSchema = Type.Array(OrganizationSchema, {
  title: 'Organizations',
  description: 'A page of organizations in ascending id order',
});

/** Text a person reads: something visible, and no control characters (line feeds too, unless `multiline`). */
const textRules = (multiline: boolean) => ({
  pattern: VISIBLE_CHARACTER_PATTERN,
  not: { pattern: multiline ? CONTROL_EXCEPT_NEWLINE_PATTERN : CONTROL_PATTERN },
});

const nullableText = (max: number, description: string, rules: Record<string, unknown>, invalid: string) =>
  Type.Optional(
    Type.Unsafe<string | null>({
      type: ['string', 'null'],
      minLength: 1,
      maxLength: max,
      ...rules,
      description: `${description}; null removes it`,
      'x-invalid': invalid,
    }),
  );

const webUrl = (description: string) =>
  nullableText(
    URL_MAX_LENGTH,
    description,
    { pattern: WEB_URL_PATTERN },
    `must be an http or https URL such as https://shelter.example/adopt, at most ${URL_MAX_LENGTH} characters`,
  );
const multilineText = (max: number, description: string) =>
  nullableText(
    max,
    description,
    textRules(true),
    `must be plain text with something visible (line breaks allowed), at most ${max} characters`,
  );

/** The profile's fields as a client sends them; `whole` for a create (a location names its postal code). */
const profileInputOf = (whole: boolean) => ({
  email: nullableText(
    EMAIL_MAX_LENGTH,
    'An email address',
    { pattern: EMAIL_PATTERN },
    `must be an email address such as adopt@shelter.example, at most ${EMAIL_MAX_LENGTH} characters`,
  ),
  phone: nullableText(
    PHONE_MAX_LENGTH,
    'A telephone number: digits, spaces, ( ) . - and an optional leading +',
    { pattern: PHONE_PATTERN },
    `must be a telephone number of digits, spaces, ( ) . - and an optional leading +, such as +1 212 555 0100 (at most ${PHONE_MAX_LENGTH} characters)`,
  ),
  website: webUrl('An http or https URL'),
  address: multilineText(ADDRESS_MAX_LENGTH, 'Its public street address (lines separated by \\n)'),
  location: Type.Optional(
    placeInputSchema(
      'Its postal code and country (US when left out); the city and region come from the code. Merges as RFC 7396 says; null removes it.',
      true,
      whole,
    ),
  ),
  adoptionPolicyUrl: webUrl('Where its adoption policy is published (http or https)'),
  hours: multilineText(HOURS_MAX_LENGTH, 'Its opening hours, as text'),
});

const name = Type.String({
  minLength: 1,
  maxLength: ORGANIZATION_NAME_MAX_LENGTH,
  ...textRules(false),
  description: `The name partner sites show (1 to ${ORGANIZATION_NAME_MAX_LENGTH} characters, something visible, on one line)`,
  'x-invalid': `must be 1 to ${ORGANIZATION_NAME_MAX_LENGTH} characters of plain text on one line, with something visible`,
});

export const OrganizationPatchSchema = Type.Object(
  { name: Type.Optional(name), ...profileInputOf(false) },
  {
    title: 'OrganizationPatch',
    additionalProperties: false,
    minProperties: 1,
    description:
      'The fields to change (RFC 7396 merge patch), at least one; null removes a field (not the name). id, version and the times are read-only.',
    examples: [{ hours: 'Tue-Sun 10:00-18:00' }, { location: { postalCode: '94103' } }],
  },
);

export const NewOrganizationSchema = Type.Object(
  {
    id: Type.String({ minLength: 1, maxLength: OWNER_ID_MAX_LENGTH, description: "The owner id its keys carry (the keys' ownerId)" }),
    name,
    ...profileInputOf(true),
  },
  { title: 'NewOrganization', additionalProperties: false, description: "A key owner's organization, to create" },
);

export const OrganizationIdParamsSchema = Type.Object({
  organizationId: Type.String({ minLength: 1, maxLength: OWNER_ID_MAX_LENGTH, description: "The organization's id (its owner id)" }),
});

export const ListOrganizationsQuerySchema = Type.Object(
  {
    limit: limitQuery('organizations'),
    country: Type.Optional(
      Type.String({
        pattern: '^[A-Z]{2}$',
        description: 'Only those in this country (ISO 3166-1 alpha-2; US is the one covered)',
        'x-invalid': 'must be an ISO 3166-1 alpha-2 code such as US',
      }),
    ),
    region: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 10,
        description: 'Only those in this region: a US state or territory code such as NY; an unknown one is refused',
      }),
    ),
    postalCode: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 10,
        description: 'Only those at this postal code (10001, or 10001-1234 read as 10001); an unknown one is refused, never ignored',
      }),
    ),
    id: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: OWNER_ID_MAX_LENGTH, pattern: '^[^,]+$' }), {
        minItems: 1,
        maxItems: MAX_IDS,
        description: `Only these organizations (1 to ${MAX_IDS}): \`id=a&id=b\`, or \`id=a,b\`; ids that do not exist are left out`,
        'x-invalid': `must be 1 to ${MAX_IDS} organization ids`,
      }),
    ),
    near: nearQuery('organizations'),
    radius: radiusQuery(),
    cursor: cursorQuery('limit and filters', 256),
  },
  { additionalProperties: false },
);
