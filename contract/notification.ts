import { z } from './zod';
import { pagedOf } from './envelope';

/**
 * docs/product-decisions.md, "Notifications": who hears about what. docs/specification.md, "Other entities"
 * names COMMENT_ADDED.
 */
export const NOTIFICATION_TYPES = [
  'COMMENT_ADDED',
  'TICKET_ASSIGNED',
  'STATUS_CHANGED',
  'TICKET_CLOSED',
  'TICKET_LATE',
  'PRIVACY_REQUEST_ANSWERED',
  // Warnings before a breach and the breach of the first answer (decision 182).
  'TICKET_DUE_SOON',
  'TICKET_FIRST_ANSWER_LATE',
] as const;
export const notificationTypeSchema = z.enum(NOTIFICATION_TYPES);
export type NotificationType = z.infer<typeof notificationTypeSchema>;

export const notificationSchema = z.object({
  id: z.number().int(),
  type: notificationTypeSchema,
  ticketId: z.number().int().nullable(),
  folio: z.string().nullable(),
  message: z.string(),
  /** What the change said (decision 163): a comment's text, or the closing's reason and message; null when nothing more. */
  body: z.string().nullable(),
  read: z.boolean(),
  createdAt: z.string(),
  /** A driver's notification about an event they follow, not theirs: it opens their home's "Mis reportes" (decision 161). */
  followed: z.literal(true).optional(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** GET /api/notification/profile/{id}: newest first, with the unread count. */
export const notificationListSchema = pagedOf(notificationSchema).extend({ unread: z.number().int() });
export type NotificationList = z.infer<typeof notificationListSchema>;

/** One server-sent event of GET /api/notification/stream. */
export const notificationEventSchema = z.object({ notification: notificationSchema, unread: z.number().int() });
export type NotificationEvent = z.infer<typeof notificationEventSchema>;
