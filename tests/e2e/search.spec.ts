import { expect, test } from '@playwright/test';
import { apiCall, apiToken, demo, ticketBody, ready, signInDirectly } from './fixtures';

// Issue 36 (decision 169): the events list's search finds every word typed, in any order.
test('a staff member types "grande bache" in the events list and finds the pothole reported as "Bache grande"', async ({ page }) => {
  const mark = `zq${Math.random().toString(36).slice(2, 8)}`;
  const { folio } = await apiCall<{ folio: string }>(await apiToken(demo.driver), 'POST', '/api/ticket', ticketBody({ description: `Bache grande en la pista derecha ${mark}` }));

  await signInDirectly(page, demo.operator);
  await page.goto('/operator/events');
  await ready(page);
  await page.getByLabel('Buscar (folio, descripción, nombre, RUT o correo)').fill(`grande ${mark.toUpperCase()} bache`);
  await page.getByRole('button', { name: 'Filtrar' }).click();
  await expect(page).toHaveURL(/q=grande/);
  await expect(page.locator('table.data-table tbody tr')).toHaveCount(1);
  await expect(page.getByRole('link', { name: folio })).toBeVisible();

  // Its sector and its short number find it too.
  const short = String(Number(folio.split('-')[2]));
  await page.getByLabel('Buscar (folio, descripción, nombre, RUT o correo)').fill(`curacavi ${mark} ${short}`);
  await page.getByRole('button', { name: 'Filtrar' }).click();
  await expect(page).toHaveURL(/q=curacavi/);
  await expect(page.getByRole('link', { name: folio })).toBeVisible();
});
