import { defineConfig } from 'vitest/config';

/**
 * The tests of the adoption, events and webhooks core, for its own mutation run
 * (`npm run test:mutation:core`): their unit tests and their HTTP suites on the in-memory adapters,
 * the reference-model suites included. Server-free, like vitest.mutation.config.ts, but without the
 * suites of other features, so that a mutant of the core runs the tests written for it.
 */
export default defineConfig({
  test: {
    name: 'server-free core',
    include: [
      'test/unit/domain/adoption/**/*.test.ts',
      'test/unit/domain/webhooks/**/*.test.ts',
      'test/unit/application/adoption/**/*.test.ts',
      'test/unit/application/webhooks/**/*.test.ts',
      'test/http/adoption/**/*.test.ts',
      'test/http/webhooks/**/*.test.ts',
    ],
    // Finding animals is not part of this core; its suite is the slowest to set up.
    exclude: ['test/http/adoption/search.test.ts'],
    setupFiles: ['test/support/setup.ts'],
    testTimeout: 30_000,
    // A few runs of each reference-model suite per mutant their calls reach: a mutant they kill
    // fails within them, and one that survives costs seconds.
    env: { MODEL_RUNS: '5' },
  },
});
