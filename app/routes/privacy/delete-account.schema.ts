import { z } from '@contract/zod';
import { messages } from '@contract/messages';
import { deleteAccountSchema } from '@contract/privacy-delete';

/** The form: the call's password plus the "no se puede deshacer" box, checked by the action and, with JavaScript, in the browser. */
export const deleteAccountFormSchema = deleteAccountSchema.extend({
  confirm: z.literal(true, { error: messages.deleteConfirmRequired }),
});
