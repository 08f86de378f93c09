import { z } from './zod';
import { formatMessage, messages } from './messages';
import { ticketTypeSchema } from './ticket-code-schema';

/**
 * The admin's calendars and each classification's deadlines (issue 37; docs/decisions/178-business-time-calendars.md
 * for the clock, docs/decisions/180-calendar-administration.md for these calls):
 * GET /api/calendar, PUT /api/calendar/{id}, POST /api/calendar, PUT and DELETE /api/calendar/{id}/day/{day},
 * PUT /api/classification/{id}/deadline. A change applies to events created afterwards: each event keeps the
 * deadline and the calendar it was given.
 */

/** ISO days of the week, 1 Monday … 7 Sunday. */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export const CALENDAR_NAME_MAX = 60;
export const DAY_NOTE_MAX = 120;
/** A target of more than a year of hours is a typing mistake. */
export const DEADLINE_HOURS_MAX = 8_760;

const TIME = /^(?:(?:[01]\d|2[0-3]):[0-5]\d|24:00)$/;

/** "08:30" → 510 minutes after midnight; null when it is not a time of day (24:00 is the day's end). */
export function minutesOf(time: string): number | null {
  if (!TIME.test(time)) return null;
  const [h, m] = time.split(':').map(Number);
  return h! * 60 + m!;
}

/** 510 → "08:30". */
export function timeOf(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

const timeSchema = z.string({ error: messages.calendarTimeInvalid }).trim().regex(TIME, messages.calendarTimeInvalid);

/** A date as YYYY-MM-DD that exists in the calendar (no 31 February). */
export const calendarDaySchema = z
  .string({ error: messages.calendarDayInvalid })
  .regex(/^\d{4}-\d{2}-\d{2}$/, messages.calendarDayInvalid)
  .refine((day) => {
    const date = new Date(`${day}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day;
  }, messages.calendarDayInvalid);

/**
 * PUT /api/calendar/{id} and POST /api/calendar: the name, and either around the clock or the days of the week
 * with one opening span. With business hours, at least one day and a closing after the opening (the API also
 * asks business-time.ts's invalidHours, the rule the clock runs on).
 */
export const calendarBodySchema = z
  .object({
    name: z.string({ error: messages.calendarNameRequired }).trim().min(1, messages.calendarNameRequired).max(CALENDAR_NAME_MAX, formatMessage(messages.tooLong, { max: CALENDAR_NAME_MAX })),
    aroundTheClock: z.boolean(),
    days: z.array(z.number().int().min(1, messages.calendarDaysRequired).max(7, messages.calendarDaysRequired)).max(7).default([]),
    opens: timeSchema,
    closes: timeSchema,
  })
  .superRefine((value, ctx) => {
    if (value.aroundTheClock) return;
    if (value.days.length === 0) ctx.addIssue({ code: 'custom', path: ['days'], message: messages.calendarDaysRequired });
    const opens = minutesOf(value.opens);
    const closes = minutesOf(value.closes);
    if (opens !== null && opens >= 1440) ctx.addIssue({ code: 'custom', path: ['opens'], message: messages.calendarTimeInvalid });
    else if (opens !== null && closes !== null && closes <= opens) ctx.addIssue({ code: 'custom', path: ['closes'], message: messages.calendarClosesBeforeOpens });
  });
export type CalendarBody = z.output<typeof calendarBodySchema>;

/** PUT /api/calendar/{id}/day/{day}: close a business day (open false) or work a holiday (open true). */
export const calendarDayBodySchema = z.object({
  open: z.boolean(),
  note: z.string().trim().max(DAY_NOTE_MAX, formatMessage(messages.calendarDayNoteTooLong, { max: DAY_NOTE_MAX })).default(''),
});
export type CalendarDayBody = z.output<typeof calendarDayBodySchema>;

const hoursSchema = z
  .number({ error: formatMessage(messages.deadlineHoursInvalid, { max: DEADLINE_HOURS_MAX }) })
  .int(formatMessage(messages.deadlineHoursInvalid, { max: DEADLINE_HOURS_MAX }))
  .min(1, formatMessage(messages.deadlineHoursInvalid, { max: DEADLINE_HOURS_MAX }))
  .max(DEADLINE_HOURS_MAX, formatMessage(messages.deadlineHoursInvalid, { max: DEADLINE_HOURS_MAX }));

/** PUT /api/classification/{id}/deadline: its calendar, first answer target (null: none) and resolution target. */
export const deadlineBodySchema = z.object({
  calendarId: z.number({ error: messages.calendarNotFound }).int().positive(messages.calendarNotFound),
  firstAnswerHours: hoursSchema.nullable(),
  resolutionHours: hoursSchema,
});
export type DeadlineBody = z.output<typeof deadlineBodySchema>;

export const changedDaySchema = z.object({ day: z.string(), open: z.boolean(), note: z.string() });

export const calendarSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  aroundTheClock: z.boolean(),
  days: z.array(z.number().int()),
  opens: z.string(),
  closes: z.string(),
  /** The days the admin changed, by date. */
  changedDays: z.array(changedDaySchema),
});
export type CalendarView = z.infer<typeof calendarSchema>;

export const classificationDeadlineSchema = z.object({
  id: z.number().int(),
  type: ticketTypeSchema,
  name: z.string(),
  active: z.boolean(),
  calendarId: z.number().int(),
  firstAnswerHours: z.number().int().nullable(),
  resolutionHours: z.number().int(),
});
export type ClassificationDeadline = z.infer<typeof classificationDeadlineSchema>;

/** GET /api/calendar: the calendars, Chile's national holidays to come (this year and next), the classifications. */
export const calendarsResponseSchema = z.object({
  calendars: z.array(calendarSchema),
  holidays: z.array(z.object({ day: z.string(), name: z.string() })),
  classifications: z.array(classificationDeadlineSchema),
  /** Says that a change applies to events created afterwards (messages.calendarSaved). */
  notice: z.string(),
});
export type CalendarsResponse = z.infer<typeof calendarsResponseSchema>;

/** The answer of every write: what changed, and that it applies to events created from now on. */
export const calendarWriteSchema = z.object({ notice: z.string() });
