import { expect, test, type Browser, type Page, type Route } from '@playwright/test';
import { acceptPrivacyPolicy, apiCall, apiToken, demo, hydrated, newDriver, submitLogin, ticketBody } from './fixtures';

/**
 * Nothing typed is lost (issue 32, docs/decisions/138-drafts-and-sessions-that-end.md): the comment box
 * keeps a draft on the phone, per account; a session that ends while typing brings the person back
 * to the same page with the text; a failed link keeps the form and sends it again on "Reintentar".
 */
test.use({ viewport: { width: 360, height: 740 } });

const PASSWORD = 'Clave-prueba-1';

/** An operator of the test's own: "Cerrar las demás sesiones" must not end the demo operator's other tests. */
async function newOperator() {
  const email = `operador.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@correo.cl`;
  await apiCall(await apiToken(demo.admin), 'POST', '/api/profile/new', {
    email,
    password: PASSWORD,
    firstName: 'Prueba',
    lastName: 'Operadora',
    phone: '+56912345678',
    rut: '12.345.678-5',
    profileCode: 'OPERATOR',
  });
  await acceptPrivacyPolicy(email, PASSWORD);
  return { email, password: PASSWORD };
}

async function signInAt(page: Page, email: string, password: string) {
  await page.goto('/user/login');
  await hydrated(page);
  await submitLogin(page, email, password);
  await expect(page).not.toHaveURL(/\/user\/login/);
}

async function commentsOf(token: string, ticketId: number) {
  return (await apiCall<{ content: { comment: string }[] }>(token, 'GET', `/api/ticket/${ticketId}/comment?page=0&size=50`)).content.map((c) => c.comment);
}

const box = (page: Page) => page.getByLabel('Nuevo comentario');
const draftSaved = (page: Page) => page.getByRole('status').filter({ hasText: 'Borrador guardado' });

test('a comment being typed survives a reload, and another account on the same browser never sees it', async ({ page, context }) => {
  const driver = await newDriver();
  const ticket = await apiCall<{ id: number }>(driver.token, 'POST', '/api/ticket', ticketBody({ email: driver.email }));
  await signInAt(page, driver.email, driver.password);
  await page.goto(`/driver/events/${ticket.id}`);
  await hydrated(page);
  await box(page).fill('La barrera del km 12 sigue caída');
  await expect(draftSaved(page)).toBeVisible();

  await page.reload();
  await hydrated(page);
  await expect(box(page)).toHaveValue('La barrera del km 12 sigue caída');
  await expect(draftSaved(page)).toBeVisible();

  // Another driver on the same phone (same browser storage), on an event of their own.
  await context.clearCookies();
  const other = await newDriver();
  const theirs = await apiCall<{ id: number }>(other.token, 'POST', '/api/ticket', ticketBody({ email: other.email }));
  await signInAt(page, other.email, other.password);
  await page.goto(`/driver/events/${theirs.id}`);
  await hydrated(page);
  // The draft's lookup has run once "Borrador guardado" could have shown; give it the time the first driver's took.
  await page.waitForTimeout(500);
  await expect(box(page)).toHaveValue('');
  await expect(draftSaved(page)).toHaveCount(0);
  expect(await page.content()).not.toContain('La barrera del km 12');

  // The first driver's draft is still theirs.
  await context.clearCookies();
  await signInAt(page, driver.email, driver.password);
  await page.goto(`/driver/events/${ticket.id}`);
  await hydrated(page);
  await expect(box(page)).toHaveValue('La barrera del km 12 sigue caída');

  // Sent: the server has it, the draft is gone.
  await page.getByRole('button', { name: 'Comentar' }).click();
  await expect(page.locator('.toast', { hasText: 'Comentario guardado' })).toBeVisible();
  await expect(box(page)).toHaveValue('');
  await page.reload();
  await hydrated(page);
  await page.waitForTimeout(500);
  await expect(box(page)).toHaveValue('');
});

/** Signs the same person in on another browser and ends every other session from Mi perfil. */
async function closeOtherSessions(browser: Browser, email: string, password: string, area: string) {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, extraHTTPHeaders: { 'x-forwarded-for': '10.46.0.7' } });
  const page = await context.newPage();
  await signInAt(page, email, password);
  await page.goto(`/${area}/profile`);
  await hydrated(page);
  await page.getByRole('button', { name: 'Cerrar las demás sesiones' }).click();
  await expect(page.locator('.toast', { hasText: 'Sus otras sesiones se cerraron' })).toBeVisible();
  await context.close();
}

for (const who of ['driver', 'operator'] as const) {
  test(`a ${who} whose session was closed elsewhere while typing signs in again and finds the page and the text`, async ({ page, browser }) => {
    const person = who === 'driver' ? await newDriver() : await newOperator();
    const area = who === 'driver' ? 'driver' : 'operator';
    const owner = who === 'driver' ? (person as Awaited<ReturnType<typeof newDriver>>) : await newDriver();
    const ticket = await apiCall<{ id: number }>(owner.token, 'POST', '/api/ticket', ticketBody({ email: owner.email }));
    const text = who === 'driver' ? 'Sigue el bache frente al peaje' : 'Nota interna: cuadrilla en camino';

    await signInAt(page, person.email, person.password);
    await page.goto(`/${area}/events/${ticket.id}`);
    await hydrated(page);
    await box(page).fill(text);
    if (who === 'operator') await page.getByLabel('Nota interna (no la ve el conductor)').check();
    await expect(draftSaved(page)).toBeVisible();

    await closeOtherSessions(browser, person.email, person.password, area);

    await page.getByRole('button', { name: 'Comentar' }).click();
    await expect(page).toHaveURL(/\/user\/login\?reason=closed&redirectTo=/);
    await expect(page.getByText('Su sesión se cerró desde otra de sus sesiones. Ingrese de nuevo para continuar donde estaba.')).toBeVisible();

    await hydrated(page);
    await submitLogin(page, person.email, person.password);
    await expect(page).toHaveURL(new RegExp(`/${area}/events/${ticket.id}$`));
    await hydrated(page);
    await expect(box(page)).toHaveValue(text);
    await expect(draftSaved(page)).toBeVisible();
    if (who === 'operator') await expect(page.getByLabel('Nota interna (no la ve el conductor)')).toBeChecked();
    // Nothing was stored by the refused send (the owner's first token may be one of the sessions closed).
    expect(await commentsOf(await apiToken(owner.email, owner.password), ticket.id)).not.toContain(text);
  });
}

