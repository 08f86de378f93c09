/// <reference types="vitest/config" />
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

// Vitest loads this file too, where the React Router plugin is not wanted.
const isVitest = process.env.VITEST === 'true';

export default defineConfig({
  plugins: isVitest ? [] : [reactRouter()],
  resolve: { tsconfigPaths: true },
  test: {
    environment: 'node',
    projects: [
      // The web app's tests, each file in a fresh module graph: they share globals (an IndexedDB, a window). The one file
      // that runs the API (the outbox's property test) migrates its own database.
      { extends: true, test: { name: 'app', include: ['app/**/*.test.{ts,tsx}'] } },
      // The API's, the contract's and the tools' tests share one module graph per worker instead of importing the API
      // again for every file: each file builds its own API, database and servers (api/test/helper.ts), and nothing they
      // keep between files is global (issue 38, decision 187: 6:10 to about 3:30 for the stage).
      {
        extends: true,
        test: {
          name: 'server',
          include: ['server/**/*.test.ts', 'scripts/**/*.test.ts', 'api/**/*.test.ts', 'contract/**/*.test.ts', 'bench/*.test.ts'],
          isolate: false,
          // The migrations and demo accounts once per run, copied by every API test file (api/test/template-database.ts).
          globalSetup: ['api/test/template-database.ts'],
        },
      },
    ],
    // Two files at a time on this 2-core machine (Vitest's default leaves one core to itself): the API's tests wait on
    // their databases, servers and hashes as much as they compute (issue 38: 7.6 to 5.2 minutes, same run otherwise).
    maxWorkers: 2,
    // Each API test file starts its own database; a loaded 2-core machine needs the margin.
    hookTimeout: 60_000,
    testTimeout: 30_000,
  },
});
