import { expect, type BrowserContext, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'Demo-2026';
export const API_URL = `http://127.0.0.1:${process.env.E2E_API_PORT ?? 4310}`;

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
  signIn: 'Iniciar sesión',
  signOut: 'Cerrar sesión',
};

/** Fills the login form as a person would and submits it. */
export async function submitLogin(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.getByLabel(labels.email).fill(email);
  await page.getByLabel(labels.password, { exact: true }).fill(password);
  await page.getByRole('button', { name: labels.signIn }).click();
}

/** Signs in from the login screen and waits to leave it. */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/user/login');
  await submitLogin(page, email, password);
  await expect(page).not.toHaveURL(/\/user\/login/);
}

/**
 * The API token inside the session cookie. The cookie is signed, not encrypted: its value
 * is base64 JSON followed by ".signature". Tests use it to revoke the token behind the
 * browser's back, as an admin or an expiry would.
 */
export async function sessionToken(context: BrowserContext): Promise<string> {
  const cookie = (await context.cookies()).find((c) => c.name === '__session');
  if (!cookie) throw new Error('no session cookie');
  const value = decodeURIComponent(cookie.value);
  const encoded = value.slice(0, value.lastIndexOf('.'));
  const data = JSON.parse(decodeURIComponent(escape(Buffer.from(encoded, 'base64').toString('binary'))));
  return data.token as string;
}

export async function revokeToken(token: string) {
  const response = await fetch(`${API_URL}/api/auth/logout`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
  expect(response.status).toBe(200);
}
