import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { apiCall, demo, ticketBody, newDriver, ready, signInDirectly } from './fixtures';

/** What the screens say: sentences, Spanish labels and the catalogue's own messages. */

/** A small real photo (the preview is made from it on the server). */
const photo = async () => ({
  name: 'bache.png',
  mimeType: 'image/png',
  buffer: await sharp({ create: { width: 240, height: 160, channels: 3, background: '#b44' } }).png().toBuffer(),
});

test('the history reads as sentences and the attachments name their uploader with a preview', async ({ page }) => {
  const driver = await newDriver();
  const ticket = await apiCall<{ id: number }>(driver.token, 'POST', '/api/ticket', ticketBody({ email: driver.email }));
  await signInDirectly(page, driver.email, driver.password);
  await page.goto(`/driver/events/${ticket.id}`);
  await ready(page);

  await page.getByLabel('Nuevo comentario').fill('Sigue el bache, ahora más grande.');
  await page.getByRole('button', { name: 'Comentar' }).click();
  await expect(page.locator('.toast', { hasText: 'Comentario guardado' })).toBeVisible();

  await ready(page);
  await page.locator('form#adjuntar').getByLabel(/^Archivos/).setInputFiles(await photo());
  await page.getByRole('button', { name: 'Cargar archivos' }).click();
  // A toast without JavaScript; with it, the attach form's own live status (decision 155).
  await expect(page.locator('.toast, form#adjuntar [role=status]').filter({ hasText: 'Archivo cargado correctamente' })).toBeVisible({ timeout: 20_000 });

  const history = page.locator('.timeline');
  await expect(history).toContainText('Registró el evento');
  await expect(history).toContainText('Comentó');
  await expect(history).toContainText('Adjuntó bache.png');
  // Never a field's name, an id or JSON.
  await expect(history).not.toContainText('attachments');
  await expect(history).not.toContainText('[');
  await expect(history).not.toContainText('comment:');

  const row = page.locator('.data-table tbody tr', { hasText: 'bache.png' });
  await expect(row).toContainText('Prueba Conductor');
  const preview = row.locator('img.attachment-preview');
  await expect(preview).toBeVisible();
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
});

test('the sort list and the filters read in Spanish, with how many filters are on', async ({ page }) => {
  await signInDirectly(page, demo.operator);
  await page.goto('/operator/events?status=NEW&sort=dueAt:asc');
  const sort = page.getByLabel('Orden');
  await expect(sort.locator('option')).toHaveText(['Más recientes primero', 'Más antiguos primero', 'Vencimiento más próximo', 'Por kilómetro']);
  await expect(sort).toHaveValue('dueAt:asc');
  const filters = page.locator('details.filters-more');
  await expect(filters.locator('summary')).toHaveText('Filtros (1 activo)');
  await expect(page.getByRole('combobox', { name: 'Estado', exact: true })).toBeHidden();
  await filters.locator('summary').click();
  await expect(page.getByRole('combobox', { name: 'Estado', exact: true })).toBeVisible();
  await page.goto('/operator/events?status=NEW&type=CLAIM&orientation=NORTH_SOUTH');
  await expect(page.locator('details.filters-more summary')).toHaveText('Filtros (3 activos)');
  await page.goto('/operator/events');
  await expect(page.locator('details.filters-more summary')).toHaveText('Filtros');
});

/** Every form with a required field leaves the checking to the catalogue's messages. */
async function expectNoValidate(page: Page) {
  const checked = page.locator('form:has([required], [aria-required="true"])');
  expect(await checked.count()).toBeGreaterThan(0);
  for (const form of await checked.all()) await expect(form).toHaveAttribute('novalidate', '');
}

test('validation messages are the catalogue\'s, never the browser\'s bubbles', async ({ page }) => {
  await page.goto('/user/login');
  await ready(page);
  await expect(page.locator('form:has([required])').first()).toHaveAttribute('novalidate', '');
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page.getByText('El correo es requerido').last()).toBeVisible();
  await expect(page.getByText('La contraseña es requerida').last()).toBeVisible();

  const driver = await newDriver();
  const ticket = await apiCall<{ id: number }>(driver.token, 'POST', '/api/ticket', ticketBody({ email: driver.email }));
  await page.getByLabel('Correo electrónico').fill(driver.email);
  await page.getByLabel('Contraseña', { exact: true }).fill(driver.password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page).not.toHaveURL(/login/);

  await page.goto('/driver/events/new');
  await ready(page);
  await page.getByLabel('Descripción').fill('');
  await page.getByRole('button', { name: 'Registrar evento' }).click();
  await expect(page.getByText('La descripción es requerida').last()).toBeVisible();
  await expectNoValidate(page);

  // An upload without a file: the Spanish message, not "Please select a file."
  await page.goto(`/driver/events/${ticket.id}`);
  await ready(page);
  await page.getByRole('button', { name: 'Cargar archivos' }).click();
  await expect(page.locator('.toast--error').first()).toContainText(/Seleccione al menos un archivo|archivo/);
  await expectNoValidate(page);
});
