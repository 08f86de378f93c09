import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, demo, labels } from './fixtures';

/**
 * The API stopped in the middle of a session. This suite runs its own API and web server
 * (free ports, its own embedded database) so stopping the API cannot disturb other tests.
 */
const root = process.cwd();
const buildDir = process.env.BUILD_DIR ?? 'build';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function waitFor(url: string, seconds: number) {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer within ${seconds}s`);
}

function start(script: string, env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, [script], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', SEED: 'demo', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr?.on('data', () => {});
  return child;
}

async function stop(child: ChildProcess | undefined) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

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
