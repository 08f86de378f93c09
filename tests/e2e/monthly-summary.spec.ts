import ExcelJS from 'exceljs';
import { expect, test, type Page } from '@playwright/test';
import { API_URL, apiCall, apiToken, demo, signInDirectly } from './fixtures';

/**
 * The monthly summary as a page and the dashboards' month selector (docs/decisions/122-reports-for-excel.md), with
 * and without JavaScript. The page's numbers are report 2's and the statistics call's for the same month,
 * and it prints on A4.
 */
type Statistics = {
  counters: { new: number; late: number; closed: number; active: number; total: number };
  byType: { key: string; count: number }[];
  bySector: { key: string; count: number }[];
  byCommune: { key: string; count: number }[];
};

/** Last month in Santiago: the demo data has tickets in it. */
function lastMonth() {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Santiago', year: 'numeric', month: 'numeric' })
      .formatToParts(new Date())
      .map((p) => [p.type, Number(p.value)]),
  ) as { year: number; month: number };
  return parts.month === 1 ? { year: parts.year - 1, month: 12 } : { year: parts.year, month: parts.month - 1 };
}

/** A month as the month field writes it: "2026-10". */
const monthValue = (p: { year: number; month: number }) => `${p.year}-${String(p.month).padStart(2, '0')}`;
function thisMonthValue() {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Santiago', year: 'numeric', month: '2-digit' }).formatToParts(new Date());
  return `${parts.find((p) => p.type === 'year')!.value}-${parts.find((p) => p.type === 'month')!.value}`;
}

async function shown(page: Page, key: string): Promise<number> {
  const locator = key === 'total' ? page.locator('[data-counter="total"]') : page.locator(`[data-counter="${key}"] .counter-value`);
  return Number((await locator.innerText()).replace(/\D/g, ''));
}

/** The rows of a chart's data table as [name, count]. */
async function tableRows(page: Page, chartId: string): Promise<[string, number][]> {
  const cells = await page.locator(`#${chartId}-title`).locator('xpath=ancestor::figure').locator('tbody tr').evaluateAll((rows) =>
    rows.map((row) => Array.from(row.querySelectorAll('th, td')).map((cell) => cell.textContent ?? '')),
  );
  return cells.map((c) => [c[0]!, Number(c.at(-1)!.replace(/\D/g, ''))]);
}

test('the monthly summary page shows report 2’s numbers for the chosen month and prints on A4', async ({ page }) => {
  const period = lastMonth();
  const token = await apiToken(demo.inspector);
  const stats = await apiCall<Statistics>(token, 'GET', `/api/report/reportStatistic?month=${period.month}&year=${period.year}`);
  const file = await fetch(`${API_URL}/api/report/2?month=${period.month}&year=${period.year}`, { headers: { authorization: `Bearer ${token}` } });
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await file.arrayBuffer()) as never);
  const report: unknown[][] = [];
  book.worksheets[0]!.eachRow((row) => report.push((row.values as unknown[]).slice(1)));
  const reported = (label: string) => report.find((r) => r[0] === label)?.[1];

  await page.setViewportSize({ width: 360, height: 800 });
  await signInDirectly(page, demo.inspector);
  await page.goto('/inspector/reports');
  await page.getByRole('link', { name: /resumen mensual/ }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Resumen mensual para la Inspección Fiscal');
  // The field starts on the month shown (this one), then takes another.
  await expect(page.getByLabel('Mes')).toHaveValue(thisMonthValue());
  await page.getByLabel('Mes').fill(monthValue(period));
  await page.getByRole('button', { name: 'Ver', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`period=${monthValue(period)}`));
  await expect(page.getByLabel('Mes')).toHaveValue(monthValue(period));
  await expect(page.locator('.summary-period')).toHaveAttribute('data-period', `${period.year}-${period.month}`);

  expect(await shown(page, 'total')).toBe(stats.counters.total);
  expect(reported('Eventos ingresados')).toBe(stats.counters.total);
  for (const [key, label] of [['new', 'Nuevos (sin gestión)'], ['late', 'Atrasados'], ['closed', 'Cerrados'], ['active', 'Activos']] as const) {
    expect(await shown(page, key), key).toBe(stats.counters[key]);
    expect(reported(label), label).toBe(stats.counters[key]);
  }
  const sectors = await tableRows(page, 'chart-sector');
  expect(sectors).toEqual(stats.bySector.map((r) => [r.key, r.count]));
  for (const [sector, count] of sectors) expect(reported(sector), sector).toBe(count);
  expect(await tableRows(page, 'chart-commune')).toEqual(stats.byCommune.map((r) => [r.key, r.count]));
  // Nothing wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // Printed: no application frame or controls, A4 pages.
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('.shell-header')).toBeHidden();
  await expect(page.locator('.period-form')).toBeHidden();
  await expect(page.locator('[data-counter="total"]')).toBeVisible();
  const pdf = (await page.pdf({ preferCSSPageSize: true, printBackground: true })).toString('latin1');
  await test.info().attach('summary.pdf', { body: Buffer.from(pdf, 'latin1'), contentType: 'application/pdf' });
  const pages = pdf.match(/\/Type\s*\/Page[^s]/g) ?? [];
  expect(pages.length).toBeGreaterThanOrEqual(1);
  const boxes = [...pdf.matchAll(/\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/g)].map((m) => [Math.round(Number(m[1])), Math.round(Number(m[2]))]);
  expect(boxes.length).toBeGreaterThanOrEqual(pages.length);
  // A4 is 210 × 297 mm: 595 × 842 points.
  for (const box of boxes) expect(box).toEqual([595, 842]);
});

