import { expect, test, type Page, type Request } from '@playwright/test';
import { demo, labels, signIn } from './fixtures';

/**
 * The forms' validators (zod, its schemas, @conform-to/zod) are downloaded on the first focus
 * inside a form, never with the page (docs/decisions/063). Without JavaScript nothing changes.
 */

const msg = {
  emailInvalid: 'El correo proviste, debe ser un correo válido',
  emailRequired: 'El correo es requerido',
  descriptionRequired: 'La descripción es requerida',
};

/** Holds back the scripts whose address matches until release() is called. */
async function holdScripts(page: Page, pattern: RegExp) {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const held: string[] = [];
  await page.route(pattern, async (route) => {
    held.push(route.request().url());
    await released;
    await route.continue();
  });
  return { release, held };
}

/** Every request that is not a GET: a form (or a Conform control) sent to the server. */
function watchPosts(page: Page): Request[] {
  const posts: Request[] = [];
  page.on('request', (request) => {
    if (request.method() !== 'GET') posts.push(request);
  });
  return posts;
}

/** The page's scripts are all in (and React has had them) once the network is quiet. */
async function openHydrated(page: Page, path: string) {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
}

test('the login page loads no zod until its form is focused', async ({ page }) => {
  const scripts: { url: string; zod: boolean }[] = [];
  page.on('response', async (response) => {
    if (!response.url().endsWith('.js')) return;
    const body = await response.text().catch(() => '');
    scripts.push({ url: response.url(), zod: body.includes('$ZodType') });
  });
  await openHydrated(page, '/user/login');
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((s) => s.zod).map((s) => s.url)).toEqual([]);

  await page.getByLabel(labels.email).focus();
  await expect.poll(() => scripts.some((s) => s.zod)).toBe(true);
});

test('a field left before the validator arrives shows its message once it arrives, without asking the server', async ({ page }) => {
  const schema = await holdScripts(page, /\/assets\/login\.schema-[\w-]+\.js$/);
  const posts = watchPosts(page);
  await openHydrated(page, '/user/login');

  await page.getByLabel(labels.email).fill('no-es-correo');
  await page.getByLabel(labels.password, { exact: true }).focus();
  await expect.poll(() => schema.held.length).toBe(1);
  await page.waitForTimeout(300);
  await expect(page.getByText(msg.emailInvalid)).toHaveCount(0);

  schema.release();
  await expect(page.getByText(msg.emailInvalid)).toBeVisible();
  // The field still being typed in says nothing until it is left.
  await expect(page.getByText('La contraseña es requerida')).toHaveCount(0);
  expect(posts).toEqual([]);
});

test('a login sent before the validator arrives is checked by the server, as without JavaScript', async ({ page }) => {
  const schema = await holdScripts(page, /\/assets\/login\.schema-[\w-]+\.js$/);
  const posts = watchPosts(page);
  await openHydrated(page, '/user/login');
  await page.getByRole('button', { name: labels.signIn }).click();
  await expect(page.getByText(msg.emailRequired).last()).toBeVisible();
  // One fetch submission to the route's action, answered with the schema's messages.
  expect(posts.map((r) => new URL(r.url()).pathname)).toEqual(['/user/login.data']);
  schema.release();
});

test('a new event sent before the validator arrives waits for it: its files are not uploaded to hear a field is missing', async ({ page }) => {
  await signIn(page, demo.operator);
  // contract/ticket.ts's chunk: ticket-<hash>.js (ticket-table-... and the like do not match).
  const schema = await holdScripts(page, /\/assets\/ticket-[\w-]{8}\.js$/);
  const posts = watchPosts(page);
  await openHydrated(page, '/operator/events/new');
  await page.getByLabel(/^Archivos/).setInputFiles({ name: 'antes.png', mimeType: 'image/png', buffer: Buffer.from('png') });
  await page.getByLabel('Canal de recepción').selectOption({ label: 'Teléfono' });
  await page.getByRole('button', { name: 'Registrar evento' }).click();
  await expect.poll(() => schema.held.length).toBe(1);
  await page.waitForTimeout(300);
  await expect(page.getByText(msg.descriptionRequired)).toHaveCount(0);

  schema.release();
  await expect(page.getByText(msg.descriptionRequired).last()).toBeVisible();
  await expect(page.getByLabel(/^Archivos/)).not.toHaveValue('');
  expect(posts).toEqual([]);
});
