import { defineConfig } from 'vitest/config';

/**
 * The replicas suite (docs/decisions/112-replicas.md): API and web processes of the production build on the real
 * PostgreSQL. One file at a time: each starts a deployment of its own.
 */
export default defineConfig({
  // The API's own modules (sweeps, stores) are called from the tests: their @contract/... imports resolve.
  resolve: { tsconfigPaths: true },
  test: {
    include: ['tests/replicas/**/*.test.ts'],
    environment: 'node',
    fileParallelism: false,
    hookTimeout: 180_000,
    testTimeout: 60_000,
  },
});
