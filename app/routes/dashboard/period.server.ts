import { FIRST_REPORT_YEAR } from '@contract/report';
import { santiagoYearMonth } from '@contract/date-time';

/** A calendar month in Santiago, as the statistics call and the monthly reports take it. */
export type Period = { month: number; year: number };

/** Years a period form offers: this one and the nine before it (as the reports form). */
const YEARS_BACK = 10;

export function periodYears(now = santiagoYearMonth()): number[] {
  const year = now?.year ?? FIRST_REPORT_YEAR;
  return Array.from({ length: YEARS_BACK }, (_, i) => year - i).filter((y) => y >= FIRST_REPORT_YEAR);
}

export function currentPeriod(): Period {
  return santiagoYearMonth() ?? { year: FIRST_REPORT_YEAR, month: 1 };
}

/**
 * The period an address asks for with `month` and `year`: none when it names neither, `invalid`
 * when it names only one or a value out of range (the API's own limits, contract/report-query.ts).
 */
export function periodFrom(params: URLSearchParams): { period: Period | null; invalid: boolean } {
  const month = params.get('month');
  const year = params.get('year');
  if (!month && !year) return { period: null, invalid: false };
  const m = Number(month);
  const y = Number(year);
  const valid = /^\d{1,2}$/.test(month ?? '') && /^\d{4}$/.test(year ?? '') && m >= 1 && m <= 12 && y >= FIRST_REPORT_YEAR && y <= 2100;
  return valid ? { period: { month: m, year: y }, invalid: false } : { period: null, invalid: true };
}

/** The statistics call's query for a period (none: the whole history). */
export function periodQuery(period: Period | null): Record<string, string> | undefined {
  return period ? { month: String(period.month), year: String(period.year) } : undefined;
}
