import { z } from './zod';
import { TICKET_TYPES } from './ticket-codes';

/**
 * GET /api/report/service-level?year=&month=: the month's service levels (issue 37, decision 183).
 * Every number counts the events created in the month, as the statistics call and the monthly
 * summary do for the same month.
 */

/** How many breaches the JSON answer lists (the latest first); the files list them all. */
export const SERVICE_LEVEL_BREACH_LIMIT = 200;

const hours = z.number().nullable().describe('horas hábiles, con un decimal; null sin datos');

export const firstAnswerLevelSchema = z.object({
  /** Events given a first-answer deadline; the others are "sin meta". */
  withTarget: z.number().int(),
  withoutTarget: z.number().int(),
  /** First public staff answer by first_answer_due_at. */
  onTime: z.number().int(),
  /** Answered after the deadline. */
  late: z.number().int(),
  /** Not answered and past the deadline (the clock not stopped before it). */
  overdue: z.number().int(),
  /** onTime / (onTime + late): null when nothing with a target was answered yet. */
  rate: z.number().nullable(),
  medianHours: hours,
  p90Hours: hours,
  /** Answers measured in real elapsed time: events with no business time recorded (created before calendars). */
  realTimeMeasured: z.number().int(),
});

export const resolutionLevelSchema = z.object({
  closed: z.number().int(),
  /** Closed by due_at: the statistics call's slaCompliance.onTime. */
  onTime: z.number().int(),
  /** Closed after due_at. */
  late: z.number().int(),
  /** Active and past due_at: the statistics call's slaCompliance.lateActive. */
  overdue: z.number().int(),
  /** onTime / closed, as slaCompliance.rate; null when nothing closed. */
  rate: z.number().nullable(),
  medianHours: hours,
  p90Hours: hours,
  realTimeMeasured: z.number().int(),
});

export const serviceLevelGroupSchema = z.object({
  received: z.number().int(),
  firstAnswer: firstAnswerLevelSchema,
  resolution: resolutionLevelSchema,
});

export const DEADLINE_KINDS = ['FIRST_ANSWER', 'RESOLUTION'] as const;
export type DeadlineKind = (typeof DEADLINE_KINDS)[number];

export const breachSchema = z.object({
  ticketId: z.number().int(),
  folio: z.string(),
  classification: z.string(),
  type: z.enum(TICKET_TYPES),
  deadline: z.enum(DEADLINE_KINDS),
  dueAt: z.string(),
  /** When it was answered or closed; null while it is still pending. */
  metAt: z.string().nullable(),
  /** Business hours past the deadline (to the answer, the closing, the hold or now), one decimal. */
  lateHours: z.number(),
  /** The assignee's name; null when nobody had it. */
  assignee: z.string().nullable(),
});

export const serviceLevelSchema = z.object({
  year: z.number().int(),
  month: z.number().int(),
  total: serviceLevelGroupSchema,
  byType: z.array(serviceLevelGroupSchema.extend({ type: z.enum(TICKET_TYPES) })),
  byClassification: z.array(
    serviceLevelGroupSchema.extend({
      id: z.number().int(),
      name: z.string(),
      type: z.enum(TICKET_TYPES),
      /** The classification's targets today, in hours of its calendar (null: no first-answer target). */
      firstAnswerHours: z.number().int().nullable(),
      slaHours: z.number().int(),
      calendar: z.string(),
    }),
  ),
  /** Every breach of the month (first answer and resolution). */
  breachCount: z.number().int(),
  /** The SERVICE_LEVEL_BREACH_LIMIT latest ones. */
  breaches: z.array(breachSchema),
  generatedAt: z.string(),
});
export type ServiceLevel = z.infer<typeof serviceLevelSchema>;
export type ServiceLevelGroup = z.infer<typeof serviceLevelGroupSchema>;
export type Breach = z.infer<typeof breachSchema>;
