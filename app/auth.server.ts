import { meResponseSchema } from '@contract/auth';
import { createContext, data, redirect, type MiddlewareFunction, type RouterContextProvider } from 'react-router';
import { createApiClient, type ApiClient } from '~/api-client.server';
import { loginPathFor, roleOfArea } from '~/navigation';
import { commitSession, destroySession, readAuth, requestSession } from '~/session.server';
import { toSessionUser, type SessionUser } from '~/session-user';
import type { ErrorPageData } from '~/utils/error-data';

export type AuthState = { user: SessionUser; token: string; api: ApiClient };

const authContext = createContext<AuthState | null>(null);

/**
 * Guards a role area (/driver, /operator ...). Runs once per request before every loader
 * and action below it:
 * - no session: to the login screen, coming back here afterwards;
 * - GET /api/user/me checks the token is still valid; the API answers 401 for a revoked,
 *   expired or suspended token and the API client then ends the session;
 * - another role's area: the not-found page, as the route sets of section 2 imply.
 */
export const areaGuard: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const url = new URL(request.url);
  const areaRole = roleOfArea(url.pathname.split('/')[1]);
  const session = await requestSession(request, context);
  const auth = readAuth(session);
  if (!auth) throw redirect(loginPathFor(url));

  const api = createApiClient(request, session, auth.token);
  const me = await api.get('/api/user/me', meResponseSchema);
  const user = toSessionUser(me);
  if (!user) {
    throw redirect(loginPathFor(url), { headers: { 'Set-Cookie': await destroySession(session) } });
  }
  if (user.role !== areaRole) throw data({ reason: 'not-found' } satisfies ErrorPageData, { status: 404 });

  context.set(authContext, { user, token: auth.token, api });
  if (JSON.stringify(user) === JSON.stringify(auth.user)) return next();

  // The profile changed since sign-in (name, role...): keep the session copy current.
  session.set('user', user);
  const response = await next();
  response.headers.append('Set-Cookie', await commitSession(session));
  return response;
};

/** The signed-in user of a guarded route; only valid below `areaGuard`. */
export function requireAuth(context: Readonly<RouterContextProvider>): AuthState {
  const auth = context.get(authContext);
  if (!auth) throw new Error('requireAuth called outside a guarded role area');
  return auth;
}
