import type { TicketStatus } from '@contract/ticket-codes';
import type { Deadline } from '@contract/time-left';
import { AROUND_THE_CLOCK, businessDayLength, businessTimeBetween, type Calendar } from '../calendar/business-time';
import type { StoredCalendar } from '../calendar/store';

/**
 * The time left to an event's resolution deadline, on the event's own calendar (docs/decisions/181-time-left-shown.md;
 * the clock of docs/decisions/178-business-time-calendars.md). Counted from now, or from the moment it was put on hold
 * while it waits (the clock stops then). Null once closed. `late` stays isLate's (the instant rule the late filter
 * and counters use): a late event never reads "vence en", even when no business minute has passed since.
 */
export function deadlineOf(calendar: Calendar, t: { statusCode: TicketStatus; dueAt: Date; pausedAt: Date | null }, now: Date): Deadline | null {
  if (t.statusCode === 'CLOSED') return null;
  const from = t.pausedAt ?? now;
  let left = businessTimeBetween(calendar, from, t.dueAt);
  if (from.getTime() > t.dueAt.getTime()) left = Math.min(left, -1);
  return { dueAt: t.dueAt.toISOString(), businessMsLeft: left, businessDayMs: businessDayLength(calendar), aroundTheClock: calendar.hours === null };
}

/** An event's calendar among those read for a page: around the clock for one created before calendars (null). */
export function calendarOf(calendars: ReadonlyMap<number, StoredCalendar>, id: number | null): Calendar {
  return (id === null ? undefined : calendars.get(id)?.calendar) ?? AROUND_THE_CLOCK;
}
