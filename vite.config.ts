/// <reference types="vitest/config" />
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

// Vitest loads this file too, where the React Router plugin is not wanted.
const isVitest = process.env.VITEST === 'true';

export default defineConfig({
  plugins: isVitest ? [] : [reactRouter()],
  resolve: { tsconfigPaths: true },
  test: {
    include: ['app/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'scripts/**/*.test.ts', 'api/**/*.test.ts', 'contract/**/*.test.ts', 'bench/*.test.ts'],
    environment: 'node',
    // The migrations and demo accounts once per run, copied by every API test file (api/test/template-database.ts).
    globalSetup: ['api/test/template-database.ts'],
    // Each API test file starts its own database; a loaded 2-core machine needs the margin.
    hookTimeout: 60_000,
    testTimeout: 30_000,
  },
});
