import { z } from './zod';
import { orientationSchema, ticketStatusSchema, ticketTypeSchema } from './ticket-code-schema';

/**
 * "Es el mismo: avíseme de sus novedades" (issue 36, docs/decisions/161-following-a-duplicate.md): a driver
 * follows an event found among the possible duplicates, by its folio (drivers never get other
 * people's ticket ids). PUT /api/ticket/follow/{folio} follows (twice is once), DELETE stops.
 */
export const FOLIO_PATTERN = /^[RSI]-\d{4}-\d{6,}$/;
export const followParamsSchema = z.object({
  folio: z.string().describe('El folio del evento (R-2026-000123)'),
});

/** The last public word of the staff on an event (a comment, or the closing message). */
export const publicAnswerSchema = z.object({ comment: z.string(), createdAt: z.string() });
export type PublicAnswer = z.infer<typeof publicAnswerSchema>;

/**
 * One row of "Mis reportes": only the event's public parts (no description, no reporter, no
 * contact data), so a follower learns nothing personal of the reporter. `id` only on the
 * driver's own reports (the page they may open); `following` on the followed ones.
 */
export const myReportSchema = z.object({
  id: z.number().int().optional(),
  folio: z.string(),
  type: ticketTypeSchema,
  classificationName: z.string(),
  statusCode: ticketStatusSchema,
  kilometer: z.number(),
  orientation: orientationSchema,
  createdAt: z.string(),
  closedAt: z.string().nullable(),
  following: z.boolean(),
  lastAnswer: publicAnswerSchema.nullable(),
});
export type MyReport = z.infer<typeof myReportSchema>;

/** GET /api/ticket/my-reports: the driver's latest own reports, and the events they follow. */
export const MY_REPORTS_LIMIT = 10;
export const myReportsSchema = z.object({ own: z.array(myReportSchema), followed: z.array(myReportSchema) });
export type MyReports = z.infer<typeof myReportsSchema>;

export const followResultSchema = z.object({ folio: z.string(), following: z.boolean() });
