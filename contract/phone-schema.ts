import { messages } from './messages';
import { normalizedTextSchema } from './normalized-text-schema';
import { normalizePhone, PHONE_INPUT_MAX } from './phone';

/** Required Chilean phone; parses to +56XXXXXXXXX. */
export const phoneSchema = normalizedTextSchema(normalizePhone, {
  required: messages.phoneRequired,
  invalid: messages.phoneInvalid,
  max: PHONE_INPUT_MAX,
});
