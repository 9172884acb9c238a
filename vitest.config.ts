import { defineConfig } from 'vitest/config';

const shared = {
  setupFiles: ['test/support/setup.ts'],
  globalSetup: ['test/support/global-setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

export default defineConfig({
  test: {
    projects: [
      // Everything, with the HTTP suite on the in-memory adapters; integration suites use real servers.
      { test: { ...shared, name: 'main', include: ['test/**/*.test.ts'] } },
      // The HTTP suite once more, end to end on MongoDB plus Redis through the production wiring.
      {
        test: {
          ...shared,
          name: 'http on mongo+redis',
          include: ['test/http/**/*.test.ts'],
          // The document does not depend on the adapters; linting it once is enough.
          exclude: ['test/http/shared/openapi-lint.test.ts'],
          env: { TEST_ADAPTERS: 'mongo+redis' },
          setupFiles: [...shared.setupFiles, 'test/support/require-backends.ts'],
        },
      },
    ],
  },
});
