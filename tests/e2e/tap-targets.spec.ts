import { expect, test, type Page } from '@playwright/test';
import { apiCall, apiToken, demo, DEMO_PASSWORD, newDriver, signIn, ticketBody } from './fixtures';

/**
 * Issue 36 on a 320 px phone, on every page of every role, JavaScript on and off: no page is
 * wider than the screen, and every tap target (link, button, select, field, disclosure) is at
 * least 44 × 44 px. Links inside running text are left out, as WCAG 2.5.8 and 2.5.5 allow
 * ("inline": the target sits in a sentence or paragraph, so its size is the text's), and so are
 * the route view's markers, whose events are each a 44 px link in the table under the chart
 * (WCAG 2.5.8's "equivalent" exception).
 */
const WIDTH = 320;

let ticketId: number;
let driver: { email: string; password: string };

test.beforeAll(async () => {
  const created = await newDriver();
  driver = created;
  ticketId = (await apiCall<{ id: number }>(created.token, 'POST', '/api/ticket', ticketBody({ email: created.email }))).id;
  await apiCall(await apiToken(demo.operator), 'POST', `/api/ticket/${ticketId}/comment`, { comment: 'Revisamos el lugar.' });
});

const pagesOf = (role: string): string[] => {
  const event = `events/${ticketId}`;
  const area: Record<string, string[]> = {
    driver: ['dashboard', 'events', 'events/new', event, 'notifications', 'profile'],
    operator: ['dashboard', 'events', 'events/new', event, 'reports', 'assignments', 'notifications', 'profile'],
    supervisor: ['dashboard', 'events', event, 'reports', 'assignments', 'notifications', 'profile'],
    inspector: ['dashboard', 'events', event, 'reports', 'profile'],
    admin: ['dashboard', 'events', event, 'reports', 'users', 'users/new', 'profile'],
  };
  return area[role]!.map((path) => `/${role}/${path}`);
};

/** What is wider than the screen or smaller than a fingertip on the page now. */
async function problems(page: Page): Promise<string[]> {
  return page.evaluate((width) => {
    const found: string[] = [];
    const where = `${location.pathname}${location.search}`;
    const scrollWidth = document.documentElement.scrollWidth;
    if (scrollWidth > width) found.push(`${where}: the page is ${scrollWidth}px wide`);
    /** A link in a sentence: its parent holds text of its own beside it. */
    const inline = (element: Element) =>
      element.tagName === 'A' &&
      [...(element.parentElement?.childNodes ?? [])].some((node) => node !== element && node.nodeType === Node.TEXT_NODE && node.textContent!.trim().length > 0);
    const targets = document.querySelectorAll('a[href], button, select, input:not([type=hidden]), textarea, summary, [role=tab]');
    for (const element of targets) {
      const box = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      if (box.width === 0 || box.height === 0 || style.visibility === 'hidden' || !element.checkVisibility({ contentVisibilityAuto: true })) continue;
      // Closed menus' items and the "skip to content" link (on screen only when focused) are not tapped as they are.
      if (element.closest('[aria-hidden=true], .visually-hidden, .skip-link, details:not([open]) > :not(summary)')) continue;
      // The route view's markers: each one's event is also a 44 px link in the table under the
      // chart (WCAG 2.5.8's "equivalent" exception); markers 44 px wide would hide each other.
      if (element.closest('.road-marker')) continue;
      if (inline(element)) continue;
      // A checkbox or radio is tapped through its label, which counts as its target.
      const label = (element as HTMLInputElement).labels?.[0]?.getBoundingClientRect();
      const target = label && label.height > box.height ? label : box;
      if (Math.round(target.width) < 44 || Math.round(target.height) < 44) {
        const name = (element.getAttribute('aria-label') ?? element.textContent ?? element.getAttribute('name') ?? '').trim().slice(0, 30);
        found.push(`${where}: ${element.tagName.toLowerCase()} "${name}" is ${Math.round(target.width)}×${Math.round(target.height)}px`);
      }
    }
    return found;
  }, WIDTH);
}

test.use({ viewport: { width: WIDTH, height: 740 }, isMobile: true, hasTouch: true });

test('no public page is wider than a 320 px phone, and every tap target is at least 44 px', async ({ page }) => {
  const found: string[] = [];
  for (const path of ['/user/login', '/user/register', '/user/recover-password', '/terminos', '/privacidad']) {
    await page.goto(path);
    found.push(...(await problems(page)));
  }
  expect(found).toEqual([]);
});

for (const role of ['driver', 'operator', 'supervisor', 'inspector', 'admin'] as const) {
  test(`no page of the ${role} is wider than a 320 px phone, and every tap target is at least 44 px`, async ({ page }) => {
    test.setTimeout(90_000);
    if (role === 'driver') await signIn(page, driver.email, driver.password);
    else await signIn(page, demo[role], DEMO_PASSWORD);
    const found: string[] = [];
    for (const path of pagesOf(role)) {
      await page.goto(path);
      found.push(...(await problems(page)));
    }
    expect(found).toEqual([]);
  });
}
