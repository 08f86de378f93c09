import { expect, test } from '@playwright/test';
import { apiCall, apiToken, demo, newDriver, ready, signIn, signInDirectly, submitLogin } from './fixtures';

/**
 * The admin's user page shows the account's state and its actions in one panel (decision 171), and a person whose
 * session an admin ended, or who was suspended, is told so at the next sign-in (decision 172). JavaScript on and off.
 */

test.describe('on a 320 px phone', () => {
  test.use({ viewport: { width: 320, height: 700 } });

  test('an admin sees an account’s state, suspends it after a confirmation, and reactivates it from the same panel', async ({ page }) => {
    const driver = await newDriver();
    await signInDirectly(page, demo.admin);
    await page.goto(`/admin/users/${driver.id}/edit`);
    const panel = page.getByRole('region', { name: 'Acceso a la cuenta' });
    const shown = (label: string) => panel.locator('.account-state > div').filter({ has: page.locator('dt', { hasText: label }) }).locator('dd');
    await expect(shown('Estado')).toHaveText('Activa');
    // newDriver signed in through the API: one session open, used just now.
    await expect(shown('Sesiones abiertas')).toHaveText('1');
    await expect(panel).not.toContainText('Nunca ha ingresado');
    // A driver has no second step to reset.
    await expect(panel).not.toContainText('Verificación en dos pasos');

    await ready(page);
    await panel.getByRole('link', { name: 'Suspender la cuenta' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('¿Suspender la cuenta de Prueba Conductor?');
    await expect(page.locator('.confirm-note')).toContainText(driver.email);
    await ready(page);
    await page.getByRole('button', { name: 'Suspender', exact: true }).click();

    // Back on the user page, which shows the new state.
    await expect(page).toHaveURL(new RegExp(`/admin/users/${driver.id}/edit`));
    await expect(page.locator('.toast', { hasText: 'Usuario suspendido' })).toBeVisible();
    await expect(shown('Estado')).toContainText('Suspendida');
    await expect(shown('Sesiones abiertas')).toHaveText('Ninguna');
    await expect(panel.getByRole('link', { name: 'Cerrar todas sus sesiones' })).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);

    await ready(page);
    await panel.getByRole('button', { name: 'Reactivar la cuenta' }).click();
    await expect(page.locator('.toast', { hasText: 'Usuario reactivado' })).toBeVisible();
    await expect(shown('Estado')).toHaveText('Activa');
    // The person signs in again.
    expect(await apiToken(driver.email, driver.password)).toBeTruthy();
  });

  test('an admin cannot suspend their own account from the panel', async ({ page }) => {
    await signIn(page, demo.admin);
    const me = await apiCall<{ content: { uuid: string; email: string }[] }>(await apiToken(demo.admin), 'GET', `/api/user/list?q=${demo.admin}`);
    await page.goto(`/admin/users/${me.content[0]!.uuid}/edit`);
    const panel = page.getByRole('region', { name: 'Acceso a la cuenta' });
    await expect(panel).toContainText('Es su propia cuenta: no puede suspenderla.');
    await expect(panel.getByRole('link', { name: 'Suspender la cuenta' })).toHaveCount(0);
  });
});

test.describe('on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('a driver whose sessions an admin ended is told at the next sign-in, once', async ({ page }) => {
    const driver = await newDriver();
    await signIn(page, driver.email, driver.password);
    await apiCall(await apiToken(demo.admin), 'POST', `/api/profile/${driver.id}/sessions/end`);

    // Another browser (or this one, its cookies gone): nothing on the page said why.
    await page.context().clearCookies();
    await page.goto('/user/login');
    await ready(page);
    await submitLogin(page, driver.email, driver.password);
    await expect(page).toHaveURL(/\/driver\/dashboard$/);
    await expect(page.locator('.toast', { hasText: 'Un administrador cerró su sesión anterior.' })).toBeVisible();

    // The sign-in after that one says nothing more.
    await page.context().clearCookies();
    await page.goto('/user/login');
    await ready(page);
    await submitLogin(page, driver.email, driver.password);
    await expect(page).toHaveURL(/\/driver\/dashboard$/);
    await expect(page.locator('.toast', { hasText: 'Un administrador cerró su sesión' })).toHaveCount(0);
  });

  test('a suspended driver is told so, on the page they were using and when signing in, then once reactivated', async ({ page }) => {
    const driver = await newDriver();
    await signIn(page, driver.email, driver.password);
    const admin = await apiToken(demo.admin);
    await apiCall(admin, 'POST', `/api/profile/disable/${driver.id}`);

    // The session held: the sign-in page says why it ended.
    await page.goto('/driver/events');
    await expect(page).toHaveURL(/\/user\/login\?reason=suspended/);
    const said = page.getByRole('status').filter({ hasText: 'Su cuenta está suspendida. Contacte al administrador' });
    await expect(said).toContainText('Un administrador suspendió su cuenta: mientras siga suspendida no puede ingresar.');

    // Signing in: the catalogue's message, and the plain line after it.
    await ready(page);
    await submitLogin(page, driver.email, driver.password);
    await expect(page.getByText('Su cuenta está suspendida. Contacte al administrador', { exact: true })).toBeVisible();
    await expect(page.getByText('Un administrador suspendió su cuenta: mientras siga suspendida no puede ingresar.', { exact: false })).toBeVisible();

    await apiCall(admin, 'POST', `/api/profile/enable/${driver.id}`);
    await ready(page);
    // A person reads the refusal before trying again; typing and sending within the same few milliseconds
    // as the answer's render sent an empty password here (at 360 px; see the closing note of issue 36).
    await page.waitForTimeout(1_000);
    await submitLogin(page, driver.email, driver.password);
    // Back to the page they were on.
    await expect(page).toHaveURL(/\/driver\/events$/);
    await expect(page.locator('.toast', { hasText: 'Su cuenta estuvo suspendida y un administrador la reactivó' })).toBeVisible();
  });
});
