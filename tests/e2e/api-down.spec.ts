import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, demo, labels } from './fixtures';
import { startOwnProduct, type OwnProduct } from './processes';

/**
 * The API stopped in the middle of a session. This suite runs its own API and web server
 * (free ports, its own embedded database) so stopping the API cannot disturb other tests.
 */
test.describe('the API stops mid-session', () => {
  test.describe.configure({ mode: 'serial', timeout: 180_000 });

  let product: OwnProduct;
  let webURL = '';

  test.beforeAll(async ({}, testInfo) => {
    testInfo.setTimeout(150_000);
    product = await startOwnProduct(`api-down-${testInfo.project.name}`);
    webURL = product.webURL;
  });
  test.afterAll(() => product.stop());

  test('gives the 503 page in the shell, the web keeps running, and recovers', async ({ page, javaScriptEnabled }) => {
    await page.goto(`${webURL}/user/login`);
    await page.getByLabel(labels.email).fill(demo.operator);
    await page.getByLabel(labels.password, { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: labels.signIn }).click();
    await expect(page).toHaveURL(`${webURL}/operator/dashboard`);

    await product.stopApi();

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
    expect(product.web().exitCode).toBeNull();
    expect((await fetch(`${webURL}/healthz`)).status).toBe(200);
    expect((await fetch(`${webURL}/user/login`)).status).toBe(200);

    await product.startApi();

    const back = await page.goto(`${webURL}/operator/events`);
    expect(back?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Eventos');
  });
});
