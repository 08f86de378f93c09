import { z } from './zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './paging';
import { sessionEndReasonSchema } from './session-end';

const envelopes = new WeakMap<z.ZodType, z.ZodType>();

/**
 * Every successful answer: {"payload": ...}. One envelope per schema, made on first use:
 * zod compiles an object's parser on its first parse, about 70 µs that a new envelope per
 * call would pay every time.
 */
export function payloadOf<T extends z.ZodType>(schema: T): z.ZodObject<{ payload: T }> {
  let envelope = envelopes.get(schema);
  if (!envelope) {
    envelope = z.object({ payload: schema });
    envelopes.set(schema, envelope);
  }
  return envelope as z.ZodObject<{ payload: T }>;
}

/**
 * Every error: {"errors": {"message", "fields"?, "reason"?}} with an honest HTTP status. `reason` only
 * on a 401 for a bearer token that was a session and no longer is (contract/session-end.ts).
 */
export const apiErrorSchema = z.object({
  errors: z.object({
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
    reason: sessionEndReasonSchema.optional(),
  }),
});

export { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, type Paged } from './paging';

/** page from 0, size default 10, at most 100 (docs/specification.md, "9. Business constants and limits"). */
export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(0).max(1_000_000).default(0),
  size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

export function pagedOf<T extends z.ZodType>(item: T) {
  return z.object({
    content: z.array(item),
    page: z.number().int(),
    size: z.number().int(),
    total: z.number().int(),
  });
}
