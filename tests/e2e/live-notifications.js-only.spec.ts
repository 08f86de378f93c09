import { expect, test } from '@playwright/test';
import { apiCall, apiToken, demo, newDriver, signIn, ticketBody } from './fixtures';

// Live updates need JavaScript: the nojs project leaves this file out (playwright.config.ts).
test('a new notification reaches a second signed-in browser within 2 seconds', async ({ browser }) => {
  const driver = await newDriver();
  const ticket = await apiCall(driver.token, 'POST', '/api/ticket', ticketBody());
  const context = await browser.newContext();
  const page = await context.newPage();
  // The stream opens as soon as the page hydrates: listen for it before signing in.
  const streamOpened = page.waitForResponse((r) => r.url().includes('/resources/notifications/stream'));
  await signIn(page, driver.email, driver.password);
  const bell = page.getByRole('link', { name: /^Notificaciones:/ });
  await expect(bell).toHaveAccessibleName('Notificaciones: 0 notificaciones sin leer');
  await streamOpened;

  const operator = await apiToken(demo.operator);
  const sent = Date.now();
  await apiCall(operator, 'POST', `/api/ticket/${ticket.id}/comment`, { comment: 'Ya vamos' });
  await expect(page.getByRole('status').filter({ hasText: `Nuevo comentario en el evento ${ticket.folio}` })).toBeVisible({ timeout: 2_000 });
  await expect(bell).toHaveAccessibleName('Notificaciones: 1 notificación sin leer', { timeout: 2_000 });
  expect(Date.now() - sent).toBeLessThan(2_000);
  await context.close();
});
