// Issue 35's upload budgets (docs/decisions/159-upload-budgets.md): a 4 MB, 4000 × 3000 phone
// photo attached through the new-event form at 360 px on Regular 3G, timed from "Registrar evento"
// to the photo stored on its event, without JavaScript (the raw file in the multipart form) and
// with it (shrunk in the browser and sent by tus, decision 155).
import { mkdir, writeFile } from 'node:fs/promises';
import { chromium, expect } from '@playwright/test';
import sharp from 'sharp';

/** Chromium DevTools' "Regular 3G" as the issue states it: 700 kbps each way (87 500 bytes/s), 300 ms. */
export const REGULAR_3G = { offline: false, latency: 300, downloadThroughput: 87_500, uploadThroughput: 87_500 };

/**
 * A phone photo as a camera writes it: 4000 × 3000, about 4 MB (smooth shapes under sensor noise,
 * which JPEG cannot squeeze as it squeezes a flat test card), GPS and serial number in its EXIF.
 */
export async function phonePhoto() {
  const small = Buffer.alloc(80 * 60 * 3);
  let seed = 7;
  for (let i = 0; i < small.length; i++) {
    seed = (seed * 1103515245 + 12345) >>> 0;
    small[i] = seed >>> 24;
  }
  const shapes = await sharp(small, { raw: { width: 80, height: 60, channels: 3 } }).resize(4000, 3000, { kernel: 'cubic' }).png({ compressionLevel: 0 }).toBuffer();
  const grain = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 28 } } })
    .png({ compressionLevel: 0 })
    .toBuffer();
  return sharp(shapes)
    .composite([{ input: grain, blend: 'soft-light' }])
    .withExif({
      IFD0: { Make: 'TestPhone', Model: 'X1' },
      IFD2: { BodySerialNumber: 'SN-BENCH-0001' },
      IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '33/1 26/1 15/1', GPSLongitudeRef: 'W', GPSLongitude: '70/1 39/1 1/1' },
    })
    .jpeg({ quality: 90 })
    .toBuffer();
}

const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** An API token of the account, to watch its event from outside the throttled browser. */
async function bearerOf(api, email, password) {
  const auth = await fetch(`${api}/api/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, providerId: 'email', tokenId: '' }),
  });
  if (auth.status !== 200) throw new Error(`POST /api/auth: ${auth.status}`);
  return { authorization: String(auth.headers.get('authorization')) };
}

/** The ids of the account's newest events (the list has no descriptions: the new event is the one not there before). */
async function newestEventIds(api, bearer) {
  const list = (await (await fetch(`${api}/api/ticket/list/me?page=0&size=10`, { headers: bearer })).json()).payload.content;
  return list.map((ticket) => ticket.id);
}

/** Polls the API (not throttled) until a new event of the account has its attachment; the attachments. */
async function storedOnItsEvent(api, bearer, before, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  let id = null;
  while (Date.now() < deadline) {
    id ??= (await newestEventIds(api, bearer)).find((candidate) => !before.includes(candidate)) ?? null;
    if (id !== null) {
      const attachments = (await (await fetch(`${api}/api/ticket/${id}/attachment`, { headers: bearer })).json()).payload.content;
      if (attachments.length > 0) return { id, attachments };
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`la foto no quedó en su evento en ${timeoutMs / 1000} s (evento ${id ?? 'no creado'})`);
}

/**
 * One attachment through the new-event form at 360 px: signed in and the form filled on the
 * unthrottled link, then Regular 3G from the moment "Registrar evento" is pressed.
 */
async function attachOnRegular3g({ web, api, email, password, photoPath, javaScriptEnabled, timeoutMs }) {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, javaScriptEnabled, locale: 'es-CL', serviceWorkers: 'block' });
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    const hydrated = () => (javaScriptEnabled ? page.locator('html[data-hydrated]').waitFor({ state: 'attached' }) : Promise.resolve());
    await page.goto(`${web}/user/login`);
    await page.getByLabel('Correo electrónico').fill(email);
    await page.getByLabel('Contraseña', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/user/login'));
    if (new URL(page.url()).pathname.startsWith('/user/privacy')) {
      await page.getByRole('button', { name: 'Aceptar y continuar' }).click();
      await page.waitForURL((url) => !url.pathname.startsWith('/user/privacy'));
    }
    await page.goto(`${web}/driver/events/new`);
    await hydrated();
    const description = `Bache medido en 3G ${javaScriptEnabled ? 'con' : 'sin'} JavaScript ${Date.now().toString(36)}`;
    await page.getByLabel('Clasificación').selectOption({ label: 'Reclamo · Estado del pavimento' });
    await page.getByLabel('Descripción').fill(description);
    await page.getByLabel('Kilómetro').fill('30,5');
    // By its code: the label names the carriageway's destination where the road has them (decision 157).
    await page.getByLabel('Orientación').selectOption('NORTH_SOUTH');
    await page.getByRole('button', { name: 'Completar sector y comuna' }).click();
    await expect(page.getByLabel('Sector')).toHaveValue('Curacaví Oriente');
    await hydrated();
    await page.getByLabel(/^Archivos/).setInputFiles(photoPath);

    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', REGULAR_3G);
    const bearer = await bearerOf(api, email, password);
    const before = await newestEventIds(api, bearer);
    const started = performance.now();
    // Without JavaScript the click waits for the form's navigation, which ends only after the whole file.
    const clicked = page.getByRole('button', { name: 'Registrar evento' }).click({ timeout: timeoutMs });
    const { attachments } = await storedOnItsEvent(api, bearer, before, timeoutMs);
    await clicked.catch(() => undefined);
    const seconds = (performance.now() - started) / 1000;
    return { seconds: Math.round(seconds * 10) / 10, storedBytes: attachments[0].sizeBytes ?? null, attachments: attachments.length };
  } finally {
    await browser.close();
  }
}

/** Both runs of the Regular 3G scenario, with the photo's own size. */
export async function regular3gAttachments({ web, api, email, password, workDir }) {
  const photo = await phonePhoto();
  // The PostgreSQL run has no embedded database folder to share.
  await mkdir(workDir, { recursive: true });
  const photoPath = `${workDir}/IMG_4000x3000.jpg`;
  await writeFile(photoPath, photo);
  const common = { web, api, email, password, photoPath };
  const withoutJs = await attachOnRegular3g({ ...common, javaScriptEnabled: false, timeoutMs: 240_000 });
  const withJs = await attachOnRegular3g({ ...common, javaScriptEnabled: true, timeoutMs: 120_000 });
  return { photoBytes: photo.length, photoPath, network: REGULAR_3G, withoutJs, withJs };
}
