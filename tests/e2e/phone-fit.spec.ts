import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { API_URL, apiCall, apiToken, demo, newDriver, ready, ticketBody } from './fixtures';

/**
 * Every screen of every role fits a phone, JavaScript on and off (docs/decisions/100 and 101). A mobile browser
 * grows its layout viewport to fit content that is too wide (so innerWidth grows with it):
 * the page's scrollWidth is compared with the device's width instead.
 *
 * Each screen is opened once, on the narrowest phone, and measured there; then the phone widens to each other
 * width and the same page is measured again. The server's page does not depend on the width (it cannot know it),
 * the layout is CSS media queries, and what the scripts lay out follows the window as it resizes: the same
 * findings as opening every screen at every width, for a quarter of the page loads (decision 187).
 */
const WIDTHS = [320, 360, 390, 414] as const;
const NARROWEST = WIDTHS[0];
const HEIGHT = 740;

type Arranged = { driver: { email: string; password: string }; ticketId: number; userUuid: string };
let arranged: Arranged;

/** A ticket of a driver of the test's own, with a long comment, an image attachment and history. */
test.beforeAll(async () => {
  const driver = await newDriver();
  const ticket = await apiCall<{ id: number }>(driver.token, 'POST', '/api/ticket', ticketBody({ email: driver.email }));
  const operator = await apiToken(demo.operator);
  await apiCall(operator, 'POST', `/api/ticket/${ticket.id}/comment`, {
    comment: 'Revisamos el lugar: https://vialidad.example.cl/una/ruta/muy/larga/sin/espacios/que/podria/desbordar',
  });
  const photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#a87' } }).jpeg().toBuffer();
  const form = new FormData();
  form.append('files', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'bache-en-la-pista-derecha-frente-al-peaje-norte.jpg');
  const upload = await fetch(`${API_URL}/api/ticket/${ticket.id}/attachment`, { method: 'POST', headers: { authorization: `Bearer ${driver.token}` }, body: form });
  expect(upload.status).toBe(201);
  await apiCall(operator, 'PUT', `/api/ticket/${ticket.id}`, { assignedToId: (await apiCall<{ userProfileDto: { id: string } }>(operator, 'GET', '/api/user/me')).userProfileDto.id });
  // An operator with a long name: the assignments' choice of person must not widen a card.
  await apiCall(await apiToken(demo.admin), 'POST', '/api/profile/new', {
    email: `operador.largo.${Date.now()}.${Math.random().toString(36).slice(2, 6)}@correo.cl`,
    password: 'Clave-prueba-1',
    firstName: 'Maximiliano Bartolomé Sebastián',
    lastName: 'De la Fuente Echeverría Undurraga',
    phone: '+56912345678',
    rut: '12.345.678-5',
    profileCode: 'OPERATOR',
  });
  arranged = { driver, ticketId: ticket.id, userUuid: driver.id };
});

const screensOf = (role: string): string[] => {
  const event = `events/${arranged.ticketId}`;
  const area: Record<string, string[]> = {
    driver: ['dashboard', 'events', 'events/new', event, 'notifications', 'profile'],
    operator: ['dashboard', 'events', 'events/new', event, `${event}?confirm=close`, 'reports', 'assignments', 'notifications', 'profile'],
    supervisor: ['dashboard', 'events', event, 'reports', 'reports/service-level', 'assignments', 'notifications', 'profile'],
    inspector: ['dashboard', 'events', event, 'reports', 'reports/service-level', 'profile'],
    admin: ['dashboard', 'events', 'events/new', event, 'reports', 'reports/service-level', 'assignments', 'notifications', 'users', 'calendars', 'users/new', `users/${arranged.userUuid}/edit`, `users/${arranged.userUuid}/sessions`, `users/${arranged.userUuid}/two-step`, `users/${arranged.userUuid}/delete`, 'profile', 'no-existe'],
  };
  return area[role]!.map((path) => `/${role}/${path}`);
};

