// Mutation testing of the adoption (saved searches included), events, webhooks and publishing core alone (`npm run test:mutation:core`;
// docs/testing.md): the same settings as stryker.config.mjs, these files, and the tests written for
// them (vitest.mutation-core.config.ts: their unit tests), recorded in their own incremental file.
import base from './stryker.config.mjs';

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  ...base,
  vitest: { configFile: 'vitest.mutation-core.config.ts' },
  mutate: [
    'src/domain/adoption/adoption-request.ts',
    'src/domain/adoption/pet-lifecycle.ts',
    'src/domain/adoption/feed-event.ts',
    'src/domain/adoption/{percolation,saved-search,pet-reference}.ts',
    'src/domain/webhooks/*.ts',
    'src/domain/publishing/*.ts',
    'src/application/publishing/use-cases/*.ts',
    'src/application/adoption/use-cases/{adoption-requests,settle-holds,change-pet,create-pet,push-pet,read-events,relocate-pets,saved-searches}.ts',
    'src/application/adoption/services/{event-relay,feed-events,search-alerts}.ts',
    'src/application/webhooks/services/{webhook-dispatcher,webhook-delivery-ids,webhook-signing}.ts',
    'src/application/shared/services/outbound-addresses.ts',
    'src/application/webhooks/use-cases/*.ts',
  ],
  incrementalFile: 'reports/mutation/core-units-incremental.json',
  htmlReporter: { fileName: 'reports/mutation/core.html' },
  jsonReporter: { fileName: 'reports/mutation/core.json' },
};
