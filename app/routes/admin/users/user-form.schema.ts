import { z } from '@contract/zod';
import { messages } from '@contract/messages';
import { newProfileSchema, updateProfileSchema } from '@contract/profile';
import { ROLES } from '@contract/roles';
import { passwordConfirmField, passwordsEqual } from '~/utils/password-confirm';

/*
 * The admin's create and edit forms, checked by their actions and, with JavaScript, in the
 * browser once a form is first focused (their own module, so zod stays out of the pages'
 * scripts: decision 063).
 */

/** The admin chooses the user type explicitly: no silent default. */
const profileCodeField = z.enum(ROLES, { error: messages.profileCodeInvalid });
/** The list as the admin left it, to go back to (see `backToList`). */
const fromField = z.string().optional();

/** POST /api/profile/new as the admin sends it, plus the form-only fields. */
export const newUserFormSchema = newProfileSchema
  .extend({ profileCode: profileCodeField, passwordConfirm: passwordConfirmField, from: fromField })
  .refine(...passwordsEqual);

/** POST /api/profile/update without the uuid (it is in the address); an empty password keeps the old one. */
export const editUserFormSchema = updateProfileSchema
  .omit({ uuid: true })
  .extend({ passwordConfirm: passwordConfirmField, from: fromField })
  .refine(...passwordsEqual);
export type EditUserForm = z.input<typeof editUserFormSchema>;
