/** The adoption feature's variables: create replays, the event feed's retention, the owner of pets stored before owners, getPet's removal. */
import { Type } from 'typebox';
import { GET_PET, type Removal } from '../../domain/shared/deprecation.js';
import { parseRemoval } from '../env/values.js';
import { settingsOf } from './module.js';

const ADOPTION_VARIABLES = {
  IDEMPOTENCY_TTL_SECONDS: Type.Integer({
    minimum: 60,
    maximum: 604_800,
    default: 86_400,
    description: 'How long a create made with an Idempotency-Key is remembered and replayed',
  }),
  EVENT_RETENTION_DAYS: Type.Integer({
    minimum: 1,
    maximum: 365,
    default: 30,
    description: 'How long the event feed (GET /v1/events) keeps each event; an older `after` gets 410',
  }),
  LEGACY_PET_OWNER: Type.String({
    default: '',
    maxLength: 200,
    description: 'The owner of pets stored before owners were recorded (a key owner id); unset, no key may change those pets',
  }),
  GET_PET_SUNSET: Type.String({
    default: GET_PET.defaultSunset,
    description: 'RFC 3339 instant from which GET /v1/pets/{petId} answers 410 gone (sent as its Sunset header)',
  }),
  GET_PET_BROWNOUTS: Type.String({
    default: '',
    description:
      'Announced windows before the sunset in which GET /v1/pets/{petId} already answers 410: comma-separated RFC 3339 start/end',
  }),
};

export interface AdoptionSettings {
  readonly idempotencyTtlMs: number;
  /** How long the event feed keeps events. */
  readonly eventRetentionMs: number;
  /** Who owns pets stored before owners were recorded; null: nobody may change them. */
  readonly legacyPetOwner: string | null;
  /** When GET /v1/pets/{petId} goes (sunset), and the windows before it in which it already answers 410. */
  readonly getPetRemoval: Removal;
}

/** The adoption feature's settings, in the configuration beside the service's. */
export const adoptionSettings = settingsOf(Type.Object(ADOPTION_VARIABLES), (env): AdoptionSettings => ({
  idempotencyTtlMs: env.IDEMPOTENCY_TTL_SECONDS * 1000,
  eventRetentionMs: env.EVENT_RETENTION_DAYS * 86_400_000,
  legacyPetOwner: env.LEGACY_PET_OWNER || null,
  getPetRemoval: parseRemoval(env.GET_PET_SUNSET, env.GET_PET_BROWNOUTS),
}));
