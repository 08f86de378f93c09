import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { apiCall, apiToken, demo, ticketBody, newDriver, signIn, signInDirectly } from './fixtures';

type Statistics = {
  scope: 'all' | 'own';
  counters: { new: number; late: number; closed: number; active: number; total: number };
  roadTickets: { id: number; folio: string }[];
};

const COUNTERS = ['new', 'late', 'closed', 'active', 'total'] as const;

async function statisticsAs(email: string): Promise<Statistics> {
  return apiCall<Statistics>(await apiToken(email), 'GET', '/api/report/reportStatistic');
}

/** The dashboard's counters as the page shows them ("1.234" -> 1234). */
async function shownCounters(page: Page): Promise<Record<(typeof COUNTERS)[number], number>> {
  const read = async (key: string) => {
    const locator = key === 'total' ? page.locator('[data-counter="total"]') : page.locator(`[data-counter="${key}"] .counter-value`);
    return Number((await locator.innerText()).replace(/\D/g, ''));
  };
  return Object.fromEntries(await Promise.all(COUNTERS.map(async (key) => [key, await read(key)]))) as never;
}

/** The current report period in Santiago, as the reports form preselects it. */
function currentPeriod() {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Santiago', year: 'numeric', month: '2-digit' })
      .formatToParts(new Date())
      .map((p) => [p.type, p.value]),
  );
  return { year: parts.year!, month: parts.month! };
}

test.describe('dashboards', () => {
  for (const [role, area] of [
    ['operator', 'operator'],
    ['inspector', 'inspector'],
    ['admin', 'admin'],
    ['supervisor', 'supervisor'],
  ] as const) {
    test(`the ${role}'s dashboard is server-rendered and matches the statistics`, async ({ page }) => {
      await signIn(page, demo[role]);
      // Other tests create tickets at the same time: compare a page and an API answer taken
      // back to back, again if a ticket slipped in between.
      let stats!: Statistics;
      await expect(async () => {
        await page.goto(`/${area}/dashboard`);
        await expect(page.getByRole('heading', { level: 1, name: 'Panel de inicio' })).toBeVisible();
        const shown = await shownCounters(page);
        stats = await statisticsAs(demo[role]);
        expect(stats.scope).toBe('all');
        expect(shown).toEqual(stats.counters);
      }).toPass({ timeout: 20_000 });

      // Charts are SVG in the server's HTML, each in a figure with a caption and its numbers as a table.
      for (const title of ['Eventos por tipo', 'Eventos por clasificación', 'Eventos ingresados y cerrados por día, últimos 30 días', 'Cumplimiento de plazos', 'Vista de la ruta']) {
        const figure = page.getByRole('figure', { name: title });
        await expect(figure).toBeVisible();
        await expect(figure.locator('svg')).toBeVisible();
        await expect(figure.locator('details table')).toHaveCount(1);
      }
      await expect(page.getByRole('img', { name: 'Eventos por tipo' })).toBeVisible();

      // The road view: one link per active ticket the API placed on it, to that ticket.
      const markers = page.locator('.road-svg a.road-marker');
      await expect(markers).toHaveCount(stats.roadTickets.length);
      expect(stats.roadTickets.length).toBeGreaterThan(0);
      const first = stats.roadTickets[0]!;
      await expect(page.locator(`.road-svg a[href="/${area}/events/${first.id}"]`)).toHaveAttribute('aria-label', new RegExp(`^${first.folio}: `));
      // More active tickets than markers: the figure says it shows the most urgent ones.
      const limited = `Se muestran los ${stats.roadTickets.length} eventos activos más urgentes.`;
      await expect(page.locator('#chart-road-desc')).toContainText(stats.counters.active > stats.roadTickets.length ? limited : 'Los atrasados se marcan');
      if (stats.counters.active <= stats.roadTickets.length) await expect(page.locator('#chart-road-desc')).not.toContainText('Se muestran');
    });
  }

  // A driver's home is their task, not statistics (issue 36, decision 160): no counters, no charts,
  // their own reports in "Mis reportes" (the API keeps the driver's own-scope statistics).
  test("the demo driver's home shows no statistics, and the API's figures stay their own", async ({ page }) => {
    await signInDirectly(page, demo.driver);
    await page.goto('/driver/dashboard');
    await expect(page.getByRole('heading', { name: 'Mis reportes' })).toBeVisible();
    await expect(page.locator('[data-counter]')).toHaveCount(0);
    await expect(page.getByRole('figure', { name: 'Cumplimiento de plazos' })).toHaveCount(0);
    const own = await statisticsAs(demo.driver);
    const all = await statisticsAs(demo.operator);
    expect(own.scope).toBe('own');
    expect(own.counters.total).toBeLessThan(all.counters.total);
  });

  test("a new driver's home lists their one report and nothing else", async ({ page }) => {
    const driver = await newDriver();
    const ticket = await apiCall<{ id: number; folio: string }>(driver.token, 'POST', '/api/ticket', ticketBody({ email: driver.email }));
    await signInDirectly(page, driver.email, driver.password);
    await page.goto('/driver/dashboard');
    const items = page.getByRole('region', { name: 'Mis reportes' }).getByRole('listitem');
    await expect(items).toHaveCount(1);
    await expect(items.first().getByRole('link', { name: new RegExp(ticket.folio) })).toHaveAttribute('href', `/driver/events/${ticket.id}`);
  });
});

