import { authResponseSchema, type SecondStep } from '@contract/two-step';
import { DEVICE_TOKEN_HEADER, meResponseSchema, meWithUnreadSchema, readBearerToken } from '@contract/auth';
import { readDeviceToken } from '~/server/auth/device-cookie.server';
import { messages } from '@contract/messages';
import { createContext, data, redirect, type MiddlewareFunction, type RouterContextProvider } from 'react-router';
import { createApiClient, returnPathOf, toFormErrors, type ApiClient } from '~/server/api/api-client.server';
import type { Role } from '@contract/roles';
import type { EndedByAdmin } from '@contract/session-end';
import { AREA_ROUTES } from '~/navigation/area-routes';
import { loginPathFor, roleOfArea, SCREENS_BY_ROLE, signInAgainPath, type Screen } from '~/navigation/screens';
import { commitSession, destroySession, endedReason, readAuth, readPending, requestSession, type AppSession } from '~/server/auth/session.server';
import { storedUser, toSessionUser, type SessionUser } from '~/server/auth/session-user';
import type { ErrorPageData } from '~/utils/error-data';
import { log } from '~/server/observability/log.server';
import { requestIdOf } from '~/server/observability/observability.server';

export type AuthState = {
  user: SessionUser;
  token: string;
  api: ApiClient;
  /** The caller's unread notifications, for the header: on page reads of areas with a notifications screen. */
  unread?: number;
};

type GuardedRequest = {
  /**
   * The caller as the session remembers them, with an API client, while GET /api/user/me is
   * still on its way: only on page reads whose session role is the area's (see readWithAuth).
   */
  early: AuthState | null;
  /** What /api/user/me confirmed, or what the guard could not let through. */
  confirmed: Promise<AuthState>;
};

const authContext = createContext<GuardedRequest | null>(null);

const isPageRead = (request: Request) => request.method === 'GET' || request.method === 'HEAD';

/**
 * Guards a role area (/driver, /operator ...). Runs once per request before every loader
 * and action below it:
 * - no session: to the login screen, coming back here afterwards;
 * - GET /api/user/me checks the token is still valid; the API answers 401 for a revoked,
 *   expired or suspended token and the API client then ends the session (a redirect);
 * - another role's area: the not-found page, as the route sets of docs/specification.md, "Role routes" imply.
 *
 * On a page read the loaders start at once, while /api/user/me is on its way (decision 066):
 * each of them waits for the answer (`requireAuth`, `readWithAuth`) before handing anything
 * over, and throws what the guard could not let through, so the error renders inside the
 * shell (decision 030) and a redirect leaves as it is. A form post waits for the answer
 * before any action runs: a redirect or another role's area is refused here.
 */
