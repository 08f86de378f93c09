import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { axeViolations, preloadAxe } from './axe';
import { API_URL, apiCall, apiToken, demo, newDriver, ticketBody } from './fixtures';

/**
 * docs/decisions/105-accessibility-in-every-theme.md: axe finds nothing on any screen, in all six themes, on a 360 px
 * phone and a 1440 px desktop. One test per theme and width visits every screen of an admin and a driver
 * (an event with comments, an image attachment and history included).
 *
 * A theme changes colours only (app/theme: palettes as CSS variables), so every axe rule runs
 * in the default theme and the rules that read colours run in each of the others: the same
 * findings for half the time of the whole suite's slowest file.
 */
const DEFAULT_THEME = 'PureLightTheme';
const THEMES = [DEFAULT_THEME, 'GreyGooseTheme', 'PurpleFlowTheme', 'NebulaFighterTheme', 'DarkSpacesTheme', 'GreenFieldsTheme'] as const;
/** axe's rules that depend on colours (its "cat.color" rules that WCAG 2.2 AA enables). */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];
const WIDTHS = [360, 1440] as const;

type Arranged = { driver: { email: string; password: string }; ticketId: number; userUuid: string };
let arranged: Arranged;

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
});

const violations = (page: Page, where: string, colourOnly: boolean) => axeViolations(page, where, colourOnly ? COLOUR_RULES : undefined);

async function signInAs(page: Page, email: string, password: string) {
  await page.goto('/user/login');
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page).not.toHaveURL(/\/user\/login/);
}

for (const theme of THEMES) {
  for (const width of WIDTHS) {
    const colourOnly = theme !== DEFAULT_THEME;
    test(`${theme} at ${width}px: no axe violation${colourOnly ? ' of colour' : ''} on any screen`, async ({ page, context }) => {
      // Every screen, twice signed in: the full rule set (default theme) takes longest.
      test.setTimeout(colourOnly ? 120_000 : 240_000);
      // axe measures the colours a toast ends with, not a frame of its entrance.
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await preloadAxe(page);
      await page.setViewportSize({ width, height: 900 });
      await context.addCookies([{ name: 'appTheme', value: theme, url: test.info().project.use.baseURL! }]);
      const found: string[] = [];
      const visit = async (path: string) => {
        await page.goto(path);
        found.push(...(await violations(page, path, colourOnly)));
      };

      for (const path of ['/user/login', '/user/register', '/user/recover-password', '/user/reset-password?token=x', '/no-existe']) await visit(path);
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);

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
      // The open menus and a toast.
      await page.goto('/admin/events');
      await page.locator('details.user-menu > summary').click();
      found.push(...(await violations(page, 'user menu open', colourOnly)));

      // A staff member's own dashboard (their scope and charts) and assignments.
      await page.context().clearCookies({ name: '__session' });
      await signInAs(page, demo.supervisor, 'Demo-2026');
      for (const path of ['/supervisor/dashboard', '/supervisor/assignments']) await visit(path);

      await page.context().clearCookies({ name: '__session' });
      await signInAs(page, arranged.driver.email, arranged.driver.password);
      found.push(...(await violations(page, 'driver dashboard with the sign-in toast', colourOnly)));
      for (const path of ['/driver/events', `/driver/events/${arranged.ticketId}`, '/driver/events/new', '/driver/notifications']) await visit(path);

      expect(found).toEqual([]);
    });
  }
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
