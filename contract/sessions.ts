import { z } from './zod';

/**
 * One open session of the caller (Mi perfil, "Sesiones activas"; docs/security.md, V7.5.2): where it was opened
 * and when it was last used. `current` marks the one making the request.
 */
export const sessionSchema = z.object({
  id: z.number().int().positive(),
  userAgent: z.string().nullable(),
  address: z.string().nullable(),
  createdAt: z.string(),
  lastUsedAt: z.string(),
  current: z.boolean(),
});
export type Session = z.infer<typeof sessionSchema>;

export const sessionListSchema = z.array(sessionSchema);

/** POST .../sessions/end answers how many sessions it ended. */
export const sessionsEndedSchema = z.object({ ended: z.number().int().min(0) });

/**
 * An account's sign-in state as the admin's user page shows it in one panel (decision 171): active or
 * suspended, its open sessions (how many, last use) and whether a second step is enrolled. Nothing
 * about where the sessions are (no address, no browser): the admin only needs to know there are some.
 */
export const accountAccessSchema = z.object({
  status: z.enum(['ACTIVE', 'SUSPENDED']),
  openSessions: z.number().int().min(0),
  lastUsedAt: z.string().nullable(),
  twoStepEnrolled: z.boolean(),
});
export type AccountAccess = z.infer<typeof accountAccessSchema>;
