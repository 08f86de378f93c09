import { z } from './zod';
import { formatMessage, messages } from './messages';
import { normalizePhone, PHONE_INPUT_MAX } from './phone';

/** Required Chilean phone; parses to +56XXXXXXXXX. */
export const phoneSchema = z
  .string({ error: messages.phoneRequired })
  .trim()
  .min(1, messages.phoneRequired)
  .max(PHONE_INPUT_MAX, formatMessage(messages.tooLong, { max: PHONE_INPUT_MAX }))
  .transform((value, ctx) => {
    const phone = normalizePhone(value);
    if (!phone) {
      ctx.addIssue({ code: 'custom', message: messages.phoneInvalid });
      return z.NEVER;
    }
    return phone;
  });
