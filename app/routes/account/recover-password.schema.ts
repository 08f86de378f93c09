import { z } from '@contract/zod';
import { emailSchema } from '@contract/auth';

/** The recovery form, checked by the action and, with JavaScript, in the browser (decision 063). */
export const recoverFormSchema = z.object({ email: emailSchema });
