import { createCookie } from 'react-router';
import { env } from '~/server/env.server';

/**
 * OWASP's device cookie (docs/decisions/133-sessions-follow-rights-and-sign-in-limits.md): the token the API hands a
 * browser once it has fully signed in to an account, sent back with the next sign-ins so that the
 * account's owner is exempt from the limit that stops guessers. A cookie of its own, not the
 * session's: it outlives sign-out and the session's 12 hours. httpOnly, Secure in production,
 * SameSite=Lax; the value is a random token only the API can check (it keeps its hash).
 */
export const deviceCookie = createCookie('__device', {
  httpOnly: true,
  sameSite: 'lax',
  secure: env.NODE_ENV === 'production',
  path: '/',
  // 400 days: the longest a browser keeps a cookie.
  maxAge: 60 * 60 * 24 * 400,
});

/** The device token this browser holds, if any. */
export async function readDeviceToken(request: Request): Promise<string | undefined> {
  const value: unknown = await deviceCookie.parse(request.headers.get('Cookie'));
  return typeof value === 'string' && /^[A-Za-z0-9_-]{20,100}$/.test(value) ? value : undefined;
}

/** Keeps a device token the API just issued, on the response that completes the sign-in. */
export async function keepDeviceToken(response: Response, token: string | null | undefined): Promise<Response> {
  if (token) response.headers.append('Set-Cookie', await deviceCookie.serialize(token));
  return response;
}
