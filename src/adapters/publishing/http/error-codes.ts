/** The publishing feature's error codes: their status and example, and the operations that answer with them. */
import type { FeatureErrors } from '../../shared/http/error-catalogue.js';

export const PUBLISHING_ERRORS: FeatureErrors = {
  codes: {
    host_not_allowed: {
      status: 422,
      example: 'host ftp.example.com resolves to a private address; uploads go to public addresses only',
      door: 'public',
      operations: ['createPublishingDestination', 'updatePublishingDestination'],
    },
    destination_limit_reached: {
      status: 409,
      example:
        'This owner has 10 publishing destinations, the most it may have (PUBLISHING_DESTINATIONS_PER_OWNER); remove one it no longer uses',
      door: 'public',
      operations: ['createPublishingDestination'],
    },
  },
  answers: {
    precondition_failed: ['updatePublishingDestination', 'deletePublishingDestination'],
  },
};
