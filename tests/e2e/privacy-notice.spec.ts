import { expect, test, type Page } from '@playwright/test';
import { rutCheckDigit } from '../../contract/rut';
import { acceptPrivacyNoticeIfShown, apiCall, apiToken, demo, ticketBody, labels, ready, signIn, signInDirectly, signOut, submitLogin } from './fixtures';

/**
 * The privacy policy and its consent (Ley 21.719 arts. 12, 14 ter; decision 146) and the masked RUT (decision 147),
 * as a person on a phone sees them, with JavaScript and without.
 */
test.use({ viewport: { width: 360, height: 740 } });

const uid = () => `${Date.now()}.${Math.random().toString(36).slice(2, 7)}`;
const randomRut = () => {
  const body = 10_000_000 + Math.floor(Math.random() * 9_000_000);
  return `${body}-${rutCheckDigit(body)}`;
};
const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const footerLink = (page: Page) => page.getByRole('contentinfo').getByRole('link', { name: 'Política de privacidad' });

/** Nothing wider than the phone's screen. */
async function fitsThePhone(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(360);
}

test('every page links the privacy policy in its footer, and the policy names the controller, periods, rights and deadline', async ({ page }) => {
  await page.goto('/user/login');
  await expect(footerLink(page)).toBeVisible();
  await signIn(page, demo.driver);
  await expect(page).toHaveURL(/\/driver\/dashboard$/);
  // A role page of its own (the sign-in's toast, which stays without JavaScript, floats over the page's foot).
  await page.goto('/driver/events');
  await expect(footerLink(page)).toBeVisible();
  await footerLink(page).click();

  await expect(page).toHaveURL(/\/privacidad$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Política de privacidad' })).toBeVisible();
  await expect(page.getByTestId('privacy-version')).toContainText('Versión 2026-12-01');
  // The controller from the API's configuration (its defaults here).
  await expect(page.getByText('Sociedad Concesionaria Autopista Demo S.A.')).toBeVisible();
  await expect(page.getByText('76.123.456-0')).toBeVisible();
  await expect(page.getByRole('link', { name: 'privacidad@concesion.demo' })).toBeVisible();
  await expect(page.getByText(/Inspector Fiscal/)).toBeVisible();
  await expect(page.getByText(/Dirección General de Concesiones/)).toBeVisible();
  await expect(page.getByTestId('privacy-retention')).toContainText('Datos de contacto de eventos cerrados: 730 días desde el cierre del evento');
  await expect(page.getByText(/Supresión: pedir que eliminemos sus datos/)).toBeVisible();
  await expect(page.getByText('Respondemos dentro de 30 días corridos desde su solicitud (art. 11).')).toBeVisible();
  await expect(page.getByText(/Agencia de Protección de Datos Personales/)).toBeVisible();
  // Signed in: where to exercise the rights.
  await expect(page.getByRole('link', { name: 'Ir a Mis datos' })).toHaveAttribute('href', '/driver/profile/data');
  await fitsThePhone(page);

  // The new-event form says it near the contact fields.
  await page.goto('/driver/events/new');
  await expect(page.locator('.privacy-note')).toHaveText('Tus datos se tratan según la Política de privacidad.');
  await expect(page.locator('.privacy-note').getByRole('link')).toHaveAttribute('href', '/privacidad');
});

test('sign-up requires accepting the policy, says so in Spanish, and then signs the driver in', async ({ page }) => {
  const email = `privacidad.${uid()}@correo.cl`;
  await page.goto('/user/register');
  await ready(page);
  const privacyBox = page.getByRole('checkbox', { name: labels.privacy });
  await expect(privacyBox).not.toBeChecked();
  await expect(page.getByRole('link', { name: 'Política de privacidad' }).first()).toHaveAttribute('href', '/privacidad');
  await page.getByRole('checkbox', { name: labels.terms }).check();
  await field(page, 'Nombre').fill('Paula');
  await field(page, 'Apellido').fill('Privada');
  await field(page, 'RUT').fill(randomRut());
  await field(page, 'Teléfono').fill('9 8765 4321');
  await field(page, labels.email).fill(email);
  await field(page, 'Contraseña').fill('secreto-1');
  await field(page, 'Repita la contraseña').fill('secreto-1');
  await page.getByRole('button', { name: 'Crear cuenta' }).click();
  await expect(page.getByText('Debe leer y aceptar la Política de privacidad para crear su cuenta').last()).toBeVisible();
  await expect(page).toHaveURL(/\/user\/register$/);
  await fitsThePhone(page);

  await privacyBox.check();
  if (!(await page.getByRole('checkbox', { name: labels.terms }).isChecked())) await page.getByRole('checkbox', { name: labels.terms }).check();
  await field(page, 'Contraseña').fill('secreto-1');
  await field(page, 'Repita la contraseña').fill('secreto-1');
  await page.getByRole('button', { name: 'Crear cuenta' }).click();
  // Accepted at sign-up: straight to the dashboard, no notice.
  await expect(page).toHaveURL(/\/driver\/dashboard$/);
  await signOut(page);
  await page.goto('/user/login');
  await submitLogin(page, email, 'secreto-1');
  await expect(page).toHaveURL(/\/driver\/dashboard$/);
});

test('an account that has not accepted the policy in force sees the notice once, then goes where it was going', async ({ page }) => {
  const email = `sin.consentimiento.${uid()}@correo.cl`;
  const password = 'Clave-prueba-1';
  // An account an admin created: no consent yet.
  await apiCall(await apiToken(demo.admin), 'POST', '/api/profile/new', {
    email,
    password,
    firstName: 'Nora',
    lastName: 'Aviso',
    phone: '+56912345678',
    rut: randomRut(),
    profileCode: 'DRIVER',
  });
  await page.goto('/user/login?redirectTo=%2Fdriver%2Fevents');
  await submitLogin(page, email, password);
  await expect(page).toHaveURL(/\/user\/privacy\?redirectTo=%2Fdriver%2Fevents$/);
  await expect(page.getByRole('heading', { name: 'Actualizamos nuestra Política de privacidad' })).toBeVisible();
  await expect(page.getByText(/Mi perfil → Mis datos/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Leer la Política de privacidad completa' })).toHaveAttribute('href', '/privacidad');
  await fitsThePhone(page);
  await ready(page);
  await page.getByRole('button', { name: labels.acceptPrivacy }).click();
  await expect(page).toHaveURL(/\/driver\/events$/);
  await expect(page.getByText('Gracias: quedó registrada su aceptación de la Política de privacidad.')).toBeVisible();

  // Once: the next sign-in goes straight on.
  await signOut(page);
  await submitLogin(page, email, password);
  await expect(page).toHaveURL(/\/driver\/dashboard$/);
  await acceptPrivacyNoticeIfShown(page);
  await expect(page).toHaveURL(/\/driver\/dashboard$/);
});

test('the event page shows the RUT whole to the operator and masked to the inspector, as the API sends it', async ({ page }) => {
  const operator = await apiToken(demo.operator);
  const event = await apiCall<{ id: number }>(operator, 'POST', '/api/ticket', ticketBody({ rut: '12.345.678-5', channelCode: 'PHONE' }));
  await signInDirectly(page, demo.operator);
  await page.goto(`/operator/events/${event.id}`);
  await expect(page.getByText('12.345.678-5').first()).toBeVisible();
  await signOut(page);
  await signInDirectly(page, demo.inspector);
  await page.goto(`/inspector/events/${event.id}`);
  await expect(page.getByText('12.345.***-5')).toBeVisible();
  await expect(page.getByText('12.345.678-5')).toHaveCount(0);
});
