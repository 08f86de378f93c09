import { expect, test } from '@playwright/test';
import { apiCall, demo, ticketBody, newDriver, ready, signInDirectly, signOut } from './fixtures';

/**
 * The record of who read personal data (docs/decisions/151-record-of-staff-reads.md), on a phone, with
 * JavaScript on and off: an operator opens a driver's event; the admin finds that read in the record.
 */
test.use({ viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true });

test("an operator opens a driver's event; the admin finds who read it, from the reports page", async ({ page }) => {
  const driver = await newDriver();
  const ticket = await apiCall<{ id: number; folio: string }>(driver.token, 'POST', '/api/ticket', ticketBody({ email: driver.email }));

  await signInDirectly(page, demo.operator);
  await page.goto(`/operator/events/${ticket.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(ticket.folio);
  await signOut(page);

  await signInDirectly(page, demo.admin);
  await page.goto('/admin/reports');
  await page.getByRole('link', { name: /registro de accesos a datos personales/i }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Registro de accesos a datos personales' })).toBeVisible();
  await ready(page);

  const search = page.getByRole('search', { name: 'Buscar en el registro' });
  await search.getByLabel('De quién (correo, RUT o identificador)').fill(driver.email);
  await search.getByLabel('Folio del evento').fill(ticket.folio);
  await search.getByRole('button', { name: 'Buscar' }).click();
  await expect(page).toHaveURL(/folio=/);
  // The read is written within about a second of the page view (batched): the search may need a second look.
  // Other specs running meanwhile may open the newest events too: the operator's read is the one looked for.
  const row = page.locator('tbody tr', { hasText: ticket.folio }).filter({ hasText: '(Operador)' });
  await expect(async () => {
    if ((await row.count()) === 0) await page.reload();
    await expect(row).toHaveCount(1, { timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
  await expect(row).toContainText('(Operador)');
  await expect(row).toContainText('Prueba Conductor');
  await expect(row).toContainText('Evento con datos de contacto');
  // A card on a phone: nothing scrolls sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // An unknown person is said beside the form, which keeps what was typed.
  await page.goto('/admin/privacy/access?subject=nadie%40correo.cl');
  await expect(page.getByRole('alert')).toContainText('No hay una persona con ese correo, RUT o identificador');
  await expect(page.getByLabel('De quién (correo, RUT o identificador)')).toHaveValue('nadie@correo.cl');
});

test('operators do not have the record', async ({ page }) => {
  await signInDirectly(page, demo.operator);
  const response = await page.goto('/operator/privacy/access');
  expect(response?.status()).toBe(404);
  await page.goto('/operator/reports');
  await expect(page.getByRole('link', { name: /registro de accesos/i })).toHaveCount(0);
});

test.describe('at 320 px', () => {
  test.use({ viewport: { width: 320, height: 700 } });
  test('the inspector reads the record from the reports page; nothing scrolls sideways', async ({ page }) => {
    await signInDirectly(page, demo.inspector);
    await page.goto('/inspector/reports');
    await page.getByRole('link', { name: /registro de accesos a datos personales/i }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Registro de accesos a datos personales' })).toBeVisible();
    await expect(page.getByRole('search', { name: 'Buscar en el registro' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  });
});
