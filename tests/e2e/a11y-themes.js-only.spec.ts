import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { axeViolations, preloadAxe } from './axe';
import { API_URL, apiCall, apiToken, demo, newDriver, ticketBody } from './fixtures';

/**
 * docs/decisions/105-accessibility-in-every-theme.md: axe finds nothing on any screen, in all six themes, on a 360 px
 * phone and a 1440 px desktop: every screen of an admin, a supervisor and a driver (an event with comments, an image
 * attachment and history included), the public and error pages, a menu open and a toast on screen.
 *
 * A theme changes colours only: the server sends its palette as CSS variables in one <style id="app-theme"> and
 * names it in <html data-theme> (app/theme/theme-style.tsx; nothing else on a page depends on the theme). So each
 * screen is opened once: every axe rule runs in the default theme, then the page wears each other theme's sheet,
 * as the server sends it for that theme's cookie, and the rules that read colours run again. The same findings as
 * opening every screen in every theme, for a sixth of the page loads (decision 187).
 */
const DEFAULT_THEME = 'PureLightTheme';
const OTHER_THEMES = ['GreyGooseTheme', 'PurpleFlowTheme', 'NebulaFighterTheme', 'DarkSpacesTheme', 'GreenFieldsTheme'] as const;
/** axe's rules that depend on colours (its "cat.color" rules that WCAG 2.2 AA enables). */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];
const WIDTHS = [360, 1440] as const;

type Arranged = { driver: { email: string; password: string }; ticketId: number; userUuid: string };
let arranged: Arranged;
/** Each other theme's sheet, from the server's own page for its cookie. */
const sheets = new Map<string, string>();

test.beforeAll(async () => {
  const driver = await newDriver();
  const ticket = await apiCall<{ id: number }>(driver.token, 'POST', '/api/ticket', ticketBody({ email: driver.email }));
  const operator = await apiToken(demo.operator);
  await apiCall(operator, 'POST', `/api/ticket/${ticket.id}/comment`, { comment: 'Enviamos una cuadrilla.' });
  await apiCall(operator, 'POST', `/api/ticket/${ticket.id}/comment`, { comment: 'Nota del turno.', internal: true });
  const photo = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#777' } }).jpeg().toBuffer();
  const form = new FormData();
  form.append('files', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'bache.jpg');
  await fetch(`${API_URL}/api/ticket/${ticket.id}/attachment`, { method: 'POST', headers: { authorization: `Bearer ${driver.token}` }, body: form });
  const me = await apiCall<{ userProfileDto: { id: string } }>(operator, 'GET', '/api/user/me');
  await apiCall(operator, 'PUT', `/api/ticket/${ticket.id}`, { assignedToId: me.userProfileDto.id });
  arranged = { driver, ticketId: ticket.id, userUuid: driver.id };

  for (const theme of OTHER_THEMES) {
    const html = await (await fetch(new URL('/user/login', test.info().project.use.baseURL), { headers: { cookie: `appTheme=${theme}` } })).text();
    expect(html, theme).toContain(`<html lang="es" data-theme="${theme}">`);
    sheets.set(theme, /<style id="app-theme">([\s\S]*?)<\/style>/.exec(html)![1]!);
  }
  expect(new Set(sheets.values()).size).toBe(OTHER_THEMES.length);
});

/**
 * axe on the page as it is now: every rule in the default theme, then the colour rules in each other theme, the
 * page wearing that theme's sheet. Colour transitions the change starts (a button's background) are finished at
 * once: axe reads the colours they end with. The default theme is back on when it returns.
 */
async function everyTheme(page: Page, where: string): Promise<string[]> {
  const found = await axeViolations(page, where);
  const original = await page.evaluate(() => document.getElementById('app-theme')!.textContent);
  for (const theme of [...OTHER_THEMES, DEFAULT_THEME]) {
    const sheet = theme === DEFAULT_THEME ? original : sheets.get(theme)!;
    await page.evaluate(
      ({ theme, sheet }) => {
        document.documentElement.dataset.theme = theme;
        document.getElementById('app-theme')!.textContent = sheet;
        // Layout now: the new colours are computed and their transitions begin, to be finished.
        void document.body.offsetHeight;
        for (const animation of document.getAnimations()) if (animation instanceof CSSTransition) animation.finish();
      },
      { theme, sheet },
    );
    if (theme !== DEFAULT_THEME) found.push(...(await axeViolations(page, `${where} (${theme})`, COLOUR_RULES)));
  }
  return found;
}

