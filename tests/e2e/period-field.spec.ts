import { expect, test } from '@playwright/test';
import { demo, signIn, signInDirectly } from './fixtures';

/**
 * The dashboards' month field (decision 176), on a phone, with and without JavaScript: it starts
 * on what the page shows, refuses a month that has not begun with a message, and the trend
 * chart is named for the days it draws.
 */
function santiagoMonth(offset = 0) {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Santiago', year: 'numeric', month: 'numeric' }).formatToParts(new Date());
  const year = Number(parts.find((p) => p.type === 'year')!.value);
  const month = Number(parts.find((p) => p.type === 'month')!.value) + offset;
  const date = new Date(Date.UTC(year, month - 1, 1));
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1 };
}
const value = (p: { year: number; month: number }) => `${p.year}-${String(p.month).padStart(2, '0')}`;
const MONTHS = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'];
const named = (p: { year: number; month: number }) => `${MONTHS[p.month - 1]} de ${p.year}`;

for (const width of [320, 360]) {
  test(`at ${width} px the dashboard's month field starts on what the page shows and refuses a month not yet begun`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await signIn(page, demo.supervisor);
    const field = page.getByLabel('Mes');
    const chart = (name: string) => page.getByRole('figure', { name, exact: true });

    // The whole history: the field is empty (no month is shown), its limit is this month.
    await page.goto('/supervisor/dashboard');
    await expect(page.locator('[data-period]')).toHaveText('Período: todo el historial.');
    await expect(field).toHaveValue('');
    await expect(field).toHaveAttribute('max', value(santiagoMonth()));
    await expect(chart('Eventos ingresados y cerrados por día, últimos 30 días')).toBeVisible();

    // Last month, chosen in the field: the page, the field and the trend chart's name agree.
    const last = santiagoMonth(-1);
    await field.fill(value(last));
    await page.getByRole('button', { name: 'Ver', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`period=${value(last)}$`));
    await expect(page.locator('[data-period]')).toHaveText(`Período: ${named(last)}.`);
    await expect(field).toHaveValue(value(last));
    await expect(chart(`Eventos ingresados y cerrados por día, ${named(last)}`)).toBeVisible();
    await expect(page.locator('#chart-trend-desc')).toContainText(`del 01-${String(last.month).padStart(2, '0')}-${last.year}`);

    // Next month has not begun: the server refuses it, with or without JavaScript, and says why under the field.
    const next = santiagoMonth(1);
    await field.fill(value(next));
    await page.getByRole('button', { name: 'Ver', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`period=${value(next)}$`));
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAccessibleDescription(`Ese mes todavía no llega: elija ${named(santiagoMonth())} o un mes anterior.`);
    await expect(field).toHaveValue(value(next));
    await expect(page.locator('[data-period]')).toHaveText('Período: todo el historial.');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: test.info().outputPath(`dashboard-period-${width}.png`), fullPage: false });
  });
}

test('the monthly summary starts on this month and, refused a future month, keeps showing this one', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await signInDirectly(page, demo.inspector);
  await page.goto('/inspector/reports/summary');
  const field = page.getByLabel('Mes');
  await expect(field).toHaveValue(value(santiagoMonth()));
  await expect(page.locator('.summary-period')).toHaveText(named(santiagoMonth()));

  await page.goto(`/inspector/reports/summary?period=${value(santiagoMonth(14))}`);
  await expect(field).toHaveAccessibleDescription(/Ese mes todavía no llega/);
  await expect(page.locator('.summary-period')).toHaveText(named(santiagoMonth()));
  await expect(page.getByRole('figure', { name: `Eventos ingresados y cerrados por día, ${named(santiagoMonth())}`, exact: true })).toBeVisible();
});
