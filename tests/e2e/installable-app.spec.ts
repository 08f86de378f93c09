import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { newDriver, ready, signIn, signInDirectly, signOut } from './fixtures';

/**
 * The site installs on a phone's home screen (issue 32): the manifest, its icons and the theme
 * colour, and the sign-out answer that clears the phone (docs/decisions/140-installable-app-sign-out-and-receipts.md).
 */
test.use({ viewport: { width: 360, height: 740 } });

/** What the default and the dark theme paint around the app: their header and page backgrounds. */
const LIGHT = { theme: '#ffffff', background: '#f2f5f9' };
const DARK = { theme: '#131a28', background: '#0e131e' };

type Manifest = {
  name: string;
  short_name: string;
  lang: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose?: string }[];
};

test('the manifest names the app in Spanish, starts at the driver dashboard and its icons are the sizes it says', async ({ page }) => {
  await page.goto('/user/login');
  // The document links it (with credentials, so the theme cookie reaches it) and paints the bar.
  const link = page.locator('head link[rel="manifest"]');
  await expect(link).toHaveAttribute('href', '/manifest.webmanifest');
  await expect(link).toHaveAttribute('crossorigin', 'use-credentials');
  await expect(page.locator('head meta[name="theme-color"]')).toHaveAttribute('content', LIGHT.theme);

  const response = await page.request.get('/manifest.webmanifest');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  // Short-lived, per visitor: a theme change shows soon, and no shared cache keeps one person's colours.
  const cacheControl = response.headers()['cache-control'] ?? '';
  expect(cacheControl).toContain('private');
  expect(Number(/max-age=(\d+)/.exec(cacheControl)?.[1])).toBeLessThanOrEqual(3600);

  const manifest = (await response.json()) as Manifest;
  expect(manifest.name).toBe('Atención de usuarios · Concesión Vial');
  expect(manifest.short_name).toBe('Concesión Vial');
  expect(manifest.lang).toBe('es-CL');
  expect(manifest.start_url).toBe('/driver/dashboard');
  expect(manifest.scope).toBe('/');
  expect(manifest.display).toBe('standalone');
  expect(manifest.theme_color).toBe(LIGHT.theme);
  expect(manifest.background_color).toBe(LIGHT.background);

  // Every icon is a PNG of exactly the size it claims; 192 and 512 are there, and a maskable one.
  const sizes = new Set<string>();
  for (const icon of manifest.icons) {
    const file = await page.request.get(icon.src);
    expect(file.status(), icon.src).toBe(200);
    expect(file.headers()['content-type']).toBe('image/png');
    const meta = await sharp(await file.body()).metadata();
    expect(meta.format, icon.src).toBe('png');
    expect(`${meta.width}x${meta.height}`, icon.src).toBe(icon.sizes);
    sizes.add(icon.sizes);
  }
  expect([...sizes].sort()).toEqual(['192x192', '512x512']);
  expect(manifest.icons.some((icon) => icon.purpose?.split(' ').includes('maskable'))).toBe(true);
});

test('the theme colour follows the chosen theme, in the manifest and on the page', async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: 'appTheme', value: 'DarkSpacesTheme', url: baseURL! }]);
  const manifest = (await (await page.request.get('/manifest.webmanifest')).json()) as Manifest;
  expect(manifest.theme_color).toBe(DARK.theme);
  expect(manifest.background_color).toBe(DARK.background);
  await page.goto('/user/login');
  await expect(page.locator('head meta[name="theme-color"]')).toHaveAttribute('content', DARK.theme);
  // An unknown theme is the default one.
  await context.addCookies([{ name: 'appTheme', value: 'NoSuchTheme', url: baseURL! }]);
  expect(((await (await page.request.get('/manifest.webmanifest')).json()) as Manifest).theme_color).toBe(LIGHT.theme);
});

test('switching the theme repaints the phone\'s bar at once', async ({ page }) => {
  await signInDirectly(page, 'operador@concesion.demo');
  await page.goto('/operator/events');
  await ready(page);
  const bar = page.locator('head meta[name="theme-color"]');
  await expect(bar).toHaveAttribute('content', LIGHT.theme);
  const themeMenu = page.locator('details.theme-menu');
  await themeMenu.locator('summary').click();
  await themeMenu.getByRole('button', { name: 'Oscuro' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'DarkSpacesTheme');
  await expect(bar).toHaveAttribute('content', DARK.theme);
  await expect(page.locator('head meta[name="theme-color"]')).toHaveCount(1);
});

test('staff who install while signed in start at their own dashboard', async ({ page }) => {
  await signIn(page, 'operador@concesion.demo');
  const manifest = (await (await page.request.get('/manifest.webmanifest')).json()) as Manifest;
  expect(manifest.start_url).toBe('/operator/dashboard');
});

test('the sign-out answer tells the browser to clear the site\'s caches and storage', async ({ page }) => {
  const driver = await newDriver();
  await signIn(page, driver.email, driver.password);
  const answer = page.waitForResponse((r) => new URL(r.url()).pathname.startsWith('/user/logout') && r.request().method() === 'POST');
  await signOut(page);
  const headers = await (await answer).allHeaders();
  expect(headers['clear-site-data']).toBe('"cache", "storage"');
  // And the session really ended.
  await page.goto('/driver/dashboard');
  await expect(page).toHaveURL(/\/user\/login/);
});
