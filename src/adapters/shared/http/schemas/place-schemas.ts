/** Places (domain/shared/place.ts) as clients send and read them: a postal code's place, never finer. */
import { Type } from 'typebox';
import type { Place, PlaceInput } from '../../../../domain/shared/place.js';

const POSTAL_CODE = {
  type: 'string',
  minLength: 1,
  maxLength: 10,
  description: 'A postal code: a US ZIP code (10001, or 10001-1234, read as 10001)',
};
const COUNTRY = { pattern: '^[A-Z]{2}$', description: 'ISO 3166-1 alpha-2; US, the one country covered, when left out or null' };

/** A place as a client names it: its postal code and country, nothing finer (an address or coordinates are refused). */
export function placeInputSchema(description: string, nullable: boolean, whole = false) {
  // Whole (a create): the postal code is required. Otherwise (a change) members merge into what is stored.
  return Type.Unsafe<Partial<PlaceInput> | null>({
    type: nullable ? ['object', 'null'] : 'object',
    properties: {
      postalCode: { ...POSTAL_CODE, type: whole ? 'string' : ['string', 'null'] },
      country: { ...COUNTRY, type: ['string', 'null'] },
    },
    ...(whole && { required: ['postalCode'] }),
    additionalProperties: false,
    description,
    'x-invalid':
      `must be ${nullable ? 'null or ' : ''}{ "postalCode", "country" }: a postal code and its country, ` +
      `nothing finer (a street address or coordinates are never taken)`,
  });
}

/** A place as the API shows it: the postal code, its city, region and country; never coordinates. */
export function placeSchema(description: string) {
  return Type.Unsafe<Place | null>({
    type: ['object', 'null'],
    properties: {
      postalCode: { type: 'string', description: 'The postal code (five digits in the US)' },
      city: { type: 'string', description: "The postal code's city" },
      region: { type: 'string', description: 'Its region: a US state or territory code, such as NY' },
      country: { type: 'string', description: 'ISO 3166-1 alpha-2' },
    },
    required: ['postalCode', 'city', 'region', 'country'],
    additionalProperties: false,
    description,
  });
}

/** `near`: a postal code (`94110`, `94110,US`) or `lat,lng`; what a list finds is within `radius` of it. */
export const nearQuery = (what: string) =>
  Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 64,
      description:
        `Only ${what} within \`radius\` of this place, each with its \`distance\`: a postal code (\`94110\`, or ` +
        `with its country \`94110,US\`) or \`lat,lng\` in degrees. Distances are between postal codes' ` +
        `centres`,
      'x-invalid': 'must be a postal code (94110 or 94110,US) or lat,lng',
    }),
  );

/** `radius`: 1 to 500, miles unless it says km. */
export const radiusQuery = () =>
  Type.Optional(
    Type.String({
      pattern: '^[0-9]{1,4}(\\.[0-9]{1,3})?(mi|km)?$',
      description:
        'How far from `near`: above 0 and at most 500, in miles unless it ends in `km` (`25`, `25mi`, ' +
        '`40km`); 100 miles by default. Distances come in its unit. Only with `near`',
      'x-invalid': 'must be a number up to 500, in miles or km (25, 25mi, 40km)',
    }),
  );

/** The `distance` a list near a place gives each of its items. */
export const distanceProperty = (what: string) =>
  Type.Optional(
    Type.Integer({
      minimum: 0,
      description:
        `Only in a list with \`near\`: how far ${what} postal code is from the place asked for, between the ` +
        `codes' centres, in the radius's unit (miles unless it said km), rounded to a whole unit`,
    }),
  );
