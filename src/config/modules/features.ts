/**
 * The features, in the order their routes appear in each door's document, and every feature's
 * tokens under one name (for the composition root and the tests).
 */
import { ACCESS_TOKENS, accessModule } from './access.js';
import { ADOPTION_TOKENS, adoptionModule } from './adoption.js';
import { SHARED_TOKENS, sharedModule } from './shared.js';
import { WEBHOOKS_TOKENS, webhooksModule } from './webhooks.js';
import { ORGANIZATIONS_TOKENS, organizationsModule } from './organizations.js';
import { PHOTOS_TOKENS, photosModule } from './photos.js';

export const FEATURES = [sharedModule, accessModule, adoptionModule, photosModule, organizationsModule, webhooksModule] as const;

export const TOKENS = {
  ...SHARED_TOKENS,
  ...ACCESS_TOKENS,
  ...ADOPTION_TOKENS,
  ...ORGANIZATIONS_TOKENS,
  ...PHOTOS_TOKENS,
  ...WEBHOOKS_TOKENS,
} as const;
