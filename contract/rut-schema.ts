import { z } from './zod';
import { formatMessage, messages } from './messages';
import { normalizeRut, RUT_INPUT_MAX } from './rut';

/** Required RUT with its check digit; parses to the stored form 12345678-5. */
export const rutSchema = z
  .string({ error: messages.rutRequired })
  .trim()
  .min(1, messages.rutRequired)
  .max(RUT_INPUT_MAX, formatMessage(messages.tooLong, { max: RUT_INPUT_MAX }))
  .transform((value, ctx) => {
    const rut = normalizeRut(value);
    if (!rut) {
      ctx.addIssue({ code: 'custom', message: messages.rutInvalid });
      return z.NEVER;
    }
    return rut;
  });