/** What does not fit on the page now: sideways scrolling, or a header control cut off or too small. */
async function misfits(page: Page, width: number): Promise<string[]> {
  return page.evaluate((width) => {
    const found: string[] = [];
    const scrollWidth = document.documentElement.scrollWidth;
    if (scrollWidth > width) {
      const wide = [...document.querySelectorAll('body *')]
        .filter((e) => e.getBoundingClientRect().right > width + 1 && e.getBoundingClientRect().width > 0)
        .slice(0, 3)
        .map((e) => `${e.tagName.toLowerCase()}.${String(e.getAttribute('class') ?? '').split(' ')[0]}`);
      found.push(`${location.pathname}${location.search}: ${scrollWidth}px wide (${wide.join(', ')})`);
    }
    const controls = ['.shell-menu-toggle', '.shell-notifications', '.language-menu > summary', '.theme-menu > summary', '.user-menu > summary'];
    for (const selector of controls) {
      const element = document.querySelector(selector);
      if (!element) continue;
      const box = element.getBoundingClientRect();
      if (box.left < 0 || box.right > width || box.top < 0) found.push(`${location.pathname}: ${selector} outside the screen`);
      if (box.width < 44 || box.height < 44) found.push(`${location.pathname}: ${selector} is ${box.width}×${box.height}px`);
    }
    // The main actions, a thumb's size: buttons, row actions and disclosures in the page.
    for (const element of document.querySelectorAll('main .button, main button, main .row-action, main summary')) {
      const box = element.getBoundingClientRect();
      if (box.width > 0 && box.height < 44) found.push(`${location.pathname}: "${element.textContent?.trim().slice(0, 30)}" is ${Math.round(box.height)}px high`);
    }
    return found;
  }, width);
}

/** The toast with `text` is on screen, wholly inside the visible area. */
async function expectToastOnScreen(page: Page, text: string | RegExp, width: number) {
  const toast = page.locator('.toast', { hasText: text }).first();
  await expect(toast).toBeVisible();
  const box = (await toast.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(width);
  expect(box.y + box.height).toBeLessThanOrEqual(HEIGHT);
  expect(box.y).toBeGreaterThanOrEqual(0);
}

async function signInOnPhone(page: Page, email: string, password: string, width: number) {
  await page.goto('/user/login');
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page).not.toHaveURL(/\/user\/login/);
  // Measured once the page has loaded: measured while it still arrived, a toast once reached 630 px on a 320 px phone.
  await page.waitForLoadState('load');
  await expectToastOnScreen(page, 'Autenticación correcta', width);
}

/** Opens `path` on the narrowest phone, then measures what does not fit at every width, widening the phone. */
async function misfitsAtEveryWidth(page: Page, path: string): Promise<string[]> {
  await page.setViewportSize({ width: NARROWEST, height: HEIGHT });
  await page.goto(path);
  return atEveryWidth(page, async (width) => (await misfits(page, width)).map((misfit) => `${width}px ${misfit}`));
}

/** `check` at every width, narrowest first, the page resized in place; the narrowest again at the end. */
async function atEveryWidth<T>(page: Page, check: (width: number) => Promise<T[] | void>): Promise<T[]> {
  const found: T[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: HEIGHT });
    found.push(...((await check(width)) ?? []));
  }
  await page.setViewportSize({ width: NARROWEST, height: HEIGHT });
  return found;
}

