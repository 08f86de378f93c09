import { and, asc, eq, ne } from 'drizzle-orm';
import type { Database } from '../../platform/db/client';
import { businessCalendar, businessCalendarDay, classification } from '../../platform/db/schema';
import { messages } from '@contract/messages';
import { minutesOf, timeOf, type CalendarBody, type CalendarDayBody, type CalendarsResponse, type DeadlineBody } from '@contract/calendar';
import type { TicketType } from '@contract/ticket-codes';
import { ApiError, badRequest, conflict } from '../../http/errors';
import { invalidHours } from './business-time';
import { chileanHolidays } from './holidays';

/**
 * The admin's calendars and the classifications' deadlines (docs/decisions/180-calendar-administration.md).
 * Every write changes only what the next events are given: an event keeps the calendar id and the instants it
 * got when it was created (docs/decisions/178-business-time-calendars.md), so nothing here touches a ticket.
 */

const calendarNotFound = () => new ApiError(404, messages.calendarNotFound);
const HOURS_FIELDS = { days: messages.calendarDaysRequired, opens: messages.calendarTimeInvalid, closes: messages.calendarClosesBeforeOpens } as const;

/** The national holidays from `today` to the end of next year, oldest first. */
export function comingHolidays(today: string): { day: string; name: string }[] {
  const year = Number(today.slice(0, 4));
  return [year, year + 1].flatMap((y) => [...chileanHolidays(y)].map(([day, name]) => ({ day, name }))).filter((h) => h.day >= today);
}

export async function calendarAdministration(db: Database, today: string): Promise<CalendarsResponse> {
  const [rows, days, classes] = await Promise.all([
    db.select().from(businessCalendar).orderBy(asc(businessCalendar.id)),
    db.select().from(businessCalendarDay).orderBy(asc(businessCalendarDay.day)),
    db.select().from(classification).orderBy(asc(classification.type), asc(classification.name)),
  ]);
  return {
    calendars: rows.map((row) => ({
      id: row.id,
      name: row.name,
      aroundTheClock: row.aroundTheClock,
      days: [...row.days].sort((a, b) => a - b),
      opens: timeOf(row.opens),
      closes: timeOf(row.closes),
      changedDays: days.filter((d) => d.calendarId === row.id).map((d) => ({ day: d.day, open: d.open, note: d.note })),
    })),
    holidays: comingHolidays(today),
    classifications: classes.map((c) => ({
      id: c.id,
      type: c.type as TicketType,
      name: c.name,
      active: c.active,
      calendarId: c.calendarId,
      firstAnswerHours: c.firstAnswerHours,
      resolutionHours: c.slaHours,
    })),
    notice: messages.calendarSaved,
  };
}

/** The stored columns of a calendar's body, refused in the clock's own words (invalidHours) when it cannot run. */
function columnsOf(body: CalendarBody) {
  const opens = minutesOf(body.opens)!;
  const closes = minutesOf(body.closes)!;
  const days = [...new Set(body.days)].sort((a, b) => a - b);
  if (!body.aroundTheClock) {
    const wrong = invalidHours({ days, opens, closes });
    if (wrong) throw badRequest(messages.validationFailed, { [wrong]: HOURS_FIELDS[wrong as keyof typeof HOURS_FIELDS] });
  }
  // Around the clock keeps the hours typed: switching back to business hours finds them again.
  const span = opens < closes ? { opens, closes } : { opens: 510, closes: 1080 };
  return { name: body.name, aroundTheClock: body.aroundTheClock, days: days.length > 0 ? days : [1, 2, 3, 4, 5], ...span };
}

async function nameTaken(db: Database, name: string, except: number | null): Promise<boolean> {
  const found = await db
    .select({ id: businessCalendar.id })
    .from(businessCalendar)
    .where(except === null ? eq(businessCalendar.name, name) : and(eq(businessCalendar.name, name), ne(businessCalendar.id, except)));
  return found.length > 0;
}

const taken = () => conflict(messages.calendarNameTaken, { name: messages.calendarNameTaken });

export async function saveCalendar(db: Database, id: number, body: CalendarBody): Promise<void> {
  const columns = columnsOf(body);
  await requireCalendar(db, id);
  if (await nameTaken(db, columns.name, id)) throw taken();
  const updated = await db
    .update(businessCalendar)
    .set({ ...columns, updatedAt: new Date() })
    .where(eq(businessCalendar.id, id))
    .returning({ id: businessCalendar.id });
  if (updated.length === 0) throw calendarNotFound();
}

export async function addCalendar(db: Database, body: CalendarBody): Promise<number> {
  const columns = columnsOf(body);
  if (await nameTaken(db, columns.name, null)) throw taken();
  const [row] = await db.insert(businessCalendar).values(columns).onConflictDoNothing().returning({ id: businessCalendar.id });
  if (!row) throw taken();
  return row.id;
}

async function requireCalendar(db: Database, id: number): Promise<void> {
  const [row] = await db.select({ id: businessCalendar.id }).from(businessCalendar).where(eq(businessCalendar.id, id));
  if (!row) throw calendarNotFound();
}

export async function setCalendarDay(db: Database, id: number, day: string, body: CalendarDayBody): Promise<void> {
  await requireCalendar(db, id);
  await db
    .insert(businessCalendarDay)
    .values({ calendarId: id, day, open: body.open, note: body.note })
    .onConflictDoUpdate({ target: [businessCalendarDay.calendarId, businessCalendarDay.day], set: { open: body.open, note: body.note } });
  await db.update(businessCalendar).set({ updatedAt: new Date() }).where(eq(businessCalendar.id, id));
}

export async function removeCalendarDay(db: Database, id: number, day: string): Promise<void> {
  await requireCalendar(db, id);
  const removed = await db
    .delete(businessCalendarDay)
    .where(and(eq(businessCalendarDay.calendarId, id), eq(businessCalendarDay.day, day)))
    .returning({ day: businessCalendarDay.day });
  if (removed.length === 0) throw new ApiError(404, messages.calendarDayNotFound);
}

export async function setDeadline(db: Database, classificationId: number, body: DeadlineBody): Promise<void> {
  const [calendar] = await db.select({ id: businessCalendar.id }).from(businessCalendar).where(eq(businessCalendar.id, body.calendarId));
  if (!calendar) throw badRequest(messages.validationFailed, { calendarId: messages.calendarNotFound });
  const updated = await db
    .update(classification)
    .set({ calendarId: body.calendarId, firstAnswerHours: body.firstAnswerHours, slaHours: body.resolutionHours })
    .where(eq(classification.id, classificationId))
    .returning({ id: classification.id });
  if (updated.length === 0) throw new ApiError(404, messages.classificationNotFound);
}
