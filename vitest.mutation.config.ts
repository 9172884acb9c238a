import { defineConfig } from 'vitest/config';

/**
 * The server-free tests, for the mutation run (`npm run test:mutation`): unit, the memory contract
 * suites, the HTTP suite on the in-memory adapters, and the typed client's (whose committed types
 * are compared with the document the app serves, descriptions and examples included). No database
 * is started and nothing is built.
 */
export default defineConfig({
  test: {
    name: 'server-free',
    include: ['test/unit/**/*.test.ts', 'test/contracts/memory.test.ts', 'test/http/**/*.test.ts', 'test/client/client.test.ts'],
    // The document lint checks the document's style, not the code's behaviour, and takes seconds.
    exclude: ['test/http/shared/openapi-lint.test.ts'],
    setupFiles: ['test/support/setup.ts'],
    testTimeout: 30_000,
    // The reference-model suites run once per mutant that their calls reach: a few runs each, so that
    // a mutant they kill fails fast and one that survives costs seconds, not a minute.
    env: { MODEL_RUNS: '10' },
  },
});
