import { z } from './zod';
import { messages } from './messages';
import { roleSchema } from './role-schema';
import { EMAIL_MAX, PASSWORD_MAX } from './auth-limits';

export { EMAIL_MAX, PASSWORD_MAX, PASSWORD_MIN } from './auth-limits';

/** E-mail as docs/specification.md, "Login" validates it: required, valid, at most 255 characters. */
export const emailSchema = z
  .string({ error: messages.emailRequired })
  .trim()
  .min(1, messages.emailRequired)
  .max(EMAIL_MAX, messages.tooLong.replace('{{max}}', String(EMAIL_MAX)))
  .pipe(z.email({ error: messages.emailInvalid }))
  .transform((email) => email.toLowerCase());

export const loginPasswordSchema = z
  .string({ error: messages.passwordRequired })
  .min(1, messages.passwordRequired)
  .max(PASSWORD_MAX, messages.tooLong.replace('{{max}}', String(PASSWORD_MAX)));

/** POST /api/auth, exactly as docs/specification.md, "7. The calls it makes" sends it. */
export const authRequestSchema = z.object({
  email: emailSchema,
  password: loginPasswordSchema,
  providerId: z.literal('email'),
  tokenId: z.literal(''),
});

/** GET /api/user/me, read as email plus userProfileDto (docs/specification.md, "Server me response"). */
export const meResponseSchema = z.object({
  email: z.string(),
  userProfileDto: z.object({
    id: z.string(),
    nickName: z.string(),
    genre: z.string(),
    groups: z.array(z.object({ code: roleSchema })),
  }),
});
export type MeResponse = z.infer<typeof meResponseSchema>;

/**
 * GET /api/user/me?include=unread: the same answer plus the caller's unread notifications, so
 * that a signed-in page learns both in one round trip (decision 125). Without the option the
 * answer is that of docs/specification.md, "Server me response", unchanged.
 */
export const meQuerySchema = z.object({ include: z.literal('unread').optional() });
export const meWithUnreadSchema = meResponseSchema.extend({ unread: z.number().int().nonnegative() });

/** POST /api/auth/logout. */
export const signedOutSchema = z.object({ signedOut: z.literal(true) });

/** The authorization response header of POST /api/auth: "Bearer {token}". */
export function readBearerToken(header: string | null | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/.exec(header.trim());
  return match ? match[1]! : null;
}

/**
 * The header that carries a browser's device token between the web app and the API, both ways
 * (OWASP's device cookie, docs/decisions/133-sessions-follow-rights-and-sign-in-limits.md): sent with a sign-in (and its
 * second step), answered once a sign-in completes from a browser the account does not know yet.
 */
export const DEVICE_TOKEN_HEADER = 'x-device-token';
