import { z } from './zod';
import { messages } from './messages';
import { pageQuerySchema } from './envelope';
import { ROLES } from './roles';

/**
 * The record of staff reads of personal data (Ley 19.628 as amended by Ley 21.719, art. 14 quinquies; decision 151):
 * GET /api/privacy/access-record, for the admin and the inspector.
 */

/** What was read: an event with contact data, a user's account, an export naming people, the users list. */
export const ACCESS_RECORD_WHATS = ['event', 'user', 'export', 'user-list'] as const;
export type AccessRecordWhat = (typeof ACCESS_RECORD_WHATS)[number];

const blank = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optionalText = z.preprocess(blank, z.string().trim().max(120).optional());
const day = z.preprocess(blank, z.string().regex(/^\d{4}-\d{2}-\d{2}$/, messages.dateInvalid).optional());

/**
 * The filters: `actor` (who read) and `subject` (whose data) are an e-mail, a RUT or an account id, looked up by
 * the API (`actorId`/`subjectId` are the same, as ids); `folio` or `ticketId` the event; `from`/`to` Santiago days,
 * both included. Newest first.
 */
export const accessRecordQuerySchema = pageQuerySchema.extend({
  actor: optionalText,
  actorId: z.preprocess(blank, z.uuid({ error: messages.accessRecordPersonUnknown }).optional()),
  subject: optionalText,
  subjectId: z.preprocess(blank, z.uuid({ error: messages.accessRecordPersonUnknown }).optional()),
  folio: optionalText,
  ticketId: z.preprocess(blank, z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional()),
  what: z.preprocess(blank, z.enum(ACCESS_RECORD_WHATS).optional()),
  from: day,
  to: day,
});
export type AccessRecordQuery = z.infer<typeof accessRecordQuerySchema>;

export const accessRecordEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  actorId: z.string(),
  actorName: z.string(),
  actorRole: z.enum(ROLES),
  subjectId: z.string().nullable(),
  /** The person's name, "Titular anonimizado" once their identifiers were removed, null when none is named. */
  subjectName: z.string().nullable(),
  ticketId: z.number().int().nullable(),
  folio: z.string().nullable(),
  what: z.enum(ACCESS_RECORD_WHATS),
});
export type AccessRecordEntry = z.infer<typeof accessRecordEntrySchema>;
