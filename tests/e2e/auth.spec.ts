import { expect, test } from '@playwright/test';
import { demo, labels, revokeToken, sessionToken, signIn, signInDirectly, signOut, submitLogin } from './fixtures';

const msg = {
  emailRequired: 'El correo es requerido',
  emailInvalid: 'El correo proviste, debe ser un correo válido',
  passwordRequired: 'La contraseña es requerida',
  terms: 'You must agree to our terms and conditions',
  invalid: 'Credenciales invalidas',
  success: 'Autenticación correcta',
};

test.describe('login screen', () => {
  test('shows the fields, links and the terms box checked by default', async ({ page }) => {
    await page.goto('/user/login');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.getByLabel(labels.email)).toBeVisible();
    await expect(page.getByLabel(labels.password, { exact: true })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: labels.terms })).toBeChecked();
    await expect(page.getByRole('link', { name: /olvidó su contraseña/i })).toHaveAttribute('href', '/user/recover-password');
    await expect(page.getByRole('link', { name: /regístrese/i })).toHaveAttribute('href', '/user/register');
  });

  test('says which fields are required', async ({ page }) => {
    await page.goto('/user/login');
    await page.getByRole('button', { name: labels.signIn }).click();
    await expect(page.getByText(msg.emailRequired).last()).toBeVisible();
    await expect(page.getByText(msg.passwordRequired).last()).toBeVisible();
  });

  test('rejects an invalid e-mail and unaccepted terms, keeping what was typed', async ({ page }) => {
    await page.goto('/user/login');
    await page.getByLabel(labels.email).fill('no-es-un-correo');
    await page.getByLabel(labels.password, { exact: true }).fill('algo');
    await page.getByRole('checkbox', { name: labels.terms }).uncheck();
    await page.getByRole('button', { name: labels.signIn }).click();
    await expect(page.getByText(msg.emailInvalid).last()).toBeVisible();
    await expect(page.getByText(msg.terms).last()).toBeVisible();
    await expect(page.getByLabel(labels.email)).toHaveValue('no-es-un-correo');
  });

  test('shows the failure alert for unknown credentials', async ({ page }) => {
    await page.goto('/user/login');
    await submitLogin(page, 'nadie@concesion.demo', 'clave-incorrecta');
    await expect(page.getByRole('alert').filter({ hasText: msg.invalid })).toBeVisible();
    await expect(page).toHaveURL(/\/user\/login/);
    await expect(page.getByLabel(labels.email)).toHaveValue('nadie@concesion.demo');
  });

  test('signs in, says so, and lands on the role dashboard', async ({ page }) => {
    await page.goto('/user/login');
    await submitLogin(page, demo.operator);
    await expect(page).toHaveURL(/\/operator\/dashboard$/);
    await expect(page.getByText(msg.success)).toBeVisible();
  });
});

test.describe('guard and redirects', () => {
  test('sends an anonymous visitor to the login screen and back after signing in', async ({ page }) => {
    await page.goto('/operator/events');
    await expect(page).toHaveURL('/user/login?redirectTo=%2Foperator%2Fevents');
    await submitLogin(page, demo.operator);
    await expect(page).toHaveURL(/\/operator\/events$/);
  });

  for (const target of ['//evil.example', 'https://evil.example/x', '/\\evil.example']) {
    test(`ignores the open redirect ${target}`, async ({ page }) => {
      await page.goto(`/user/login?redirectTo=${encodeURIComponent(target)}`);
      await submitLogin(page, demo.supervisor);
      await expect(page).toHaveURL(new RegExp(`^http://127\\.0\\.0\\.1:${process.env.E2E_WEB_PORT ?? 3310}/supervisor/dashboard$`));
    });
  }

  test('"/" and "/user" lead to the login screen without a session', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/user\/login$/);
    await page.goto('/user');
    await expect(page).toHaveURL(/\/user\/login$/);
  });

  test('"/" and the role root lead a signed-in user to the dashboard', async ({ page }) => {
    await signInDirectly(page, demo.inspector);
    await page.goto('/');
    await expect(page).toHaveURL(/\/inspector\/dashboard$/);
    await page.goto('/inspector');
    await expect(page).toHaveURL(/\/inspector\/dashboard$/);
  });

  test('an unknown path shows the not-found page with status 404', async ({ page }) => {
    const response = await page.goto('/no/existe/esta/ruta');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(/no encontrada|no existe/i);
  });
});

test.describe('session end', () => {
  test('signing out ends the session', async ({ page }) => {
    await signIn(page, demo.driver);
    await signOut(page);
    await expect(page).toHaveURL(/\/user\/login$/);
    await page.goto('/driver/dashboard');
    await expect(page).toHaveURL(/\/user\/login\?redirectTo=/);
  });

  test('a token revoked elsewhere sends the next navigation to the login screen', async ({ page, context }) => {
    await signIn(page, demo.admin);
    await revokeToken(await sessionToken(context));
    await page.goto('/admin/events');
    await expect(page).toHaveURL(/\/user\/login/);
    await expect(page.getByRole('button', { name: labels.signIn })).toBeVisible();
  });
});
