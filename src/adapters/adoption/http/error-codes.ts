/** The adoption feature's error codes (animals, their photos, adoption requests): their status and example, and the operations that answer with them. */
import type { FeatureErrors } from '../../shared/http/error-catalogue.js';

export const ADOPTION_ERRORS: FeatureErrors = {
  codes: {
    invalid_transition: {
      status: 409,
      example: 'A sold pet cannot become pending; from sold it may become available',
      door: 'public',
      operations: ['updatePet', 'pushPet', 'approveOrder', 'deliverOrder', 'cancelOrder'],
    },
    pet_held: {
      status: 409,
      example:
        'Pet 42 is held by the approved adoption request ord_mh3k2x1a0b4c5d6e7f8g9h0; deliver or cancel that request to change its status',
      door: 'public',
      operations: ['updatePet', 'pushPet', 'deletePet'],
    },
    pet_not_available: {
      status: 409,
      example: 'Pet 42 has been adopted; it takes no more adoption requests',
      door: 'public',
      operations: ['placeOrder', 'approveOrder'],
    },
    pet_not_found: {
      status: 422,
      example: 'No pet with id 42 exists; list the animals (GET /v1/pets) for the ids that can be adopted',
      door: 'public',
      operations: ['placeOrder'],
    },
    photo_limit_reached: {
      status: 409,
      example: 'Pet 42 has 12 photos, the most an animal has; remove one before adding another',
      door: 'public',
      operations: ['uploadPhoto'],
    },
    saved_search_limit_reached: {
      status: 409,
      example:
        'This owner keeps 25 saved searches, the most its free plan allows; remove one (DELETE /v1/saved-searches/{id}) before saving another',
      door: 'public',
      operations: ['createSavedSearch'],
    },
    image_invalid: {
      status: 400,
      example: 'The body is a PNG image but was sent as image/jpeg; send it with Content-Type image/png (reason format_mismatch)',
      door: 'public',
      operations: ['uploadPhoto'],
    },
  },
  answers: {
    idempotency_key_in_flight: ['createPet'],
    idempotency_key_reused: ['createPet', 'placeOrder'],
    precondition_failed: [
      'updatePet',
      'pushPet',
      'deletePet',
      'deletePhoto',
      'replaceSavedSearch',
      'renewSavedSearch',
      'deleteSavedSearch',
    ],
    range_not_satisfiable: ['getPhoto'],
    precondition_required: ['updatePet', 'replaceSavedSearch'],
  },
};
