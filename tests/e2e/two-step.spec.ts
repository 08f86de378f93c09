import { expect, test, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { acceptPrivacyPolicy, apiCall, apiToken, demo, DEMO_PASSWORD, labels, ready, signIn, signInDirectly, signOut, submitLogin } from './fixtures';
import { startOwnProduct, type OwnProduct } from './processes';

/** Two-step sign-in for staff (docs/decisions/113-two-step-sign-in.md), set up from Mi perfil, with codes and recovery codes. */

/** A staff member of the test's own, made by the demo admin through the API. */
async function newOperator() {
  const email = `operador.${Date.now()}.${Math.random().toString(36).slice(2, 7)}@correo.cl`;
  const password = 'ruta-68-km-42';
  const created = await apiCall<{ uuid: string }>(await apiToken(demo.admin), 'POST', '/api/profile/new', {
    email,
    password,
    firstName: 'Olga',
    lastName: 'Doble Paso',
    phone: '+56 9 8765 4321',
    rut: '12.345.678-5',
    profileCode: 'OPERATOR',
  });
  await acceptPrivacyPolicy(email, password);
  return { email, password, id: created.uuid };
}

/** The key the page shows, as an authenticator app would read it. */
const secretOn = async (page: Page) => (await page.locator('.two-step-secret code').innerText()).replace(/\s+/g, '');
/** A code of the next 30-second step: never the one just used to confirm (replay is refused). */
const nextCode = (secret: string) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });

test('a staff member sets up a second step in Mi perfil and signs in with a code, then with a recovery code', async ({ page }) => {
  const person = await newOperator();
  await signInDirectly(page, person.email, person.password);
  await page.goto('/operator/profile');
  const panel = page.locator('section[aria-labelledby="two-step-title"]');
  await expect(panel).toContainText('Desactivada');
  await ready(page);
  await panel.getByRole('button', { name: 'Activar verificación en dos pasos' }).click();
  await expect(panel.getByRole('img', { name: 'Código QR para su aplicación de autenticación' }).locator('svg')).toBeVisible();
  const secret = await secretOn(page);
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);

  await ready(page);
  await panel.getByLabel('Código de 6 dígitos').fill('000000');
  await panel.getByRole('button', { name: 'Activar' }).click();
  await expect(panel.getByLabel('Código de 6 dígitos')).toHaveAccessibleDescription(/El código no es válido/);

  await ready(page);
  await panel.getByLabel('Código de 6 dígitos').fill(await generate({ secret }));
  await panel.getByRole('button', { name: 'Activar' }).click();
  await expect(panel.getByRole('heading', { name: 'Sus códigos de recuperación' })).toBeVisible();
  const recoveryCodes = await panel.locator('.recovery-codes code').allInnerTexts();
  expect(recoveryCodes).toHaveLength(10);
  await page.goto('/operator/profile');
  await expect(panel).toContainText('Activada. Le quedan 10 códigos de recuperación.');
  await expect(panel.locator('.recovery-codes')).toHaveCount(0);

  // Next sign-in: the password, then the code.
  await signOut(page);
  await page.goto('/user/login');
  await submitLogin(page, person.email, person.password);
  await expect(page).toHaveURL(/\/user\/two-step$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Verificación en dos pasos');
  // Not signed in yet: the area sends back to the sign-in page.
  expect((await page.request.get('/operator/events', { maxRedirects: 0 })).status()).toBe(302);
  await ready(page);
  await page.getByLabel('Código de verificación').fill(await nextCode(secret));
  await page.getByRole('button', { name: 'Verificar' }).click();
  await expect(page).toHaveURL(/\/operator\/dashboard$/);

  // And with a recovery code instead, chosen by a link (a plain link: it works without JavaScript).
  await signOut(page);
  await page.goto('/user/login');
  await submitLogin(page, person.email, person.password);
  await expect(page).toHaveURL(/\/user\/two-step$/);
  // The app's code is digits: the phone shows its number pad.
  await expect(page.getByLabel('Código de verificación')).toHaveAttribute('inputmode', 'numeric');
  await page.getByRole('link', { name: 'Usar un código de recuperación' }).click();
  await expect(page).toHaveURL(/\/user\/two-step\?recovery$/);
  await expect(page.getByLabel('Código de recuperación')).toHaveAttribute('inputmode', 'text');
  await ready(page);
  await page.getByLabel('Código de recuperación').fill(recoveryCodes[0]!);
  await page.getByRole('button', { name: 'Verificar' }).click();
  await expect(page).toHaveURL(/\/operator\/dashboard$/);
  await page.goto('/operator/profile');
  await expect(panel).toContainText('Le quedan 9 códigos de recuperación.');

  // Five wrong codes: back to the sign-in page, which says why; the half-open sign-in is over.
  await signOut(page);
  await page.goto('/user/login');
  await submitLogin(page, person.email, person.password);
  await expect(page).toHaveURL(/\/user\/two-step$/);
  for (let attempt = 1; attempt <= 4; attempt++) {
    await ready(page);
    await page.getByLabel('Código de verificación').fill('000000');
    await page.getByRole('button', { name: 'Verificar' }).click();
    await expect(page.getByLabel('Código de verificación')).toHaveAccessibleDescription(/no es válido/);
  }
  await ready(page);
  await page.getByLabel('Código de verificación').fill('000000');
  await page.getByRole('button', { name: 'Verificar' }).click();
  await expect(page).toHaveURL(/\/user\/login$/);
  await expect(page.getByRole('status').or(page.getByRole('alert')).filter({ hasText: 'Demasiados códigos incorrectos' })).toBeVisible();
  await page.goto('/user/two-step');
  await expect(page).toHaveURL(/\/user\/login$/);
});

