/**
 * The features, in the order their routes appear in each door's document, and every feature's
 * tokens under one name (for the composition root and the tests).
 */
import { ErrorCatalogue } from '../../adapters/shared/http/error-catalogue.js';
import { ACCESS_TOKENS, accessModule } from './access.js';
import { ADOPTION_TOKENS, adoptionModule } from './adoption.js';
import { SHARED_TOKENS, sharedModule } from './shared.js';
import { WEBHOOKS_TOKENS, webhooksModule } from './webhooks.js';
import { ORGANIZATIONS_TOKENS, organizationsModule } from './organizations.js';

export const FEATURES = [sharedModule, accessModule, adoptionModule, organizationsModule, webhooksModule] as const;

export const TOKENS = {
  ...SHARED_TOKENS,
  ...ACCESS_TOKENS,
  ...ADOPTION_TOKENS,
  ...ORGANIZATIONS_TOKENS,
  ...WEBHOOKS_TOKENS,
} as const;

/** Every code the API answers with: the shared ones, then each feature's. */
export function errorCatalogue(): ErrorCatalogue {
  return new ErrorCatalogue(FEATURES.flatMap((feature) => feature.errors ?? []));
}
