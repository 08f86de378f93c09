import { extractText, getDocumentProxy } from 'unpdf';
import { expect, test } from '@playwright/test';
import { apiCall, apiToken, demo, signInDirectly } from './fixtures';

/**
 * The monthly summary as the browser prints it (decision 177), read back from the PDF that
 * Chromium's own print makes (the engine behind Ctrl+P and «Guardar como PDF»): every sheet
 * names the concession, the report and its month at the top and counts itself at the bottom,
 * and the numbers behind the charts are printed as tables.
 */
type Statistics = { bySector: { key: string; count: number }[]; byType: { key: string; count: number }[] };

function lastMonth() {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Santiago', year: 'numeric', month: 'numeric' })
      .formatToParts(new Date())
      .map((p) => [p.type, Number(p.value)]),
  ) as { year: number; month: number };
  return parts.month === 1 ? { year: parts.year - 1, month: 12 } : { year: parts.year, month: parts.month - 1 };
}
const MONTHS = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'];

test('the printed monthly summary has the concession and month on every page, «Página n de m» and the charts’ tables', async ({ page }) => {
  const period = lastMonth();
  const stats = await apiCall<Statistics>(await apiToken(demo.inspector), 'GET', `/api/report/reportStatistic?month=${period.month}&year=${period.year}`);
  expect(stats.bySector.length).toBeGreaterThan(0);

  await signInDirectly(page, demo.inspector);
  await page.goto(`/inspector/reports/summary?period=${period.year}-${String(period.month).padStart(2, '0')}`);
  await page.emulateMedia({ media: 'print' });
  const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
  await test.info().attach('summary.pdf', { body: pdf, contentType: 'application/pdf' });

  const document = await getDocumentProxy(new Uint8Array(pdf));
  const { totalPages, text } = await extractText(document, { mergePages: false });
  expect(totalPages).toBeGreaterThan(1);
  const monthName = `${MONTHS[period.month - 1]} de ${period.year}`;
  const squash = (s: string) => s.replace(/\s+/g, ' ');
  text.map(squash).forEach((sheet, index) => {
    expect(sheet, `page ${index + 1}`).toContain(`Concesión Vial · Resumen mensual para la Inspección Fiscal · ${monthName}`);
    expect(sheet, `page ${index + 1}`).toContain(`Página ${index + 1} de ${totalPages}`);
  });

  const all = squash(text.join(' '));
  // Each chart's numbers are printed: its table's header, and the sectors' rows with their counts.
  for (const title of ['Eventos por tipo', 'Eventos por estado', 'Eventos por sector', 'Eventos por comuna', `Eventos ingresados y cerrados por día, ${monthName}`]) {
    expect(all).toContain(title);
  }
  expect(all).toContain('Cantidad');
  for (const { key, count } of stats.bySector) expect(all).toMatch(new RegExp(`${key}\\s+${count.toLocaleString('es-CL')}`));
  expect(all).not.toContain('Ver los datos');

  // Packed: no sheet before the last is left half empty by a chart pushed to the next one.
  const heights = await Promise.all(
    Array.from({ length: totalPages - 1 }, async (_, i) => {
      const items = (await (await document.getPage(i + 1)).getTextContent()).items as { transform: number[]; str: string }[];
      // The lowest body text above the footer: PDF y grows upwards, the footer sits in the bottom margin (16 mm ≈ 45 pt).
      return Math.min(...items.filter((it) => it.str.trim() && it.transform[5]! > 50).map((it) => it.transform[5]!));
    }),
  );
  for (const [index, lowest] of heights.entries()) expect(lowest, `page ${index + 1}'s last line`).toBeLessThan(842 / 2);
});
