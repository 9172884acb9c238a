/** What the OpenAPI document says of the pets resource's operations: their summaries and descriptions. */
import { TOTAL_BOUND } from '../../../application/adoption/use-cases/list-pets.js';

/** The text of an operation: its id, summary and description, and its tag. */
export interface OperationText {
  readonly operationId: string;
  readonly summary: string;
  readonly description: string;
  readonly deprecated?: true;
  readonly tags: string[];
}

export const listPetsText: OperationText = {
  operationId: 'listPets',
  summary: 'List and find animals: by what adopters ask, near a place, in the order asked',
  description:
    'By id unless `sort` says otherwise. Every filter given must hold (values of one filter are ' +
    'alternatives: `species=cat,dog`); an unknown parameter or value is refused with 400, never ' +
    'ignored. `near` (a postal code, or `lat,lng`) keeps the animals within `radius` (100 miles by ' +
    'default, at most 500, in km when it ends in `km`) and gives each its `distance` in that unit, ' +
    "whole, between postal codes' centres; each animal is where its `place` says: its foster home's " +
    "place, or else its organization's (an animal whose organization has no place yet is not near " +
    "anywhere). `expand=organization` embeds each animal's organization (name, website, place), so a " +
    'listing page is one call. `sort=random` with a `seed` gives one order, page after page. When ' +
    'more exist, the response carries a `Link: <...>; rel="next"` header whose URL (with an opaque ' +
    '`cursor`) fetches the next page: no animal twice, none that did not change missed, in every ' +
    'order. `total=true` counts what the search finds (`X-Total-Count`). `id` asks for given animals ' +
    '(the replacement for `GET /pets/{petId}`). Each animal carries its `version`: `"<version>"` is ' +
    'its ETag, for If-Match.',
  tags: ['pets'],
};

export const createPetText: OperationText = {
  operationId: 'createPet',
  summary: 'Add an animal',
  description:
    'Needs an API key with the `pets:write` scope: a key without it gets 403 `forbidden`, and the ' +
    'request still counts against its limits. Send an `Idempotency-Key` header to make retries safe: ' +
    'a repeat with the same key and the same body returns the first response (marked ' +
    '`Idempotent-Replayed: true`) and adds nothing; the same key with another body is refused with ' +
    '422; a repeat while the first is still being processed gets 409 with Retry-After. Only ' +
    'successful creates are remembered, so after a 400 or a 503 the same key may be used again.',
  tags: ['pets'],
};

/** The deprecated get, whose description names its sunset. */
export const getPetText = (sunsetText: string): OperationText => ({
  operationId: 'getPet',
  summary: 'Fetch one animal by id (deprecated: use GET /pets?id={petId})',
  description:
    `Deprecated; removed on ${sunsetText}. Responses carry Deprecation, Sunset and Link headers. From ` +
    `the sunset on, every call answers 410 \`gone\` (still counted against the key's limits); so does ` +
    `every call inside an announced brownout before it. Use \`GET /pets?id={petId}\` instead (several ` +
    `ids at once: \`id=1,2\`).`,
  deprecated: true,
  tags: ['pets'],
});

export const updatePetText: OperationText = {
  operationId: 'updatePet',
  summary: 'Change an animal: its name, category, status or record',
  description:
    "Needs the `pets:write` scope, and a key of the animal's owner (another owner's key gets 403 and " +
    'nothing changes). Send the fields to change as a JSON merge patch (RFC 7396; ' +
    '`application/merge-patch+json` or `application/json`), and `If-Match` with the ETag the animal ' +
    'was read at: without it 428, with one that is no longer current 412 (with the current ETag); so ' +
    'of concurrent changes read at one version exactly one lands. A change that changes nothing ' +
    'answers 200 with the same version. Status moves as the transitions say (available → pending or ' +
    'sold; pending → available or sold; sold → available); a sold animal cannot become pending (409 ' +
    '`invalid_transition`), and an animal held by an approved adoption request changes status only ' +
    'through that request (409 `pet_held`). Marking an animal sold cancels its placed adoption ' +
    'requests (reason `pet_adopted`).',
  tags: ['pets'],
};

export const deletePetText: OperationText = {
  operationId: 'deletePet',
  summary: 'Remove an animal',
  description:
    "Needs the `pets:write` scope and a key of the animal's owner (another owner's key gets 403 and " +
    'nothing changes). Afterwards the animal is in no list and every request for it gets 404. ' +
    '`If-Match` is honoured when sent (412 when the animal changed since). An animal held by an ' +
    'approved adoption request cannot be removed (409 `pet_held`: cancel that request first); its ' +
    'placed requests are cancelled (reason `pet_deleted`).',
  tags: ['pets'],
};

/** The headers of every answer of the deprecated get. */
export const GET_PET_HEADERS = {
  Deprecation: { type: 'string', description: 'RFC 9745: when this operation was deprecated', 'x-required': true },
  Sunset: { type: 'string', description: 'RFC 8594: when this operation is removed (answers 410 for good)', 'x-required': true },
  Link: {
    type: 'string',
    description: 'RFC 8288 links to the replacement operation (rel="successor-version") and to the deprecation policy (rel="sunset")',
    'x-required': true,
    'x-component': 'LinkDeprecated',
  },
} as const;

/** The list's answer headers beyond the next page's link. */
export const LIST_TOTAL_HEADERS = {
  'X-Total-Count': {
    type: 'integer',
    description: `With total=true: how many animals the search finds, exact up to ${TOTAL_BOUND.toLocaleString('en-US')}`,
  },
  'X-Total-Count-Relation': {
    type: 'string',
    description: 'With total=true: `eq` when X-Total-Count is exact, `gte` when the search finds at least that many',
  },
} as const;
