// Mutation testing of the saved searches' core alone (`npx stryker run stryker.searches.config.mjs --force`;
// docs/testing.md): their domain (percolation, the saved search, the alert's event), their use case and the
// alert matching, against the core's unit tests, in minutes. The core run (stryker.core.config.mjs) holds them too.
import core from './stryker.core.config.mjs';

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  ...core,
  mutate: [
    'src/domain/adoption/{percolation,saved-search,feed-event}.ts',
    'src/application/adoption/use-cases/saved-searches.ts',
    'src/application/adoption/services/{search-alerts,event-relay}.ts',
  ],
  incrementalFile: 'reports/mutation/searches-incremental.json',
  htmlReporter: { fileName: 'reports/mutation/searches.html' },
  jsonReporter: { fileName: 'reports/mutation/searches.json' },
};