test('a dashboard shows one month when asked, and the whole history again', async ({ page }) => {
  const period = lastMonth();
  const token = await apiToken(demo.operator);
  const month = await apiCall<Statistics>(token, 'GET', `/api/report/reportStatistic?month=${period.month}&year=${period.year}`);
  const all = await apiCall<Statistics>(token, 'GET', '/api/report/reportStatistic');
  expect(month.counters.total).toBeLessThan(all.counters.total);

  // Other tests add events meanwhile: the whole history only grows, last month stays as it is.
  const wholeHistory = async () => {
    await expect(page.locator('[data-period]')).toHaveAttribute('data-period', 'all');
    expect(await shown(page, 'total')).toBeGreaterThanOrEqual(all.counters.total);
  };
  await signInDirectly(page, demo.operator);
  await page.goto('/operator/dashboard');
  await wholeHistory();
  await page.getByLabel('Mes').fill(monthValue(period));
  await page.getByRole('button', { name: 'Ver', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/operator/dashboard\\?period=${monthValue(period)}`));
  expect(await shown(page, 'total')).toBe(month.counters.total);
  expect(await shown(page, 'closed')).toBe(month.counters.closed);

  await page.getByRole('link', { name: 'Ver todo el historial' }).click();
  await expect(page).toHaveURL(/\/operator\/dashboard$/);
  await wholeHistory();

  // A period that does not exist says so under the field and shows the whole history.
  await page.goto('/operator/dashboard?month=13&year=2026');
  await expect(page.getByLabel('Mes')).toHaveAccessibleDescription(/El período elegido no es válido/);
  await wholeHistory();
});

test('the administrator sees the road profile whose sectors and communes the event forms offer', async ({ page }) => {
  const road = await apiCall<{ segments: { kmFrom: number; kmTo: number; sector: string; commune: string }[] }>(
    await apiToken(demo.admin),
    'GET',
    '/api/road/profile',
  );
  await page.setViewportSize({ width: 320, height: 740 });
  await signInDirectly(page, demo.admin);
  await page.goto('/admin/reports');
  await page.getByRole('link', { name: /perfil de la ruta/ }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Perfil de la ruta');
  // On a 320 px phone the page fits; only the table scrolls, inside its own region.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  const rows = await page.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => Array.from(tr.children).map((c) => c.textContent)));
  expect(rows.map((r) => [r[2], r[3]])).toEqual(road.segments.map((s) => [s.sector, s.commune]));

  // The new-event form offers exactly those places.
  await page.goto('/admin/events/new');
  const offered = async (label: string) =>
    (await page.getByLabel(label).locator('option').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value))).filter(Boolean);
  expect(await offered('Sector')).toEqual([...new Set(road.segments.map((s) => s.sector))]);
  expect(await offered('Comuna')).toEqual([...new Set(road.segments.map((s) => s.commune))]);

  // So does the events list's filter, and choosing one lists that place's events only.
  await page.goto('/admin/events');
  const filters = page.getByRole('search', { name: 'Filtrar eventos' });
  await filters.locator('summary').click();
  expect(await offered('Sector')).toEqual([...new Set(road.segments.map((s) => s.sector))]);
  await filters.getByLabel('Sector').selectOption('Placilla');
  await filters.getByRole('button', { name: 'Filtrar' }).click();
  await expect(page).toHaveURL(/sector=Placilla/);
  const listed = await apiCall<{ total: number }>(await apiToken(demo.admin), 'GET', '/api/ticket/list/all?size=1&sector=Placilla');
  expect(listed.total).toBeGreaterThan(0);
  await expect(page.getByLabel('Sector')).toHaveValue('Placilla');
});
