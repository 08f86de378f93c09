import { expect, test, type Page } from '@playwright/test';
import { apiCall, demo, ticketBody, newDriver, ready, signIn, signInDirectly } from './fixtures';
import { axeViolations, preloadAxe } from './axe';

/**
 * Requests under Ley 21.719 (decision 150), with JavaScript on and off, on a 360 px phone: a driver asks for a
 * correction of one of their events; the admin finds it in the queue ordered by deadline and answers it after
 * confirming; the driver reads the answer. Accounts of the test's own: the demo driver's state stays untouched.
 */
test.use({ viewport: { width: 360, height: 760 }, isMobile: true, hasTouch: true });

/** Nothing wider than the phone's screen. */
async function fitsThePhone(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
}

/** axe finds nothing (with JavaScript: axe itself is a script). */
async function accessible(page: Page, where: string) {
  if (test.info().project.name === 'js') expect(await axeViolations(page, where), `axe on ${where}`).toEqual([]);
}

/** A dd-mm-yyyy date as a number that sorts in time order. */
const dayNumber = (text: string) => {
  const [d, m, y] = text.trim().slice(0, 10).split('-');
  return Number(`${y}${m}${d}`);
};

test('a driver asks for a rectification, the admin answers it from the queue and the driver reads the answer', async ({ browser }) => {
  const driver = await newDriver();
  const event = await apiCall<{ id: number; folio: string }>(driver.token, 'POST', '/api/ticket', ticketBody({ email: driver.email }));

  const driverPage = await (await browser.newContext()).newPage();
  await preloadAxe(driverPage);
  await signIn(driverPage, driver.email, driver.password);
  await driverPage.goto('/driver/profile/data/requests');
  await expect(driverPage.getByRole('heading', { level: 1, name: 'Mis solicitudes' })).toBeVisible();
  await expect(driverPage.getByText('Todavía no ha presentado solicitudes.')).toBeVisible();
  await fitsThePhone(driverPage);
  await ready(driverPage);

  // The detail is required for a rectification: said in Spanish, the form kept.
  await driverPage.getByLabel('Evento a corregir (opcional)').selectOption({ label: event.folio });
  await driverPage.getByRole('button', { name: 'Enviar solicitud' }).click();
  await expect(driverPage.getByText('Describa su solicitud').last()).toBeVisible();
  await ready(driverPage);

  await expect(driverPage.getByRole('radio', { name: /Rectificación/ })).toBeChecked();
  await driverPage.getByLabel('Detalle').fill('Mi teléfono en el evento es +56 9 8765 4321');
  await driverPage.getByLabel('Evento a corregir (opcional)').selectOption({ label: event.folio });
  await driverPage.getByRole('button', { name: 'Enviar solicitud' }).click();
  await expect(driverPage.getByText(/Su solicitud quedó registrada\. La concesión debe responderla a más tardar el \d{2}-\d{2}-\d{4}/)).toBeVisible();
  const row = driverPage.getByRole('row', { name: new RegExp(`Rectificación · ${event.folio}`) });
  await expect(row).toContainText('Pendiente');
  await expect(row).toContainText(/Quedan (29|30) días/);
  await fitsThePhone(driverPage);
  await accessible(driverPage, 'Mis solicitudes');
  const [filed] = await apiCall<{ content: { id: number }[] }>(driver.token, 'GET', '/api/privacy/requests/me').then((p) => p.content);

  // The admin: from the users list to the queue, oldest deadline first.
  const adminPage = await (await browser.newContext()).newPage();
  await preloadAxe(adminPage);
  await signIn(adminPage, demo.admin);
  await adminPage.goto('/admin/users');
  await adminPage.getByRole('link', { name: 'Solicitudes de datos personales' }).click();
  await expect(adminPage.getByRole('heading', { level: 1, name: 'Solicitudes de datos personales' })).toBeVisible();
  await expect(adminPage.getByRole('link', { name: 'Pendientes' })).toHaveAttribute('aria-current', 'page');
  // The queue is shared with the other tests: look for this one page by page.
  let link = adminPage.getByRole('link', { name: `Ver solicitud ${filed!.id}`, exact: true });
  while (!(await link.isVisible())) {
    await adminPage.getByRole('link', { name: 'Siguiente' }).click();
    link = adminPage.getByRole('link', { name: `Ver solicitud ${filed!.id}`, exact: true });
  }
  const dues = await adminPage.locator('tbody td[data-label="Plazo"] > span:first-child').allTextContents();
  expect(dues.map(dayNumber)).toEqual([...dues.map(dayNumber)].sort((a, b) => a - b));
  await expect(adminPage.getByRole('row', { name: new RegExp(`Ver solicitud ${filed!.id}\\b`) })).toContainText(driver.email);
  await fitsThePhone(adminPage);
  await accessible(adminPage, 'the queue');
  await link.click();

  await expect(adminPage.getByRole('heading', { level: 1, name: `Solicitud N.º ${filed!.id}` })).toBeVisible();
  await expect(adminPage.getByText('Mi teléfono en el evento es +56 9 8765 4321')).toBeVisible();
  await expect(adminPage.getByRole('link', { name: `Ver evento ${event.folio}` })).toHaveAttribute('href', `/admin/events/${event.id}`);
  await fitsThePhone(adminPage);
  await ready(adminPage);
  await adminPage.getByText('Acoger', { exact: true }).click();
  await adminPage.getByLabel('Respuesta al titular').fill('Corregimos el teléfono del evento.');
  await adminPage.getByRole('button', { name: 'Revisar respuesta' }).click();
  // Asked to confirm before it goes: once sent, it cannot change.
  await expect(adminPage.getByRole('heading', { name: '¿Enviar esta respuesta?' })).toBeVisible();
  await accessible(adminPage, 'the answer to confirm');
  await ready(adminPage);
  await adminPage.getByRole('button', { name: 'Confirmar y enviar' }).click();
  await expect(adminPage.getByText('La respuesta quedó registrada y se avisó al titular.')).toBeVisible();
  await expect(adminPage).toHaveURL(/\/admin\/privacy\/requests$/);
  await expect(adminPage.getByRole('link', { name: `Ver solicitud ${filed!.id}`, exact: true })).toHaveCount(0);

  // The driver: the answer on "Mis solicitudes", and a notification that leads there.
  await driverPage.goto('/driver/notifications');
  await expect(driverPage.getByText('Su solicitud de rectificación fue respondida: acogida')).toBeVisible();
  await ready(driverPage);
  await driverPage.getByRole('button', { name: 'Ver mis solicitudes' }).click();
  await expect(driverPage).toHaveURL(/\/driver\/profile\/data\/requests$/);
  const answered = driverPage.getByRole('row', { name: new RegExp(`Rectificación · ${event.folio}`) });
  await expect(answered).toContainText('Acogida');
  await expect(answered).toContainText('Corregimos el teléfono del evento.');
});

test('a driver blocks their data and lifts the block', async ({ page }) => {
  const driver = await newDriver();
  await signInDirectly(page, driver.email, driver.password);
  await page.goto('/driver/profile/data/requests');
  await ready(page);
  await page.getByText('Bloqueo', { exact: true }).click();
  await page.getByRole('button', { name: 'Enviar solicitud' }).click();
  await expect(page.getByRole('heading', { name: 'Sus datos están bloqueados' })).toBeVisible();
  await expect(page.getByRole('row', { name: /Bloqueo/ })).toContainText('Pendiente');
  await fitsThePhone(page);
  await ready(page);
  await page.getByRole('button', { name: 'Levantar bloqueo' }).click();
  await expect(page.getByText('Sus datos ya no están bloqueados.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Sus datos están bloqueados' })).toHaveCount(0);
});

test('only the admin has the queue', async ({ page }) => {
  await signInDirectly(page, demo.supervisor);
  const response = await page.goto('/supervisor/privacy/requests');
  expect(response?.status()).toBe(404);
});
