import { z } from '@contract/zod';
import { messages } from '@contract/messages';
import { newProfileSchema } from '@contract/profile';
import { passwordConfirmField, passwordsEqual } from '~/utils/password-confirm';

/**
 * POST /api/profile/new's fields a driver gives, plus the form-only confirmation and terms.
 * Checked by the action and, with JavaScript, in the browser once the form is first focused
 * (its own module, so zod stays out of the page's scripts: decision 063). The honeypot is not
 * a field of it: the action reads it from the form data.
 */
export const registerFormSchema = newProfileSchema
  .omit({ profileCode: true, realAddress: true })
  .extend({
    passwordConfirm: passwordConfirmField,
    terms: z.literal(true, { error: messages.termsRequired }),
    // "He leído y acepto la Política de privacidad" (decision 146); the version shown travels in a hidden field.
    privacy: z.literal(true, { error: messages.privacyPolicyRequired }),
  })
  .refine(...passwordsEqual);
