import { expect, test, type Page } from '@playwright/test';
import { apiCall, apiToken, demo, newDriver, signIn, ticketBody } from './fixtures';

/**
 * The bell keeps listening whatever happens to its stream (docs/decisions/142-live-notifications-that-heal.md):
 * a 503 makes the browser's EventSource give up for good, so the bell opens it again with a
 * back-off, reads what it missed, and the next notifications arrive without a reload. Live
 * updates need JavaScript: the nojs project leaves this file out (playwright.config.ts).
 */
const STREAM = '**/resources/notifications/stream';

/** The stream answers 503 (as when the API or its database is down) the first `failures` times. */
async function failStream(page: Page, failures: number) {
  const attempts: number[] = [];
  await page.route(STREAM, async (route) => {
    attempts.push(Date.now());
    if (attempts.length <= failures) {
      await route.fulfill({ status: 503, headers: { 'retry-after': '5', 'content-type': 'text/plain; charset=utf-8' }, body: 'Servicio no disponible' });
    } else {
      await route.continue();
    }
  });
  return attempts;
}

for (const [screen, viewport] of [
  ['desktop', { width: 1280, height: 800 }],
  ['a 360 px phone', { width: 360, height: 740 }],
] as const) {
  test.describe(`on ${screen}`, () => {
    test.use({ viewport });

    test('after the stream answered 503 twice, the bell reconnects by itself, shows what it missed, and live notifications arrive again without a reload', async ({ page }) => {
      const driver = await newDriver();
      const ticket = await apiCall(driver.token, 'POST', '/api/ticket', ticketBody());
      const operator = await apiToken(demo.operator);
      const attempts = await failStream(page, 2);
      const recovered = page.waitForResponse((r) => r.url().includes('/resources/notifications/stream') && r.status() === 200, { timeout: 15_000 });

      await signIn(page, driver.email, driver.password);
      const bell = page.getByRole('link', { name: /^Notificaciones:/ });
      await expect(bell).toHaveAccessibleName('Notificaciones: 0 notificaciones sin leer');
      // A mark on this page: gone if anything reloaded it.
      await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));

      // While the stream is refused, a notification is raised: the browser is told nothing yet.
      await expect.poll(() => attempts.length).toBeGreaterThanOrEqual(1);
      await apiCall(operator, 'POST', `/api/ticket/${ticket.id}/comment`, { comment: 'Primera respuesta' });

      // The third attempt passes: its `ready` brings the count of what was missed.
      await recovered;
      expect(attempts.length).toBe(3);
      // Backed off: the retries were spread, not immediate.
      expect(attempts[2]! - attempts[0]!).toBeGreaterThanOrEqual(1_000);
      await expect(bell).toHaveAccessibleName('Notificaciones: 1 notificación sin leer');

      // And the stream is live again: the next one shows at once, as a toast and in the badge.
      await apiCall(operator, 'POST', `/api/ticket/${ticket.id}/comment`, { comment: 'Segunda respuesta' });
      await expect(page.getByRole('status').filter({ hasText: `Nuevo comentario en el evento ${ticket.folio}` })).toBeVisible({ timeout: 3_000 });
      await expect(bell).toHaveAccessibleName('Notificaciones: 2 notificaciones sin leer', { timeout: 3_000 });
      expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    });
  });
}

test('a tab that comes back online reconnects at once instead of waiting out its back-off', async ({ page, context }) => {
  const driver = await newDriver();
  const ticket = await apiCall(driver.token, 'POST', '/api/ticket', ticketBody());
  const operator = await apiToken(demo.operator);
  // Refused long enough that the back-off grows to several seconds.
  const attempts = await failStream(page, 4);
  await signIn(page, driver.email, driver.password);
  const bell = page.getByRole('link', { name: /^Notificaciones:/ });
  await expect.poll(() => attempts.length, { timeout: 10_000 }).toBe(4);
  // The next retry is 4-8 s away; the device comes back online now.
  const recovered = page.waitForResponse((r) => r.url().includes('/resources/notifications/stream') && r.status() === 200, { timeout: 2_000 });
  await context.setOffline(true);
  await context.setOffline(false);
  await recovered;
  await apiCall(operator, 'POST', `/api/ticket/${ticket.id}/comment`, { comment: 'De vuelta' });
  await expect(bell).toHaveAccessibleName('Notificaciones: 1 notificación sin leer', { timeout: 3_000 });
});