export const areaGuard: MiddlewareFunction<Response> = async ({ request, context, params, pattern }, next) => {
  const url = new URL(request.url);
  const areaRole = roleOfArea(params.area);
  // No such area, or a page its role does not have (app/navigation/area-routes.ts): the not-found page,
  // signed in or not, thrown by the loaders so that it renders as any other (see otherArea).
  if (!areaRole || !roleHasPath(areaRole, pathInArea(pattern))) {
    const refused = Promise.reject(otherArea());
    refused.catch(() => undefined);
    context.set(authContext, { early: null, confirmed: refused });
    if (!isPageRead(request)) await refused;
    return next();
  }
  const session = await requestSession(request, context);
  const auth = readAuth(session);
  if (!auth) {
    // Ended by the API a moment ago, noticed by another request: the sign-in says why as well (decision 138).
    const ended = endedReason(session);
    throw redirect(ended ? signInAgainPath(ended, returnPathOf(request)) : loginPathFor(url));
  }

  const api = createApiClient(request, session, auth.token);
  // A page shows the header's unread count: the same call brings it (decision 125).
  const withUnread = isPageRead(request) && (SCREENS_BY_ROLE[areaRole] as readonly string[]).includes('notifications');
  const asked = confirmCaller(api, auth.token, areaRole, url, session, withUnread);
  // A form sent while the API does not answer goes on as the session's caller: its write then
  // fails as unanswered and the form comes back with what was typed (decision 137), where the
  // error page would lose it. The API still checks the token of every call it gets.
  const confirmed =
    isPageRead(request) || auth.user.role !== areaRole
      ? asked
      : asked.catch((error: unknown) => {
          if (isUnavailablePage(error)) return { user: auth.user, token: auth.token, api };
          throw error;
        });
  // Whoever waits for it sees its failure; this keeps an unawaited one from being reported.
  confirmed.catch(() => undefined);
  const early = isPageRead(request) && auth.user.role === areaRole ? { user: auth.user, token: auth.token, api } : null;
  context.set(authContext, { early, confirmed });

  if (!isPageRead(request)) {
    try {
      await confirmed;
    } catch (error) {
      // A redirect (the session ended) or another role's area: no action runs. Anything else
      // (the API unavailable) is thrown by requireAuth in the action.
      if (error instanceof Response || isOtherArea(error)) throw error;
    }
  }

  const response = await next();
  let user: SessionUser;
  try {
    ({ user } = await confirmed);
  } catch (error) {
    // Every loader and action of an area waits for the confirmation; should one ever not,
    // its answer must not leave unconfirmed.
    if (response.status >= 200 && response.status < 300) throw error;
    return response;
  }
  if (JSON.stringify(user) === JSON.stringify(auth.user)) return response;
  // The profile changed since sign-in (name, role...): keep the session copy current.
  session.set('user', storedUser(user));
  response.headers.append('Set-Cookie', await commitSession(session));
  return response;
};

/**
 * Whether a role has the page at `path` (an AREA_ROUTES path; '' is the area's own root, which
 * every role has). Anything not in the list is nobody's.
 */
export function roleHasPath(role: Role, path: string): boolean {
  if (path === '') return true;
  const route = AREA_ROUTES.find((candidate) => candidate.path === path);
  if (!route) return false;
  if (route.screen && !(SCREENS_BY_ROLE[role] as readonly Screen[]).includes(route.screen)) return false;
  return !route.roles || route.roles.includes(role);
}

/** A route pattern below the areas ("/:area/events/:id") as app/navigation/area-routes.ts names it ("events/:id"). */
const pathInArea = (pattern: string) => pattern.replace(/^\/?:area\/?/, '').replace(/\/$/, '');

/** The 503 page the API client throws when the API does not answer. */
function isUnavailablePage(error: unknown): boolean {
  const page = error as { data?: { reason?: unknown }; init?: { status?: unknown } } | null;
  return typeof page === 'object' && page !== null && page.data?.reason === 'service-unavailable' && page.init?.status === 503;
}

/** The not-found pages made for another role's area (and for nothing else that answers 404). */
const otherAreaPages = new WeakSet<object>();
function otherArea() {
  const page = data({ reason: 'not-found' } satisfies ErrorPageData, { status: 404 });
  otherAreaPages.add(page);
  return page;
}
const isOtherArea = (error: unknown) => error instanceof Object && otherAreaPages.has(error);

/**
 * GET /api/user/me (with the unread count when asked) and what it means for this area; rejects
 * with the redirect or error page to show.
 */
async function confirmCaller(api: ApiClient, token: string, areaRole: string | null, url: URL, session: AppSession, withUnread: boolean): Promise<AuthState> {
  let unread: number | undefined;
  let me;
  if (withUnread) ({ unread, ...me } = await api.get('/api/user/me', meWithUnreadSchema, { include: 'unread' }));
  else me = await api.get('/api/user/me', meResponseSchema);
  const user = toSessionUser(me);
  if (!user) {
    throw redirect(loginPathFor(url), { headers: { 'Set-Cookie': await destroySession(session) } });
  }
  if (user.role !== areaRole) throw otherArea();
  return { user, token, api, ...(unread === undefined ? {} : { unread }) };
}

