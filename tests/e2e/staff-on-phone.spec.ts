import { expect, test, type Page } from '@playwright/test';
import { apiCall, apiToken, demo, ticketBody, newDriver, ready, signInDirectly } from './fixtures';

/**
 * The operator and the supervisor on a phone (issue 36, decisions 166-168), JavaScript on and
 * off: the event's actions under its title, the page back where the person was after an
 * action, the hand-over from the list that needs a choice, the late list, the dashboard's links.
 */
const HEIGHT = 740;

async function newTicket() {
  const driver = await newDriver();
  const ticket = await apiCall<{ id: number; folio: string }>(driver.token, 'POST', '/api/ticket', ticketBody({ email: driver.email }));
  return { driver, ticket };
}

/** The element is wholly inside the first screenful, with the page not scrolled. */
async function inFirstViewport(page: Page, name: string, role: 'button' | 'link') {
  const box = await page.getByRole(role, { name, exact: true }).boundingBox();
  expect(box, `${name} is shown`).not.toBeNull();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  expect(box!.y + box!.height, `${name} is within the first ${HEIGHT} px`).toBeLessThanOrEqual(HEIGHT);
}

for (const width of [320, 360]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: HEIGHT } });

    test('the operator takes and closes an event from the action bar without scrolling', async ({ page }) => {
      const { ticket } = await newTicket();
      await signInDirectly(page, demo.operator);
      await page.goto(`/operator/events/${ticket.id}`);
      await ready(page);
      await inFirstViewport(page, 'Asignarme', 'button');
      await inFirstViewport(page, 'Cerrar evento', 'link');
      await inFirstViewport(page, 'Cambiar estado', 'button');
      await inFirstViewport(page, 'Editar datos', 'link');

      await page.getByRole('button', { name: 'Asignarme', exact: true }).click();
      // The toast names the event and the person it went to.
      await expect(page.locator('.toast', { hasText: new RegExp(`El evento ${ticket.folio} quedó asignado a .+`) })).toBeVisible();
      await expect(page.locator('.field-list')).toContainText('Asignado');
      await expect(page.getByRole('button', { name: 'Asignarme', exact: true })).toHaveCount(0);

      await ready(page);
      await page.getByLabel('Estado del evento').selectOption({ label: 'En gestión' });
      await page.getByRole('button', { name: 'Cambiar estado' }).click();
      await expect(page.locator('.toast', { hasText: `El evento ${ticket.folio} fue actualizado` })).toBeVisible();
      await expect(page.locator('.field-list')).toContainText('En gestión');

      await ready(page);
      // Once the page has loaded: without JavaScript the browser's own scroll to the page's fragment can come later.
      await page.waitForLoadState('load');
      await page.evaluate(() => window.scrollTo(0, 0));
      await inFirstViewport(page, 'Cerrar evento', 'link');
      await page.getByRole('link', { name: 'Cerrar evento', exact: true }).click();
      await page.getByLabel('Motivo de cierre').selectOption({ label: 'Resuelto' });
      await page.getByRole('button', { name: 'Confirmar cierre' }).click();
      await expect(page.locator('.toast', { hasText: 'The ticket was closed successfully' })).toBeVisible();
      await expect(page.locator('.field-list')).toContainText('Cerrado');
    });

    test('the update form is folded under "Editar datos" and opens from the bar', async ({ page }) => {
      const { ticket } = await newTicket();
      await signInDirectly(page, demo.supervisor);
      await page.goto(`/supervisor/events/${ticket.id}`);
      await ready(page);
      const save = page.getByRole('button', { name: 'Guardar cambios' });
      await expect(save).toBeHidden();
      await page.getByRole('link', { name: 'Editar datos', exact: true }).click();
      await expect(save).toBeVisible();
      await expect(page.getByLabel('Descripción')).toBeInViewport();
    });

    test('after commenting the page is at the new comment, with the confirmation said', async ({ page }) => {
      const { ticket } = await newTicket();
      await signInDirectly(page, demo.operator);
      await page.goto(`/operator/events/${ticket.id}`);
      await ready(page);
      const text = `Cuadrilla en camino ${Date.now()}`;
      await page.getByLabel('Nuevo comentario', { exact: true }).fill(text);
      await page.getByRole('button', { name: 'Comentar' }).click();
      await expect(page).toHaveURL(/#comment-\d+$/);
      const comment = page.locator('.comment-thread li', { hasText: text });
      await expect(comment).toBeInViewport();
      const confirmation = page.locator('.toast-message', { hasText: 'Comentario guardado' });
      await expect(confirmation).toBeVisible();
      if (test.info().project.name === 'js') await expect(confirmation).toBeFocused();
    });
  });
}

