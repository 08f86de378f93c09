import { z } from './zod';
import { CHANNELS, ORIENTATIONS, TICKET_STATUSES, TICKET_TYPES } from './ticket-codes';

const countOf = <K extends z.ZodType>(key: K) => z.object({ key, count: z.number().int() });

/** GET /api/report/reportStatistic: the numbers behind every dashboard. */
export const statisticsSchema = z.object({
  /** "all" for staff and the inspector; "own" for a driver (only the tickets they reported). */
  scope: z.enum(['all', 'own']),
  counters: z.object({
    new: z.number().int(),
    late: z.number().int(),
    closed: z.number().int(),
    active: z.number().int(),
    total: z.number().int(),
  }),
  byType: z.array(countOf(z.enum(TICKET_TYPES))),
  byClassification: z.array(
    z.object({ id: z.number().int(), name: z.string(), type: z.enum(TICKET_TYPES), count: z.number().int() }),
  ),
  byStatus: z.array(countOf(z.enum(TICKET_STATUSES))),
  byChannel: z.array(countOf(z.enum(CHANNELS))),
  bySector: z.array(countOf(z.string())),
  byCommune: z.array(countOf(z.string())),
  /** Tickets per whole kilometre and carriageway: all of them, and the active ones. */
  kilometerStrip: z.array(
    z.object({ km: z.number().int(), orientation: z.enum(ORIENTATIONS), total: z.number().int(), active: z.number().int() }),
  ),
  /** The last 30 days (Chilean calendar days), oldest first. */
  trend: z.array(z.object({ day: z.string(), created: z.number().int(), closed: z.number().int() })),
  /** Closed tickets answered within their deadline, per classification. */
  slaCompliance: z.array(
    z.object({
      classificationId: z.number().int(),
      name: z.string(),
      type: z.enum(TICKET_TYPES),
      slaHours: z.number().int(),
      closed: z.number().int(),
      onTime: z.number().int(),
      /** onTime / closed, or null when nothing closed yet. */
      rate: z.number().nullable(),
      lateActive: z.number().int(),
    }),
  ),
  averages: z.object({
    firstResponseHours: z.number().nullable(),
    resolutionHours: z.number().nullable(),
  }),
  /** Active tickets for the road view, most urgent first (at most ROAD_VIEW_LIMIT). */
  roadTickets: z.array(
    z.object({
      id: z.number().int(),
      folio: z.string(),
      type: z.enum(TICKET_TYPES),
      kilometer: z.number(),
      orientation: z.enum(ORIENTATIONS),
      late: z.boolean(),
    }),
  ),
  road: z.object({ minKm: z.number(), maxKm: z.number() }),
  generatedAt: z.string(),
});
export type Statistics = z.infer<typeof statisticsSchema>;

/**
 * Markers on the road view: the most urgent active tickets. Each is a link with its label in
 * the page (and a row of the table beside it): 400 made the dashboard 365 KB of HTML.
 */
export const ROAD_VIEW_LIMIT = 120;
export const TREND_DAYS = 30;
