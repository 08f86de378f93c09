import { z } from './zod';
import {
  channelSchema,
  closureReasonSchema,
  historyActionSchema,
  orientationSchema,
  ticketStatusSchema,
  ticketTypeSchema,
} from './ticket-code-schema';
import { deadlineSchema } from './deadline';

/** Instants travel as ISO 8601 strings in UTC. */
const instant = z.string();

/** GET /api/ticket/{id}, and the answer of POST and PUT. */
export const ticketSchema = z.object({
  id: z.number().int(),
  folio: z.string(),
  type: ticketTypeSchema,
  classificationId: z.number().int(),
  classificationName: z.string(),
  statusCode: ticketStatusSchema,
  channelCode: channelSchema,
  description: z.string(),
  kilometer: z.number(),
  sector: z.string(),
  commune: z.string(),
  orientation: orientationSchema,
  dateEvent: instant,
  reporterId: z.string().nullable(),
  createdById: z.string().nullable(),
  assignedToId: z.string().nullable(),
  assignedToName: z.string().nullable(),
  realAddress: z.string().nullable(),
  email: z.string().nullable(),
  fullName: z.string().nullable(),
  phone: z.string().nullable(),
  rut: z.string().nullable(),
  /** The reporter's identifiers were removed (suppression or retention): screens show ANONYMISED_SUBJECT (contract/privacy.ts). */
  anonymised: z.boolean(),
  /**
   * The driver's phone position, when sent ("Enviar mi ubicación"); left out for roles that may not see it
   * (contract/permissions.ts seesPhonePosition, decision 157).
   */
  position: z.object({ lat: z.number(), lon: z.number(), accuracy: z.number() }).nullable().optional(),
  /** When the SLA runs out; moved forward by the time spent ON_HOLD. */
  dueAt: instant,
  /** Set while ON_HOLD: the SLA clock stopped then. */
  pausedAt: instant.nullable(),
  firstResponseAt: instant.nullable(),
  closedAt: instant.nullable(),
  closureReason: closureReasonSchema.nullable(),
  /** Computed: active and past its due time (the paused time does not count). */
  late: z.boolean(),
  /**
   * The time left to the resolution deadline, counted on the event's own calendar (contract/time-left.ts,
   * docs/decisions/181-time-left-shown.md); null once closed. Sent by the list calls and GET /api/ticket/{id}.
   */
  deadline: deadlineSchema.nullable().optional(),
  createdAt: instant,
  updatedAt: instant,
});
export type Ticket = z.infer<typeof ticketSchema>;

/** A row of a ticket list: what the table shows, without contact details. */
export const ticketListItemSchema = ticketSchema.pick({
  id: true,
  folio: true,
  type: true,
  classificationId: true,
  classificationName: true,
  statusCode: true,
  channelCode: true,
  kilometer: true,
  sector: true,
  commune: true,
  orientation: true,
  dateEvent: true,
  fullName: true,
  anonymised: true,
  /** Masked for staff (12.345.***-5; contract/permissions.ts PERSONAL_DATA_PERMISSIONS, decision 147). */
  rut: true,
  assignedToId: true,
  assignedToName: true,
  dueAt: true,
  closedAt: true,
  late: true,
  deadline: true,
  createdAt: true,
});
export type TicketListItem = z.infer<typeof ticketListItemSchema>;

/** GET /api/ticket/{id}/history: immutable, oldest first. */
export const ticketHistoryEntrySchema = z.object({
  id: z.number().int(),
  ticketId: z.number().int(),
  actorId: z.string().nullable(),
  actorName: z.string(),
  action: historyActionSchema,
  /** Field by field: what it was and what it became. */
  changes: z.record(z.string(), z.object({ from: z.unknown(), to: z.unknown() })),
  createdAt: instant,
});
export type TicketHistoryEntry = z.infer<typeof ticketHistoryEntrySchema>;

/** GET /api/ticket/category: a category of one type, with its deadline in hours. */
export const classificationSchema = z.object({
  id: z.number().int(),
  type: ticketTypeSchema,
  name: z.string(),
  slaHours: z.number().int(),
  active: z.boolean(),
});
export type Classification = z.infer<typeof classificationSchema>;

/**
 * GET /api/ticket/nearby: open tickets close by, possible duplicates of one being
 * entered. Drivers get no id and nothing personal; staff get the id to open it.
 */
export const nearbyTicketSchema = z.object({
  id: z.number().int().optional(),
  folio: z.string(),
  type: ticketTypeSchema,
  classificationName: z.string(),
  statusCode: ticketStatusSchema,
  kilometer: z.number(),
  orientation: orientationSchema,
  dateEvent: instant,
  createdAt: instant,
  /** For a driver: whether they follow it already (decision 161). */
  following: z.boolean().optional(),
});
export type NearbyTicket = z.infer<typeof nearbyTicketSchema>;
