import { defineConfig } from 'vitest/config';

/**
 * The unit tests of the adoption, events and webhooks core, for its own mutation run
 * (`npm run test:mutation:core`). The core's rules must be caught by the tests written for them, in
 * milliseconds: a mutant killed here is killed by the whole suite too, so the score this run gives
 * is a floor of the whole suite's on these files. (The HTTP suites and the reference-model suites
 * add to it; on two cores they would take hours per run.)
 */
export default defineConfig({
  test: {
    name: 'core units',
    include: [
      'test/unit/domain/adoption/**/*.test.ts',
      'test/unit/domain/webhooks/**/*.test.ts',
      'test/unit/domain/publishing/**/*.test.ts',
      'test/unit/application/adoption/**/*.test.ts',
      'test/unit/application/webhooks/**/*.test.ts',
      'test/unit/application/publishing/**/*.test.ts',
      'test/unit/application/shared/outbound-addresses.test.ts',
    ],
    setupFiles: ['test/support/setup.ts'],
    testTimeout: 30_000,
  },
});
