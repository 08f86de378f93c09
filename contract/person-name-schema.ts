import { z } from './zod';
import { formatMessage, messages } from './messages';
import { storable, storableMessage } from './text';

/**
 * Characters no person's name has, and that would let a name change what a message or a
 * screen says (docs/decisions/135-mail-that-cannot-be-abused.md): C0 controls (line breaks,
 * tabs), DEL, C1 controls, the Unicode line and paragraph separators, and the bidirectional
 * controls (LRM, RLM, ALM, LRE to RLO, LRI to PDI) that reorder what is shown around them.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point.
const NOT_IN_A_NAME = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u200e\u200f\u061c\u202a-\u202e\u2066-\u2069]/u;

export const isCleanName = (value: string) => !NOT_IN_A_NAME.test(value);

/**
 * A required person's name (first name, last name, a ticket's reporter): trimmed, at most `max`
 * characters, with none of the characters above. The one rule both services use: the API
 * answers 400 with it, and the forms show the same message on the field.
 */
export function personNameSchema(required: string, max: number) {
  return z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(max, formatMessage(messages.tooLong, { max }))
    .refine(storable, storableMessage)
    .refine(isCleanName, { message: messages.nameInvalidCharacters });
}