test.describe('reports', () => {
  test('an Excel and a CSV of the current month download through the web app', async ({ page }) => {
    const { year, month } = currentPeriod();
    await signInDirectly(page, demo.operator);
    await page.goto('/operator/reports');
    await expect(page.getByRole('heading', { level: 1, name: 'Reportes' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Mes' })).toHaveValue(String(Number(month)));
    await expect(page.getByRole('combobox', { name: 'Año' })).toHaveValue(year);
    await page.getByRole('radio', { name: /Detalle de eventos del mes/ }).check();

    await page.getByRole('radio', { name: 'Excel (.xlsx)' }).check();
    const [excel] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Descargar reporte' }).click()]);
    expect(excel.suggestedFilename()).toBe(`reporte-eventos-${year}-${month}.xlsx`);
    const workbook = await readFile((await excel.path())!);
    expect(workbook.subarray(0, 2).toString('latin1')).toBe('PK'); // an xlsx is a zip

    await page.getByRole('radio', { name: /CSV/ }).check();
    const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Descargar reporte' }).click()]);
    expect(csv.suggestedFilename()).toBe(`reporte-eventos-${year}-${month}.csv`);
    const text = (await readFile((await csv.path())!, 'utf8')).replace(/^\uFEFF/, '');
    // Excel's Chilean dialect by default: ";" between quoted cells (decision 122).
    expect(text.split('\r\n')[0]).toMatch(/^"Folio";"Tipo";"Clasificación";"Estado";"Atrasado";"Canal";/);
  });

  test('the inspector downloads the summary for the fiscal inspection', async ({ page }) => {
    const { year, month } = currentPeriod();
    await signInDirectly(page, demo.inspector);
    await page.goto('/inspector/reports');
    await page.getByRole('radio', { name: /Resumen mensual para la Inspección Fiscal/ }).check();
    await page.getByRole('radio', { name: /CSV/ }).check();
    const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Descargar reporte' }).click()]);
    expect(csv.suggestedFilename()).toBe(`reporte-resumen-${year}-${month}.csv`);
  });

  test('a bad month comes back to the form with a Spanish message', async ({ page }) => {
    await signInDirectly(page, demo.supervisor);
    const response = await page.goto('/supervisor/reports/download?report=1&month=13&year=2026&format=xlsx');
    await expect(page).toHaveURL(/\/supervisor\/reports\?.*error=month/);
    expect(response?.status()).toBe(400);
    await expect(page.getByRole('alert').filter({ hasText: 'No se pudo descargar el reporte' })).toContainText('Indique un mes entre 1 y 12.');
    // The rest of the choice is kept.
    await expect(page.getByRole('combobox', { name: 'Año' })).toHaveValue('2026');
  });

  test('an unknown report comes back to the form as not found', async ({ page }) => {
    await signInDirectly(page, demo.admin);
    const response = await page.goto('/admin/reports/download?report=9&month=1&year=2026&format=csv');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('alert').filter({ hasText: 'No se pudo descargar el reporte' })).toContainText('El reporte solicitado no existe.');
  });

  test('a driver has no reports: the screen and the download are not found', async ({ page }) => {
    await signIn(page, demo.driver);
    for (const path of ['/driver/reports', '/driver/reports/download?report=1&month=1&year=2026&format=csv']) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { name: 'Página no encontrada' })).toBeVisible();
    }
  });

  test("another role's download address is not found, inside the shell", async ({ page }) => {
    await signInDirectly(page, demo.operator);
    const response = await page.goto('/admin/reports/download?report=1&month=1&year=2026&format=csv');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Página no encontrada' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Menú principal' })).toBeVisible();
  });
});
