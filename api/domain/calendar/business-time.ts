import { santiagoWallClockMs } from '@contract/date-time';
import { isChileanHoliday } from './holidays';

/**
 * The contract's clock (docs/decisions/178-business-time-calendars.md): when a deadline's time runs.
 * A calendar either runs around the clock (every instant counts, holidays and nights included) or on
 * business hours: chosen days of the week, one opening span a day, in America/Santiago, minus Chile's
 * national holidays and the days the admin closes, plus the holidays the admin opens.
 *
 * Durations are real elapsed milliseconds of open time: a daylight-saving change in Chile (April and
 * September, at midnight) neither adds nor removes any, since every span is measured between instants.
 * Pure: no database, no clock; every function takes the instants it needs.
 */
export type BusinessHours = {
  /** ISO days of the week the clock runs: 1 Monday … 7 Sunday. */
  days: readonly number[];
  /** Opening and closing, minutes after Santiago's midnight (08:30 is 510; 24:00 is 1440). */
  opens: number;
  closes: number;
};

export type Calendar = {
  /** null: around the clock. */
  hours: BusinessHours | null;
  /** Days (YYYY-MM-DD) the clock stops although they are business days: a regional holiday, a closure. */
  closedDays?: ReadonlySet<string>;
  /** National holidays (YYYY-MM-DD) on which the concession works anyway. */
  openDays?: ReadonlySet<string>;
};

export const AROUND_THE_CLOCK: Calendar = { hours: null };

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
/** No calendar with at least one open day needs more than this to find its next span. */
const MAX_DAYS_SEARCHED = 3_700;

/** What is wrong with a calendar's hours, in the API's words; null when it can run. */
export function invalidHours(hours: BusinessHours): string | null {
  if (hours.days.length === 0) return 'days';
  if (hours.days.some((d) => !Number.isInteger(d) || d < 1 || d > 7)) return 'days';
  if (!Number.isInteger(hours.opens) || hours.opens < 0 || hours.opens >= 1440) return 'opens';
  if (!Number.isInteger(hours.closes) || hours.closes <= hours.opens || hours.closes > 1440) return 'closes';
  return null;
}

/** A Santiago calendar day, as the UTC midnight of its date (the day's arithmetic has no zone). */
type Day = number;

const dayOf = (instant: number): Day => Math.floor(santiagoWallClockMs(instant) / DAY_MS) * DAY_MS;

export const dayKey = (day: Day): string => new Date(day).toISOString().slice(0, 10);

/** ISO day of the week, 1 Monday … 7 Sunday. */
const weekday = (day: Day): number => ((new Date(day).getUTCDay() + 6) % 7) + 1;

/**
 * The instant Santiago's wall clock shows `minutes` after the midnight of `day`. A time skipped by the
 * September change (there is no 00:30 that night) is the first instant after the gap.
 */
function instantAt(day: Day, minutes: number): number {
  const wall = day + minutes * MINUTE_MS;
  let instant = wall - (santiagoWallClockMs(wall) - wall);
  instant = wall - (santiagoWallClockMs(instant) - instant);
  // Skipped time: the guess lands an hour early, on the other side of the change; move past the gap.
  if (santiagoWallClockMs(instant) < wall) instant += wall - santiagoWallClockMs(instant);
  return instant;
}

export function isBusinessDay(calendar: Calendar, day: string): boolean {
  const hours = calendar.hours;
  if (!hours) return true;
  const date = Date.parse(`${day}T00:00:00Z`);
  if (!hours.days.includes(weekday(date))) return false;
  if (calendar.closedDays?.has(day)) return false;
  if (isChileanHoliday(day) && !calendar.openDays?.has(day)) return false;
  return true;
}

/** The open span [start, end) of a day, or null when the clock does not run that day. */
function spanOf(calendar: Calendar & { hours: BusinessHours }, day: Day): [number, number] | null {
  if (!isBusinessDay(calendar, dayKey(day))) return null;
  const start = instantAt(day, calendar.hours.opens);
  const end = calendar.hours.closes === 1440 ? instantAt(day + DAY_MS, 0) : instantAt(day, calendar.hours.closes);
  return end > start ? [start, end] : null;
}

/** Open spans from `from` onwards (forwards) or up to `from` (backwards), clipped to it. */
function* spans(calendar: Calendar & { hours: BusinessHours }, from: number, forwards: boolean): Generator<[number, number]> {
  let day = dayOf(from);
  // The span of the day before may still be open after midnight only when it closes at 24:00, which
  // ends exactly at the next midnight: the day of `from` is always the first that can hold it.
  for (let searched = 0; ; searched += 1) {
    if (searched > MAX_DAYS_SEARCHED) throw new Error('A calendar without open days cannot run a clock');
    const span = spanOf(calendar, day);
    if (span) {
      const [start, end] = span;
      if (forwards && end > from) {
        searched = 0;
        yield [Math.max(start, from), end];
      } else if (!forwards && start < from) {
        searched = 0;
        yield [start, Math.min(end, from)];
      }
    }
    day += forwards ? DAY_MS : -DAY_MS;
  }
}

/**
 * The instant `duration` milliseconds of open time after `start` (before it, for a negative duration).
 * On business hours, a start outside them begins counting at the next opening.
 */
export function addBusinessTime(calendar: Calendar, start: Date, duration: number): Date {
  if (!calendar.hours) return new Date(start.getTime() + duration);
  const hours = { ...calendar, hours: calendar.hours };
  const forwards = duration >= 0;
  let left = Math.abs(duration);
  let at = start.getTime();
  for (const [from, to] of spans(hours, at, forwards)) {
    const length = to - from;
    if (left <= length) {
      at = forwards ? from + left : to - left;
      break;
    }
    left -= length;
  }
  return new Date(at);
}

/** Open time between two instants, in milliseconds: negative when `to` comes before `from`. */
export function businessTimeBetween(calendar: Calendar, from: Date, to: Date): number {
  if (!calendar.hours) return to.getTime() - from.getTime();
  if (to.getTime() < from.getTime()) return -businessTimeBetween(calendar, to, from);
  const hours = { ...calendar, hours: calendar.hours };
  const end = to.getTime();
  let total = 0;
  for (const [start, stop] of spans(hours, from.getTime(), true)) {
    if (start >= end) break;
    total += Math.min(stop, end) - start;
    if (stop >= end) break;
  }
  return total;
}

/** Whether the clock runs at that instant. */
export function isOpenAt(calendar: Calendar, at: Date): boolean {
  if (!calendar.hours) return true;
  const day = dayOf(at.getTime());
  const span = spanOf({ ...calendar, hours: calendar.hours }, day);
  return span !== null && at.getTime() >= span[0] && at.getTime() < span[1];
}

/** The length of one business day of this calendar, in milliseconds (for "2 días hábiles"). */
export function businessDayLength(calendar: Calendar): number {
  return calendar.hours ? (calendar.hours.closes - calendar.hours.opens) * MINUTE_MS : DAY_MS;
}
