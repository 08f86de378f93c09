import { defineConfig, devices } from '@playwright/test';

/** Ports of their own, so the suite can run beside a started product. */
export const E2E_WEB_PORT = Number(process.env.E2E_WEB_PORT ?? 3310);
export const E2E_API_PORT = Number(process.env.E2E_API_PORT ?? 4310);
const buildDir = process.env.BUILD_DIR ?? 'build';
// Outside test-results/, which Playwright empties when a run starts.
const dataDir = `.e2e-data/api-${E2E_API_PORT}`;
const baseURL = `http://127.0.0.1:${E2E_WEB_PORT}`;
/**
 * Each process appends what it writes to a file of its own for the suite-wide log check
 * (scripts/check-logs.mjs, docs/decisions/145-logs-keep-the-cause-not-the-person.md).
 */
const logTo = (role: string, port: number) => `mkdir -p .test-reports/logs && exec >>.test-reports/logs/e2e-${role}-${port}.log 2>&1 &&`;

/**
 * Every spec shares the demo accounts of one API for a whole run: their write limits are raised
 * so they never meet them (tests/e2e/write-quotas.spec.ts proves the limits on a product of its own).
 */
const sharedDemoQuotas = { QUOTA_EVENTS_PER_HOUR: '1000', QUOTA_EVENTS_PER_DAY: '10000', QUOTA_COMMENTS_PER_MINUTE: '1000' };

const chromium = {
  ...devices['Desktop Chrome'],
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  },
};

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  // Every page registers the service worker (decision 139), and page.route never sees what a worker
  // answers: specs that intercept requests would race its activation. The specs about the worker
  // itself allow it (tests/e2e/offline-outbox.js-only.spec.ts, sign-out-device.js-only.spec.ts).
  use: { baseURL, trace: 'off', locale: 'es-CL', timezoneId: 'America/Santiago', serviceWorkers: 'block' },
  projects: [
    { name: 'js', use: { ...chromium, javaScriptEnabled: true } },
    // Files named *.js-only.spec.ts test what only exists with JavaScript (live updates).
    // Tests tagged @http-only (tests/e2e/fixtures.ts HTTP_ONLY) open no page: once, in the project above, is enough.
    { name: 'nojs', use: { ...chromium, javaScriptEnabled: false }, testIgnore: /\.js-only\.spec\.ts$/, grepInvert: /@http-only/ },
  ],
  webServer: [
    {
      // A fresh embedded database with the demo data for every run.
      command: `${logTo('api', E2E_API_PORT)} rm -rf ${dataDir} && exec node ${buildDir}/api/server.mjs`,
      url: `http://127.0.0.1:${E2E_API_PORT}/api/health`,
      // TOTP_ENCRYPTION_KEYS: a test-only key (production requires one; decision 152).
      env: { API_PORT: String(E2E_API_PORT), DATA_DIR: dataDir, NODE_ENV: 'production', SEED: 'demo', LOG_LEVEL: 'warn', TWO_STEP_ROLES: '', TOTP_ENCRYPTION_KEYS: 'e2e:BwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwc=', ...sharedDemoQuotas },
      reuseExistingServer: false,
      timeout: 90_000,
    },
    {
      command: `${logTo('web', E2E_WEB_PORT)} exec node server/web.mjs`,
      url: `${baseURL}/user/login`,
      env: {
        PORT: String(E2E_WEB_PORT),
        NODE_ENV: 'production',
        SESSION_SECRET: 'e2e-only-secret-0123456789abcdef',
        CONCESSION_API_URL: `http://127.0.0.1:${E2E_API_PORT}`,
        BUILD_DIR: buildDir,
        // Tests act as distinct visitors (X-Forwarded-For), as a reverse proxy on this machine would
        // say, so per-address API limits do not leak between tests (decision 042).
        WEB_TRUSTED_PROXIES: '127.0.0.1,::1',
      },
      reuseExistingServer: false,
      timeout: 60_000,
    },
  ],
});
