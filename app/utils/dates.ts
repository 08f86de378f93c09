/**
 * Dates as Chileans read them, in Santiago's time zone, on server and browser alike.
 * The text is assembled from formatToParts with fixed separators and a 24-hour clock, so
 * ICU differences between Node and the browser cannot cause a hydration mismatch.
 */
export const LOCALE = 'es-CL';
export const TIME_ZONE = 'America/Santiago';

type DateInput = Date | string | number;

const numericFormat = new Intl.DateTimeFormat(LOCALE, {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

function toDate(value: DateInput): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

function parts(value: DateInput) {
  const date = toDate(value);
  if (!date) return null;
  const found: Record<string, string> = {};
  for (const part of numericFormat.formatToParts(date)) found[part.type] = part.value;
  return { day: found.day!, month: found.month!, year: found.year!, hour: found.hour!, minute: found.minute! };
}

/** 21-11-2026 */
export function formatDate(value: DateInput): string {
  const p = parts(value);
  return p ? `${p.day}-${p.month}-${p.year}` : '';
}

/** 14:05 */
export function formatTime(value: DateInput): string {
  const p = parts(value);
  return p ? `${p.hour}:${p.minute}` : '';
}

/** 21-11-2026 14:05 */
export function formatDateTime(value: DateInput): string {
  const p = parts(value);
  return p ? `${p.day}-${p.month}-${p.year} ${p.hour}:${p.minute}` : '';
}

const MONTHS = [
  'enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio',
  'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre',
] as const;

/** "noviembre de 2026", for report periods (month 1-12). */
export function formatMonthYear(month: number, year: number): string {
  const name = MONTHS[month - 1];
  return name ? `${name} de ${year}` : '';
}

/** The year and month (1-12) of a moment in Santiago, e.g. the current report period. */
export function santiagoYearMonth(value: DateInput = new Date()): { year: number; month: number } | null {
  const p = parts(value);
  return p ? { year: Number(p.year), month: Number(p.month) } : null;
}
