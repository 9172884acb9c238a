// The fast loop (npm run test:unit, npm run watch): the domain and use cases, every port's contract
// on its in-memory adapter, and the HTTP suite on memory. No server is started and nothing is built;
// `npm test` runs these and everything else.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'unit',
    include: ['test/unit/**/*.test.ts', 'test/contracts/memory.test.ts', 'test/http/**/*.test.ts'],
    setupFiles: ['test/support/setup.ts'],
    testTimeout: 30_000,
  },
});
