import { expect, test } from '@playwright/test';
import { apiCall, apiToken, demo, ticketBody, newDriver, ready, signIn, signInDirectly } from './fixtures';

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
  await signInDirectly(page, driver.email, driver.password);
  await page.goto('/driver/events/new');
  await ready(page);
  const javaScript = test.info().project.use.javaScriptEnabled !== false;
  await page.getByLabel('Descripción').fill('Un bache grande en la pista derecha');
  await page.getByLabel('Kilómetro').fill(km);
  await page.getByLabel('Orientación').selectOption('SOUTH_NORTH');
  await page.getByRole('button', { name: 'Completar sector y comuna' }).click();
  const same = page.getByRole('button', { name: `Es el mismo que ${theirs.folio}: avíseme de sus novedades` });
  await expect(same).toBeVisible();
  // With JavaScript what they typed is kept on the device as a draft meanwhile (decision 138).
  if (javaScript) await expect(page.getByText('Borrador guardado')).toBeVisible();
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

  // The abandoned report does not come back on the next new-event form (its draft was forgotten).
  await page.goto('/driver/events/new');
  await ready(page);
  await page.waitForTimeout(500);
  await expect(page.getByLabel('Descripción')).toHaveValue('');
});

test('a follower’s notification opens Mis reportes at the followed event, not a page they cannot see', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 740 });
  const other = await newDriver();
  const theirs = await apiCall<{ id: number; folio: string }>(other.token, 'POST', '/api/ticket', ticketBody({ email: other.email }));
  const driver = await newDriver();
  await apiCall(driver.token, 'PUT', `/api/ticket/follow/${theirs.folio}`);
  const operator = await apiToken(demo.operator);
  await apiCall(operator, 'POST', `/api/ticket/${theirs.id}/comment`, { comment: 'Una cuadrilla va en camino.' });
  await signInDirectly(page, driver.email, driver.password);
  await page.goto('/driver/notifications');
  await ready(page);
  await page.getByRole('button', { name: `Ver evento ${theirs.folio}` }).first().click();
  await expect(page).toHaveURL(new RegExp(`/driver/dashboard#report-${theirs.folio}$`));
  const item = page.locator(`#report-${theirs.folio}`);
  await expect(item).toBeVisible();
  await expect(item).toContainText('Siguiendo');
  await expect(item).toContainText('Una cuadrilla va en camino.');
  await expect(page.getByText('No encontramos ese evento')).toHaveCount(0);
});

test('the new-event form says each classification in plain words, the options keep their names', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 740 });
  const driver = await newDriver();
  await signInDirectly(page, driver.email, driver.password);
  await page.goto('/driver/events/new');
  await ready(page);
  await expect(page.getByLabel('Clasificación').locator('option', { hasText: 'Estado del pavimento' })).toHaveCount(1);
  await page.getByText('¿Cuál elegir? Ejemplos de cada clasificación').click();
  const help = page.locator('.classification-help');
  await expect(help.getByText('Estado del pavimento')).toBeVisible();
  await expect(help.locator('dt', { hasText: 'Estado del pavimento' }).locator('+ dd')).toContainText('bache');
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
