import { businessDayLength, type Calendar } from '../calendar/business-time';

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;

/**
 * The time left before a deadline, in the terms of its calendar (issue 37, decision 182): "45 min hábiles",
 * "3 h hábiles", "2 días hábiles"; around the clock without "hábiles" ("3 h", "2 días"). `ms` is open time as
 * `businessTimeBetween` counts it. Under an hour it counts whole minutes up (never "0 min"), under one
 * business day whole hours down (a warning never promises more time than there is), beyond that whole days.
 * One small function on purpose: the shared wording of time left (the lists' "vence en …") may replace it.
 */
export function timeLeftText(ms: number, calendar: Calendar): string {
  const open = calendar.hours ? ' hábiles' : '';
  const left = Math.max(0, ms);
  if (left < HOUR_MS) return `${Math.max(1, Math.ceil(left / MINUTE_MS))} min${open}`;
  const day = businessDayLength(calendar);
  if (left < day) return `${Math.floor(left / HOUR_MS)} h${open}`;
  const days = Math.floor(left / day);
  return `${days} ${days === 1 ? 'día' : 'días'}${calendar.hours ? (days === 1 ? ' hábil' : ' hábiles') : ''}`;
}
