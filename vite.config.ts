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
    // Two files at a time on this 2-core machine (Vitest's default leaves one core to itself): the API's tests wait on
    // their databases, servers and hashes as much as they compute (issue 38: 7.6 to 5.2 minutes, same run otherwise).
    maxWorkers: 2,
    // Each API test file starts its own database; a loaded 2-core machine needs the margin.
    hookTimeout: 60_000,
    testTimeout: 30_000,
  },
});
