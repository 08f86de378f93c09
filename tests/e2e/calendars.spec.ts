import { expect, test, type Page } from '@playwright/test';
import { apiCall, apiToken, demo, ready, signIn, signInDirectly } from './fixtures';
import { exclusively } from './exclusively';

/**
 * The admin's calendars and deadlines (issue 37, docs/decisions/180-calendar-administration.md), with JavaScript on
 * and off (both projects), on a 360 px phone and a desktop: the hours refused in Spanish beside each field with what
 * was typed kept, then saved with the notice that a change applies to events created from now on; a changed day
 * added and removed through its confirmation page; a classification's targets. Each test puts the demo values back;
 * the two that change the office calendar's hours and a classification's targets hold a lock while they do, as the
 * other project runs them at the same time on the other worker.
 */
test.describe.configure({ mode: 'serial', timeout: 90_000 });

const NOTICE = 'Los cambios se aplican a los eventos creados desde ahora';
type Calendars = {
  calendars: { id: number; name: string; aroundTheClock: boolean; days: number[]; opens: string; closes: string; changedDays: { day: string; open: boolean; note: string }[] }[];
  classifications: { id: number; name: string; calendarId: number; firstAnswerHours: number | null; resolutionHours: number }[];
};
const readAll = async () => apiCall<Calendars>(await apiToken(demo.admin), 'GET', '/api/calendar');
const officePanel = (page: Page) => page.locator('.calendar-panel').filter({ has: page.getByRole('heading', { name: 'Horario hábil', level: 3 }) });
const fitsWidth = async (page: Page, width: number) => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

