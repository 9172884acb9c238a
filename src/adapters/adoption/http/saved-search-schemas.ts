/** TypeBox schemas of saved searches (beta): a search of `GET /v1/pets` kept under a label and the partner's own reference. */
import { Type, type Static } from 'typebox';
import { VISIBLE_CHARACTER_PATTERN } from '../../../domain/shared/name-pattern.js';
import { LABEL_MAX_LENGTH, REFERENCE_MAX_LENGTH, SAVED_SEARCH_LIFETIME_DAYS } from '../../../domain/adoption/saved-search.js';
import { SAVED_SEARCH_ID_PATTERN } from '../../../application/adoption/use-cases/saved-searches.js';
import { limitQuery } from '../../shared/http/schemas/common-schemas.js';
import { nearQuery, radiusQuery } from '../../shared/http/schemas/place-schemas.js';
import { FILTER_PARAMETERS, ListPetsQuerySchema } from './search-schemas.js';

const SavedSearchIdSchema = Type.String({
  pattern: SAVED_SEARCH_ID_PATTERN,
  description: 'The saved search: `srch_` and 22 letters and digits',
  'x-invalid': 'must be a saved search id (srch_ and 22 letters and digits)',
});

/** The search itself: the parameters of `GET /v1/pets` that say which animals, as JSON. */
export const SearchQuerySchema = Type.Object(
  { ...FILTER_PARAMETERS, near: nearQuery('animals'), radius: radiusQuery() },
  {
    additionalProperties: false,
    description:
      'Which animals: the filters of `GET /v1/pets` by their parameter names (lists as JSON arrays, flags as ' +
      '`true`/`false`), with `near` and `radius`; checked by the same rules. `status` is `available` unless given',
  },
);

const label = Type.String({
  minLength: 1,
  maxLength: LABEL_MAX_LENGTH,
  pattern: VISIBLE_CHARACTER_PATTERN,
  description: `What the search is, in your words, shown back in each alert (1 to ${LABEL_MAX_LENGTH} characters)`,
});
const reference = Type.Union(
  [Type.String({ minLength: 1, maxLength: REFERENCE_MAX_LENGTH, pattern: VISIBLE_CHARACTER_PATTERN }), Type.Null()],
  {
    description: `Your own reference (your adopter's id, say; up to ${REFERENCE_MAX_LENGTH} characters), never interpreted, shown back in each alert`,
  },
);

export const NewSavedSearchSchema = Type.Object(
  { label, reference: Type.Optional(reference), search: SearchQuerySchema },
  { additionalProperties: false, title: 'NewSavedSearch', description: 'A search to keep, and to be alerted of' },
);

export const SavedSearchSchema = Type.Object(
  {
    id: SavedSearchIdSchema,
    label,
    reference,
    search: SearchQuerySchema,
    version: Type.Integer({ minimum: 1, description: 'Goes up by one with each change (its ETag is this version in quotes)' }),
    createdAt: Type.String({ format: 'date-time' }),
    updatedAt: Type.String({ format: 'date-time' }),
    expiresAt: Type.String({
      format: 'date-time',
      description: `When it stops alerting unless renewed (${SAVED_SEARCH_LIFETIME_DAYS} days after it was saved or last renewed)`,
    }),
  },
  { additionalProperties: false, title: 'SavedSearch', description: 'A saved search (beta): only its owner reads it' },
);

export const SavedSearchesSchema = Type.Array(SavedSearchSchema, { title: 'SavedSearches', description: 'A page of saved searches' });

export const SavedSearchIdParamsSchema = Type.Object({ searchId: SavedSearchIdSchema }, { additionalProperties: false });

export const ListSavedSearchesQuerySchema = Type.Object(
  {
    limit: limitQuery('saved searches'),
    cursor: Type.Optional(
      Type.String({
        pattern: SAVED_SEARCH_ID_PATTERN,
        description: 'Opaque position after which the page starts: the `cursor` of the previous page\'s `Link: <...>; rel="next"`',
        'x-invalid': "must be the cursor of the previous page's Link header, passed back as is",
      }),
    ),
  },
  { additionalProperties: false },
);

const { limit, cursor, sort, seed, total, fields, expand } = ListPetsQuerySchema.properties;

/** How a page of a search's matches is asked: what `GET /v1/pets` takes beside the search itself. */
export const MatchesQuerySchema = Type.Object({ limit, cursor, sort, seed, total, fields, expand }, { additionalProperties: false });

export type NewSavedSearch = Static<typeof NewSavedSearchSchema>;
export type SearchQuery = Static<typeof SearchQuerySchema>;