test('an admin resets a user’s second step after a confirmation; the user then signs in with the password alone', async ({ page, browser }) => {
  const person = await newOperator();
  // The person sets it up through the API, as their phone would.
  const token = await apiToken(person.email, person.password);
  const setup = await apiCall<{ secret: string }>(token, 'POST', '/api/profile/me/two-step/setup');
  await apiCall(token, 'POST', '/api/profile/me/two-step/confirm', { code: await generate({ secret: setup.secret }) });

  await signInDirectly(page, demo.admin);
  await page.goto(`/admin/users/${person.id}/edit`);
  await ready(page);
  await page.getByRole('link', { name: 'Restablecer su verificación en dos pasos' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('¿Restablecer la verificación en dos pasos de Olga Doble Paso?');
  await ready(page);
  await page.getByRole('button', { name: 'Restablecer' }).click();
  await expect(page.locator('.toast', { hasText: 'Se restableció la verificación en dos pasos' })).toBeVisible();

  const context = await browser.newContext({ javaScriptEnabled: test.info().project.use.javaScriptEnabled });
  const theirs = await context.newPage();
  await signIn(theirs, person.email, person.password);
  await expect(theirs).toHaveURL(/\/operator\/dashboard$/);
  await context.close();
});

test.describe('where the role requires it (admins, by default)', () => {
  test.describe.configure({ mode: 'serial', timeout: 120_000 });
  let product: OwnProduct;
  let webURL = '';

  test.beforeAll(async ({}, testInfo) => {
    testInfo.setTimeout(150_000);
    product = await startOwnProduct(`two-step-${testInfo.project.name}`, { TWO_STEP_ROLES: 'ADMIN' });
    webURL = product.webURL;
  });
  test.afterAll(() => product.stop());

  test('an admin without one sets it up right after the password, sees the recovery codes once, and is in', async ({ page }) => {
    // On the narrowest phone: nothing may cover the last codes or "Continuar" (Playwright clicks only what is on top).
    await page.setViewportSize({ width: 320, height: 640 });
    await page.goto(`${webURL}/user/login`);
    await page.getByLabel(labels.email).fill(demo.admin);
    await page.getByLabel(labels.password, { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: labels.signIn }).click();
    await expect(page).toHaveURL(`${webURL}/user/two-step/enrol`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Active la verificación en dos pasos');
    expect((await page.request.get(`${webURL}/admin/users`, { maxRedirects: 0 })).status()).toBe(302);

    await ready(page);
    await page.getByRole('button', { name: 'Generar código QR' }).click();
    const secret = await secretOn(page);
    // On the phone that has the authenticator: a link opens it, next to the QR code (decision 172).
    const openApp = page.getByRole('link', { name: 'Abrir en la aplicación de autenticación de este teléfono' });
    await expect(openApp).toHaveAttribute('href', new RegExp(`^otpauth://totp/.+[?&]secret=${secret}(&|$)`));
    await ready(page);
    await page.getByLabel('Código de 6 dígitos').fill(await generate({ secret }));
    await page.getByRole('button', { name: 'Activar' }).click();
    await expect(page.getByRole('heading', { name: 'Sus códigos de recuperación' })).toBeVisible();
    await expect(page.locator('.recovery-codes code')).toHaveCount(10);
    await expect(page.getByRole('status').filter({ hasText: 'La verificación en dos pasos quedó activada' })).toBeVisible();
    await page.locator('.recovery-codes code').last().scrollIntoViewIfNeeded();
    await expect(page.locator('.recovery-codes code').last()).toBeInViewport({ ratio: 1 });
    const codes = await page.locator('.recovery-codes code').allInnerTexts();

    // Kept as a .txt file, with or without JavaScript; never in an address.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Descargar (.txt)' }).click()]);
    expect(download.suggestedFilename()).toBe('codigos-de-recuperacion.txt');
    expect(download.url()).not.toContain(codes[0]!);
    const file = await (await import('node:fs/promises')).readFile((await download.path())!, 'utf8');
    for (const code of codes) expect(file).toContain(code);
    if (test.info().project.use.javaScriptEnabled) {
      await expect(page.getByRole('button', { name: 'Copiar' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Imprimir' })).toBeVisible();
    }

    // Not on until "He guardado mis códigos".
    const onward = page.getByRole('button', { name: 'Continuar' });
    if (test.info().project.use.javaScriptEnabled) {
      await expect(onward).toBeDisabled();
    } else {
      await onward.click();
      await expect(page.getByRole('alert').filter({ hasText: 'Marque «He guardado mis códigos» para continuar' })).toBeVisible();
      await expect(page.locator('.recovery-codes code')).toHaveText(codes);
    }
    await page.getByLabel('He guardado mis códigos').check();
    await onward.click();
    await expect(page).toHaveURL(`${webURL}/admin/dashboard`);
  });
});