test.describe('the lists on a phone', () => {
  test.use({ viewport: { width: 360, height: HEIGHT } });

  test('assigning from the list needs a choice, and is confirmed in the row', async ({ page }) => {
    await signInDirectly(page, demo.supervisor);
    await page.goto('/supervisor/assignments');
    await ready(page);
    // The last event on the queue's first page: the page must come back to it, not to the top.
    const rows = page.locator('table').first().locator('tbody tr');
    const row = rows.last();
    const folio = (await row.locator('th a').textContent())!;
    const id = Number((await row.getAttribute('id'))!.replace('row-', ''));
    const choice = row.getByLabel(`Asignar ${folio} a`, { exact: true });
    await expect(choice).toHaveValue('');
    await expect(choice.locator('option:checked')).toHaveText('Seleccione…');
    // A tap on "Asignar…" with nobody chosen assigns nobody.
    await row.getByRole('button', { name: `Asignar ${folio} a la persona elegida` }).click();
    const here = page.locator(`#row-${id}`);
    await expect(here.getByRole('alert')).toHaveText('Seleccione a quién asignar el evento.');
    await expect(here).toBeInViewport();
    const supervisor = await apiToken(demo.supervisor);
    expect((await apiCall<{ assignedToId: string | null }>(supervisor, 'GET', `/api/ticket/${id}`)).assignedToId).toBeNull();

    await ready(page);
    const select = here.getByLabel(`Asignar ${folio} a`, { exact: true });
    const person = (await select.locator('option').nth(1).textContent())!;
    await select.selectOption({ label: person });
    await here.getByRole('button', { name: `Asignar ${folio} a la persona elegida` }).click();
    // The confirmation is in the event's own row, where the person is.
    const confirm = page.locator(`#row-${id}`).getByRole('region', { name: `¿Asignar el evento ${folio} a ${person}?` });
    await expect(confirm).toBeInViewport();
    await ready(page);
    await confirm.getByRole('button', { name: 'Confirmar asignación' }).click();
    await expect(page.locator('.toast', { hasText: `El evento ${folio} quedó asignado a ${person}` })).toBeVisible();
    expect((await apiCall<{ assignedToName: string }>(supervisor, 'GET', `/api/ticket/${id}`)).assignedToName).toBe(person);
  });

  test('the dashboard counters are links to their lists, and the late list is most overdue first', async ({ page }) => {
    await signInDirectly(page, demo.operator);
    await page.goto('/operator/dashboard');
    await ready(page);
    await page.getByRole('link', { name: 'Atrasados', exact: true }).click();
    await expect(page).toHaveURL(/\/operator\/events\?.*late=true/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const notes = await page.locator('.data-table tbody .overdue-note').allTextContents();
    expect(notes.length, 'the demo data has late events').toBeGreaterThan(1);
    // Staff read how late each is on its own calendar (decision 181): "atrasado 2 días", "atrasado 3 h hábiles".
    for (const note of notes) expect(note).toMatch(/^atrasado \d+ (día|días|h|min)( hábil| hábiles)?$/);
    // Around the clock, late time is real time: those are most overdue first.
    const minutes = notes
      .filter((note) => !note.includes('hábil'))
      .map((note) => {
        const [, count, unit] = /atrasado (\d+) (día|días|h|min)/.exec(note)!;
        return Number(count) * (unit!.startsWith('d') ? 1440 : unit === 'h' ? 60 : 1);
      });
    expect(minutes).toEqual([...minutes].sort((a, b) => b - a));

    await page.goto('/operator/dashboard');
    await ready(page);
    await page.getByRole('link', { name: 'Cerrados', exact: true }).click();
    await expect(page).toHaveURL(/\/operator\/events\?tab=closed/);
    await expect(page.locator('.ticket-tabs [aria-current="page"]')).toHaveText('Cerrados');
  });
});

test.describe('toasts on a phone', () => {
  test.use({ viewport: { width: 360, height: HEIGHT } });
  test('show one at a time, the newest', async ({ page }) => {
    const { ticket } = await newTicket();
    await signInDirectly(page, demo.operator);
    await page.goto(`/operator/events/${ticket.id}?confirm=close`);
    await ready(page);
    // A refused close raises two toasts at once.
    await page.getByRole('button', { name: 'Confirmar cierre' }).click();
    await expect(page.locator('.toast')).toHaveCount(2);
    await expect(page.locator('.toast:visible')).toHaveCount(1);
  });
});
