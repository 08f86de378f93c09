import { expect, test } from '@playwright/test';
import { demo, ready, signInDirectly } from './fixtures';

const themeMenu = (page: import('@playwright/test').Page) => page.locator('details.theme-menu');

test.describe('theme switcher', () => {
  test('switches the theme, survives a reload and is in the server-rendered HTML', async ({ page, javaScriptEnabled }) => {
    await signInDirectly(page, demo.operator);
    await page.goto('/operator/events');
    // With JavaScript the choice is applied in place: the page's scripts are running first.
    await ready(page);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'PureLightTheme');

    await themeMenu(page).locator('summary').click();
    const dark = themeMenu(page).getByRole('button', { name: 'Oscuro' });
    await expect(dark).toHaveAttribute('aria-pressed', 'false');
    await dark.click();

    await expect(page.locator('html')).toHaveAttribute('data-theme', 'DarkSpacesTheme');
    await expect(page).toHaveURL('/operator/events');
    await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(14, 19, 30)');
    if (javaScriptEnabled) {
      expect(await page.evaluate(() => localStorage.getItem('appTheme'))).toBe('DarkSpacesTheme');
      // Applied in place: the menu closes and nothing navigated.
      await expect(themeMenu(page)).not.toHaveAttribute('open');
    }

    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'DarkSpacesTheme');
    await themeMenu(page).locator('summary').click();
    await expect(themeMenu(page).getByRole('button', { name: 'Oscuro' })).toHaveAttribute('aria-pressed', 'true');

    // The first byte already carries it: attribute, custom properties and colour scheme.
    const html = await (await page.request.get('/operator/events')).text();
    expect(html).toContain('<html lang="es" data-theme="DarkSpacesTheme">');
    expect(html).toContain('--mui-palette-background-default:#0e131e');
    expect(html).toContain('color-scheme:dark');
    expect(html).not.toContain('--mui-palette-background-default:#f2f5f9');

    // Public pages follow the same choice.
    const login = await (await page.request.get('/user/login')).text();
    expect(login).toContain('data-theme="DarkSpacesTheme"');

    // And back to a light one.
    await themeMenu(page).getByRole('button', { name: 'Verde' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'GreenFieldsTheme');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'GreenFieldsTheme');
  });

  test('the resource route only accepts known themes and same-site redirects', async ({ page }) => {
    const evil = await page.request.post('/resources/theme', {
      form: { theme: 'PurpleFlowTheme', redirectTo: '//evil.example/x' },
      maxRedirects: 0,
    });
    expect(evil.status()).toBe(303);
    expect(evil.headers().location).toBe('/');
    expect(evil.headers()['set-cookie']).toBe('appTheme=PurpleFlowTheme; Path=/; Max-Age=31536000; SameSite=Lax');

    const back = await page.request.post('/resources/theme', {
      form: { theme: 'GreyGooseTheme', redirectTo: '/user/login?x=1' },
      maxRedirects: 0,
    });
    expect(back.headers().location).toBe('/user/login?x=1');

    const unknown = await page.request.post('/resources/theme', { form: { theme: 'Comic Sans' }, maxRedirects: 0 });
    expect(unknown.status()).toBe(400);

    const get = await page.request.get('/resources/theme', { maxRedirects: 0 });
    expect(get.status()).toBe(404);

    await page.goto('/user/login');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'GreyGooseTheme');
  });
});
