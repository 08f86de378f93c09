import { expect, test, type Page } from '@playwright/test';
import { axeViolations, preloadAxe } from './axe';
import { demo, labels, signIn, signInDirectly } from './fixtures';

const THEMES = [
  'PureLightTheme',
  'GreyGooseTheme',
  'PurpleFlowTheme',
  'NebulaFighterTheme',
  'DarkSpacesTheme',
  'GreenFieldsTheme',
] as const;

/**
 * axe runs inside the page and hangs when scripts are disabled, so the no-JavaScript project
 * runs it in a page whose own scripts are blocked instead: the server's markup, never hydrated,
 * exactly what a browser without JavaScript gets.
 */
test.use({ javaScriptEnabled: true });
const withoutJavaScript = () => test.info().project.use.javaScriptEnabled === false;
test.beforeEach(async ({ page }) => {
  // axe measures the colours a toast ends with, not a frame of its entrance (it now runs at once,
  // no longer after half a second of injecting itself).
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await preloadAxe(page);
  if (withoutJavaScript()) await page.route(/\/assets\/.+\.js(\?.*)?$/, (route) => route.abort());
});

/** All of axe's rules (WCAG 2.2 A and AA plus best practices); any violation fails. */
async function expectNoViolations(page: Page, where: string) {
  expect(await axeViolations(page, where), `axe on ${where}`).toEqual([]);
}

test.describe('accessibility in every theme', () => {
  for (const theme of THEMES) {
    test(`${theme}: the login screen and a signed-in page, menus and toast included`, async ({ page }) => {
      await page.request.post('/resources/theme', { form: { theme } });
      await page.goto('/user/login');
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await expectNoViolations(page, `${theme} /user/login`);

      // Sign-in lands on the dashboard with its success toast.
      await signIn(page, demo.admin);
      await expect(page.getByRole('status').filter({ hasText: 'Autenticación correcta' })).toBeVisible();
      await page.locator('details.theme-menu > summary').click();
      await expectNoViolations(page, `${theme} /admin/dashboard with the theme menu open`);
    });
  }
});

test.describe('accessibility of every shell page (default theme)', () => {
  test('the login form with errors, every admin screen, the menus and the error page in the shell', async ({ page }) => {
    test.slow();
    await page.goto('/user/login');
    await page.getByLabel(labels.email).fill('no-es-un-correo');
    await page.getByRole('button', { name: labels.signIn }).click();
    await expect(page.getByText('El correo proviste, debe ser un correo válido').last()).toBeVisible();
    await expectNoViolations(page, '/user/login with errors');

    await signIn(page, demo.admin);
    for (const screen of ['dashboard', 'events', 'reports', 'assignments', 'notifications', 'users']) {
      await page.goto(`/admin/${screen}`);
      await expectNoViolations(page, `/admin/${screen}`);
    }
    await page.locator('details.user-menu > summary').click();
    await page.locator('details.language-menu > summary').click();
    await expectNoViolations(page, 'language menu open');
    await page.goto('/driver/dashboard');
    await expectNoViolations(page, 'not-found inside the shell');
  });

  test('the open drawer on a phone', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await signInDirectly(page, demo.driver);
    await page.goto('/driver/events');
    await expectNoViolations(page, '/driver/events on a phone');
    if (withoutJavaScript()) await page.locator('label.shell-menu-toggle').click();
    else await page.getByRole('button', { name: 'Abrir menú' }).click();
    await expect(page.getByRole('link', { name: 'Notificaciones', exact: true })).toBeVisible();
    await expectNoViolations(page, 'drawer open');
  });
});
