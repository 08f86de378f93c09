import { expect, test, type Page } from '@playwright/test';
import exifr from 'exifr';
import sharp from 'sharp';
import { LOCATION_EXIF, photoWithLocation, SERIAL } from '../../api/test/photos';
import { apiCall, fillEventFields, newDriver, ready, submitLogin, ticketBody } from './fixtures';

/**
 * Issue 35, "JavaScript off: the multipart path still attaches files and strips location
 * metadata" (docs/decisions/158-server-strips-image-metadata.md), on a 360 px phone. In the nojs
 * project the photo goes as the camera wrote it, in the plain multipart form, and only the server
 * can remove its position; in the js project the browser shrinks it first (decision 155) and the
 * stored file must say nothing of the place all the same.
 */
test.use({ viewport: { width: 360, height: 740 } });

const unique = () => `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;

/** A camera's JPEG: GPS in Santiago, make, model and serial number in its EXIF, the position again in XMP. */
async function cameraJpeg() {
  const photo = await photoWithLocation('jpeg', { width: 640, height: 480 });
  expect((await exifr.gps(photo))?.latitude).toBeLessThan(-33);
  return { name: 'IMG_2044.jpg', mimeType: 'image/jpeg', buffer: photo };
}

async function signInAsNewDriver(page: Page) {
  const driver = await newDriver();
  await page.goto('/user/login');
  await submitLogin(page, driver.email, driver.password);
  await expect(page).not.toHaveURL(/\/user\/login/);
  return driver;
}

/** The stored file as a person gets it: through the web's "Descargar" link on the event page. */
async function downloadThroughTheWeb(page: Page, fileName: string): Promise<Buffer> {
  const link = page.getByRole('link', { name: `Descargar ${fileName}` });
  await expect(link).toBeVisible({ timeout: 60_000 });
  const download = await page.request.get((await link.getAttribute('href'))!);
  expect(download.status()).toBe(200);
  expect(download.headers()['content-type']).toBe('image/jpeg');
  return download.body();
}

/** Still a JPEG that decodes, and nothing in it says where it was taken or with which camera. */
async function expectNoPlace(stored: Buffer, original: Buffer, projectName: string) {
  expect(stored.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))).toBe(true);
  expect((await sharp(stored).metadata()).format).toBe('jpeg');
  expect(await exifr.gps(stored).catch(() => undefined)).toBeFalsy();
  const tags = (await exifr.parse(stored, { tiff: true, xmp: true, gps: true, exif: true }).catch(() => undefined)) ?? {};
  expect(JSON.stringify(tags)).not.toContain(SERIAL);
  expect(tags).not.toHaveProperty('Make', LOCATION_EXIF.IFD0.Make);
  expect(stored.includes('GPSLatitude')).toBe(false);
  if (projectName === 'nojs') {
    // Without JavaScript the server removed the metadata without re-encoding: the same pixels.
    const [before, after] = await Promise.all([sharp(original).raw().toBuffer(), sharp(stored).raw().toBuffer()]);
    expect(after.equals(before)).toBe(true);
  }
}

test('a camera photo attached with the new-event form is stored without its position', async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  const photo = await cameraJpeg();
  await signInAsNewDriver(page);
  await page.goto('/driver/events/new');
  await ready(page);
  await fillEventFields(page, `Bache con GPS en la foto ${unique()}`);
  await page.getByLabel(/^Archivos/).setInputFiles(photo);
  await page.getByRole('button', { name: 'Registrar evento' }).click();
  await expect(page).toHaveURL(/\/driver\/events\/\d+$/, { timeout: 60_000 });
  await expect(page.getByText('Archivo cargado correctamente')).toBeVisible();
  await expectNoPlace(await downloadThroughTheWeb(page, photo.name), photo.buffer, testInfo.project.name);
  await page.screenshot({ path: testInfo.outputPath('new-event-360.png'), fullPage: true });
});

test("a camera photo attached with the event page's form is stored without its position", async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  const photo = await cameraJpeg();
  const driver = await signInAsNewDriver(page);
  const ticket = await apiCall<{ id: number }>(driver.token, 'POST', '/api/ticket', ticketBody({ email: driver.email }));
  await page.goto(`/driver/events/${ticket.id}`);
  await ready(page);
  const form = page.locator('form#adjuntar');
  await form.getByLabel(/^Archivos/).setInputFiles(photo);
  await form.getByRole('button', { name: 'Cargar archivos' }).click();
  await expectNoPlace(await downloadThroughTheWeb(page, photo.name), photo.buffer, testInfo.project.name);
  expect((await apiCall<{ content: unknown[] }>(driver.token, 'GET', `/api/ticket/${ticket.id}/attachment`)).content).toHaveLength(1);
  await page.screenshot({ path: testInfo.outputPath('attach-360.png'), fullPage: true });
});
