/** Where an animal is, and the organization a page embeds with `expand=organization`, as the API shows them. */
import { Type, type Static } from 'typebox';
import { placeSchema } from '../../shared/http/schemas/place-schemas.js';
import type { PetPlace } from '../../../domain/adoption/pet.js';

/** Where an animal can be met, and whether that is its organization's place or a foster home's. */
export const PetPlaceSchema = (() => {
  const place = placeSchema('') as unknown as { properties: Record<string, unknown>; required: string[] };
  return Type.Unsafe<PetPlace | null>({
    type: ['object', 'null'],
    properties: {
      ...place.properties,
      kind: {
        type: 'string',
        enum: ['organization', 'foster'],
        description: "`organization`: at its organization's place (it has no `location`); `foster`: in a foster home, at its `location`",
      },
    },
    required: [...place.required, 'kind'],
    additionalProperties: false,
    description:
      "Where the animal can be met, read-only: its foster home's place (`location`) when it has one, " +
      "else its organization's (the organization's `location`), as coarse as a postal code; `near` " +
      'searches it. Follows the organization when it moves. null while its organization has no place ' +
      '(no profile yet, or none with a location). To put the animal in a foster home, set `location`; ' +
      'to bring it back, set `location` to null',
  });
})();

/** An organization as a page of animals embeds it with `expand=organization`: enough to show whose an animal is and where. */
export const PetOrganizationSchema = Type.Unsafe<{
  id: string;
  name: string;
  website: string | null;
  location: Static<ReturnType<typeof placeSchema>>;
} | null>({
  type: ['object', 'null'],
  properties: {
    id: { type: 'string', description: 'The organization (GET /v1/organizations/{id})' },
    name: { type: 'string', description: 'Its name, as partner sites show it' },
    website: { type: ['string', 'null'], description: 'Its website; null when it gives none' },
    location: placeSchema("Its postal code's place; null when it gives none"),
  },
  required: ['id', 'name', 'website', 'location'],
  additionalProperties: false,
  description:
    'Only with `expand=organization`: a summary of the organization whose animal it is, as it is now ' +
    '(GET /v1/organizations/{id} has the rest); null while it has no profile',
});