/** The office calendar's hours refused in Spanish beside each field, kept as typed, stored unchanged; then saved, and put back. */
async function hoursRefusedThenSaved(page: Page, width: number) {
  // The hours only: the other project's changed-day test adds a day of its own meanwhile.
  const hoursOf = async () => {
    const { name, aroundTheClock, days, opens, closes } = (await readAll()).calendars.find((c) => c.id === 2)!;
    return { name, aroundTheClock, days, opens, closes };
  };
  const before = await hoursOf();
  await page.goto('/admin/reports');
  await page.getByRole('link', { name: 'Calendarios y plazos de atención' }).click();
  await expect(page.getByRole('heading', { name: 'Calendarios y plazos', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Continuo (24/7)', level: 3 })).toBeVisible();
  const nextYear = new Date().getUTCFullYear() + 1;
  await expect(page.locator('.holiday-list')).toContainText(`18-09-${nextYear}`);
  await fitsWidth(page, width);

  await ready(page);
  const office = officePanel(page);
  const form = office.locator('form.calendar-form');
  for (const day of ['lunes', 'martes', 'miércoles', 'jueves', 'viernes']) await form.getByLabel(day, { exact: true }).uncheck();
  await form.getByLabel('Cierra (HH:MM)').fill('07:00');
  await form.getByRole('button', { name: 'Guardar horario' }).click();
  await expect(form.getByText('Marque al menos un día de la semana')).toBeVisible();
  await expect(form.getByText('El cierre debe ser posterior a la apertura')).toBeVisible();
  await expect(form.getByLabel('Cierra (HH:MM)')).toHaveValue('07:00');
  await expect(form.getByLabel('Cierra (HH:MM)')).toHaveAttribute('aria-invalid', 'true');
  await fitsWidth(page, width);
  expect(await hoursOf()).toEqual(before);

  for (const day of ['lunes', 'martes', 'miércoles', 'jueves', 'viernes']) await form.getByLabel(day, { exact: true }).check();
  await form.getByLabel('Cierra (HH:MM)').fill('17:30');
  await form.getByRole('button', { name: 'Guardar horario' }).click();
  await expect(page.locator('.toast', { hasText: NOTICE }).last()).toBeVisible();
  await expect(officePanel(page).getByLabel('Cierra (HH:MM)')).toHaveValue('17:30');
  expect(await hoursOf()).toMatchObject({ days: [1, 2, 3, 4, 5], opens: '08:30', closes: '17:30' });
  await apiCall(await apiToken(demo.admin), 'PUT', '/api/calendar/2', before);
}

for (const width of [360, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('the hours are refused beside each field, kept as typed, then saved with the notice', async ({ page }) => {
      await signIn(page, demo.admin);
      await exclusively('office-calendar-hours', () => hoursRefusedThenSaved(page, width));
    });

    test('a changed day is added, and removed after its confirmation page', async ({ page }, testInfo) => {
      // A day of its own per project and width: the runs never meet.
      const day = `2031-03-${String(10 + (testInfo.project.name === 'nojs' ? 2 : 0) + (width === 360 ? 0 : 1)).padStart(2, '0')}`;
      const [y, m, d] = day.split('-');
      const shown = `${d}-${m}-${y}`;
      await signInDirectly(page, demo.admin);
      await page.goto('/admin/calendars');
      await ready(page);
      const office = officePanel(page);
      const add = office.locator('form.calendar-day-form');
      await add.getByLabel('Fecha').fill(day);
      await add.getByLabel('cerrado').check();
      await add.getByLabel('Nota (opcional)').fill('Cierre por emergencia');
      await add.getByRole('button', { name: 'Agregar día' }).click();
      await expect(page.locator('.toast', { hasText: NOTICE }).last()).toBeVisible();
      const item = officePanel(page).locator('.calendar-day-list li', { hasText: shown });
      await expect(item).toContainText('cerrado · Cierre por emergencia');
      expect((await readAll()).calendars.find((c) => c.id === 2)!.changedDays).toContainEqual({ day, open: false, note: 'Cierre por emergencia' });
      await fitsWidth(page, width);

      await item.getByRole('link', { name: `Quitar el ${new Intl.DateTimeFormat('es-CL', { weekday: 'long', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`))} ${shown}` }).click();
      await expect(page.getByRole('heading', { name: 'Quitar un día cambiado', level: 1 })).toBeVisible();
      await expect(page.getByText(`${shown} (cerrado) del calendario Horario hábil`)).toBeVisible();
      await fitsWidth(page, width);
      await ready(page);
      await page.getByRole('button', { name: 'Quitar el día' }).click();
      await expect(page).toHaveURL(/\/admin\/calendars$/);
      await expect(page.locator('.toast', { hasText: NOTICE }).last()).toBeVisible();
      await expect(officePanel(page).locator('.calendar-day-list li', { hasText: shown })).toHaveCount(0);
      expect((await readAll()).calendars.find((c) => c.id === 2)!.changedDays.some((c) => c.day === day)).toBe(false);
    });

    test('a classification’s targets: a wrong number is refused beside its field, a right one saved', async ({ page }) => {
      await signIn(page, demo.admin);
      await exclusively('first-classification-targets', () => targetsRefusedThenSaved(page, width));
    });
  });
}

/** The first classification's targets: a wrong number refused beside its field, a right one saved, and put back. */
async function targetsRefusedThenSaved(page: Page, width: number) {
  const [first] = (await readAll()).classifications;
  await page.goto('/admin/calendars');
  await ready(page);
  const form = page.locator(`form.deadline-form`).filter({ has: page.getByRole('heading', { name: first!.name, level: 4 }) }).first();
  await form.getByLabel('Primera respuesta (h)').fill('0');
  await form.getByRole('button', { name: 'Guardar plazos' }).click();
  await expect(form.getByText('Ingrese un número entero de horas entre 1 y 8760')).toBeVisible();
  await expect(form.getByLabel('Primera respuesta (h)')).toHaveValue('0');
  await fitsWidth(page, width);

  await form.getByLabel('Calendario').selectOption({ label: 'Horario hábil' });
  await form.getByLabel('Primera respuesta (h)').fill('4');
  await form.getByRole('button', { name: 'Guardar plazos' }).click();
  await expect(page.locator('.toast', { hasText: NOTICE }).last()).toBeVisible();
  expect((await readAll()).classifications.find((c) => c.id === first!.id)).toMatchObject({ calendarId: 2, firstAnswerHours: 4, resolutionHours: first!.resolutionHours });
  await apiCall(await apiToken(demo.admin), 'PUT', `/api/classification/${first!.id}/deadline`, {
    calendarId: first!.calendarId,
    firstAnswerHours: first!.firstAnswerHours,
    resolutionHours: first!.resolutionHours,
  });
}
