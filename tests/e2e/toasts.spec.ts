import { expect, test, type BrowserContext } from '@playwright/test';
import { createCookieSessionStorage } from 'react-router';
import { e2eSessionCookie, hydrated } from './fixtures';

/**
 * Seven messages queued in a row, as actions leave them in the session's flash. The session
 * cookie is signed and encrypted with the secret playwright.config.ts gives the e2e web server, so the
 * browser carries a real one: no test-only route exists in the app. (The app's own
 * `addToast` already keeps six; app/server/auth/session.server.test.ts covers that. Seven here proves
 * the page caps what it shows as well.)
 */
const storage = createCookieSessionStorage({ cookie: e2eSessionCookie() });

const messages = Array.from({ length: 7 }, (_, i) => `Mensaje número ${i + 1}`);

async function queueToasts(context: BrowserContext, baseURL: string) {
  const session = await storage.getSession();
  session.flash(
    'toasts',
    messages.map((message, i) => ({ id: `toast-${i + 1}`, type: i === 3 ? 'error' : 'success', message })),
  );
  const header = await storage.commitSession(session);
  const value = header.slice(header.indexOf('=') + 1, header.indexOf(';'));
  await context.addCookies([{ name: '__session', value, url: baseURL }]);
}

test.describe('toasts', () => {
  test('seven messages in a row show six, oldest first out, readable and dismissible', async ({ page, context, baseURL }) => {
    await queueToasts(context, baseURL!);
    await page.goto('/user/login');
    const region = page.getByRole('region', { name: 'Mensajes' });
    const items = region.getByRole('listitem');
    await expect(items).toHaveCount(6);
    await expect(items).toHaveText(messages.slice(1).map((text) => new RegExp(text)));
    await expect(region.getByText(messages[0]!)).toHaveCount(0);
    // An error is an alert, the rest are status messages.
    await expect(region.getByRole('alert')).toHaveText(messages[3]!);
    await expect(region.getByRole('status')).toHaveCount(5);

    // Bottom right of the viewport.
    const box = await region.boundingBox();
    const viewport = page.viewportSize()!;
    expect(box!.x + box!.width).toBeGreaterThan(viewport.width - 40);
    expect(box!.y + box!.height).toBeGreaterThan(viewport.height - 40);

    // Dismissible with and without JavaScript.
    // (A button with JavaScript, a checkbox's label without.)
    await items.filter({ hasText: messages[6]! }).locator('.toast-dismiss').click();
    await expect(region.getByText(messages[6]!)).toBeHidden();
    await expect(region.getByText(messages[5]!)).toBeVisible();

    // Shown once: the next page has none.
    await page.goto('/user/login');
    await expect(page.getByRole('region', { name: 'Mensajes' })).toHaveCount(0);
  });

  test('they hide by themselves with JavaScript and stay without it', async ({ page, context, baseURL, javaScriptEnabled }) => {
    await queueToasts(context, baseURL!);
    if (javaScriptEnabled) await page.clock.install();
    await page.goto('/user/login');
    const items = page.getByRole('region', { name: 'Mensajes' }).getByRole('listitem');
    await expect(items).toHaveCount(6);
    if (javaScriptEnabled) {
      // The toasts' timers start when the page hydrates: the clock runs from there (under load,
      // running it earlier let the time pass before any timer existed).
      await hydrated(page);
      await page.clock.runFor(6_500);
      // Successes go after six seconds, the error stays a little longer.
      await expect(items).toHaveCount(1);
      await expect(items).toHaveText(new RegExp(messages[3]!));
      await page.clock.runFor(4_000);
      await expect(page.getByRole('region', { name: 'Mensajes' })).toHaveCount(0);
    } else {
      await page.waitForTimeout(500);
      await expect(items).toHaveCount(6);
    }
  });
});
