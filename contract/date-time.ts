/**
 * Dates as the concession lives them: Chilean time (America/Santiago), whatever the
 * server's or browser's zone, for the API, the web app's server and the browser alike. A
 * form's datetime-local value carries no zone, so it is read as Santiago time; an ISO string
 * with Z or an offset is taken as is. Dates are written with fixed separators and a 24-hour
 * clock from the wall clock below, never by Intl's locale formatting, so Node and a browser
 * with other ICU data write the same text (no hydration mismatch).
 */
export const TIME_ZONE = 'America/Santiago';

const partsFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

type Parts = { year: number; month: number; day: number; hour: number; minute: number; second: number };

function santiagoParts(date: Date): Parts {
  const get = (type: string) => Number(partsFormat.formatToParts(date).find((p) => p.type === type)!.value);
  return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour'), minute: get('minute'), second: get('second') };
}

/** Minutes Santiago is ahead of UTC at that instant (negative: -180 or -240). */
function offsetMinutes(utcMs: number): number {
  const whole = Math.floor(utcMs / 1000) * 1000;
  const p = santiagoParts(new Date(whole));
  return (Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - whole) / 60_000;
}

const offsetByHour = new Map<number, number>();
const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));
/** A wall clock's day and time (read with the UTC getters): 21-11-2026, 14:05. */
const dayText = (d: Date) => `${pad2(d.getUTCDate())}-${pad2(d.getUTCMonth() + 1)}-${d.getUTCFullYear()}`;
const timeText = (d: Date) => `${pad2(d.getUTCHours())}:${pad2(d.getUTCMinutes())}`;

/**
 * The Santiago wall clock of an instant, as milliseconds read as if they were UTC: cheap enough
 * for every row of a large report, since Chile changes its clocks on whole UTC hours and the
 * zone's offset is looked up once an hour. A spreadsheet's date cell has no zone: this is the
 * value it must hold to show Chilean time.
 */
export function santiagoWallClockMs(utcMs: number): number {
  const hour = Math.floor(utcMs / 3_600_000);
  let offset = offsetByHour.get(hour);
  if (offset === undefined) {
    if (offsetByHour.size >= 50_000) offsetByHour.clear();
    offset = offsetMinutes(hour * 3_600_000);
    offsetByHour.set(hour, offset);
  }
  return utcMs + offset * 60_000;
}

/** "DD-MM-YYYY HH:MM" in Santiago time (see santiagoWallClockMs). */
export function formatSantiagoShort(utcMs: number): string {
  const d = new Date(santiagoWallClockMs(utcMs));
  return `${dayText(d)} ${timeText(d)}`;
}

type DateInput = Date | string | number;

/** Santiago's wall clock of a moment, read with the UTC getters; null for an invalid one. */
function wallClock(value: DateInput): Date | null {
  const ms = value instanceof Date ? value.getTime() : new Date(value).getTime();
  return Number.isNaN(ms) ? null : new Date(santiagoWallClockMs(ms));
}

/** 21-11-2026; an empty text for an invalid moment. */
export function formatDate(value: DateInput): string {
  const d = wallClock(value);
  return d ? dayText(d) : '';
}

/** 14:05 */
export function formatTime(value: DateInput): string {
  const d = wallClock(value);
  return d ? timeText(d) : '';
}

/** 21-11-2026 14:05 */
export function formatDateTime(value: DateInput): string {
  const d = wallClock(value);
  return d ? `${dayText(d)} ${timeText(d)}` : '';
}

/** The months in Spanish, as a sentence writes them (report titles, periods). */
export const MONTH_NAMES = [
  'enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio',
  'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre',
] as const;

/** "noviembre de 2026", for report periods (month 1-12). */
export function formatMonthYear(month: number, year: number): string {
  const name = MONTH_NAMES[month - 1];
  return name ? `${name} de ${year}` : '';
}

/** The year and month (1-12) of a moment in Santiago, e.g. the current report period. */
export function santiagoYearMonth(value: DateInput = new Date()): { year: number; month: number } | null {
  const d = wallClock(value);
  return d ? { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1 } : null;
}

/** The instant a Santiago wall-clock time names (the later reading when clocks go back). */
export function fromSantiagoWallClock(p: Parts): Date | null {
  const guess = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  const check = new Date(guess);
  // Date.UTC rolls 31 February over into March: such a date does not exist.
  if (check.getUTCMonth() !== p.month - 1 || check.getUTCDate() !== p.day || p.hour > 23 || p.minute > 59 || p.second > 59) {
    return null;
  }
  let instant = guess - offsetMinutes(guess) * 60_000;
  const corrected = guess - offsetMinutes(instant) * 60_000;
  if (corrected !== instant) instant = corrected;
  return new Date(instant);
}

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?$/;
const WITH_ZONE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})$/i;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** An ISO instant (with Z or offset) or a datetime-local value read as Santiago time. */
export function parseDateTimeInput(value: string): Date | null {
  const text = value.trim();
  if (WITH_ZONE.test(text)) {
    const date = new Date(text);
    return Number.isNaN(date.getTime()) ? null : date;
  }
  const m = LOCAL.exec(text);
  if (!m) return null;
  return fromSantiagoWallClock({
    year: Number(m[1]),
    month: Number(m[2]),
    day: Number(m[3]),
    hour: Number(m[4]),
    minute: Number(m[5]),
    second: Number(m[6] ?? 0),
  });
}

/** The first instant of a Santiago calendar day given as YYYY-MM-DD (a date input's value). */
export function santiagoDayStart(day: string): Date | null {
  const m = DAY.exec(day.trim());
  if (!m) return null;
  return fromSantiagoWallClock({ year: Number(m[1]), month: Number(m[2]), day: Number(m[3]), hour: 0, minute: 0, second: 0 });
}

/** The first instant of the Santiago day after the given one. */
export function santiagoNextDayStart(day: string): Date | null {
  const m = DAY.exec(day.trim());
  if (!m) return null;
  const next = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + 1));
  if (!santiagoDayStart(day)) return null;
  return fromSantiagoWallClock({
    year: next.getUTCFullYear(),
    month: next.getUTCMonth() + 1,
    day: next.getUTCDate(),
    hour: 0,
    minute: 0,
    second: 0,
  });
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A value for <input type="datetime-local">, in Santiago time: 2026-03-01T14:05. */
export function toSantiagoInputValue(date: Date): string {
  const p = santiagoParts(date);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}`;
}
