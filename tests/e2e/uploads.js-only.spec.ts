import { expect, test, type Page } from '@playwright/test';
import exifr from 'exifr';
import sharp from 'sharp';
import { E2E_WEB_PORT } from '../../playwright.config';
import { apiCall, fillEventFields, hydrated, newDriver, submitLogin } from './fixtures';
import { startLinkProxy } from './link-proxy';
import { phonePhoto } from './photos';

/**
 * Issue 35, photos that fit the link (decision 155), on a 360 px phone with JavaScript: photos are
 * shrunk in the browser and sent by tus through the web's /uploads, resuming after a cut.
 */
test.use({ viewport: { width: 360, height: 740 } });

const unique = () => `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;

async function signInAs(page: Page, origin = '') {
  const driver = await newDriver();
  await page.goto(`${origin}/user/login`);
  await submitLogin(page, driver.email, driver.password);
  await expect(page).not.toHaveURL(/\/user\/login/);
  return driver;
}

type AttachmentRow = { id: string; fileName: string; sizeBytes: number };
async function attachmentsOf(token: string, id: string): Promise<AttachmentRow[]> {
  return (await apiCall<{ content: AttachmentRow[] }>(token, 'GET', `/api/ticket/${id}/attachment`)).content;
}

test('a 4000 × 3000 photo with GPS leaves the phone at most 2048 px wide, without its position, far smaller', async ({ page }) => {
  test.setTimeout(90_000);
  const photo = await phonePhoto();
  expect((await exifr.gps(photo))?.latitude).toBeLessThan(-33);
  await signInAs(page);
  await page.goto('/driver/events/new');
  await hydrated(page);
  await fillEventFields(page, `Bache con foto grande ${unique()}`);
  await page.getByLabel(/^Archivos/).setInputFiles({ name: 'IMG_0001.jpg', mimeType: 'image/jpeg', buffer: photo });
  await page.getByRole('button', { name: 'Registrar evento' }).click();
  await expect(page).toHaveURL(/\/driver\/events\/\d+$/, { timeout: 60_000 });
  await expect(page.getByText('Archivo cargado correctamente')).toBeVisible();
  const link = page.getByRole('link', { name: 'Descargar IMG_0001.jpg' });
  const stored = await (await page.request.get((await link.getAttribute('href'))!)).body();
  const { width, height } = await sharp(stored).metadata();
  expect(Math.max(width!, height!)).toBeLessThanOrEqual(2048);
  expect(await exifr.gps(stored).catch(() => undefined)).toBeFalsy();
  expect(stored.length).toBeLessThan(photo.length / 3);
  await page.screenshot({ path: test.info().outputPath('detail-360.png') });
});

test('a link cut in the middle of a photo resumes, and the event gets it exactly once', async ({ page }) => {
  test.setTimeout(120_000);
  const proxy = await startLinkProxy(E2E_WEB_PORT, E2E_WEB_PORT + 50);
  try {
    const driver = await signInAs(page, proxy.origin);
    await page.goto(`${proxy.origin}/driver/events/new`);
    await hydrated(page);
    await fillEventFields(page, `Bache con corte ${unique()}`);
    await page.getByLabel(/^Archivos/).setInputFiles({ name: 'corte.jpg', mimeType: 'image/jpeg', buffer: await phonePhoto() });
    const cut = proxy.cutNextRequestAfter(/^PATCH \/uploads\//, 150_000);
    await page.getByRole('button', { name: 'Registrar evento' }).click();
    await cut;
    await expect(page).toHaveURL(/\/driver\/events\/\d+$/, { timeout: 90_000 });
    const id = new URL(page.url()).pathname.split('/').pop()!;
    const attachments = await attachmentsOf(driver.token, id);
    expect(attachments).toHaveLength(1);
    expect(attachments[0]!.fileName).toBe('corte.jpg');
  } finally {
    await proxy.close();
  }
});

test('a file cancelled while it goes is not attached, and the event says its files are missing', async ({ page }) => {
  test.setTimeout(90_000);
  const driver = await signInAs(page);
  // The file's bytes are held back, so "Cancelar" can be pressed while it is on its way.
  await page.route('**/uploads/*', async (route) => {
    if (route.request().method() === 'PATCH') await new Promise((resolve) => setTimeout(resolve, 4000));
    await route.continue().catch(() => undefined);
  });
  await page.goto('/driver/events/new');
  await hydrated(page);
  await fillEventFields(page, `Bache cancelado ${unique()}`);
  await page.getByLabel(/^Archivos/).setInputFiles({ name: 'no-va.jpg', mimeType: 'image/jpeg', buffer: await phonePhoto() });
  await page.getByRole('button', { name: 'Registrar evento' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Faltan / })).toBeVisible({ timeout: 30_000 });
  await page.screenshot({ path: test.info().outputPath('progress-360.png') });
  await page.getByRole('button', { name: 'Cancelar el envío de no-va.jpg' }).click();
  await expect(page).toHaveURL(/\/driver\/events\/\d+\?archivos=pendientes$/, { timeout: 30_000 });
  const id = new URL(page.url()).pathname.split('/').pop()!;
  expect(await attachmentsOf(driver.token, id)).toHaveLength(0);
});

test("the event page's attach form sends by tus with its progress, then lists the file", async ({ page }) => {
  test.setTimeout(90_000);
  const driver = await signInAs(page);
  await page.goto('/driver/events/new');
  await hydrated(page);
  await fillEventFields(page, `Bache sin foto ${unique()}`);
  await page.getByRole('button', { name: 'Registrar evento' }).click();
  await expect(page).toHaveURL(/\/driver\/events\/\d+$/);
  await hydrated(page);
  const id = new URL(page.url()).pathname.split('/').pop()!;
  const form = page.locator('form#adjuntar');
  await form.getByLabel(/^Archivos/).setInputFiles({ name: 'despues.jpg', mimeType: 'image/jpeg', buffer: await phonePhoto() });
  await form.getByRole('button', { name: 'Cargar archivos' }).click();
  await expect(form.getByRole('progressbar', { name: 'Progreso de despues.jpg' })).toBeVisible();
  await expect(form.getByRole('status')).toHaveText('Archivo cargado correctamente', { timeout: 60_000 });
  await expect(page.getByRole('link', { name: 'Descargar despues.jpg' })).toBeVisible();
  expect(await attachmentsOf(driver.token, id)).toHaveLength(1);
});
