import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { demo, hydrated, signInDirectly, signOut } from './fixtures';
import { demoAxisPosition } from '../../api/platform/db/seed/road-axis';

/**
 * "Usar mi ubicación" on a phone (issue 35, decision 157): the position the test gives the browser
 * lies on the demo axis the seed generates, so the expected kilometre, sector and commune are known.
 */
test.use({ viewport: { width: 360, height: 800 }, isMobile: true, hasTouch: true });

const texts = {
  use: 'Usar mi ubicación',
  send: 'Enviar mi ubicación con el reporte',
};

async function openForm(page: Page, context: BrowserContext, position: { lat: number; lon: number }, accuracy = 10) {
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation({ latitude: position.lat, longitude: position.lon, accuracy });
  await signInDirectly(page, demo.driver);
  await page.goto('/driver/events/new');
  await hydrated(page);
}

test('a position on the demo axis fills kilometre, orientation, sector and commune, and says the distance', async ({ page, context }) => {
  // km 45,2 of the carriageway towards Santiago, 30 m outside it: Cuesta Zapata, Curacaví.
  await openForm(page, context, demoAxisPosition('SOUTH_NORTH', 45.2, 30));
  await expect(page.getByLabel(texts.send)).toBeDisabled();
  await page.getByRole('button', { name: texts.use }).click();
  await expect(page.getByRole('status').filter({ hasText: 'de la ruta' })).toHaveText(/Está a 3\d m de la ruta, km 45,2\./);
  await expect(page.getByLabel('Kilómetro')).toHaveValue('45,2');
  await expect(page.getByLabel('Orientación')).toHaveValue('SOUTH_NORTH');
  await expect(page.getByLabel('Orientación').locator('option:checked')).toHaveText('Sur a Norte (hacia Santiago)');
  await expect(page.getByLabel('Sector')).toHaveValue('Cuesta Zapata');
  await expect(page.getByLabel('Comuna')).toHaveValue('Curacaví');
  await expect(page.getByLabel(texts.send)).toBeEnabled();
  await expect(page.getByLabel(texts.send)).not.toBeChecked();
});

test('a position 2 km from the road is refused', async ({ page, context }) => {
  await openForm(page, context, demoAxisPosition('NORTH_SOUTH', 70, 2000));
  await page.getByRole('button', { name: texts.use }).click();
  await expect(page.getByRole('status').filter({ hasText: 'de la ruta' })).toHaveText(/Está a \d[\d.]* m de la ruta: más de 500 m\. Escriba el kilómetro\./);
  await expect(page.getByLabel('Kilómetro')).toHaveValue('');
  await expect(page.getByLabel(texts.send)).toBeDisabled();
});

test('a position accurate to 500 m is refused', async ({ page, context }) => {
  await openForm(page, context, demoAxisPosition('NORTH_SOUTH', 70), 500);
  await page.getByRole('button', { name: texts.use }).click();
  await expect(page.getByRole('status').filter({ hasText: 'imprecisa' })).toContainText('±500 m; se necesita ±200 m o mejor');
  await expect(page.getByLabel('Kilómetro')).toHaveValue('');
});

async function report(page: Page, description: string, send: boolean) {
  await page.getByLabel('Clasificación').selectOption({ label: 'Reclamo · Estado del pavimento' });
  await page.getByLabel('Descripción').fill(description);
  await page.getByRole('button', { name: texts.use }).click();
  await expect(page.getByLabel('Kilómetro')).toHaveValue('20,5');
  if (send) await page.getByLabel(texts.send).check();
  await page.getByRole('button', { name: 'Registrar evento' }).click();
  // The possible duplicates at this place are shown first: then the form is sent again.
  const again = page.getByRole('button', { name: 'Registrar evento' });
  await page.waitForURL(/\/driver\/events\/\d+$/, { timeout: 3_000 }).catch(async () => again.click());
  await page.waitForURL(/\/driver\/events\/\d+$/);
  return page.url().replace(/^.*\/driver\//, '/operator/');
}

test('with "Enviar mi ubicación" ticked the staff see the coordinates and a map link; unticked nothing is stored', async ({ page, context }) => {
  const position = demoAxisPosition('NORTH_SOUTH', 20.5);
  await openForm(page, context, position);
  const sent = await report(page, `Bache con ubicación ${Date.now()}`, true);
  await page.goto('/driver/events/new');
  await hydrated(page);
  const unsent = await report(page, `Bache sin ubicación ${Date.now()}`, false);
  await signOut(page);
  await signInDirectly(page, demo.operator);
  await page.goto(sent);
  const link = page.getByRole('link', { name: 'Ver en el mapa' });
  await expect(page.getByText(`${position.lat.toFixed(6)}, ${position.lon.toFixed(6)} (±10 m)`)).toBeVisible();
  await expect(link).toHaveAttribute('href', new RegExp(`^https://www\\.openstreetmap\\.org/\\?mlat=${position.lat.toFixed(6)}&mlon=${position.lon.toFixed(6)}#map=17/`));
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  await page.goto(unsent);
  await expect(page.getByText('Ubicación del teléfono')).toHaveCount(0);
});
