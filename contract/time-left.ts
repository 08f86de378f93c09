/**
 * The time left on an event's deadline in the terms of its calendar (issue 37,
 * docs/decisions/181-time-left-shown.md): "vence en 3 h hábiles", "vence en 2 días hábiles",
 * "atrasado 2 días hábiles"; on a calendar around the clock "vence en 3 h", "atrasado 2 días".
 * The API counts the business time (with the event's own calendar, docs/decisions/178-business-time-calendars.md);
 * this module only words it, the same on every screen (and in a warning's text).
 */

export type { Deadline } from './deadline';
import type { Deadline } from './deadline';

export type TimeLeft = { late: boolean; unit: 'day' | 'h' | 'min'; count: number; business: boolean };

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

/**
 * The largest whole unit of the time left (or past): whole business days once at least one business day,
 * then whole hours, then minutes (at least 1, so a deadline just passed is "atrasado 1 min"). Counted down:
 * 3 h 59 min left is "3 h", the way a clock shows it.
 */
export function timeLeft(deadline: Pick<Deadline, 'businessMsLeft' | 'businessDayMs' | 'aroundTheClock'>): TimeLeft {
  const late = deadline.businessMsLeft < 0;
  const ms = Math.abs(deadline.businessMsLeft);
  const business = !deadline.aroundTheClock;
  if (deadline.businessDayMs > 0 && ms >= deadline.businessDayMs) return { late, unit: 'day', count: Math.floor(ms / deadline.businessDayMs), business };
  if (ms >= HOUR_MS) return { late, unit: 'h', count: Math.floor(ms / HOUR_MS), business };
  return { late, unit: 'min', count: Math.max(1, Math.floor(ms / MINUTE_MS)), business };
}

/** The amount alone, "3 h hábiles", "2 días" (a warning's "vence en …" sentence, decision 182). */
export function timeAmountText(deadline: Pick<Deadline, 'businessMsLeft' | 'businessDayMs' | 'aroundTheClock'>): string {
  return unitText(timeLeft(deadline));
}

function unitText({ unit, count, business }: TimeLeft): string {
  if (unit === 'day') return business ? `${count} ${count === 1 ? 'día hábil' : 'días hábiles'}` : `${count} ${count === 1 ? 'día' : 'días'}`;
  const short = unit === 'h' ? 'h' : 'min';
  return business ? `${count} ${short} ${count === 1 ? 'hábil' : 'hábiles'}` : `${count} ${short}`;
}

/** "vence en 3 h hábiles", "atrasado 2 días hábiles", "vence en 1 día", "atrasado 5 min". */
export function timeLeftText(deadline: Pick<Deadline, 'businessMsLeft' | 'businessDayMs' | 'aroundTheClock'>): string {
  const left = timeLeft(deadline);
  return left.late ? `atrasado ${unitText(left)}` : `vence en ${unitText(left)}`;
}
