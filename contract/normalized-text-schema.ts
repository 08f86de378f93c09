import { z } from './zod';
import { formatMessage, messages } from './messages';

/**
 * A required text field typed in many ways and stored in one (a RUT, a phone): trimmed,
 * at most `max` characters as typed, then `normalize`d, or the field's own message.
 */
export function normalizedTextSchema(
  normalize: (value: string) => string | null,
  { required, invalid, max }: { required: string; invalid: string; max: number },
) {
  return z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(max, formatMessage(messages.tooLong, { max }))
    .transform((value, ctx) => {
      const normalized = normalize(value);
      if (!normalized) {
        ctx.addIssue({ code: 'custom', message: invalid });
        return z.NEVER;
      }
      return normalized;
    });
}
