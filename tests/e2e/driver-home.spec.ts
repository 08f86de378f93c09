import { expect, test } from '@playwright/test';
import { apiCall, apiToken, demo, newDriver, ready, signIn, ticketBody } from './fixtures';

/**
 * The driver's screens each do their one job (issue 36, decisions 160-162): the home puts
 * reporting first, a possible duplicate can be followed instead of filed, a closed event shows
 * its final answer, and an unknown event says so in plain Spanish. JavaScript on and off, on phones.
 */

test('a driver reports from the home in one tap, and the home shows no statistics', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 740 });
  const driver = await newDriver();
  await signIn(page, driver.email, driver.password);
  await expect(page).toHaveURL(/\/driver\/dashboard$/);
  await ready(page);
  await expect(page.getByRole('heading', { name: 'Mis reportes' })).toBeVisible();
  await expect(page.getByText('Aún no tiene reportes', { exact: false })).toBeVisible();
  await expect(page.getByText('Indicadores')).toHaveCount(0);
  const report = page.getByRole('link', { name: 'Reportar un problema en la ruta' });
  await expect(report).toBeInViewport();
  await report.click();
  await expect(page).toHaveURL(/\/driver\/events\/new$/);
});

test('a driver follows a possible duplicate instead of filing it, sees it as "Siguiendo", and can stop', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  // Someone else already reported it, on a stretch of road of this test's own.
  const km = (17 + Math.random() * 20).toFixed(1).replace('.', ',');
  const other = await newDriver();
  const theirs = await apiCall<{ folio: string }>(other.token, 'POST', '/api/ticket', ticketBody({ kilometer: km, orientation: 'SOUTH_NORTH', email: other.email }));
  const driver = await newDriver();
  await signIn(page, driver.email, driver.password);
  await page.goto('/driver/events/new');
  await ready(page);
  await page.getByLabel('Kilómetro').fill(km);
  await page.getByLabel('Orientación').selectOption('SOUTH_NORTH');
  await page.getByRole('button', { name: 'Completar sector y comuna' }).click();
  const same = page.getByRole('button', { name: `Es el mismo que ${theirs.folio}: avíseme de sus novedades` });
  await expect(same).toBeVisible();
  await same.click();

  await expect(page).toHaveURL(/\/driver\/dashboard$/);
  await expect(page.getByText(`le avisaremos de las novedades del evento ${theirs.folio}`)).toBeVisible();
  const item = page.getByRole('region', { name: 'Mis reportes' }).getByRole('listitem').filter({ hasText: theirs.folio });
  await expect(item.getByText('Siguiendo', { exact: true })).toBeVisible();
  // Only the public parts: not the other person's name or description.
  await expect(item).not.toContainText('Juan Pérez');
  await ready(page);
  await item.getByRole('button', { name: `Dejar de seguir el evento ${theirs.folio}` }).click();
  await expect(page.getByText(`Dejó de seguir el evento ${theirs.folio}`)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Mis reportes' }).getByRole('listitem').filter({ hasText: theirs.folio })).toHaveCount(0);
});

test('a closed event shows the final answer beside the reason, and what a comment there does', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 740 });
  const driver = await newDriver();
  const mine = await apiCall<{ id: number; folio: string }>(driver.token, 'POST', '/api/ticket', ticketBody({ email: driver.email }));
  const operator = await apiToken(demo.operator);
  await apiCall(operator, 'PUT', `/api/ticket/${mine.id}`, { statusCode: 'CLOSED', closureReason: 'RESOLVED', closureMessage: 'Reparamos el bache el martes.' });
  await signIn(page, driver.email, driver.password);
  // The home shows it closed, with the answer.
  const item = page.getByRole('region', { name: 'Mis reportes' }).getByRole('listitem').filter({ hasText: mine.folio });
  await expect(item).toContainText('Respuesta final');
  await expect(item).toContainText('Reparamos el bache el martes.');
  await page.goto(`/driver/events/${mine.id}`);
  await expect(page.getByText('Respuesta final')).toBeVisible();
  await expect(page.locator('dd', { hasText: 'Reparamos el bache el martes.' })).toBeVisible();
  await expect(page.getByRole('note')).toContainText('el evento sigue cerrado');
});

test('a driver’s unknown event says so in plain Spanish, with the way back to Mis reportes', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const driver = await newDriver();
  const other = await newDriver();
  const theirs = await apiCall<{ id: number }>(other.token, 'POST', '/api/ticket', ticketBody({ email: other.email }));
  await signIn(page, driver.email, driver.password);
  for (const path of [`/driver/events/${theirs.id}`, '/driver/events/999999999']) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.getByText('No encontramos ese evento entre sus reportes', { exact: false })).toBeVisible();
    await expect(page.locator('main')).not.toContainText('/api/');
    await expect(page.locator('main')).not.toContainText('contacte con el administrador');
    await page.getByRole('link', { name: 'Ir a Mis reportes' }).click();
    await expect(page).toHaveURL(/\/driver\/dashboard$/);
  }
});
