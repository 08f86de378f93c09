import { z } from './zod';
import { formatMessage, messages } from './messages';
import { isStaff, type Role } from './roles';
import { parseDateTimeInput } from './date-time';
import { kilometerSchema, kilometerSchemaWithin } from './kilometer-schema';
import type { KilometerRange } from './kilometer';
import { phoneSchema } from './phone-schema';
import { rutSchema } from './rut-schema';
import { storable, storableMessage } from './text';
import { personNameSchema } from './person-name-schema';
import { CHANNELS, CLOSURE_REASONS, ORIENTATIONS, TICKET_STATUSES, type Channel } from './ticket-codes';
import { TICKET_LIMITS } from './ticket-limits';
import { COMMENT_MAX } from './conversation-limits';

/*
 * What a ticket form sends (docs/specification.md, "Ticket (event)"). The same schemas validate the web forms (Conform)
 * and the API, so they take what a form posts: strings with commas, blank optional fields.
 */
export { TICKET_LIMITS } from './ticket-limits';

/** Clocks of phones and servers drift: an event "now" may look a few minutes ahead. */
export const DATE_EVENT_SKEW_MS = 5 * 60_000;
const EARLIEST_EVENT = Date.UTC(2000, 0, 1);

const tooLong = (max: number) => formatMessage(messages.tooLong, { max });
const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
const blankToUndefined = (value: unknown) => (isBlank(value) ? undefined : value);
const blankToNull = (value: unknown) => (isBlank(value) ? null : value);

const requiredText = (required: string, max: number) =>
  z.string({ error: required }).trim().min(1, required).max(max, tooLong(max)).refine(storable, storableMessage);

/** Blank (or absent) is null, so an update can clear the field with "" or null. */
const optionalText = (max: number) =>
  z.preprocess(blankToNull, z.string().trim().max(max, tooLong(max)).refine(storable, storableMessage).nullable());

/** One of a list; missing and wrong values have their own messages. */
function choice<const T extends readonly [string, ...string[]]>(values: T, required: string, invalid: string) {
  return z.preprocess(
    blankToUndefined,
    z.enum(values, { error: (issue) => (issue.input === undefined ? required : invalid) }),
  );
}

/** One of a list or nothing: blank counts as not given. */
function optionalChoice<const T extends readonly [string, ...string[]]>(values: T, invalid: string) {
  return z.preprocess(blankToUndefined, z.enum(values, { error: invalid }).optional());
}

const classificationIdSchema = z.preprocess(
  (value) => (typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : blankToUndefined(value)),
  z
    .number({ error: messages.classificationRequired })
    .int(messages.classificationRequired)
    .positive(messages.classificationRequired)
    .max(2_147_483_647, messages.classificationNotFound),
);

/** When it happened: an ISO instant or a datetime-local value (Santiago time), not in the future. */
export const dateEventSchema = z.any().transform((value, ctx): Date => {
  if (isBlank(value)) {
    ctx.addIssue({ code: 'custom', message: messages.dateEventRequired });
    return z.NEVER;
  }
  const date =
    value instanceof Date ? (Number.isNaN(value.getTime()) ? null : value)
    : typeof value === 'string' && value.length <= 40 ? parseDateTimeInput(value)
    : null;
  if (!date || date.getTime() < EARLIEST_EVENT) {
    ctx.addIssue({ code: 'custom', message: messages.dateEventInvalid });
    return z.NEVER;
  }
  if (date.getTime() > Date.now() + DATE_EVENT_SKEW_MS) {
    ctx.addIssue({ code: 'custom', message: messages.dateEventFuture });
    return z.NEVER;
  }
  return date;
});

const optionalEmailSchema = z.preprocess(
  blankToNull,
  z
    .string()
    .trim()
    .max(TICKET_LIMITS.email, tooLong(TICKET_LIMITS.email))
    .pipe(z.email({ error: messages.emailInvalid }))
    .transform((email) => email.toLowerCase())
    .nullable(),
);

export const orientationFieldSchema = choice(ORIENTATIONS, messages.orientationRequired, messages.orientationInvalid);
export const channelFieldSchema = choice(CHANNELS, messages.channelRequired, messages.channelInvalid);
export const statusFieldSchema = choice(TICKET_STATUSES, messages.statusInvalid, messages.statusInvalid);
export const closureReasonFieldSchema = optionalChoice(CLOSURE_REASONS, messages.closureReasonInvalid);

/**
 * The fields a ticket is created with and edited through (docs/specification.md, "Ticket (event)", minus channel and
 * lifecycle).
 */
export const ticketFieldsSchema = z.object({
  description: requiredText(messages.descriptionRequired, TICKET_LIMITS.description),
  kilometer: kilometerSchema,
  sector: requiredText(messages.sectorRequired, TICKET_LIMITS.sector),
  commune: requiredText(messages.communeRequired, TICKET_LIMITS.commune),
  orientation: orientationFieldSchema,
  dateEvent: dateEventSchema,
  classificationId: classificationIdSchema,
  realAddress: optionalText(TICKET_LIMITS.realAddress),
  email: optionalEmailSchema,
  fullName: personNameSchema(messages.fullNameRequired, TICKET_LIMITS.fullName),
  phone: phoneSchema,
  rut: rutSchema,
});
export type TicketFields = z.output<typeof ticketFieldsSchema>;