async function signInAs(page: Page, email: string, password: string) {
  await page.goto('/user/login');
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page).not.toHaveURL(/\/user\/login/);
}

for (const width of WIDTHS) {
  test.describe(`at ${width}px, in every theme`, () => {
    // Every screen once, axe six times on each: longer than the default 30 s.
    test.beforeEach(async ({ page }) => {
      test.setTimeout(240_000);
      // axe measures the colours a toast ends with, not a frame of its entrance.
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await preloadAxe(page);
      await page.setViewportSize({ width, height: 900 });
    });

    test('no axe violation on the public pages and any screen of an admin, the user menu open', async ({ page }) => {
      const found: string[] = [];
      const visit = async (path: string) => {
        await page.goto(path);
        await expect(page.locator('html')).toHaveAttribute('data-theme', DEFAULT_THEME);
        found.push(...(await everyTheme(page, path)));
      };
      for (const path of ['/user/login', '/user/register', '/user/recover-password', '/user/reset-password?token=x', '/no-existe']) await visit(path);

      await signInAs(page, demo.admin, 'Demo-2026');
      const event = `/admin/events/${arranged.ticketId}`;
      for (const path of [
        '/admin/dashboard',
        // The month field refusing a month not yet begun, its message under it (decision 176).
        '/admin/dashboard?period=2099-01',
        '/admin/reports/summary',
        '/admin/events',
        event,
        `${event}?confirm=close`,
        '/admin/events/new',
        '/admin/reports',
        '/admin/assignments',
        '/admin/notifications',
        '/admin/users',
        '/admin/users/new',
        `/admin/users/${arranged.userUuid}/edit`,
        '/admin/profile',
        '/admin/no-existe',
      ]) {
        await visit(path);
      }
      // The open menu.
      await page.goto('/admin/events');
      await page.locator('details.user-menu > summary').click();
      found.push(...(await everyTheme(page, 'user menu open')));
      await expect(page.getByRole('button', { name: 'Cerrar sesión' })).toBeVisible();

      expect(found).toEqual([]);
    });

    test('no axe violation on any screen of a supervisor and a driver, a toast on screen', async ({ page }) => {
      const found: string[] = [];
      const visit = async (path: string) => {
        await page.goto(path);
        found.push(...(await everyTheme(page, path)));
      };
      // A staff member's own dashboard (their scope and charts) and assignments.
      await signInAs(page, demo.supervisor, 'Demo-2026');
      for (const path of ['/supervisor/dashboard', '/supervisor/assignments']) await visit(path);

      await page.context().clearCookies({ name: '__session' });
      await signInAs(page, arranged.driver.email, arranged.driver.password);
      // The toast stays while the pointer is on it, through the six themes.
      const toast = page.locator('.toast', { hasText: 'Autenticación correcta' });
      await toast.hover();
      found.push(...(await everyTheme(page, 'driver dashboard with the sign-in toast')));
      await expect(toast).toBeVisible();
      for (const path of ['/driver/events', `/driver/events/${arranged.ticketId}`, '/driver/events/new', '/driver/notifications']) await visit(path);

      expect(found).toEqual([]);
    });
  });
}

test('a chart that scrolls on a phone is reached and scrolled by keyboard', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signInAs(page, demo.supervisor, 'Demo-2026');
  await page.goto('/supervisor/dashboard');
  // Every chart that can scroll is in the tab order; the first one is reached by Tab and scrolled with the arrows.
  for (const each of await page.locator('.chart-scroll').all()) await expect(each).toHaveAttribute('tabindex', '0');
  const chart = page.locator('.chart-scroll').first();
  expect(await chart.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  // Tabbing through the page from its start reaches the chart.
  let reached = false;
  for (let n = 0; n < 60 && !reached; n++) {
    await page.keyboard.press('Tab');
    reached = await chart.evaluate((el) => document.activeElement === el);
  }
  expect(reached).toBe(true);
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => chart.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
});
