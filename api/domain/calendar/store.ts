import { eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/client';
import { businessCalendar, businessCalendarDay } from '../../platform/db/schema';
import { AROUND_THE_CLOCK, type Calendar } from './business-time';

/**
 * Calendars as the clock reads them (docs/decisions/178-business-time-calendars.md): a row of
 * business_calendar with its changed days. Read from the database each time it is asked, so every API
 * process counts with the calendar the admin saved last; a caller with many events reads them all once.
 */
export type StoredCalendar = { id: number; name: string; calendar: Calendar };

function toCalendar(row: typeof businessCalendar.$inferSelect, days: { day: string; open: boolean }[]): Calendar {
  if (row.aroundTheClock) return AROUND_THE_CLOCK;
  return {
    hours: { days: row.days, opens: row.opens, closes: row.closes },
    closedDays: new Set(days.filter((d) => !d.open).map((d) => d.day)),
    openDays: new Set(days.filter((d) => d.open).map((d) => d.day)),
  };
}

/** Every calendar, by id. */
export async function readCalendars(db: Database): Promise<Map<number, StoredCalendar>> {
  // In turn, not at once: `db` may be a transaction (the deadline sweep's), one connection for both.
  const rows = await db.select().from(businessCalendar);
  const days = await db
    .select({ calendarId: businessCalendarDay.calendarId, day: businessCalendarDay.day, open: businessCalendarDay.open })
    .from(businessCalendarDay);
  return new Map(
    rows.map((row) => [row.id, { id: row.id, name: row.name, calendar: toCalendar(row, days.filter((d) => d.calendarId === row.id)) }]),
  );
}

/** One calendar; around the clock for an event created before calendars (null) or an id that is gone. */
export async function readCalendar(db: Database, id: number | null): Promise<Calendar> {
  if (id === null) return AROUND_THE_CLOCK;
  const [row] = await db.select().from(businessCalendar).where(eq(businessCalendar.id, id));
  if (!row) return AROUND_THE_CLOCK;
  if (row.aroundTheClock) return AROUND_THE_CLOCK;
  const days = await db
    .select({ day: businessCalendarDay.day, open: businessCalendarDay.open })
    .from(businessCalendarDay)
    .where(eq(businessCalendarDay.calendarId, id));
  return toCalendar(row, days);
}
