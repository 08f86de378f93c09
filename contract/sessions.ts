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