/** The accuracy the form accepts ("Usar mi ubicación", decision 157); a position vaguer than this says nothing. */
export const POSITION_MAX_ACCURACY_M = 200;

/**
 * The driver's phone position, sent only when the driver ticks "Enviar mi ubicación" (decision 157):
 * WGS84 degrees and the accuracy in metres the browser reported.
 */
export const phonePositionSchema = z.object(
  {
    lat: z.number({ error: messages.positionInvalid }).min(-90, messages.positionInvalid).max(90, messages.positionInvalid),
    lon: z.number({ error: messages.positionInvalid }).min(-180, messages.positionInvalid).max(180, messages.positionInvalid),
    accuracy: z.number({ error: messages.positionInvalid }).min(0, messages.positionInvalid).max(POSITION_MAX_ACCURACY_M, messages.positionInvalid),
  },
  { error: messages.positionInvalid },
);
export type PhonePosition = z.output<typeof phonePositionSchema>;

/** POST /api/ticket by staff: they record on someone's behalf and say through which channel. */
export const staffTicketCreateSchema = ticketFieldsSchema.extend({ channelCode: channelFieldSchema });
/** POST /api/ticket by a driver: the channel is always WEB, whatever is sent. */
export const driverTicketCreateSchema = ticketFieldsSchema.extend({ position: phonePositionSchema.optional() });
export type TicketCreate = TicketFields & { channelCode?: Channel; position?: PhonePosition };

/**
 * POST /api/ticket as the API validates and documents it, for every role: the channel is
 * optional here, and the API answers 400 (channelRequired) when staff leave it out.
 */
export const ticketCreateSchema = ticketFieldsSchema.extend({
  channelCode: optionalChoice(CHANNELS, messages.channelInvalid).describe('Requerido para el personal; un conductor crea siempre por WEB'),
  position: phonePositionSchema.optional().describe('Solo un conductor: la ubicación de su teléfono, si eligió enviarla'),
});

/** The create form's schema; given the road's range, the kilometre's messages state it (issue 36). */
export function ticketCreateSchemaFor(role: Role, road?: KilometerRange) {
  const schema = isStaff(role) ? staffTicketCreateSchema : driverTicketCreateSchema;
  // The cast keeps one type: only the kilometre's check differs.
  return (road ? schema.extend({ kilometer: kilometerSchemaWithin(road) }) : schema) as typeof schema;
}

/** An empty value unassigns; a profile id assigns. */
const assigneeSchema = z.preprocess(blankToNull, z.uuid({ error: messages.assigneeInvalid }).nullable());

/**
 * A message to the driver sent with the closure: stored as a public comment in the same
 * transaction (decision 103). Blank is none; the comment's limits apply. Ignored unless closing.
 */
const closureMessageSchema = z.preprocess(
  blankToUndefined,
  z.string().trim().max(COMMENT_MAX, tooLong(COMMENT_MAX)).refine(storable, storableMessage).optional(),
);

/** The close form of an event's page: a reason (required) and the optional message to the driver. */
export const ticketCloseSchema = z.object({
  closureReason: choice(CLOSURE_REASONS, messages.closureReasonRequired, messages.closureReasonInvalid),
  closureMessage: closureMessageSchema,
});

/** Closing needs a reason; checked even while other fields are wrong, so a form shows it at once. */
function closingNeedsReason<T extends z.ZodType>(schema: T) {
  return schema.refine(
    (value) => {
      const v = value as { statusCode?: unknown; closureReason?: unknown };
      return !(v.statusCode === 'CLOSED' && isBlank(v.closureReason));
    },
    {
      path: ['closureReason'],
      message: messages.closureReasonRequired,
      when: (payload) => {
        const v = payload.value as { statusCode?: unknown; closureReason?: unknown } | null;
        return typeof v === 'object' && v !== null && v.statusCode === 'CLOSED' && isBlank(v.closureReason);
      },
    },
  );
}

/**
 * PUT /api/ticket/{id}: any subset of the fields plus the lifecycle ones. An absent key
 * leaves the value as it is; "" or null clears an optional field or unassigns.
 * channelCode is create-only and ignored here.
 */
export const ticketUpdateSchema = closingNeedsReason(
  ticketFieldsSchema.partial().extend({
    statusCode: optionalChoice(TICKET_STATUSES, messages.statusInvalid),
    assignedToId: assigneeSchema.optional(),
    closureReason: closureReasonFieldSchema,
    closureMessage: closureMessageSchema,
  }),
);
export type TicketUpdate = z.output<typeof ticketUpdateSchema>;

/**
 * The staff edit form: every field present (blank optional ones become null), so its
 * parsed value is a complete PUT body even though a form drops empty inputs.
 */
export const ticketEditSchema = closingNeedsReason(
  ticketFieldsSchema.extend({
    statusCode: statusFieldSchema,
    assignedToId: assigneeSchema,
    closureReason: closureReasonFieldSchema,
  }),
);
