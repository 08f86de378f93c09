import { z } from './zod';
import { loginPasswordSchema } from './auth';

/**
 * POST /api/privacy/me/delete ("Eliminar mi cuenta y mis datos", Ley 19.628 art. 7 as amended): the person's
 * password again, as confirmation and re-authentication (docs/decisions/149-suppression-and-retention.md).
 */
export const deleteAccountSchema = z.object({ password: loginPasswordSchema });
export type DeleteAccount = z.infer<typeof deleteAccountSchema>;
