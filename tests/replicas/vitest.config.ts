import { defineConfig } from 'vitest/config';

/**
 * The replicas suite (docs/decisions/112-replicas.md): API and web processes of the production build on the real
 * PostgreSQL. One file at a time: each starts a deployment of its own.
 */
export default defineConfig({
  test: {
    include: ['tests/replicas/**/*.test.ts'],
    environment: 'node',
    fileParallelism: false,
    hookTimeout: 180_000,
    testTimeout: 60_000,
  },
});
