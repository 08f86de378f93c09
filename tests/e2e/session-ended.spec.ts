import { expect, test } from '@playwright/test';
import { apiCall, apiToken, ticketBody, newDriver, ready, signInDirectly, submitLogin } from './fixtures';

/**
 * A session ended elsewhere (docs/decisions/138-drafts-and-sessions-that-end.md): with or without
 * JavaScript, the sign-in page says why, and signing in brings the person back to the page.
 */
test('a session closed from another device: the sign-in says why and returns to the page, for a page and for a form sent', async ({ page }) => {
  const driver = await newDriver();
  const ticket = await apiCall<{ id: number }>(driver.token, 'POST', '/api/ticket', ticketBody({ email: driver.email }));
  await signInDirectly(page, driver.email, driver.password);
  await page.goto(`/driver/events/${ticket.id}`);
  await ready(page);

  // "Cerrar las demás sesiones" from another session of the same person.
  const closeOthers = async () => apiCall(await apiToken(driver.email, driver.password), 'POST', '/api/profile/me/sessions/end-others');
  await closeOthers();

  // A form sent: back to the page that sent it.
  await page.getByLabel('Nuevo comentario').fill('Escrito antes de que cerraran mi sesión');
  await page.getByRole('button', { name: 'Comentar' }).click();
  await expect(page).toHaveURL(new RegExp(`/user/login\\?reason=closed&redirectTo=%2Fdriver%2Fevents%2F${ticket.id}$`));
  await expect(page.getByRole('status').filter({ hasText: 'Su sesión se cerró desde otra de sus sesiones.' })).toBeVisible();
  await ready(page);
  await submitLogin(page, driver.email, driver.password);
  await expect(page).toHaveURL(new RegExp(`/driver/events/${ticket.id}$`));

  // A page asked for: back to that page.
  await closeOthers();
  await page.goto('/driver/events?page=0');
  await expect(page).toHaveURL(/\/user\/login\?reason=closed&redirectTo=%2Fdriver%2Fevents%3Fpage%3D0$/);
  await ready(page);
  await submitLogin(page, driver.email, driver.password);
  await expect(page).toHaveURL(/\/driver\/events\?page=0$/);
});

test('the sign-in page never sends anywhere else, whatever the address says', async ({ page }) => {
  const driver = await newDriver();
  await page.goto('/user/login?reason=admin&redirectTo=//evil.example/x');
  await expect(page.getByText('Un administrador cerró su sesión.')).toBeVisible();
  await ready(page);
  await submitLogin(page, driver.email, driver.password);
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/driver\/dashboard$/);
  // An unknown reason says nothing.
  await page.context().clearCookies();
  await page.goto('/user/login?reason=hacked');
  await expect(page.locator('.session-ended')).toHaveCount(0);
});
