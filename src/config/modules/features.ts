/**
 * The features, in the order their routes appear in each door's document: a new feature is its
 * folders and one line here. Every feature's tokens under one name (for the composition root and the tests).
 */
import { ErrorCatalogue } from '../../adapters/shared/http/error-catalogue.js';
import { accessModule } from './access.js';
import { adoptionModule } from './adoption.js';
import { sharedModule } from './shared.js';
import { webhooksModule } from './webhooks.js';
import { organizationsModule } from './organizations.js';
import { publishingModule } from './publishing.js';
import type { Intersection, TokensOf } from './module.js';

export const FEATURES = [sharedModule, accessModule, adoptionModule, organizationsModule, webhooksModule, publishingModule] as const;

/** Every feature's tokens, by name. */
export const TOKENS = Object.assign({}, ...FEATURES.map((feature) => feature.tokens)) as Intersection<TokensOf<(typeof FEATURES)[number]>>;

/** Every code the API answers with: the shared ones, then each feature's. */
export function errorCatalogue(): ErrorCatalogue {
  return new ErrorCatalogue(FEATURES.flatMap((feature) => feature.errors ?? []));
}
