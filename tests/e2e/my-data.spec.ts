import { readFile } from 'node:fs/promises';
import { expect, test, type Download, type Page } from '@playwright/test';
import JSZip from 'jszip';
import { demo, signInDirectly } from './fixtures';

/**
 * "Mis datos" (issue 34, docs/decisions/148-access-and-portability-file.md): from Mi perfil to the person's own
 * file, a ZIP whose datos.json holds their data, on a 360 px phone, JavaScript on and off.
 */
test.use({ viewport: { width: 360, height: 740 } });

/**
 * Clicks "Descargar mis datos" until the file comes. The JavaScript-on and -off runs share the demo accounts,
 * and one download per account runs at a time: the other comes back to the page with the busy message, and a
 * person would press again.
 */
async function downloadMyData(page: Page): Promise<Download> {
  for (let attempt = 0; ; attempt++) {
    const download = page.waitForEvent('download', { timeout: 15_000 });
    // Never settles unless the page came back busy: the download's own wait decides otherwise.
    const busy = page.waitForURL(/error=busy/, { timeout: 15_000 }).then(
      () => null,
      () => new Promise<null>(() => undefined),
    );
    await page.getByRole('link', { name: 'Descargar mis datos' }).click();
    const got = await Promise.race([download, busy]);
    if (got) return got;
    download.catch(() => undefined);
    await expect(page.getByRole('alert')).toContainText('Ya se está preparando una descarga de sus datos');
    expect(attempt).toBeLessThan(5);
    await page.waitForTimeout(500);
  }
}

test('a driver goes from Mi perfil to Mis datos and downloads a ZIP with their data', async ({ page }) => {
  await signInDirectly(page, demo.driver);
  await page.goto('/driver/profile');
  await page.getByRole('link', { name: 'Mis datos' }).click();
  await expect(page).toHaveURL(/\/driver\/profile\/data$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mis datos');
  await expect(page.getByText('Qué guardamos sobre usted')).toBeVisible();
  // Profile data are corrected in Mi perfil.
  await expect(page.getByRole('link', { name: 'Mi perfil' }).last()).toHaveAttribute('href', '/driver/profile');
  // Fits the phone: nothing wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  const download = await downloadMyData(page);
  expect(download.suggestedFilename()).toMatch(/^mis-datos-\d{4}-\d{2}-\d{2}\.zip$/);
  const zip = await JSZip.loadAsync(await readFile((await download.path())!));
  expect(Object.keys(zip.files)).toEqual(expect.arrayContaining(['datos.json', 'eventos.csv', 'accesos.csv', 'solicitudes.csv']));
  const datos = JSON.parse(await zip.file('datos.json')!.async('string')) as { perfil: { correo: string }; informacion: { responsable: { nombre: string } } };
  expect(datos.perfil.correo).toBe(demo.driver);
  expect(datos.informacion.responsable.nombre).toBeTruthy();
});

test('staff have Mis datos too: the inspector downloads their own file', async ({ page }) => {
  await signInDirectly(page, demo.inspector);
  await page.goto('/inspector/profile/data');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mis datos');
  const download = await downloadMyData(page);
  const zip = await JSZip.loadAsync(await readFile((await download.path())!));
  const datos = JSON.parse(await zip.file('datos.json')!.async('string')) as { perfil: { correo: string } };
  expect(datos.perfil.correo).toBe(demo.inspector);
});

test('signed out, Mis datos and its download send the person to sign in', async ({ page }) => {
  await page.goto('/driver/profile/data/download');
  await expect(page).toHaveURL(/\/user\/login/);
});

test('a download refused because another is running comes back to Mis datos with the reason in Spanish', async ({ page }) => {
  await signInDirectly(page, demo.supervisor);
  const response = await page.goto('/supervisor/profile/data?error=busy');
  expect(response?.status()).toBe(409);
  await expect(page.getByRole('alert')).toContainText('Ya se está preparando una descarga de sus datos');
  // The download is offered again.
  await expect(page.getByRole('link', { name: 'Descargar mis datos' })).toHaveAttribute('href', '/supervisor/profile/data/download');
});
