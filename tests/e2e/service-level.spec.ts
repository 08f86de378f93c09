import { extractText, getDocumentProxy } from 'unpdf';
import { expect, test } from '@playwright/test';
import { apiCall, apiToken, demo, signInDirectly } from './fixtures';

/**
 * The service-level page (issue 37, docs/decisions/183-service-level-report.md), with and without JavaScript at
 * 360 px: the month field, the numbers of GET /api/report/service-level and the statistics call for the month, the
 * breaches, the CSV and XLSX downloads through the web's resource route, and the printed A4 pages. Not the operators.
 */
type Group = { received: number; resolution: { closed: number; onTime: number } };
type ServiceLevel = Group & {
  total: Group;
  byClassification: (Group & { id: number; name: string })[];
  breachCount: number;
  breaches: { folio: string }[];
};

function lastMonth() {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Santiago', year: 'numeric', month: 'numeric' })
      .formatToParts(new Date())
      .map((p) => [p.type, Number(p.value)]),
  ) as { year: number; month: number };
  return parts.month === 1 ? { year: parts.year - 1, month: 12 } : { year: parts.year, month: parts.month - 1 };
}
const monthValue = (p: { year: number; month: number }) => `${p.year}-${String(p.month).padStart(2, '0')}`;
const MONTHS = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'];

test('the inspector reads the month’s service levels, downloads them and prints them on A4', async ({ page }) => {
  // Two files and a PDF read back: more than the default on a shared machine.
  test.setTimeout(90_000);
  const period = lastMonth();
  const token = await apiToken(demo.inspector);
  const levels = await apiCall<ServiceLevel>(token, 'GET', `/api/report/service-level?month=${period.month}&year=${period.year}`);
  const stats = await apiCall<{ counters: { total: number } }>(token, 'GET', `/api/report/reportStatistic?month=${period.month}&year=${period.year}`);
  expect(levels.total.received).toBe(stats.counters.total);
  expect(levels.total.received).toBeGreaterThan(0);

  await page.setViewportSize({ width: 360, height: 800 });
  await signInDirectly(page, demo.inspector);
  await page.goto('/inspector/reports');
  await page.getByRole('link', { name: 'Ver los niveles de servicio del mes' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Niveles de servicio');
  await page.getByLabel('Mes').fill(monthValue(period));
  await page.getByRole('button', { name: 'Ver', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/inspector/reports/service-level\\?period=${monthValue(period)}`));
  await expect(page.locator('.summary-period')).toHaveText(`${MONTHS[period.month - 1]} de ${period.year}`);

  // Each classification's row: received as the API counts it, resolution in time "n de m".
  for (const c of levels.byClassification) {
    const row = page.locator(`#service-level-classifications tbody tr[data-row="${c.id}"]`);
    await expect(row.locator('th')).toHaveText(c.name);
    await expect(row.locator('td').nth(0)).toHaveText(String(c.received));
    await expect(row.locator('td').nth(3)).toContainText(`${c.resolution.onTime} de ${c.resolution.closed}`);
  }
  await expect(page.locator('#service-level-classifications tfoot td').first()).toHaveText(String(stats.counters.total));
  if (levels.breachCount > 0) {
    await expect(page.locator('#breach-count')).toContainText(`${levels.breachCount} plazos incumplidos`);
    await expect(page.locator('#service-level-breaches tbody tr')).toHaveCount(levels.breaches.length);
    await expect(page.locator('#service-level-breaches tbody tr').first()).toContainText(levels.breaches[0]!.folio);
  } else {
    await expect(page.locator('#breach-count')).toHaveText(/Ningún plazo incumplido/);
  }
  // Nothing wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // The files, through the web's resource route.
  for (const [name, type, extension] of [['CSV (Excel)', 'text/csv', 'csv'], ['Excel (XLSX)', 'spreadsheetml', 'xlsx']] as const) {
    const href = await page.getByRole('link', { name }).getAttribute('href');
    const response = await page.request.get(href!);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain(type);
    expect(response.headers()['content-disposition']).toContain(`reporte-nivel-servicio-${monthValue(period)}.${extension}`);
    if (extension === 'csv') expect(await response.text()).toContain(`Niveles de servicio: ${MONTHS[period.month - 1]} de ${period.year}`);
  }

  // Printed: the concession, the report and its month on every A4 sheet, and the tables' numbers.
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('.period-form')).toBeHidden();
  const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
  await test.info().attach('service-level.pdf', { body: pdf, contentType: 'application/pdf' });
  const pdfDocument = await getDocumentProxy(new Uint8Array(pdf));
  const { totalPages, text } = await extractText(pdfDocument, { mergePages: false });
  const squash = (s: string) => s.replace(/\s+/g, ' ');
  text.map(squash).forEach((sheet, index) => {
    expect(sheet, `page ${index + 1}`).toContain(`Concesión Vial · Niveles de servicio · ${MONTHS[period.month - 1]} de ${period.year}`);
    expect(sheet, `page ${index + 1}`).toContain(`Página ${index + 1} de ${totalPages}`);
  });
  expect(squash(text.join(' '))).toContain('Por clasificación');
  const { width, height } = (await pdfDocument.getPage(1)).getViewport({ scale: 1 });
  expect([Math.round(width), Math.round(height)]).toEqual([595, 842]);
});

test('a month not yet begun is refused beside the field, and operators have no service-level page', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await signInDirectly(page, demo.supervisor);
  await page.goto('/supervisor/reports/service-level?period=2999-01');
  await expect(page.getByLabel('Mes')).toHaveAccessibleDescription(/./);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Niveles de servicio');

  await page.context().clearCookies();
  await signInDirectly(page, demo.operator);
  await page.goto('/operator/reports');
  await expect(page.getByRole('link', { name: 'Ver los niveles de servicio del mes' })).toHaveCount(0);
  await expect(page.getByRole('radio', { name: /Niveles de servicio/ })).toHaveCount(0);
  const refused = await page.goto('/operator/reports/service-level');
  expect(refused?.status()).toBe(404);
});
