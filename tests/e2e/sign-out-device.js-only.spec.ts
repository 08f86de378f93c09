import { expect, test, type Page } from '@playwright/test';
import { axeViolations, preloadAxe } from './axe';
import { hydrated, labels, newDriver, signInDirectly } from './fixtures';

/**
 * Signing out clears the phone (issue 32, docs/decisions/140-installable-app-sign-out-and-receipts.md):
 * the drafts, the outbox and the offline caches, by the sign-out form itself for browsers that
 * ignore the answer's Clear-Site-Data, after asking when reports have not been sent yet.
 */
test.use({ viewport: { width: 360, height: 740 }, serviceWorkers: 'allow' });

type Entry = { key: string; value: unknown };
type Seed = { drafts?: Entry[]; outbox?: Entry[]; caches?: string[] };

/** Writes entries as idb-keyval's `createStore(db, store)` keeps them, and fills caches. */
async function seedDevice(page: Page, seed: Seed) {
  await page.evaluate(async ({ drafts = [], outbox = [], caches: cacheNames = [] }) => {
    const put = (name: string, store: string, entries: Entry[]) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onupgradeneeded = () => open.result.createObjectStore(store);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const tx = db.transaction(store, 'readwrite');
          for (const { key, value } of entries) tx.objectStore(store).put(value, key);
          tx.oncomplete = () => {
            db.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      });
    await put('concesion-drafts', 'drafts', drafts);
    await put('concesion-outbox', 'outbox', outbox);
    for (const name of cacheNames) await (await caches.open(name)).put('/offline-test', new Response('guardado'));
  }, seed);
}

/**
 * What the phone still holds of the person: entries per database (0 when it is gone; the outbox's
 * own bookkeeping, keys starting with '#', is no one's report) and the cache names, but for the
 * service worker's precache of the app's own scripts (decision 139), which holds nothing of anyone
 * and which the sign-in page may already be filling again.
 */
async function deviceContents(page: Page): Promise<{ drafts: number; outbox: number; caches: string[] }> {
  return page.evaluate(async () => {
    const count = (name: string, store: string) =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open(name);
        // Absent: do not create it by looking.
        open.onupgradeneeded = () => open.transaction!.abort();
        open.onerror = (event) => {
          event.preventDefault();
          if (open.error?.name === 'AbortError') resolve(0);
          else reject(open.error);
        };
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains(store)) {
            db.close();
            resolve(0);
            return;
          }
          const request = db.transaction(store).objectStore(store).getAllKeys();
          request.onsuccess = () => {
            db.close();
            resolve(request.result.filter((key) => !String(key).startsWith('#')).length);
          };
          request.onerror = () => reject(request.error);
        };
      });
    const cacheNames = (await caches.keys()).filter((name) => name !== 'concesion-precache');
    return { drafts: await count('concesion-drafts', 'drafts'), outbox: await count('concesion-outbox', 'outbox'), caches: cacheNames };
  });
}

/**
 * Takes Clear-Site-Data off the sign-out answer, as a browser that ignores it would: what is
 * cleared then, the page cleared itself.
 */
async function withoutClearSiteData(page: Page) {
  await page.route(/\/user\/logout/, async (route) => {
    const response = await route.fetch();
    const headers = { ...response.headers() };
    delete headers['clear-site-data'];
    await route.fulfill({ response, headers });
  });
}

const openUserMenu = (page: Page) => page.locator('details.user-menu > summary').click();
const signOutButton = (page: Page) => page.getByRole('button', { name: labels.signOut });

async function signedInDriver(page: Page) {
  const driver = await newDriver();
  await signInDirectly(page, driver.email, driver.password);
  await page.goto('/driver/dashboard');
  await hydrated(page);
  return driver;
}

test('signing out removes the drafts, the sent outbox entries and every cache from the phone', async ({ page }) => {
  await signedInDriver(page);
  await seedDevice(page, {
    drafts: [{ key: 'new-event', value: { description: 'Bache en la pista derecha' } }],
    outbox: [{ key: 'k1', value: { state: 'sent', folio: 'I-2026-000123' } }],
    caches: ['concesion-shell', 'concesion-reference'],
  });
  expect(await deviceContents(page)).toEqual({ drafts: 1, outbox: 1, caches: expect.arrayContaining(['concesion-shell', 'concesion-reference']) });
  await withoutClearSiteData(page);

  await openUserMenu(page);
  await signOutButton(page).click();
  await expect(page).toHaveURL(/\/user\/login/);
  // Nothing unsent: no question asked.
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(await deviceContents(page)).toEqual({ drafts: 0, outbox: 0, caches: [] });
});

test('with reports not yet sent it asks first: Cancelar keeps the session and the reports, confirming discards them', async ({ page }) => {
  await preloadAxe(page);
  await signedInDriver(page);
  await seedDevice(page, {
    drafts: [{ key: 'comment', value: { text: 'Sigue el bache' } }],
    outbox: [
      { key: 'a', value: { state: 'pending' } },
      { key: 'b', value: { state: 'failed' } },
      { key: 'c', value: { state: 'sent' } },
    ],
    caches: ['concesion-shell'],
  });
  await withoutClearSiteData(page);

  await openUserMenu(page);
  await signOutButton(page).click();
  const dialog = page.getByRole('dialog', { name: 'Reportes sin enviar' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Tiene 2 reportes sin enviar en este teléfono. Si cierra sesión se descartarán.');
  // The dialog fits the phone's width.
  const box = await dialog.boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(360);
  // Cancelar is where focus starts; the dialog passes axe.
  await expect(dialog.getByRole('button', { name: 'Cancelar' })).toBeFocused();
  expect(await axeViolations(page, 'unsent reports dialog')).toEqual([]);

  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.locator('details.user-menu > summary')).toBeFocused();
  await expect(page).toHaveURL(/\/driver\/dashboard/);
  expect(await deviceContents(page)).toEqual({ drafts: 1, outbox: 3, caches: ['concesion-shell'] });
  // Still signed in, on the server too.
  await page.reload();
  await expect(page).toHaveURL(/\/driver\/dashboard/);
  await hydrated(page);

  await openUserMenu(page);
  await signOutButton(page).click();
  await page.getByRole('dialog', { name: 'Reportes sin enviar' }).getByRole('button', { name: 'Cerrar sesión igualmente' }).click();
  await expect(page).toHaveURL(/\/user\/login/);
  expect(await deviceContents(page)).toEqual({ drafts: 0, outbox: 0, caches: [] });
  await page.goto('/driver/dashboard');
  await expect(page).toHaveURL(/\/user\/login/);
});

test('one unsent report is named in the singular', async ({ page }) => {
  await signedInDriver(page);
  await seedDevice(page, { outbox: [{ key: 'a', value: { state: 'pending' } }] });
  await openUserMenu(page);
  await signOutButton(page).click();
  await expect(page.getByRole('dialog')).toContainText('Tiene 1 reporte sin enviar en este teléfono. Si cierra sesión se descartará.');
});
