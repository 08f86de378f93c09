import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { createCookie, type Cookie } from 'react-router';
import { cookieKeys, openCookie, sealCookie } from '../../app/server/auth/cookie-crypto.server';
import { PRIVACY_POLICY_VERSION } from '../../contract/privacy-policy';

export const DEMO_PASSWORD = 'Demo-2026';
export const API_URL = `http://127.0.0.1:${process.env.E2E_API_PORT ?? 4310}`;

/**
 * A test that only sends HTTP requests and reads their answers (no page): the browser's JavaScript cannot change
 * what it proves, so it runs once, in the JavaScript project (playwright.config.ts: the nojs project skips the tag).
 */
export const HTTP_ONLY = { tag: '@http-only' };

export const demo = {
  admin: 'admin@concesion.demo',
  supervisor: 'supervisor@concesion.demo',
  operator: 'operador@concesion.demo',
  inspector: 'inspector@concesion.demo',
  driver: 'conductor@concesion.demo',
} as const;

export const labels = {
  email: 'Correo electrónico',
  password: 'Contraseña',
  terms: 'Acepto los términos y condiciones',
  /** The sign-up form's privacy checkbox (decision 146). */
  privacy: 'He leído y acepto la Política de privacidad',
  /** The notice of a new privacy policy version, once after sign-in. */
  acceptPrivacy: 'Aceptar y continuar',
  signIn: 'Iniciar sesión',
  signOut: 'Cerrar sesión',
};

/** Fills the login form as a person would and submits it. */
export async function submitLogin(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.getByLabel(labels.email).fill(email);
  await page.getByLabel(labels.password, { exact: true }).fill(password);
  await page.getByRole('button', { name: labels.signIn }).click();
}

/**
 * Signs in from the login screen and waits to leave it. An account that has not accepted the privacy policy in
 * force (one an admin created) is shown its notice first: accepted here, as the person would.
 */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/user/login');
  await submitLogin(page, email, password);
  await expect(page).not.toHaveURL(/\/user\/login/);
  await acceptPrivacyNoticeIfShown(page);
}

/**
 * Signs in with the sign-in form's own POST, without opening the form (the journeys about signing in use signIn):
 * the session cookie lands in the page's browser context and the page stays where it was, for the test's first
 * `goto`, where the sign-in's toast shows. Each call is a new session, as through the form. An account with a
 * privacy notice to accept (one an admin created) is taken to it and accepts, as a person would.
 */
export async function signInDirectly(page: Page, email: string, password = DEMO_PASSWORD) {
  const baseURL = test.info().project.use.baseURL!;
  const response = await page.request.post('/user/login', { form: { email, password, terms: 'on' }, headers: { origin: baseURL }, maxRedirects: 0 });
  expect(response.status(), `sign-in of ${email}`).toBe(302);
  const onward = new URL(response.headers().location!, baseURL);
  expect(onward.pathname).not.toMatch(/^\/user\/(login|two-step)/);
  if (onward.pathname.startsWith('/user/privacy')) {
    await page.goto(onward.pathname + onward.search);
    await acceptPrivacyNoticeIfShown(page);
  }
}

/** On the notice of a new privacy policy version (/user/privacy), "Aceptar y continuar"; elsewhere nothing. */
export async function acceptPrivacyNoticeIfShown(page: Page) {
  if (!new URL(page.url()).pathname.startsWith('/user/privacy')) return;
  await page.getByRole('button', { name: labels.acceptPrivacy }).click();
  await expect(page).not.toHaveURL(/\/user\/privacy/);
}

/** Records, through the API, that an account (one an admin created) accepted the policy in force: no notice at sign-in. */
export async function acceptPrivacyPolicy(email: string, password: string) {
  await apiCall(await apiToken(email, password), 'POST', '/api/privacy/consent', { version: PRIVACY_POLICY_VERSION });
}

/** The secret playwright.config.ts gives the e2e web server. */
export const E2E_SESSION_SECRET = 'e2e-only-secret-0123456789abcdef';

/**
 * The session cookie as the e2e web server makes it: signed, its contents encrypted with a key
 * derived from the same secret (decision 152). Tests seal cookies of their own with it.
 */
export function e2eSessionCookie(secret = E2E_SESSION_SECRET): Cookie {
  const signed = createCookie('__session', { secrets: [secret], path: '/' });
  const keys = cookieKeys([secret]);
  return {
    name: signed.name,
    isSigned: signed.isSigned,
    expires: signed.expires,
    serialize: (value, options) => signed.serialize(value === '' ? '' : sealCookie(keys, value), options),
    parse: async (header, options) => openCookie(keys, await signed.parse(header, options)),
  };
}

