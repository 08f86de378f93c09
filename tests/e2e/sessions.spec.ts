import { expect, test, type Browser } from '@playwright/test';
import { demo, newDriver, ready, signIn, signInDirectly } from './fixtures';

/**
 * Sessions (docs/security.md, V7.5.2 and V7.4.5): a user sees where their account is open and ends sessions; an admin
 * ends all of a user's.
 */

const PHONE_UA = 'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36';

/** Another device of the same person, with the project's JavaScript setting. */
async function otherDevice(browser: Browser, address: string) {
  const context = await browser.newContext({
    userAgent: PHONE_UA,
    extraHTTPHeaders: { 'x-forwarded-for': address },
    javaScriptEnabled: test.info().project.use.javaScriptEnabled,
  });
  return { context, page: await context.newPage() };
}

test('a driver sees their open sessions and ends the one on another device', async ({ page, browser }) => {
  const driver = await newDriver();
  await signIn(page, driver.email, driver.password);
  const phone = await otherDevice(browser, '10.45.0.9');
  await signIn(phone.page, driver.email, driver.password);

  await page.goto('/driver/profile');
  const panel = page.locator('section[aria-labelledby="sessions-title"]');
  await expect(panel.getByRole('heading', { name: 'Sesiones activas' })).toBeVisible();
  const current = panel.locator('li.session', { hasText: 'Esta sesión' });
  await expect(current).toHaveCount(1);
  const onPhone = panel.locator('li.session', { hasText: 'Chrome 156 en Android 14' });
  await expect(onPhone).toContainText('Dirección IP 10.45.0.9');
  await expect(onPhone).toContainText(/último uso \d{2}-\d{2}-\d{4} \d{2}:\d{2}/);

  await ready(page);
  await onPhone.getByRole('button', { name: 'Cerrar la sesión de Chrome 156 en Android 14' }).click();
  await expect(page.locator('.toast', { hasText: 'La sesión se cerró' })).toBeVisible();
  await expect(panel.locator('li.session', { hasText: 'Chrome 156 en Android 14' })).toHaveCount(0);
  // The test's own API session is still open elsewhere: all the others end at once.
  await expect(panel.locator('li.session')).toHaveCount(2);
  await ready(page);
  await panel.getByRole('button', { name: 'Cerrar las demás sesiones' }).click();
  await expect(page.locator('.toast', { hasText: 'Sus otras sesiones se cerraron' })).toBeVisible();
  await expect(panel.locator('li.session')).toHaveCount(1);
  await expect(panel).toContainText('No tiene otras sesiones abiertas.');

  // The phone's next page asks to sign in again; this one goes on.
  await phone.page.goto('/driver/events');
  await expect(phone.page).toHaveURL(/\/user\/login/);
  await page.goto('/driver/events');
  await expect(page).toHaveURL(/\/driver\/events/);
  await phone.context.close();
});

test('an admin ends every session of a user after a confirmation', async ({ page, browser }) => {
  const driver = await newDriver();
  const phone = await otherDevice(browser, '10.45.0.10');
  await signIn(phone.page, driver.email, driver.password);

  await signInDirectly(page, demo.admin);
  await page.goto(`/admin/users/${driver.id}/edit`);
  await ready(page);
  await page.getByRole('link', { name: 'Cerrar todas sus sesiones' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('¿Cerrar todas las sesiones de Prueba Conductor?');
  await expect(page.locator('.confirm-note')).toContainText(driver.email);
  await ready(page);
  await page.getByRole('button', { name: 'Cerrar sesiones' }).click();
  await expect(page.locator('.toast', { hasText: 'Se cerraron todas las sesiones del usuario' })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/users/);

  await phone.page.goto('/driver/events');
  await expect(phone.page).toHaveURL(/\/user\/login/);
  await phone.context.close();
});