function guardedRequest(context: Readonly<RouterContextProvider>): GuardedRequest {
  const guarded = context.get(authContext);
  if (!guarded) throw new Error('requireAuth called outside a guarded role area');
  return guarded;
}

/**
 * The signed-in user of a guarded route, once /api/user/me has confirmed them; only valid
 * below `areaGuard`. Throws what the guard could not let through (a redirect when the session
 * ended, 404 for another role's area, 503 when the API is unavailable), so every loader and
 * action of a role area must start with it or with `readWithAuth`.
 */
export function requireAuth(context: Readonly<RouterContextProvider>): Promise<AuthState> {
  return guardedRequest(context).confirmed;
}

/**
 * A loader's reads, started while /api/user/me is still on its way (on page reads in the
 * caller's own area), and handed over only once the caller is confirmed: a failure of the
 * confirmation wins over any failure of the reads. `read` gets the session's copy of the
 * caller (id and role are those of the token) and is run again in the rare case the
 * confirmed caller is someone else.
 */
export async function readWithAuth<T>(
  context: Readonly<RouterContextProvider>,
  read: (auth: AuthState) => Promise<T>,
): Promise<{ auth: AuthState; data: T }> {
  const { early, confirmed } = guardedRequest(context);
  // Inside a promise: even a read that fails before its first await waits behind the confirmation.
  const reading = early ? (async () => read(early))() : null;
  reading?.catch(() => undefined);
  const auth = await confirmed;
  const sameCaller = early !== null && early.user.id === auth.user.id && early.user.role === auth.user.role;
  return { auth, data: reading && sameCaller ? await reading : await read(auth) };
}

export type PasswordSignIn =
  /** `deviceToken`: a new device token to keep in the device cookie (decision 133). */
  | { ok: true; token: string; user: SessionUser; deviceToken: string | null; lastSessionEnded: EndedByAdmin | null }
  /** The password was right; the token opens only the second step (decision 113). */
  | { ok: 'second-step'; stage: SecondStep; token: string; user: SessionUser; lastSessionEnded: EndedByAdmin | null }
  | { ok: false; status: number; formErrors: string[]; fieldErrors: Record<string, string[]> };

/**
 * The LOGIN (and, after sign-up, REGISTER) call of docs/specification.md, "Session": POST /api/auth,
 * the token from the `authorization` response header, then GET /api/user/me for the session user.
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
  // The browser's device token exempts its owner from the account-wide limit; the token this
  // session already holds (signed in, or half-way through a second step) is handed over, and
  // the API ends it once the new sign-in succeeds (decision 133).
  const device = await readDeviceToken(request);
  const replaced = readAuth(session)?.token ?? readPending(session)?.token;
  const auth = await createApiClient(request, session, null).call('POST', '/api/auth', {
    body: { email, password, providerId: 'email', tokenId: '' },
    schema: authResponseSchema,
    headers: { ...(device ? { [DEVICE_TOKEN_HEADER]: device } : {}), ...(replaced ? { authorization: `Bearer ${replaced}` } : {}) },
  });
  if (!auth.ok) {
    if (auth.status === 401) return invalid;
    return { ok: false, status: auth.status, ...toFormErrors(auth) };
  }
  const token = readBearerToken(auth.headers.get('authorization'));
  if (!token) {
    log.error({ requestId: requestIdOf(request) }, messages.missingToken);
    return invalid;
  }
  const { secondStep } = auth.payload;
  const lastSessionEnded = auth.payload.lastSessionEnded ?? null;
  // A half-open token cannot read /api/user/me: the sign-in answer names the person already.
  const user = toSessionUser(secondStep ? auth.payload : await createApiClient(request, session, token).get('/api/user/me', meResponseSchema));
  if (!user) {
    log.error({ requestId: requestIdOf(request) }, 'sign-in refused: the account has no role group');
    return invalid;
  }
  if (secondStep) return { ok: 'second-step', stage: secondStep, token, user, lastSessionEnded };
  return { ok: true, token, user, deviceToken: auth.headers.get(DEVICE_TOKEN_HEADER), lastSessionEnded };
}
