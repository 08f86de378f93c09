import { FIRST_REPORT_YEAR } from '@contract/report';
import { santiagoYearMonth } from '@contract/date-time';

/** A calendar month in Santiago, as the statistics call and the monthly reports take it. */
export type Period = { month: number; year: number };

/** Why an address's period was refused: not a month at all, or a month that has not begun (decision 176). */
export type PeriodError = 'invalid' | 'future';

export function currentPeriod(now = new Date()): Period {
  return santiagoYearMonth(now) ?? { year: FIRST_REPORT_YEAR, month: 1 };
}

/** A period as the month field writes it: "2026-10". */
export function periodValue(period: Period): string {
  return `${period.year}-${String(period.month).padStart(2, '0')}`;
}

/** The month field's limits: January of the first report year to this month in Santiago (its `max`). */
export function periodLimits(now = new Date()): { min: string; max: string } {
  return { min: periodValue({ year: FIRST_REPORT_YEAR, month: 1 }), max: periodValue(currentPeriod(now)) };
}

/**
 * The period an address asks for: `period=2026-10` (the month field), or `month` and `year` as
 * older links and the report files name it. None when it names nothing (an empty field is the
 * whole history); an error when it is not a month of the API's range (contract/report-query.ts)
 * or is a month that has not begun in Santiago. `asked` is what was written, for the field to
 * keep while its message asks for another.
 */
export function periodFrom(
  params: URLSearchParams,
  now = new Date(),
): { period: Period | null; error: PeriodError | null; asked: string } {
  const field = params.get('period');
  const month = params.get('month');
  const year = params.get('year');
  const asked = field ?? (month || year ? `${year ?? ''}-${(month ?? '').padStart(2, '0')}` : '');
  if (!asked.trim() && field !== null) return { period: null, error: null, asked: '' };
  if (field === null && !month && !year) return { period: null, error: null, asked: '' };
  const match = field !== null ? /^(\d{4})-(\d{2})$/.exec(field.trim()) : /^\d{1,2}$/.test(month ?? '') && /^\d{4}$/.test(year ?? '') ? [asked, year, month] : null;
  const y = Number(match?.[1]);
  const m = Number(match?.[2]);
  if (!match || m < 1 || m > 12 || y < FIRST_REPORT_YEAR || y > 2100) return { period: null, error: 'invalid', asked };
  const period = { year: y, month: m };
  if (periodValue(period) > periodLimits(now).max) return { period: null, error: 'future', asked };
  return { period, error: null, asked };
}

/** The month field as a page gives it: the value it starts on, or the refused one with its reason (decision 176). */
export type PeriodField = { value: string; error: PeriodError | null; min: string; max: string };

/**
 * A monthly report page's month (the summary, the service levels): the one the address names, else this month
 * in Santiago; its field starts on the month shown, and a refused one stays in it with its reason (decision 176).
 */
export function reportMonthFrom(params: URLSearchParams, now = new Date()): { period: Period; periodField: PeriodField } {
  const { period: chosen, error, asked } = periodFrom(params, now);
  const period = chosen ?? currentPeriod(now);
  return { period, periodField: { value: error ? asked : periodValue(period), error, ...periodLimits(now) } };
}

/** The statistics call's query for a period (none: the whole history). */
export function periodQuery(period: Period | null): Record<string, string> | undefined {
  return period ? { month: String(period.month), year: String(period.year) } : undefined;
}
