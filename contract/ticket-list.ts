import { z } from './zod';
import { pageQuerySchema, pagedOf } from './envelope';
import { formatMessage, messages } from './messages';
import { santiagoDayStart } from './date-time';
import { kilometerSchema, optionalKilometerSchema } from './kilometer-schema';
import { orientationFieldSchema } from './ticket';
import { ORIENTATIONS, TICKET_STATUSES, TICKET_TYPES } from './ticket-codes';
import { nearbyTicketSchema, ticketListItemSchema } from './ticket-dto';
import { storable, storableMessage } from './text';
import { TICKET_SORTS, TICKET_TABS } from './ticket-list-options';

export { TICKET_SORTS, TICKET_TABS, type TicketSort, type TicketTab } from './ticket-list-options';

export const SEARCH_MIN = 3;
export const SEARCH_MAX = 100;

/**
 * A filtered total is counted up to this many matches; past it the list answers the cap
 * with totalCapped, and the screen says "more than". A search (q) stops sooner: text
 * matching costs more per row, and nobody pages through ten pages of search results.
 */
export const TOTAL_COUNT_CAP = 1_000;
export const SEARCH_COUNT_CAP = 100;

const blankToUndefined = (value: unknown) =>
  value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value;
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional());
const optionalEnum = <const T extends readonly [string, ...string[]]>(values: T) =>
  optional(z.enum(values, { error: messages.badRequest }));

/** A calendar day (a date input's value), read in Santiago time. */
const daySchema = z.string().refine((day) => santiagoDayStart(day) !== null, messages.dateInvalid);

/**
 * Query of GET /api/ticket/list/{me|operator/{id}|all}. Everything but page and size is
 * optional, and blank values count as absent: the web's filter form submits by GET.
 * dateFrom and dateTo are days of reception (createdAt), both included.
 */
export const ticketListQuerySchema = pageQuerySchema
  .extend({
    tab: optionalEnum(TICKET_TABS).transform((tab) => tab ?? 'all'),
    status: optionalEnum(TICKET_STATUSES),
    classificationId: optional(z.coerce.number({ error: messages.badRequest }).int().positive().max(2_147_483_647)),
    type: optionalEnum(TICKET_TYPES),
    sector: optional(z.string().trim().max(120).refine(storable, storableMessage)),
    commune: optional(z.string().trim().max(120).refine(storable, storableMessage)),
    orientation: optionalEnum(ORIENTATIONS),
    kmFrom: optionalKilometerSchema,
    kmTo: optionalKilometerSchema,
    dateFrom: optional(daySchema),
    dateTo: optional(daySchema),
    /** A profile id, or "none" for the unassigned queue. */
    assignedToId: optional(z.union([z.literal('none'), z.uuid({ error: messages.assigneeInvalid })])),
    /** Only late tickets (the "atrasados" counter as a link). */
    late: optional(z.enum(['true', 'false']).transform((v) => v === 'true')),
    /** Folio, description, name, RUT or e-mail. */
    q: optional(
      z
        .string()
        .trim()
        .min(SEARCH_MIN, formatMessage(messages.searchTooShort, { min: SEARCH_MIN }))
        .max(SEARCH_MAX, formatMessage(messages.tooLong, { max: SEARCH_MAX }))
        .refine(storable, storableMessage),
    ),
    sort: optionalEnum(TICKET_SORTS).transform((sort) => sort ?? 'createdAt:desc'),
  })
  .superRefine((query, ctx) => {
    if (query.kmFrom !== undefined && query.kmTo !== undefined && query.kmFrom > query.kmTo) {
      ctx.addIssue({ code: 'custom', path: ['kmTo'], message: messages.rangeInverted });
    }
    if (query.dateFrom && query.dateTo && query.dateFrom > query.dateTo) {
      ctx.addIssue({ code: 'custom', path: ['dateTo'], message: messages.rangeInverted });
    }
  });
export type TicketListQuery = z.output<typeof ticketListQuerySchema>;

/** new, late and closed for the list's scope (me, one operator, all), whatever the filters. */
export const ticketCountersSchema = z.object({
  new: z.number().int(),
  late: z.number().int(),
  closed: z.number().int(),
});
export type TicketCounters = z.infer<typeof ticketCountersSchema>;

/**
 * The paged shape plus the counters. With filters, total is counted up to
 * TOTAL_COUNT_CAP (SEARCH_COUNT_CAP with q) and totalCapped says there are more.
 */
export const ticketListResponseSchema = pagedOf(ticketListItemSchema).extend({
  totalCapped: z.boolean(),
  counters: ticketCountersSchema,
});
export type TicketListResponse = z.infer<typeof ticketListResponseSchema>;

/** GET /api/ticket/nearby?kilometer=&orientation= */
export const nearbyQuerySchema = z.object({
  kilometer: kilometerSchema,
  orientation: orientationFieldSchema,
});
export type NearbyQuery = z.output<typeof nearbyQuerySchema>;

/** Within this many kilometres, on the same carriageway, in the last NEARBY_HOURS hours. */
export const NEARBY_KM = 1;
export const NEARBY_HOURS = 48;
export const NEARBY_LIMIT = 10;
export const nearbyResponseSchema = z.array(nearbyTicketSchema);