test('a comment sent while the link is down keeps its text, says so, and "Reintentar" sends it once', async ({ page, context }) => {
  const driver = await newDriver();
  const ticket = await apiCall<{ id: number }>(driver.token, 'POST', '/api/ticket', ticketBody({ email: driver.email }));
  await signInAt(page, driver.email, driver.password);
  await page.goto(`/driver/events/${ticket.id}`);
  await hydrated(page);
  await box(page).fill('Enviado sin señal en la cuesta');

  await context.setOffline(true);
  await page.getByRole('button', { name: 'Comentar' }).click();
  const notice = page.locator('.link-failed');
  await expect(notice).toContainText('falló la conexión con el servidor');
  await expect(notice).toContainText('el borrador quedó guardado en este dispositivo');
  await expect(page.getByText('Ocurrió un error inesperado')).toHaveCount(0);
  await expect(box(page)).toHaveValue('Enviado sin señal en la cuesta');
  expect(await commentsOf(driver.token, ticket.id)).toEqual([]);

  await context.setOffline(false);
  await notice.getByRole('button', { name: 'Reintentar' }).click();
  await expect(page.locator('.toast', { hasText: 'Comentario guardado' })).toBeVisible();
  await expect(notice).toHaveCount(0);
  await expect(box(page)).toHaveValue('');
  expect(await commentsOf(driver.token, ticket.id)).toEqual(['Enviado sin señal en la cuesta']);
});

test('a page the link fails to bring says "Sin conexión" with a retry, not the 500 page', async ({ page }) => {
  const driver = await newDriver();
  await signInAt(page, driver.email, driver.password);
  await page.goto('/driver/dashboard');
  await hydrated(page);
  // The page's data does not arrive (its code does: a page never opened offline is the service worker's).
  const cut = (route: Route) => route.abort('internetdisconnected');
  await page.route(/\.data(\?|$)/, cut);
  // The menu's link (in the closed drawer at this width): a client-side navigation, as a tap on it.
  await page.locator('a[href="/driver/events"]').first().evaluate((link: HTMLAnchorElement) => link.click());
  await expect(page.getByRole('heading', { name: 'Sin conexión' })).toBeVisible();
  await expect(page.getByText('Ocurrió un error inesperado')).toHaveCount(0);
  await page.unroute(/\.data(\?|$)/, cut);
  await page.getByRole('button', { name: 'Reintentar' }).click();
  await expect(page.getByRole('heading', { name: 'Sin conexión' })).toHaveCount(0);
  await expect(page).toHaveURL(/\/driver\/events$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('the new-event form keeps its draft across a reload and forgets it once the event is registered', async ({ page }) => {
  const driver = await newDriver();
  await signInAt(page, driver.email, driver.password);
  await page.goto('/driver/events/new');
  await hydrated(page);
  const description = `Derrame de aceite en la berma ${Math.random().toString(36).slice(2, 8)}`;
  await page.getByLabel('Clasificación').selectOption({ label: 'Reclamo · Estado del pavimento' });
  await page.getByLabel('Descripción').fill(description);
  await page.getByLabel('Kilómetro').fill('30,5');
  await page.getByLabel('Orientación').selectOption({ label: 'Norte a Sur (hacia Valparaíso)' });
  await page.getByLabel('Nombre completo').fill('Ana Soto');
  await page.getByLabel('RUT').fill('12.345.678-5');
  await page.getByLabel('Teléfono').fill('+56 9 1234 5678');
  await expect(draftSaved(page)).toBeVisible();

  await page.reload();
  await hydrated(page);
  await expect(page.getByLabel('Descripción')).toHaveValue(description);
  await expect(page.getByLabel('Kilómetro')).toHaveValue('30,5');
  await expect(page.getByLabel('Orientación')).toHaveValue('NORTH_SOUTH');
  await expect(page.getByLabel('Nombre completo')).toHaveValue('Ana Soto');
  await expect(draftSaved(page)).toBeVisible();

  await page.getByRole('button', { name: 'Completar sector y comuna' }).click();
  await expect(page.getByLabel('Sector')).toHaveValue('Curacaví Oriente');
  await page.getByRole('button', { name: 'Registrar evento' }).click();
  await expect(page).toHaveURL(/\/driver\/events\/\d+$/);
  await expect(page.getByText(description)).toBeVisible();

  await page.goto('/driver/events/new');
  await hydrated(page);
  await page.waitForTimeout(500);
  await expect(page.getByLabel('Descripción')).toHaveValue('');
  await expect(draftSaved(page)).toHaveCount(0);
});
