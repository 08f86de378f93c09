import { z } from './zod';
import { formatMessage, messages } from './messages';
import { pagedOf } from './envelope';
import { roleSchema } from './role-schema';
import { storable, storableMessage } from './text';
import { COMMENT_MAX } from './conversation-limits';
import { ticketHistoryEntrySchema, ticketSchema } from './ticket-dto';

export {
  ATTACHMENT_DEFAULT_MAX_FILES,
  ATTACHMENT_DEFAULT_MAX_MB,
  ATTACHMENT_LIST_SIZE,
  ATTACHMENT_TYPES,
  COMMENT_LIST_SIZE,
  COMMENT_MAX,
  type AttachmentType,
} from './conversation-limits';

/** POST /api/ticket/{id}/comment: {comment}; staff may mark it internal (never shown to drivers). */
export const commentCreateSchema = z.object({
  comment: z
    .string({ error: messages.commentRequired })
    .trim()
    .min(1, messages.commentRequired)
    .max(COMMENT_MAX, formatMessage(messages.tooLong, { max: COMMENT_MAX }))
    .refine(storable, storableMessage),
  // A checkbox sends "on"; JSON sends a boolean.
  internal: z
    .union([z.boolean(), z.literal('on'), z.literal('true'), z.literal('false')])
    .optional()
    .transform((v) => v === true || v === 'on' || v === 'true'),
});
export type CommentCreate = z.infer<typeof commentCreateSchema>;

export const commentSchema = z.object({
  id: z.number().int(),
  ticketId: z.number().int(),
  comment: z.string(),
  internal: z.boolean(),
  authorId: z.string().nullable(),
  authorName: z.string(),
  authorRole: roleSchema,
  createdAt: z.string(),
});
export type Comment = z.infer<typeof commentSchema>;
export const commentPageSchema = pagedOf(commentSchema);

export const attachmentSchema = z.object({
  id: z.string(),
  ticketId: z.number().int(),
  fileName: z.string(),
  contentType: z.string(),
  sizeBytes: z.number().int(),
  uploadedBy: z.string().nullable(),
  createdAt: z.string(),
});
export type Attachment = z.infer<typeof attachmentSchema>;
export const attachmentPageSchema = pagedOf(attachmentSchema);

/**
 * GET /api/ticket/{id}?include=conversation: the event with what its detail page shows beside
 * it, the history, the first COMMENT_LIST_SIZE comments and the first ATTACHMENT_LIST_SIZE
 * attachments, each exactly as its own call answers it, in one round trip (decision 125).
 * Without the option the answer is the event of GET /api/ticket/{id} (docs/product-decisions.md, "Two services, one
 * contract"), unchanged.
 */
export const ticketQuerySchema = z.object({ include: z.literal('conversation').optional() });
export const ticketWithConversationSchema = ticketSchema.extend({
  history: z.array(ticketHistoryEntrySchema),
  comments: commentPageSchema,
  attachments: attachmentPageSchema,
});
