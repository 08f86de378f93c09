import { expect, test } from '@playwright/test';
import { demo, newDriver, ready, signIn, signInDirectly, signOut } from './fixtures';

/**
 * Less typing for drivers (docs/decisions/103-mi-perfil-and-staff-actions.md): Mi perfil for every role, and the
 * driver's prefilled new event.
 */

test('every role reaches Mi perfil from the user menu', async ({ page }) => {
  // Five sign-ins and sign-outs (each sign-in hashes a password with argon2id): on a loaded
  // two-core machine this alone took 23–30 s.
  test.slow();
  for (const [role, email] of Object.entries(demo)) {
    await signIn(page, email);
    await page.locator('details.user-menu > summary').click();
    await page.getByRole('link', { name: 'Mi perfil' }).click();
    await expect(page).toHaveURL(new RegExp(`/${role}/profile$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mi perfil');
    await expect(page.locator('.profile-account')).toContainText(email);
    await signOut(page);
    await expect(page).toHaveURL(/\/user\/login/);
  }
});

test('a driver edits their phone and changes their password; other sessions end', async ({ page, browser }) => {
  // Three sign-ins and two password changes, each an argon2id hash: 21–28 s here.
  test.slow();
  const driver = await newDriver();
  await signIn(page, driver.email, driver.password);
  // A second session of the same person, elsewhere.
  const elsewhere = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': '10.44.0.2' } });
  const other = await elsewhere.newPage();
  await signIn(other, driver.email, driver.password);

  await page.goto('/driver/profile');
  await ready(page);
  await page.getByLabel('Teléfono').fill('+56 9 2222 3333');
  await page.getByRole('button', { name: 'Guardar datos' }).click();
  await expect(page.locator('.toast', { hasText: 'Sus datos fueron guardados' })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Teléfono')).toHaveValue('+56 9 2222 3333');

  await ready(page);
  await page.getByLabel('Contraseña actual').fill('no-es-la-clave');
  await page.getByLabel('Nueva contraseña').fill('Nueva-clave-9');
  await page.getByLabel('Repita la contraseña').fill('Nueva-clave-9');
  await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
  await expect(page.getByLabel('Contraseña actual')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('La contraseña actual no es correcta').last()).toBeVisible();

  await ready(page);
  await page.getByLabel('Contraseña actual').fill(driver.password);
  await page.getByLabel('Nueva contraseña').fill('Nueva-clave-9');
  await page.getByLabel('Repita la contraseña').fill('Nueva-clave-9');
  await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
  await expect(page.locator('.toast', { hasText: 'Su contraseña fue cambiada' })).toBeVisible();

  // The other session ended; this one goes on.
  await other.goto('/driver/events');
  await expect(other).toHaveURL(/\/user\/login/);
  await elsewhere.close();
  await page.goto('/driver/events');
  await expect(page).toHaveURL(/\/driver\/events$/);

  await signOut(page);
  await signIn(page, driver.email, 'Nueva-clave-9');
  await expect(page).toHaveURL(/\/driver\//);
});

test("a driver's new event arrives filled with their details, required fields marked", async ({ page }) => {
  const driver = await newDriver();
  await signInDirectly(page, driver.email, driver.password);
  await page.goto('/driver/events/new');
  await expect(page.getByLabel('Nombre completo')).toHaveValue('Prueba Conductor');
  await expect(page.getByLabel('RUT')).toHaveValue('12.345.678-5');
  await expect(page.getByLabel('Teléfono')).toHaveValue('+56 9 1234 5678');
  await expect(page.getByLabel('Correo electrónico')).toHaveValue(driver.email);
  await expect(page.locator('.screen-intro')).toContainText('Los campos marcados con * son obligatorios');
  // Every required field is marked, the optional ones are not.
  for (const label of ['Descripción', 'Kilómetro', 'Sector', 'Comuna', 'Nombre completo', 'RUT', 'Teléfono']) {
    await expect(page.locator('label', { hasText: label }).first().locator('.field-asterisk')).toHaveCount(1);
  }
  await expect(page.locator('label', { hasText: 'Correo electrónico' }).first().locator('.field-asterisk')).toHaveCount(0);

  // Staff record for someone else: nothing of theirs is filled in.
  await signOut(page);
  await signInDirectly(page, demo.operator);
  await page.goto('/operator/events/new');
  await expect(page.getByLabel('Nombre completo')).toHaveValue('');
});