test.describe('at every phone width', () => {
  test.use({ viewport: { width: NARROWEST, height: HEIGHT }, isMobile: true, hasTouch: true });

  test('the public pages fit', async ({ page }) => {
    const found: string[] = [];
    const confirmPages = ['/user/confirm-email?token=x', `/user/confirm-email?token=${'a'.repeat(43)}`];
    for (const path of ['/user/login', '/user/register', '/user/recover-password', '/user/reset-password?token=x', ...confirmPages, '/no-existe']) {
      found.push(...(await misfitsAtEveryWidth(page, path)));
    }
    expect(found).toEqual([]);
  });

  for (const role of ['driver', 'operator', 'supervisor', 'inspector', 'admin'] as const) {
    test(`every screen of the ${role} fits, header controls and toasts on screen`, async ({ page }) => {
      // Up to 18 full pages, each rendered and measured at four widths: more than the default 30 s on a loaded machine.
      test.setTimeout(120_000);
      const [email, password] = role === 'driver' ? [arranged.driver.email, arranged.driver.password] : [demo[role], 'Demo-2026'];
      await signInOnPhone(page, email, password, NARROWEST);
      // The sign-in's toast stays while the pointer is on it, through the four widths.
      await page.locator('.toast', { hasText: 'Autenticación correcta' }).hover();
      await atEveryWidth(page, (width) => expectToastOnScreen(page, 'Autenticación correcta', width));

      // The user menu opens inside the screen, with its name and "Cerrar sesión" reachable.
      await page.locator('.user-menu > summary').click();
      const signOut = page.getByRole('button', { name: 'Cerrar sesión' });
      await expect(signOut).toBeVisible();
      await atEveryWidth(page, async (width) => {
        const box = (await signOut.boundingBox())!;
        expect(box.x + box.width, `at ${width}px`).toBeLessThanOrEqual(width);
        expect(box.height, `at ${width}px`).toBeGreaterThanOrEqual(44);
      });

      const found: string[] = [];
      for (const path of screensOf(role)) found.push(...(await misfitsAtEveryWidth(page, path)));
      expect(found).toEqual([]);
    });
  }

  test('an error of the close form shows on screen and beside its field', async ({ page }) => {
    await signInOnPhone(page, demo.supervisor, 'Demo-2026', NARROWEST);
    await page.goto(`/supervisor/events/${arranged.ticketId}?confirm=close`);
    await ready(page);
    await page.getByRole('button', { name: 'Confirmar cierre' }).click();
    await expect(page.getByLabel('Motivo de cierre')).toHaveAttribute('aria-invalid', 'true');
    await page.locator('.toast', { hasText: 'Indique el motivo de cierre' }).hover();
    const found = await atEveryWidth(page, async (width) => {
      await expectToastOnScreen(page, 'Indique el motivo de cierre', width);
      return (await misfits(page, width)).map((misfit) => `${width}px ${misfit}`);
    });
    expect(found).toEqual([]);
  });
});

test.describe('the events list', () => {
  test.use({ viewport: { width: 320, height: HEIGHT }, isMobile: true, hasTouch: true });

  test('is a list of cards on a phone, each with what identifies the event, the folio opening it', async ({ page }) => {
    await signInOnPhone(page, arranged.driver.email, arranged.driver.password, 320);
    await page.goto('/driver/events');
    const card = page.locator('table.data-table--cards tbody tr').first();
    await expect(card.locator('thead')).toHaveCount(0);
    await expect(page.locator('table.data-table--cards thead')).toBeHidden();
    for (const label of ['Fecha del evento', 'Clasificación', 'Km y orientación', 'Estado']) {
      await expect(card.locator(`[data-label="${label}"]`)).toBeVisible();
    }
    await expect(card.locator('[data-label="Km y orientación"]')).toContainText('30,5 · Norte a Sur (hacia Valparaíso)');
    const box = (await card.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(320);
    const folio = card.locator('th a');
    const text = (await folio.textContent())!;
    await folio.click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText(text);
  });
});

test('on a desktop the events list stays a table with its column headers', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/user/login');
  await page.getByLabel('Correo electrónico').fill(arranged.driver.email);
  await page.getByLabel('Contraseña', { exact: true }).fill(arranged.driver.password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page).not.toHaveURL(/\/user\/login/);
  await page.goto('/driver/events');
  await expect(page.getByRole('columnheader', { name: 'Folio' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Km y orientación' })).toBeVisible();
  await expect(page.locator('table.data-table tbody tr').first()).toHaveCSS('display', 'table-row');
});