/**
 * The API token inside the session cookie, decrypted with the e2e secret (or a product's own:
 * processes.ts `sessionSecret`). Tests use it to revoke the token behind the browser's back, as an
 * admin or an expiry would.
 */
export async function sessionToken(context: BrowserContext, secret = E2E_SESSION_SECRET): Promise<string> {
  const cookie = (await context.cookies()).find((c) => c.name === '__session');
  if (!cookie) throw new Error('no session cookie');
  const data = (await e2eSessionCookie(secret).parse(`__session=${cookie.value}`)) as { token?: string } | null;
  if (!data?.token) throw new Error('the session cookie holds no token');
  return data.token;
}

export async function revokeToken(token: string) {
  const response = await fetch(`${API_URL}/api/auth/logout`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
  expect(response.status).toBe(200);
}

/** Opens the header's user menu (a <details> drop-down) and signs out with its POST form. */
export async function signOut(page: Page) {
  await page.locator('details.user-menu > summary').click();
  await page.getByRole('button', { name: labels.signOut }).click();
  // Signed out only once the sign-in page is back: a sign-in started before would find the old session.
  await expect(page).toHaveURL(/\/user\/login/);
}

/** Signs in against the API directly (for arranging data), from an address of its own. */
export async function apiToken(email: string, password = DEMO_PASSWORD): Promise<string> {
  const response = await fetch(`${API_URL}/api/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` },
    body: JSON.stringify({ email, password, providerId: 'email', tokenId: '' }),
  });
  expect(response.status).toBe(200);
  return String(response.headers.get('authorization')).replace(/^Bearer /, '');
}

/** Calls the API as someone; returns the payload of a 2xx answer. */
export async function apiCall<T = any>(token: string, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${API_URL}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await response.json();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(json)}`);
  return json.payload as T;
}

export { ticketBody } from '../shared/ticket-body';

/** A driver account of the test's own, so parallel tests never share notifications or tickets. */
export async function newDriver(): Promise<{ email: string; password: string; token: string; id: string }> {
  const email = `conductor.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@correo.cl`;
  const password = 'Clave-prueba-1';
  const response = await fetch(`${API_URL}/api/profile/new`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.8.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` },
    body: JSON.stringify({ email, password, firstName: 'Prueba', lastName: 'Conductor', phone: '+56912345678', rut: '12.345.678-5', privacyPolicyVersion: PRIVACY_POLICY_VERSION }),
  });
  expect(response.status).toBe(201);
  const { payload } = await response.json();
  return { email, password, token: await apiToken(email, password), id: payload.uuid };
}

/**
 * Waits until the page has hydrated: its scripts come after the first paint (decision 062),
 * so a click right after a page load may still be the plain HTML form's. For tests of what
 * JavaScript adds, in the js project only.
 */
export async function hydrated(page: Page) {
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
}

/**
 * Before using a page's controls: in the js project, once the page has hydrated (under load a
 * tap that lands while the page hydrates was seen to be lost, a known open problem); in the
 * nojs project the plain HTML page is already all there is.
 */
export async function ready(page: Page) {
  if (test.info().project.name === 'js') await hydrated(page);
}

/** A kilometre of the demo road's "Curacaví Oriente" stretch (16,5-38), as a person types it. */
export const randomKm = () => (17 + Math.random() * 20).toFixed(1).replace('.', ',');

/**
 * The new-event form (already open) filled as a person would: a pothole claim at a random
 * kilometre of Curacaví Oriente, sector and commune completed from the kilometre. Staff also
 * choose the channel; `reporter` fills the reporter's name, RUT and phone.
 */
export async function fillEventFields(page: Page, description: string, options: { channel?: string; reporter?: boolean } = {}) {
  if (options.channel) await page.getByLabel('Canal de recepción').selectOption({ label: options.channel });
  await page.getByLabel('Clasificación').selectOption({ label: 'Reclamo · Estado del pavimento' });
  await page.getByLabel('Descripción').fill(description);
  await page.getByLabel('Kilómetro').fill(randomKm());
  await page.getByLabel('Orientación').selectOption({ label: 'Norte a Sur (hacia Valparaíso)' });
  if (options.reporter) {
    await page.getByLabel('Nombre completo').fill('Ana Soto');
    await page.getByLabel('RUT').fill('12.345.678-5');
    await page.getByLabel('Teléfono').fill('+56 9 1234 5678');
  }
  await page.getByRole('button', { name: 'Completar sector y comuna' }).click();
  await expect(page.getByLabel('Sector')).toHaveValue('Curacaví Oriente');
  await expect(page.getByLabel('Comuna')).toHaveValue('Curacaví');
}
