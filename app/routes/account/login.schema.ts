import { z } from '@contract/zod';
import { emailSchema, loginPasswordSchema } from '@contract/auth';
import { messages } from '@contract/messages';

/**
 * The login rules of docs/specification.md, "Login", checked by the action and, with JavaScript, in the browser once the
 * form is first focused (its own module, so zod stays out of the page's scripts: decision 063).
 */
export const loginFormSchema = z.object({
  email: emailSchema,
  password: loginPasswordSchema,
  terms: z.literal(true, { error: messages.termsRequired }),
  redirectTo: z.string().optional(),
});
