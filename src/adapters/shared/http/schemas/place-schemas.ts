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
export function placeInputSchema(description: string, nullable: boolean) {
  return Type.Unsafe<Partial<PlaceInput> | null>({
    type: nullable ? ['object', 'null'] : 'object',
    properties: { postalCode: { ...POSTAL_CODE, type: ['string', 'null'] }, country: { ...COUNTRY, type: ['string', 'null'] } },
    additionalProperties: false,
    description,
    'x-invalid': `must be ${nullable ? 'null or ' : ''}{ "postalCode", "country" }: a postal code and its country, nothing finer (a street address or coordinates are never taken)`,
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
