import { z } from '@contract/zod';
import { newPasswordDiffers, ownPasswordFieldsSchema, ownProfileSchema } from '@contract/profile';
import { passwordConfirmField, passwordsEqual } from '~/utils/password-confirm';

/*
 * Mi perfil's two forms, checked by the action and, with JavaScript, in the browser once a
 * form is first focused (their own module, so zod stays out of the page's scripts: decision 063).
 */

/** POST /api/profile/me as the form sends it. */
export const ownProfileFormSchema = ownProfileSchema.extend({ intent: z.literal('profile') });

/** POST /api/profile/password plus the confirmation, which only the form has. */
export const ownPasswordFormSchema = ownPasswordFieldsSchema
  .extend({ intent: z.literal('password'), passwordConfirm: passwordConfirmField })
  .refine(...passwordsEqual)
  .refine(...newPasswordDiffers);
export type OwnProfileForm = z.input<typeof ownProfileFormSchema>;
export type OwnPasswordForm = z.input<typeof ownPasswordFormSchema>;
