import { expect, test, type Page } from '@playwright/test';
import { rutCheckDigit } from '../../contract/rut';
import { messages } from '../../contract/messages';
import { labels, ready } from './fixtures';
import { mailedLinkToken } from './outbox';

/**
 * A driver signs up, is signed in at once, and confirms the address from the mailed link
 * (docs/decisions/135-mail-that-cannot-be-abused.md); a name with a control character is
 * refused on its field first, with everything else typed kept. On a 360 px phone, JS on and off.
 */
test.use({ viewport: { width: 360, height: 740 } });

const uid = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
const visitor = () => `10.${1 + Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;
test.beforeEach(async ({ context }) => context.setExtraHTTPHeaders({ 'x-forwarded-for': visitor() }));

function randomRut(): string {
  const body = 10_000_000 + Math.floor(Math.random() * 80_000_000);
  return `${body}-${rutCheckDigit(body)}`;
}

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

test('a driver signs up, confirms the address from the mailed link and sees it confirmed in Mi perfil', async ({ page }, info) => {
  const email = `confirma.${uid()}@correo.cl`;
  const rut = randomRut();
  await page.goto('/user/register');
  await ready(page);
  await page.getByRole('checkbox', { name: labels.terms }).check();
  await page.getByRole('checkbox', { name: labels.privacy }).check();
  // A right-to-left override in the name: refused on its field, the rest kept as typed.
  await field(page, 'Nombre').fill('Marta\u202eatraM');
  await field(page, 'Apellido').fill('Confirma');
  await field(page, 'RUT').fill(rut);
  await field(page, 'Teléfono').fill('9 8765 4321');
  await field(page, labels.email).fill(email);
  await field(page, 'Contraseña').fill('secreto-1');
  await field(page, 'Repita la contraseña').fill('secreto-1');
  await page.getByRole('button', { name: 'Crear cuenta' }).click();
  await expect(field(page, 'Nombre')).toHaveAccessibleDescription(new RegExp(messages.nameInvalidCharacters));
  await expect(field(page, 'Apellido')).toHaveValue('Confirma');
  await expect(field(page, labels.email)).toHaveValue(email);
  await expect(field(page, 'RUT')).toHaveValue(rut);
  await page.screenshot({ path: info.outputPath('name-refused.png'), fullPage: true });

  await field(page, 'Nombre').fill('Marta');
  await field(page, 'Contraseña').fill('secreto-1');
  await field(page, 'Repita la contraseña').fill('secreto-1');
  if (!(await page.getByRole('checkbox', { name: labels.terms }).isChecked())) await page.getByRole('checkbox', { name: labels.terms }).check();
  if (!(await page.getByRole('checkbox', { name: labels.privacy }).isChecked())) await page.getByRole('checkbox', { name: labels.privacy }).check();
  await page.getByRole('button', { name: 'Crear cuenta' }).click();
  // Signed in at once, as before.
  await expect(page).toHaveURL(/\/driver\/dashboard$/);

  await page.goto('/driver/profile');
  await ready(page);
  const account = page.locator('section[aria-labelledby="account-title"]');
  await expect(account.getByText('Sin confirmar', { exact: true })).toBeVisible();
  await expect(account.getByRole('button', { name: 'Reenviar confirmación' })).toBeVisible();
  await page.screenshot({ path: info.outputPath('profile-unconfirmed.png'), fullPage: true });

  // The link itself confirms nothing: only the button on its page does.
  const token = await mailedLinkToken(`.e2e-data/api-${process.env.E2E_API_PORT ?? 4310}`, 'confirm-email', email);
  await page.goto(`/user/confirm-email?token=${token}`);
  await ready(page);
  await page.goto('/driver/profile');
  await expect(account.getByText('Sin confirmar', { exact: true })).toBeVisible();
  await page.goto(`/user/confirm-email?token=${token}`);
  await ready(page);
  await page.getByRole('button', { name: 'Confirmar mi correo' }).click();
  await expect(page.getByText(messages.emailConfirmed)).toBeVisible();
  await page.screenshot({ path: info.outputPath('confirmed.png'), fullPage: true });
  await page.getByRole('link', { name: 'Ir a Mi perfil' }).click();
  await expect(page).toHaveURL(/\/driver\/profile$/);
  await expect(account.getByText('Confirmado', { exact: true })).toBeVisible();
  await expect(account.getByRole('button', { name: 'Reenviar confirmación' })).toHaveCount(0);
  await page.screenshot({ path: info.outputPath('profile-confirmed.png'), fullPage: true });

  // The link served once.
  await page.goto(`/user/confirm-email?token=${token}`);
  await ready(page);
  await page.getByRole('button', { name: 'Confirmar mi correo' }).click();
  await expect(page.getByText(messages.emailConfirmationInvalid)).toBeVisible();
});
