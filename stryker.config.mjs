// Mutation testing (`npm run test:mutation`; docs/testing.md). Not part of `npm test` or CI: it takes
// about 50 minutes on two cores for a full run. Incremental: a re-run tests only the mutants whose code or covering
// tests changed since the last run recorded in reports/mutation/incremental.json.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  // The server-free tests only: the core's logic must be caught without a database.
  vitest: { configFile: 'vitest.mutation.config.ts' },
  checkers: ['typescript'],
  // Vitest does not type-check, so no file needs // @ts-nocheck; left in place, it would also change
  // the client's committed types, which the client's drift test compares byte for byte.
  disableTypeChecks: false,
  // Each mutant is type-checked against the source alone; the tests and the bench are not checked per mutant.
  tsconfigFile: 'tsconfig.mutation.json',
  typescriptChecker: { prioritizePerformanceOverAccuracy: true },
  mutate: [
    // The core.
    'src/domain/**/*.ts',
    'src/application/**/*.ts',
    // The HTTP admission and error paths.
    'src/adapters/access/http/admission.ts',
    'src/adapters/shared/http/plugins/error-handler.ts',
    'src/adapters/access/http/rate-limit-headers.ts',
    'src/adapters/shared/http/error-catalogue.ts',
  ],
  coverageAnalysis: 'perTest',
  // The first run of every server-free test, with coverage, takes some 5 minutes here.
  dryRunTimeoutMinutes: 15,
  incremental: true,
  incrementalFile: 'reports/mutation/incremental.json',
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  clearTextReporter: { allowEmojis: false, logTests: false, reportMutants: false },
  thresholds: { high: 90, low: 85, break: null },
  concurrency: 2,
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};
