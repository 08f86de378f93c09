import { messages } from './messages';
import { normalizedTextSchema } from './normalized-text-schema';
import { normalizeRut, RUT_INPUT_MAX } from './rut';

/** Required RUT with its check digit; parses to the stored form 12345678-5. */
export const rutSchema = normalizedTextSchema(normalizeRut, {
  required: messages.rutRequired,
  invalid: messages.rutInvalid,
  max: RUT_INPUT_MAX,
});
