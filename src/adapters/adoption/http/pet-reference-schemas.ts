/** TypeBox schemas of an animal's reference in the shelter software that pushes it. */
import { Type } from 'typebox';
import {
  REFERENCE_ID_PATTERN,
  REFERENCE_ID_TEXT,
  REFERENCE_SOURCE_PATTERN,
  REFERENCE_SOURCE_TEXT,
  type PetReference,
} from '../../../domain/adoption/pet-reference.js';

export const ReferenceSourceSchema = Type.String({
  pattern: REFERENCE_SOURCE_PATTERN,
  description: `The shelter software the animal comes from, named as you choose (${REFERENCE_SOURCE_TEXT}), for example \`shelterluv\``,
});
export const ReferenceIdSchema = Type.String({
  pattern: REFERENCE_ID_PATTERN,
  description: `The animal's id in that software (${REFERENCE_ID_TEXT})`,
});

/** Where the animal comes from: shown with it, set by PUT /v1/sources/{source}/pets/{id}. */
export const PetReferenceSchema = Type.Unsafe<PetReference | null>({
  type: ['object', 'null'],
  properties: { source: ReferenceSourceSchema, id: ReferenceIdSchema },
  required: ['source', 'id'],
  additionalProperties: false,
  description:
    'Its reference in the shelter software that pushes it (PUT /v1/sources/{source}/pets/{id}), unique ' +
    "among its organization's animals; null for an animal added here",
});
