import { z } from './zod';

/**
 * Why a session that existed is over, as the API's 401 says it (decision 138): the web's sign-in page
 * tells the person in Spanish and brings them back to where they were. Nothing more than the reason
 * is ever revealed: not who ended it, not when.
 * - idle: unused past its role's idle limit; expired: past its absolute limit;
 * - closed: ended from another of the person's own sessions ("Cerrar las demás sesiones", the list);
 * - admin: an administrator ended it (sessions ended, deletion, second step reset, new password);
 * - suspended: an administrator suspended the account (decision 172);
 * - rights: the person's role changed; password: the password was changed or reset;
 * - signed-out: the person signed out, or signed in again on that browser.
 */
export const SESSION_END_REASONS = ['idle', 'expired', 'closed', 'admin', 'suspended', 'rights', 'password', 'signed-out'] as const;
export type SessionEndReason = (typeof SESSION_END_REASONS)[number];
export const sessionEndReasonSchema = z.enum(SESSION_END_REASONS);

/**
 * What the next sign-in tells a person whose last session an administrator ended (decision 172): `admin` or
 * `suspended` (the account was suspended, and has been reactivated since). Said once: the new session is then the last.
 */
export const ENDED_BY_ADMIN = ['admin', 'suspended'] as const;
export type EndedByAdmin = (typeof ENDED_BY_ADMIN)[number];

export function isSessionEndReason(value: unknown): value is SessionEndReason {
  return typeof value === 'string' && (SESSION_END_REASONS as readonly string[]).includes(value);
}
