import { meResponseSchema, readBearerToken } from '@contract/auth';
import { messages } from '@contract/messages';
import { createContext, data, redirect, type MiddlewareFunction, type RouterContextProvider } from 'react-router';
import { createApiClient, toFormErrors, type ApiClient } from '~/api-client.server';
import { loginPathFor, roleOfArea } from '~/navigation';
import { commitSession, destroySession, readAuth, requestSession, type AppSession } from '~/session.server';
import { toSessionUser, type SessionUser } from '~/session-user';
import type { ErrorPageData } from '~/utils/error-data';

export type AuthState = { user: SessionUser; token: string; api: ApiClient };

const authContext = createContext<AuthState | null>(null);

/**
 * What the guard could not let through on a page request (another role's area, the API
 * unavailable, an unexpected failure), thrown again by `requireAuth` in the loaders below.
 * Thrown from the middleware itself, it would skip every loader, the root's included, and
 * the error page would lose the signed-in shell (decision 030).
 */
const areaFailureContext = createContext<{ error: unknown } | null>(null);

const isPageRead = (request: Request) => request.method === 'GET' || request.method === 'HEAD';

/**
 * Guards a role area (/driver, /operator ...). Runs once per request before every loader
 * and action below it:
 * - no session: to the login screen, coming back here afterwards;
 * - GET /api/user/me checks the token is still valid; the API answers 401 for a revoked,
 *   expired or suspended token and the API client then ends the session;
 * - another role's area: the not-found page, as the route sets of section 2 imply.
 * Redirects leave at once. Other failures of a page request are deferred to the loaders
 * (`requireAuth` throws them), so the error renders inside the shell; a form post to another
 * role's area is still refused here, before any action runs.
 */
export const areaGuard: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const url = new URL(request.url);
  const areaRole = roleOfArea(url.pathname.split('/')[1]);
  const session = await requestSession(request, context);
  const auth = readAuth(session);
  if (!auth) throw redirect(loginPathFor(url));

  const deferFailure = (error: unknown) => {
    context.set(areaFailureContext, { error });
    return next();
  };

  const api = createApiClient(request, session, auth.token);
  let user: SessionUser | null;
  try {
    user = toSessionUser(await api.get('/api/user/me', meResponseSchema));
  } catch (error) {
    if (error instanceof Response) throw error;
    return deferFailure(error);
  }
  if (!user) {
    throw redirect(loginPathFor(url), { headers: { 'Set-Cookie': await destroySession(session) } });
  }
  if (user.role !== areaRole) {
    const notFound = data({ reason: 'not-found' } satisfies ErrorPageData, { status: 404 });
    if (!isPageRead(request)) throw notFound;
    return deferFailure(notFound);
  }

  context.set(authContext, { user, token: auth.token, api });
  if (JSON.stringify(user) === JSON.stringify(auth.user)) return next();

  // The profile changed since sign-in (name, role...): keep the session copy current.
  session.set('user', user);
  const response = await next();
  response.headers.append('Set-Cookie', await commitSession(session));
  return response;
};

/**
 * The signed-in user of a guarded route; only valid below `areaGuard`. Throws what the
 * guard deferred (404 for another role's area, 503 when the API is unavailable), so every
 * loader and action of a role area must start with it.
 */
export function requireAuth(context: Readonly<RouterContextProvider>): AuthState {
  const failure = context.get(areaFailureContext);
  if (failure) throw failure.error;
  const auth = context.get(authContext);
  if (!auth) throw new Error('requireAuth called outside a guarded role area');
  return auth;
}

export type PasswordSignIn =
  | { ok: true; token: string; user: SessionUser }
  | { ok: false; status: number; formErrors: string[]; fieldErrors: Record<string, string[]> };

/**
 * The specification's LOGIN (and, after sign-up, REGISTER) call: POST /api/auth, the token
 * from the `authorization` response header, then GET /api/user/me for the session user.
 * Failures come back as Conform reply options with the status to answer with: 401
 * 'Credenciales invalidas' (also without a token header), or the API's own message (403
 * suspended, 429). The caller stores the session and redirects.
 */
export async function signInWithPassword(
  request: Request,
  session: AppSession,
  email: string,
  password: string,
): Promise<PasswordSignIn> {
  const invalid: PasswordSignIn = { ok: false, status: 401, formErrors: [messages.invalidCredentials], fieldErrors: {} };
  const auth = await createApiClient(request, session, null).call('POST', '/api/auth', {
    body: { email, password, providerId: 'email', tokenId: '' },
  });
  if (!auth.ok) {
    if (auth.status === 401) return invalid;
    return { ok: false, status: auth.status, ...toFormErrors(auth) };
  }
  const token = readBearerToken(auth.headers.get('authorization'));
  if (!token) {
    console.error(messages.missingToken);
    return invalid;
  }
  const user = toSessionUser(await createApiClient(request, session, token).get('/api/user/me', meResponseSchema));
  if (!user) {
    console.error(`[sign-in] ${email} has no role group`);
    return invalid;
  }
  return { ok: true, token, user };
}
