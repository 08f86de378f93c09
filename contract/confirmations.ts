import { z } from './zod';

/**
 * Payloads that only confirm a call (docs/specification.md, "7. The calls it makes" names no body for them):
 * described here so the API's OpenAPI document and its tests know their shape (docs/decisions/121-observability.md).
 */
export const signedInSchema = z.object({ signedIn: z.literal(true) });
export const messageSchema = z.object({ message: z.string() });
export const unreadSchema = z.object({ unread: z.number().int().min(0) });
export const allReadSchema = z.object({
  marked: z.number().int().min(0),
  unread: z.literal(0),
});
export const readySchema = z.object({ ready: z.literal(true) });
export const healthSchema = z.object({ status: z.literal('ok') });
