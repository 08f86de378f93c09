import {
  createCookie,
  createCookieSessionStorage,
  createContext,
  type Cookie,
  redirect,
  type MiddlewareFunction,
  type RouterContextProvider,
  type Session,
} from 'react-router';
import { LRUCache } from 'lru-cache';
import { env } from '~/server/env.server';
import { SECOND_STEPS, type SecondStep } from '@contract/two-step';
import { z } from '@contract/zod';
import { sessionUserSchema, storedUser, type SessionUser, type StoredUser } from '~/server/auth/session-user';
import { clearAnswered, MAX_TOASTS, type Toast, type ToastType } from '~/utils/toast';
import { cookieKeys, openCookie, sealCookie } from '~/server/auth/cookie-crypto.server';

/**
 * A sign-in waiting for its second step (decision 113): the half-open token, which only the
 * two-step calls accept, who it is for and where they were going.
 */
export type PendingSignIn = { token: string; stage: SecondStep; user: SessionUser; redirectTo: string };
/** `ended`: why the API ended this cookie's session, kept a while without anybody signed in (`endedSessionCookie`). */
type SessionData = { token: string; user: StoredUser; pending: Omit<PendingSignIn, 'user'> & { user: StoredUser }; ended: string };
type SessionFlashData = { toasts: Toast[] };
export type AppSession = Session<SessionData, SessionFlashData>;

/** A work shift; the API enforces its own idle and absolute token expiry as well. */
const SESSION_MAX_AGE_SECONDS = 60 * 60 * 12;

/**
 * Signed and encrypted cookie: httpOnly keeps the API token away from page scripts, any
 * tampering invalidates the signature, and its contents (token, name, e-mail) are encrypted
 * with a key derived from the same secrets (cookie-crypto.server.ts, decision 152). The first
 * secret signs and encrypts; all of them verify and decrypt.
 */
const signedCookie = createCookie('__session', {
  secrets: env.SESSION_SECRETS,
  httpOnly: true,
  sameSite: 'lax',
  secure: env.NODE_ENV === 'production',
  path: '/',
  maxAge: SESSION_MAX_AGE_SECONDS,
});

const encryptionKeys = cookieKeys(env.SESSION_SECRETS);

/** Cookie headers already verified and decrypted, and what they held: the 2 000 used most recently. */
const verified = new LRUCache<string, { value: unknown }>({ max: 2_000 });

/**
 * The same cookie, remembering what each exact header verified to. Checking the HMAC
 * through WebCrypto was about 5% of a signed-in page's server time, and a browser sends the
 * same header on every page until the session changes. Identical bytes always verify to
 * the same data, so nothing is trusted that was not verified once.
 */
export const sessionCookie: Cookie = {
  get name() {
    return signedCookie.name;
  },
  get isSigned() {
    return signedCookie.isSigned;
  },
  get expires() {
    return signedCookie.expires;
  },
  // An ended session is the empty cookie that expires, as before.
  serialize: (value, options) => signedCookie.serialize(value === '' ? '' : sealCookie(encryptionKeys, value), options),
  async parse(header, options) {
    if (!header || options) return openCookie(encryptionKeys, await signedCookie.parse(header, options));
    const known = verified.get(header);
    if (known) return structuredClone(known.value);
    // A cookie signed but not encrypted (from before decision 152) reads as no session: sign in again.
    const value: unknown = openCookie(encryptionKeys, await signedCookie.parse(header));
    verified.set(header, { value });
    return structuredClone(value);
  },
};

export const sessionStorage = createCookieSessionStorage<SessionData, SessionFlashData>({ cookie: sessionCookie });

export const { commitSession, destroySession } = sessionStorage;

export function getSession(request: Request): Promise<AppSession> {
  return sessionStorage.getSession(request.headers.get('Cookie'));
}

/** The session of the current request, read once by the root middleware. */
export const sessionContext = createContext<AppSession | null>(null);

export const sessionMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  context.set(sessionContext, await getSession(request));
  return next();
};

/** Falls back to reading the cookie when the middleware never ran for this request. */
export async function requestSession(request: Request, context: Readonly<RouterContextProvider>): Promise<AppSession> {
  return context.get(sessionContext) ?? getSession(request);
}

/** How long the cookie of an ended session says why it ended (decision 138). */
const ENDED_REASON_MAX_AGE_SECONDS = 10 * 60;

/**
 * The cookie once the API has said this session ended (decision 138): nobody signed in, and, when the API said why,
 * the reason kept for ten minutes. A request that arrives after another one noticed (the live stream reconnecting,
 * a second tab, a form sent a moment later) then also reaches a sign-in page that says why, not a bare one.
 */
export async function endedSessionCookie(session: AppSession, reason: string | undefined): Promise<string> {
  if (!reason) return destroySession(session);
  session.unset('token');
  session.unset('user');
  session.unset('pending');
  session.set('ended', reason);
  return commitSession(session, { maxAge: ENDED_REASON_MAX_AGE_SECONDS });
}

/** Why the API ended the session this cookie held, while the cookie still says so. */
export function endedReason(session: AppSession): string | undefined {
  return session.get('ended') || undefined;
}

/** The signed-in user and token, or null when either is missing or from an older shape. */
export function readAuth(session: AppSession): { token: string; user: SessionUser } | null {
  const token = session.get('token');
  const parsed = sessionUserSchema.safeParse(session.get('user'));
  if (!token || !parsed.success) return null;
  return { token, user: parsed.data };
}

export function signIn(session: AppSession, token: string, user: SessionUser): void {
  session.unset('pending');
  session.unset('ended');
  session.set('token', token);
  session.set('user', storedUser(user));
}

const pendingSchema = z.object({ token: z.string(), stage: z.enum(SECOND_STEPS), user: sessionUserSchema, redirectTo: z.string() });

/** After the password, when a second step is due: nobody is signed in until it is done. */
export function holdForSecondStep(session: AppSession, pending: PendingSignIn): void {
  session.unset('ended');
  session.unset('token');
  session.unset('user');
  session.set('pending', { ...pending, user: storedUser(pending.user) });
}

/** A second step that can no longer be completed (too many wrong codes): start over. */
export function dropPending(session: AppSession): void {
  session.unset('pending');
}

export function readPending(session: AppSession): PendingSignIn | null {
  const parsed = pendingSchema.safeParse(session.get('pending'));
  return parsed.success ? parsed.data : null;
}

/**
 * The answer to a form that moves on: a redirect carrying the session, so the toasts queued
 * with addToast (and anything else the action changed in it) reach the next page.
 */
export async function redirectWithToasts(session: AppSession, to: string): Promise<Response> {
  return redirect(to, { headers: { 'Set-Cookie': await commitSession(session) } });
}

/**
 * Queues a toast for the next page; keeps the newest six. `source` names the form: its
 * success clears the errors it queued before (app/utils/toast.ts).
 */
export function addToast(session: AppSession, type: ToastType, message: string, source?: string): void {
  const fresh: Toast = { id: crypto.randomUUID(), type, message, ...(source ? { source } : {}) };
  const queued = clearAnswered(session.get('toasts') ?? [], [fresh]);
  session.flash('toasts', [...queued, fresh].slice(-MAX_TOASTS));
}

/** Reads and clears the queued toasts; the caller must commit the session. */
export function takeToasts(session: AppSession): Toast[] {
  return session.get('toasts') ?? [];
}
