import { z } from '@contract/zod';
import { messages } from '@contract/messages';
import { newPasswordSchema } from '@contract/profile';
import { passwordConfirmField, passwordsEqual } from '~/utils/password-confirm';

/** The e-mailed token's shape (the API's resetPasswordSchema); anything else is a broken link. */
export const resetTokenSchema = z
  .string({ error: messages.resetLinkInvalid })
  .min(20, messages.resetLinkInvalid)
  .max(200, messages.resetLinkInvalid);

/** The new-password form, checked by the action and, with JavaScript, in the browser (decision 063). */
export const resetFormSchema = z
  .object({ token: resetTokenSchema, password: newPasswordSchema, passwordConfirm: passwordConfirmField })
  .refine(...passwordsEqual);
