/** The organizations feature's error codes: their status and example, and the operations that answer with them. */
import type { FeatureErrors } from '../../shared/http/error-catalogue.js';

export const ORGANIZATIONS_ERRORS: FeatureErrors = {
  codes: {
    organization_exists: {
      status: 409,
      example: 'Organization "acct_1042" exists already; change it with PATCH /admin/v1/organizations/{id}',
      door: 'admin',
      operations: ['createOrganization'],
    },
  },
  answers: {
    precondition_failed: ['updateOrganization', 'updateAnyOrganization'],
    precondition_required: ['updateOrganization', 'updateAnyOrganization'],
  },
};
