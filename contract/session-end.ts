import { z } from './zod';

/**
 * Why a session that existed is over, as the API's 401 says it (decision 138): the web's sign-in page
 * tells the person in Spanish and brings them back to where they were. Nothing more than the reason
 * is ever revealed: not who ended it, not when.
 * - idle: unused past its role's idle limit; expired: past its absolute limit;
 * - closed: ended from another of the person's own sessions ("Cerrar las demás sesiones", the list);
 * - admin: an administrator ended it (sessions ended, suspension, deletion, second step reset, new password);
 * - rights: the person's role changed; password: the password was changed or reset;
 * - signed-out: the person signed out, or signed in again on that browser.
 */
export const SESSION_END_REASONS = ['idle', 'expired', 'closed', 'admin', 'rights', 'password', 'signed-out'] as const;
export type SessionEndReason = (typeof SESSION_END_REASONS)[number];
export const sessionEndReasonSchema = z.enum(SESSION_END_REASONS);

export function isSessionEndReason(value: unknown): value is SessionEndReason {
  return typeof value === 'string' && (SESSION_END_REASONS as readonly string[]).includes(value);
}
