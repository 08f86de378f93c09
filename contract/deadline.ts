import { z } from './zod';

/**
 * The deadline the API sends with each staff row and the event page (docs/decisions/181-time-left-shown.md). Its
 * own module: the wording (time-left.ts) reaches the browser's first load, and zod must not (first-load.spec.ts).
 */
/** What the API sends with each staff row and the event page. */
export const deadlineSchema = z.object({
  /** The instant the resolution is due (the ticket's dueAt). */
  dueAt: z.string(),
  /** Business time left, in milliseconds of the calendar's open hours; negative when late. Frozen while on hold. */
  businessMsLeft: z.number(),
  /** One business day of the calendar (9 h 30 min for 08:30–18:00; 24 h around the clock). */
  businessDayMs: z.number(),
  aroundTheClock: z.boolean(),
});
export type Deadline = z.infer<typeof deadlineSchema>;
