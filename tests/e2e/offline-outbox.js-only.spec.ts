import { expect, test, type Page } from '@playwright/test';
import { messages } from '../../contract/messages';
import { E2E_WEB_PORT } from '../../playwright.config';
import { apiCall, fillEventFields, hydrated, newDriver, submitLogin } from './fixtures';
import exifr from 'exifr';
import sharp from 'sharp';
import { startLinkProxy, type LinkProxy } from './link-proxy';
import { phonePhoto } from './photos';

/**
 * Issue 32, offline reports (decision 139), on a 360 px phone with JavaScript: the browser reaches
 * the web server through a TCP proxy of the test's own (tests/e2e/link-proxy.ts), which can take
 * the link down for everything, service worker included, or lose one answer on its way back.
 */
test.use({ viewport: { width: 360, height: 740 }, serviceWorkers: 'allow' });

const unique = () => `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
const SENT = /^Enviado: [RSI]-\d{4}-\d{6}$/;

/** Signs a new driver in through the proxy (the service worker is the proxy origin's). */
async function signInThrough(page: Page, proxy: LinkProxy) {
  const driver = await newDriver();
  await page.goto(`${proxy.origin}/user/login`);
  await submitLogin(page, driver.email, driver.password);
  await expect(page).not.toHaveURL(/\/user\/login/);
  return driver;
}

/** Opens "Nuevo evento" once the service worker controls the page, so the page is kept for offline use. */
async function openNewEventKeptOffline(page: Page, proxy: LinkProxy) {
  await page.goto(`${proxy.origin}/driver/events/new`);
  await hydrated(page);
  // Registered after the page loaded, installed with its precache; the next load goes through it.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.reload();
  await hydrated(page);
  expect(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  await expect
    .poll(() => page.evaluate(async () => (await caches.has('concesion-pages')) && (await (await caches.open('concesion-pages')).keys()).length > 0))
    .toBe(true);
}


/** The driver's events whose description has this (unique) text, as the API has them. */
async function eventsNamed(token: string, description: string): Promise<{ folio: string }[]> {
  const list = await apiCall<{ content: { folio: string }[] }>(token, 'GET', `/api/ticket/list/me?size=50&q=${encodeURIComponent(description)}`);
  return list.content;
}

type AttachmentRow = { id: string; fileName: string };
const attachmentsOf = async (token: string, ticketId: string) =>
  (await apiCall<{ content: AttachmentRow[] }>(token, 'GET', `/api/ticket/${ticketId}/attachment`)).content;

test('a report written without coverage waits on the phone, survives a reload, and is sent once when coverage returns', async ({ page, context }) => {
  test.setTimeout(90_000);
  const proxy = await startLinkProxy(E2E_WEB_PORT, E2E_WEB_PORT + 130);
  try {
    const driver = await signInThrough(page, proxy);
    await openNewEventKeptOffline(page, proxy);
    const description = `Bache sin cobertura ${unique()}`;
    await fillEventFields(page, description);

    proxy.setDown(true);
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Registrar evento' }).click();
    await expect(page.getByText(messages.outboxSavedOffline)).toBeVisible();
    const report = page.locator('.outbox-list li', { hasText: description });
    await expect(report).toContainText(messages.outboxPending);
    // The form is empty again for the next report, each list showing its "Seleccione..." option.
    await expect(page.getByLabel('Descripción')).toHaveValue('');
    await expect.poll(() => page.getByLabel('Clasificación').evaluate((select: HTMLSelectElement) => select.selectedIndex)).toBe(0);

    // Reloaded without coverage: the service worker serves the page, the report is still there,
    // and its draft is not brought back to be sent a second time.
    await page.reload();
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Nuevo evento' })).toBeVisible();
    await expect(report).toContainText(messages.outboxPending);
    // A kept draft comes back within moments of the page (app/offline/use-draft.ts): give it them.
    await page.waitForTimeout(1_000);
    await expect(page.getByText('Borrador guardado')).toHaveCount(0);
    await expect(page.getByLabel('Descripción')).toHaveValue('');
    expect(await eventsNamed(driver.token, description)).toHaveLength(0);

    // Coverage again: sent by itself, once, with a link to the event.
    proxy.setDown(false);
    await context.setOffline(false);
    const sent = report.getByRole('link', { name: SENT });
    await expect(sent).toBeVisible({ timeout: 20_000 });
    const folio = (await sent.textContent())!.replace('Enviado: ', '');
    expect(await eventsNamed(driver.token, description)).toEqual([expect.objectContaining({ folio })]);
    await sent.click();
    await expect(page).toHaveURL(/\/driver\/events\/\d+$/);
    await expect(page.getByText(folio).first()).toBeVisible();
    expect(await eventsNamed(driver.token, description)).toHaveLength(1);
  } finally {
    await proxy.close();
  }
});

test('a report whose answer was lost after it left is sent again and stored once', async ({ page }) => {
  test.setTimeout(90_000);
  const proxy = await startLinkProxy(E2E_WEB_PORT, E2E_WEB_PORT + 131);
  try {
    const driver = await signInThrough(page, proxy);
    await openNewEventKeptOffline(page, proxy);
    const description = `Bache con respuesta perdida ${unique()}`;
    await fillEventFields(page, description);

    // The server gets the report and stores it; its answer never reaches the phone.
    const lost = proxy.loseNextAnswer(/^POST \/driver\/events\/new/);
    await page.getByRole('button', { name: 'Registrar evento' }).click();
    await lost;
    // No error page: the report is in the outbox, and goes again by itself.
    const report = page.locator('.outbox-list li', { hasText: description });
    await expect(report).toBeVisible();
    await expect(page.getByText('Ocurrió un error inesperado')).toHaveCount(0);
    const sent = report.getByRole('link', { name: SENT });
    await expect(sent).toBeVisible({ timeout: 20_000 });
    const folio = (await sent.textContent())!.replace('Enviado: ', '');
    expect(await eventsNamed(driver.token, description)).toEqual([expect.objectContaining({ folio })]);
  } finally {
    await proxy.close();
  }
});

test('the page kept offline is never served to a signed-out visitor', async ({ page, context }) => {
  test.setTimeout(90_000);
  const proxy = await startLinkProxy(E2E_WEB_PORT, E2E_WEB_PORT + 132);
  try {
    await signInThrough(page, proxy);
    await openNewEventKeptOffline(page, proxy);
    await page.locator('details.user-menu > summary').click();
    await page.getByRole('button', { name: 'Cerrar sesión' }).click();
    await expect(page).toHaveURL(/\/user\/login/);
    await hydrated(page);
    await expect.poll(() => page.evaluate(() => caches.has('concesion-pages')), { timeout: 15_000 }).toBe(false);

    // With coverage: the sign-in page, as without a service worker.
    await page.goto(`${proxy.origin}/driver/events/new`);
    await expect(page).toHaveURL(/\/user\/login/);
    // Clear-Site-Data "storage" unregistered the worker at sign-out; the sign-in page registers it
    // again: wait until it is active, so the navigation below is truly the worker's to answer.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });

    // Without: the offline page, never the form kept for the driver.
    proxy.setDown(true);
    await context.setOffline(true);
    await page.goto(`${proxy.origin}/driver/events/new`).catch(() => undefined);
    await expect(page.getByRole('heading', { level: 1, name: 'Sin conexión' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Nuevo evento' })).toHaveCount(0);
  } finally {
    await context.setOffline(false);
    await proxy.close();
  }
});

test('a report with a photo written without coverage is sent by tus when coverage returns: one event, one small photo without its position', async ({ page, context }) => {
  test.setTimeout(120_000);
  const proxy = await startLinkProxy(E2E_WEB_PORT, E2E_WEB_PORT + 133);
  try {
    const driver = await signInThrough(page, proxy);
    await openNewEventKeptOffline(page, proxy);
    const description = `Bache con foto sin cobertura ${unique()}`;
    await fillEventFields(page, description);
    const photo = await phonePhoto();
    await page.getByLabel(/^Archivos/).setInputFiles({ name: 'ruta.jpg', mimeType: 'image/jpeg', buffer: photo });

    proxy.setDown(true);
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Registrar evento' }).click();
    await expect(page.getByText(messages.outboxSavedOffline)).toBeVisible({ timeout: 20_000 });
    const report = page.locator('.outbox-list li', { hasText: description });
    await expect(report).toContainText(messages.outboxPending);
    await expect(report).toContainText(`1 ${messages.outboxPhotos}`);

    // Coverage again, and the answer to the photo's last bytes lost on its way back: the photo
    // is on the server, the phone does not know, and asks again (tus's HEAD), attaching nothing twice.
    const lost = proxy.loseNextAnswer(/^PATCH \/uploads\//, 500);
    proxy.setDown(false);
    await context.setOffline(false);
    await lost;
    const sent = report.getByRole('link', { name: SENT });
    await expect(sent).toBeVisible({ timeout: 60_000 });
    const folio = (await sent.textContent())!.replace('Enviado: ', '');
    expect(await eventsNamed(driver.token, description)).toEqual([expect.objectContaining({ folio })]);
    await sent.click();
    await expect(page).toHaveURL(/\/driver\/events\/\d+$/);
    const id = new URL(page.url()).pathname.split('/').pop()!;
    const attachments = await attachmentsOf(driver.token, id);
    expect(attachments).toEqual([expect.objectContaining({ fileName: 'ruta.jpg' })]);

    // Shrunk on the phone before it was kept: at most 2048 px, no GPS, far smaller than taken.
    const link = page.getByRole('link', { name: 'Descargar ruta.jpg' });
    const stored = await (await page.request.get(`${proxy.origin}${(await link.getAttribute('href'))!}`)).body();
    const { width, height } = await sharp(stored).metadata();
    expect(Math.max(width!, height!)).toBeLessThanOrEqual(2048);
    expect(await exifr.gps(stored).catch(() => undefined)).toBeFalsy();
    expect(stored.length).toBeLessThan(photo.length / 3);
  } finally {
    await context.setOffline(false);
    await proxy.close();
  }
});

test('with no page open, the service worker sends the report and its photo by tus when coverage returns', async ({ page, context }) => {
  test.setTimeout(120_000);
  const proxy = await startLinkProxy(E2E_WEB_PORT, E2E_WEB_PORT + 134);
  try {
    const driver = await signInThrough(page, proxy);
    await openNewEventKeptOffline(page, proxy);
    const description = `Bache enviado por el service worker ${unique()}`;
    await fillEventFields(page, description);
    await page.getByLabel(/^Archivos/).setInputFiles({ name: 'sw.jpg', mimeType: 'image/jpeg', buffer: await phonePhoto() });
    proxy.setDown(true);
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Registrar evento' }).click();
    await expect(page.getByText(messages.outboxSavedOffline)).toBeVisible({ timeout: 20_000 });
    // The page goes away: only the service worker's Background Sync is left to send it.
    await page.goto('about:blank');
    proxy.setDown(false);
    await context.setOffline(false);
    await expect.poll(async () => (await eventsNamed(driver.token, description)).length, { timeout: 60_000 }).toBe(1);
    const list = await apiCall<{ content: { id: number }[] }>(driver.token, 'GET', `/api/ticket/list/me?size=5&q=${encodeURIComponent(description)}`);
    await expect.poll(async () => (await attachmentsOf(driver.token, String(list.content[0]!.id))).map((a) => a.fileName), { timeout: 30_000 }).toEqual(['sw.jpg']);
  } finally {
    await context.setOffline(false);
    await proxy.close();
  }
});
