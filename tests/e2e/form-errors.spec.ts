import { expect, test, type Page } from '@playwright/test';
import { formatKilometer, parseKilometer } from '../../contract/kilometer';
import { demo, fillEventFields, labels, newDriver, ready, signInDirectly } from './fixtures';

/**
 * Issue 36: a form that comes back with errors says so at its top (decision 173), keeps what
 * was typed, passwords included when no error is about them (decision 174), and takes the
 * kilometre as drivers write it. At 320 and 360 px, JavaScript on and off (the two projects).
 */

const summaryOf = (page: Page) => page.getByRole('alert').filter({ has: page.getByRole('heading', { name: 'Hay un problema' }) });
const unique = () => `${Date.now()}${Math.random().toString(36).slice(2, 6)}`;

async function openRegister(page: Page) {
  await page.goto('/user/register');
  await ready(page);
}

/** The sign-up form filled as a person would, with `overrides` for the fields a test gets wrong. */
async function fillRegister(page: Page, values: { email: string; password: string; confirm: string }) {
  await page.getByLabel('Nombre', { exact: true }).fill('Camila');
  await page.getByLabel('Apellido').fill('Rojas');
  await page.getByLabel('RUT').fill('12.345.678-5');
  await page.getByLabel('Teléfono').fill('+56 9 8765 4321');
  await page.getByLabel(labels.email).fill(values.email);
  await page.getByLabel('Contraseña', { exact: true }).fill(values.password);
  await page.getByLabel('Repita la contraseña').fill(values.confirm);
  await page.getByLabel(/^Acepto los/).check();
  await page.getByLabel(labels.privacy).check();
}

for (const width of [320, 360]) {
  test.describe(`at ${width}px`, () => {
    test.use({ viewport: { width, height: 740 }, isMobile: true, hasTouch: true });

    test('a driver who forgets the description sees a summary at the top, and its link takes them to the field', async ({ page }) => {
      await signInDirectly(page, demo.driver);
      await page.goto('/driver/events/new');
      await ready(page);
      await fillEventFields(page, 'x');
      await page.getByLabel('Descripción').fill('');
      await page.getByRole('button', { name: 'Registrar evento' }).click();

      const summary = summaryOf(page);
      await expect(summary).toBeVisible();
      await expect(summary).toBeFocused();
      const link = summary.getByRole('link', { name: 'La descripción es requerida' });
      await expect(link).toHaveAttribute('href', '#new-event-description');
      // The summary is the first thing of the form, above the fields.
      const top = (await summary.boundingBox())!.y;
      expect(top).toBeLessThan((await page.getByLabel('Clasificación').boundingBox())!.y);
      // What was typed stays.
      await expect(page.getByLabel('Sector')).toHaveValue('Curacaví Oriente');

      await link.click();
      await expect(page.getByLabel('Descripción')).toBeFocused();
      // No page is wider than the phone with the summary on it.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    });

    test('"km 23,4" (as signs write it) is accepted as the kilometre, and a kilometre off the road is told the range', async ({ page }) => {
      await signInDirectly(page, demo.driver);
      await page.goto('/driver/events/new');
      await ready(page);
      const description = `Bache en km escrito ${unique()}`;
      await fillEventFields(page, description, { reporter: true });
      const kilometre = await page.getByLabel('Kilómetro').inputValue();
      await page.getByLabel('Kilómetro').fill('km 500');
      await page.getByRole('button', { name: 'Registrar evento' }).click();
      await expect(summaryOf(page).getByRole('link', { name: 'El kilómetro debe estar entre 0 y 116' })).toBeVisible();

      // The kilometre the possible duplicates were shown for, written as road signs write it.
      await page.getByLabel('Kilómetro').fill(`km ${kilometre}`);
      await page.getByRole('button', { name: 'Registrar evento' }).click();
      // Without JavaScript the possible duplicates of a place are shown once before saving (events/new.tsx).
      if (test.info().project.name === 'nojs' && page.url().endsWith('/new')) {
        await expect(page.getByRole('heading', { name: 'Posibles duplicados' })).toBeVisible();
        await page.getByRole('button', { name: 'Registrar evento' }).click();
      }
      await expect(page).toHaveURL(/\/driver\/events\/\d+$/);
      await expect(page.getByText(description)).toBeVisible();
      // As the detail writes it: 22,0 typed reads 22 (contract/kilometer.ts).
      const kilometreShown = page.locator('dt', { hasText: 'Kilómetro' }).locator('xpath=following-sibling::dd[1]');
      await expect(kilometreShown).toHaveText(formatKilometer(parseKilometer(kilometre)!));
    });

    test('a wrong repeated password keeps the e-mail; a taken e-mail keeps the password and offers sign-in and recovery', async ({ page }) => {
      const email = `camila.${unique()}@correo.cl`;
      await openRegister(page);
      await fillRegister(page, { email, password: 'Clave-segura-1', confirm: 'Clave-segura-2' });
      await page.getByRole('button', { name: 'Crear cuenta' }).click();
      const summary = summaryOf(page);
      await expect(summary).toBeFocused();
      await expect(page.getByLabel(labels.email)).toHaveValue(email);
      await expect(summary.getByRole('link', { name: 'Las contraseñas deben ser iguales' })).toBeVisible();
      // The page sent back without JavaScript leaves out both passwords: the error is about them
      // (with JavaScript the page itself found it, and nothing was sent).
      if (test.info().project.name === 'nojs') {
        await expect(page.getByLabel('Contraseña', { exact: true })).toHaveValue('');
        await expect(page.getByLabel('Repita la contraseña')).toHaveValue('');
      }
      await expect(page.getByLabel('Contraseña', { exact: true })).toHaveAttribute('autocomplete', 'new-password');

      const taken = await newDriver();
      await openRegister(page);
      await fillRegister(page, { email: taken.email, password: 'Clave-segura-1', confirm: 'Clave-segura-1' });
      await page.getByRole('button', { name: 'Crear cuenta' }).click();
      await expect(summary.getByRole('link', { name: 'El correo ya se encuentra registrado' })).toBeVisible();
      await expect(summary).toBeFocused();
      await expect(page.getByLabel('Contraseña', { exact: true })).toHaveValue('Clave-segura-1');
      await expect(page.getByLabel('Repita la contraseña')).toHaveValue('Clave-segura-1');
      await expect(summary.getByRole('link', { name: 'Inicie sesión' })).toHaveAttribute('href', '/user/login');
      await summary.getByRole('link', { name: 'recupere su contraseña' }).click();
      await expect(page).toHaveURL(/\/user\/recover-password$/);
    });

    test('the terms the sign-up asks to accept are one tap away', async ({ page }) => {
      await openRegister(page);
      const link = page.getByRole('link', { name: 'términos y condiciones' });
      await expect(link).toHaveAttribute('href', '/terminos');
      await page.goto('/terminos');
      await expect(page.getByRole('heading', { level: 1, name: 'Términos y condiciones de uso' })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    });
  });
}
