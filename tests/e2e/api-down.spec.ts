import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, demo, labels } from './fixtures';
import { buildDir, freePort, start, stop, waitFor } from './processes';

/**
 * The API stopped in the middle of a session. This suite runs its own API and web server
 * (free ports, its own embedded database) so stopping the API cannot disturb other tests.
 */
test.describe('the API stops mid-session', () => {
  test.describe.configure({ mode: 'serial', timeout: 180_000 });

  let api: ChildProcess | undefined;
  let web: ChildProcess | undefined;
  let apiEnv: Record<string, string>;
  let webURL = '';
  let dataDir = '';

  test.beforeAll(async ({}, testInfo) => {
    testInfo.setTimeout(150_000);
    const [apiPort, webPort] = [await freePort(), await freePort()];
    // Outside test-results/, which any Playwright run starting meanwhile empties.
    dataDir = await mkdtemp(path.join(tmpdir(), `api-down-${testInfo.project.name}-`));
    apiEnv = { API_PORT: String(apiPort), DATA_DIR: dataDir };
    api = start(`${buildDir}/api/server.mjs`, apiEnv);
    web = start('server/web.mjs', {
      PORT: String(webPort),
      HOST: '127.0.0.1',
      BUILD_DIR: buildDir,
      SESSION_SECRET: 'api-down-only-secret-0123456789abcdef',
      CONCESSION_API_URL: `http://127.0.0.1:${apiPort}`,
    });
    webURL = `http://127.0.0.1:${webPort}`;
    await Promise.all([waitFor(`http://127.0.0.1:${apiPort}/api/health`, 120), waitFor(`${webURL}/healthz`, 60)]);
  });

  test.afterAll(async () => {
    await Promise.all([stop(api), stop(web)]);
    await rm(dataDir, { recursive: true, force: true });
  });

  test('gives the 503 page in the shell, the web keeps running, and recovers', async ({ page, javaScriptEnabled }) => {
    await page.goto(`${webURL}/user/login`);
    await page.getByLabel(labels.email).fill(demo.operator);
    await page.getByLabel(labels.password, { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: labels.signIn }).click();
    await expect(page).toHaveURL(`${webURL}/operator/dashboard`);

    await stop(api);

    const down = await page.goto(`${webURL}/operator/events`);
    expect(down?.status()).toBe(503);
    expect(down?.headers()['retry-after']).toBe('5');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Servicio no disponible');
    await expect(page.getByRole('navigation', { name: 'Menú principal' })).toBeVisible();
    const html = await down!.text();
    expect(html).not.toMatch(/ECONNREFUSED|fetch failed|at [\w.]+ \(/);

    // Again, and by a client-side navigation with JavaScript: the same page, the same web process.
    if (javaScriptEnabled) {
      await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Reportes' }).click();
      await expect(page).toHaveURL(`${webURL}/operator/reports`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Servicio no disponible');
    } else {
      expect((await page.goto(`${webURL}/operator/reports`))?.status()).toBe(503);
    }
    expect(web?.exitCode).toBeNull();
    expect((await fetch(`${webURL}/healthz`)).status).toBe(200);
    expect((await fetch(`${webURL}/user/login`)).status).toBe(200);

    api = start(`${buildDir}/api/server.mjs`, apiEnv);
    await waitFor(`http://127.0.0.1:${apiEnv.API_PORT}/api/health`, 120);

    const back = await page.goto(`${webURL}/operator/events`);
    expect(back?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Eventos');
  });
});
