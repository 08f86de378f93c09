import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, demo, labels, ready, ticketBody } from './fixtures';
import { startOwnProduct, type OwnProduct } from './processes';

/**
 * A driver past their events-per-hour limit (docs/decisions/134-write-quotas-digests-and-stored-previews.md)
 * sees the API's Spanish 429 on the form, with everything they typed kept, on a phone, with and
 * without JavaScript. Its own API (one event an hour) so the shared one's limits stay out of reach.
 */
test.describe('the write limit on the new-event form', () => {
  test.describe.configure({ mode: 'serial', timeout: 180_000 });
  test.use({ viewport: { width: 360, height: 740 } });

  let product: OwnProduct;

  test.beforeAll(async ({}, testInfo) => {
    testInfo.setTimeout(150_000);
    product = await startOwnProduct(`write-quotas-${testInfo.project.name}`, { QUOTA_EVENTS_PER_HOUR: '1' });
  });
  test.afterAll(() => product.stop());

  test('says which limit and when to try again, keeping what was typed', async ({ page }) => {
    // The hour's one event, made through the API.
    const auth = await fetch(`${product.apiURL}/api/auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: demo.driver, password: DEMO_PASSWORD, providerId: 'email', tokenId: '' }),
    });
    const token = auth.headers.get('authorization')!;
    const first = await fetch(`${product.apiURL}/api/ticket`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: token },
      body: JSON.stringify(ticketBody()),
    });
    expect(first.status).toBe(201);

    await page.goto(`${product.webURL}/user/login`);
    await page.getByLabel(labels.email).fill(demo.driver);
    await page.getByLabel(labels.password, { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: labels.signIn }).click();
    await expect(page).not.toHaveURL(/\/user\/login/);

    await page.goto(`${product.webURL}/driver/events/new`);
    await ready(page);
    const description = 'Bache que vuelve a aparecer frente al peaje';
    await page.getByLabel('Clasificación').selectOption({ label: 'Reclamo · Estado del pavimento' });
    await page.getByLabel('Descripción').fill(description);
    await page.getByLabel('Kilómetro').fill('31,7');
    await page.getByLabel('Orientación').selectOption({ label: 'Norte a Sur (hacia Valparaíso)' });
    await page.getByLabel('Nombre completo').fill('Ana Soto');
    await page.getByLabel('RUT').fill('12.345.678-5');
    await page.getByLabel('Teléfono').fill('+56 9 1234 5678');
    await page.getByRole('button', { name: 'Completar sector y comuna' }).click();
    await expect(page.getByLabel('Sector')).not.toHaveValue('');
    await page.getByRole('button', { name: 'Registrar evento' }).click();

    await expect(page.getByText(/Alcanzó el máximo de 1 eventos por hora\. Podrá crear otro en \d+ minutos?\./)).toBeVisible();
    await expect(page).toHaveURL(/\/driver\/events\/new$/);
    await expect(page.getByLabel('Descripción')).toHaveValue(description);
    await expect(page.getByLabel('Kilómetro')).toHaveValue('31,7');
    await expect(page.getByLabel('Nombre completo')).toHaveValue('Ana Soto');
    await expect(page.getByLabel('RUT')).toHaveValue('12.345.678-5');
    // Nothing overflows the phone's width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});
