import { z } from './zod';
import { formatMessage, messages } from './messages';
import { storable, storableMessage } from './text';
import { pageQuerySchema, pagedOf } from './envelope';
import { PRIVACY_REQUEST_STATUSES, PRIVACY_REQUEST_TYPES } from './privacy';
import { FILED_REQUEST_TYPES, PRIVACY_ANSWER_MAX, PRIVACY_DETAIL_MAX } from './privacy-request-limits';

export { FILED_REQUEST_TYPES, PRIVACY_ANSWER_MAX, PRIVACY_DETAIL_MAX, PRIVACY_PENDING_MAX, type FiledRequestType } from './privacy-request-limits';

/**
 * The requests a person files under Ley 19.628 as amended by Ley 21.719 and an admin answers once
 * (docs/decisions/150-privacy-requests-and-blocking.md): rectification (art. 6), opposition (art. 8) and
 * blocking (art. 8 ter). Access, portability and suppression are self-service ("Mis datos") and are recorded
 * as answered at once by their own calls, so they are refused here.
 */
const text = (required: string, max: number) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(max, formatMessage(messages.tooLong, { max }))
    .refine(storable, storableMessage);

/** POST /api/privacy/requests. The detail is required for rectification and opposition. */
export const privacyRequestCreateSchema = z
  .object({
    type: z.enum(FILED_REQUEST_TYPES, { error: messages.privacyRequestTypeInvalid }),
    ticketId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
    detail: z
      .string()
      .trim()
      .max(PRIVACY_DETAIL_MAX, formatMessage(messages.tooLong, { max: PRIVACY_DETAIL_MAX }))
      .refine(storable, storableMessage)
      .optional(),
  })
  .superRefine((value, ctx) => {
    if (value.type !== 'BLOCKING' && !value.detail) ctx.addIssue({ code: 'custom', path: ['detail'], message: messages.privacyRequestDetailRequired });
    if (value.type !== 'RECTIFICATION' && value.ticketId !== undefined) ctx.addIssue({ code: 'custom', path: ['ticketId'], message: messages.privacyRequestTicketOnlyRectification });
  });
export type PrivacyRequestCreate = z.infer<typeof privacyRequestCreateSchema>;

/** POST /api/privacy/requests/{id}/answer: GRANTED (acoger) or REJECTED, always with a written answer. */
export const privacyRequestAnswerSchema = z.object({
  status: z.enum(['GRANTED', 'REJECTED'], { error: messages.privacyAnswerStatusRequired }),
  answer: text(messages.privacyAnswerRequired, PRIVACY_ANSWER_MAX),
});
export type PrivacyRequestAnswer = z.infer<typeof privacyRequestAnswerSchema>;

export const privacyRequestSchema = z.object({
  id: z.number().int(),
  type: z.enum(PRIVACY_REQUEST_TYPES),
  ticketId: z.number().int().nullable(),
  folio: z.string().nullable(),
  detail: z.string().nullable(),
  status: z.enum(PRIVACY_REQUEST_STATUSES),
  createdAt: z.string(),
  /** The law's deadline: created + PRIVACY_REQUEST_DAYS calendar days. */
  dueAt: z.string(),
  /** Pending past its deadline. */
  overdue: z.boolean(),
  answer: z.string().nullable(),
  answeredAt: z.string().nullable(),
  /** Who asked, for the admin only (the queue and the request's page); ANONYMISED_SUBJECT once their identifiers are gone. */
  requester: z.object({ id: z.string(), name: z.string(), email: z.string().nullable() }).optional(),
});
export type PrivacyRequest = z.infer<typeof privacyRequestSchema>;

/** GET /api/privacy/requests/me: one's own requests, newest first, and whether one's data are blocked now. */
export const ownPrivacyRequestsSchema = z.object({
  content: z.array(privacyRequestSchema),
  blockedAt: z.string().nullable(),
});
export type OwnPrivacyRequests = z.infer<typeof ownPrivacyRequestsSchema>;

/** GET /api/privacy/requests (admin): PENDING (default) or ANSWERED, oldest deadline first. */
export const privacyQueueQuerySchema = pageQuerySchema.extend({
  status: z.enum(['PENDING', 'ANSWERED']).default('PENDING'),
});
export type PrivacyQueueQuery = z.infer<typeof privacyQueueQuerySchema>;
export const privacyQueueSchema = pagedOf(privacyRequestSchema).extend({ pending: z.number().int(), overdue: z.number().int() });
export type PrivacyQueue = z.infer<typeof privacyQueueSchema>;

/** POST /api/privacy/blocking/lift: the person's data are no longer blocked. */
export const blockingSchema = z.object({ blockedAt: z.string().nullable() });
