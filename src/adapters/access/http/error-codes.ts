/** The access feature's error codes: their status and example, and the operations that answer with them. */
import type { FeatureErrors } from '../../shared/http/error-catalogue.js';

export const ACCESS_ERRORS: FeatureErrors = {
  codes: {
    key_not_active: { status: 409, example: 'Key key_4fV2yQ8rT1mZ0aB7 is revoked; issue a new key instead', door: 'admin' },
  },
  answers: { idempotency_key_reused: ['createKey', 'rotateKey'] },
};
