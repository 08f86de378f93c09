import { defineConfig } from 'vitest/config';

/**
 * The robustness suite (docs/decisions/131-no-request-stops-a-process.md): generated bodies sent to
 * every form action of the production build on real processes, which must answer 4xx and stay up.
 * Needs `npm run build` first; `npm test` runs it after the browser tests.
 */
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ['tests/robustness/**/*.test.ts'],
    environment: 'node',
    fileParallelism: false,
    hookTimeout: 180_000,
    testTimeout: 240_000,
  },
});
