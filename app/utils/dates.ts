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

type Parts = { day: string; month: string; year: string; hour: string; minute: string };

function partsFromIntl(date: Date): Parts {
  const found: Record<string, string> = {};
  for (const part of numericFormat.formatToParts(date)) found[part.type] = part.value;
  return { day: found.day!, month: found.month!, year: found.year!, hour: found.hour!, minute: found.minute! };
}

const HOUR_MS = 3_600_000;
/** Santiago's offset from UTC for each UTC hour asked about; null when it changes within the hour. */
const offsets = new Map<number, number | null>();

/** Milliseconds to add to a UTC moment to read Santiago's wall clock (exact to the minute). */
function offsetAt(ms: number): number {
  const { day, month, year, hour, minute } = partsFromIntl(new Date(ms));
  const wall = Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute));
  return wall - Math.floor(ms / 60_000) * 60_000;
}

/**
 * formatToParts costs about 10 µs a call and a list shows two dates per row. Santiago's
 * offset only changes on the hour, so it is worked out once per UTC hour (checked at both
 * ends of it) and the wall clock is read off the shifted moment; an hour whose offset
 * changes within it goes through formatToParts every time.
 */
function partsOf(date: Date): Parts {
  const ms = date.getTime();
  const hourStart = Math.floor(ms / HOUR_MS) * HOUR_MS;
  let offset = offsets.get(hourStart);
  if (offset === undefined) {
    const atStart = offsetAt(hourStart);
    offset = atStart === offsetAt(hourStart + HOUR_MS - 60_000) ? atStart : null;
    if (offsets.size >= 10_000) offsets.clear();
    offsets.set(hourStart, offset);
  }
  if (offset === null) return partsFromIntl(date);
  const wall = new Date(ms + offset);
  const two = (n: number) => (n < 10 ? `0${n}` : String(n));
  return {
    day: two(wall.getUTCDate()),
    month: two(wall.getUTCMonth() + 1),
    year: String(wall.getUTCFullYear()),
    hour: two(wall.getUTCHours()),
    minute: two(wall.getUTCMinutes()),
  };
}

function parts(value: DateInput): Parts | null {
  const date = toDate(value);
  return date ? partsOf(date) : null;
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
