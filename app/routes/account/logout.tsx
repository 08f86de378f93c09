import { redirect } from 'react-router';
import type { Route } from './+types/logout';
import { createApiClient } from '~/server/api/api-client.server';
import { LOGIN_PATH } from '~/navigation/screens';
import { destroySession, readAuth, readPending, requestSession } from '~/server/auth/session.server';

/** What the browser removes on signing out (docs/decisions/140-installable-app-sign-out-and-receipts.md). */
const CLEAR_SITE_DATA = '"cache", "storage"';

/** Signing out changes state, so GET does nothing but send the visitor on. */
export function loader() {
  throw redirect('/');
}

/** Revokes the API token, then ends the session even when the API cannot be reached. */
export async function action({ request, context }: Route.ActionArgs) {
  const session = await requestSession(request, context);
  // A sign-in still waiting for its second step holds a token too: it ends the same way.
  const token = readAuth(session)?.token ?? readPending(session)?.token;
  if (token) {
    try {
      await createApiClient(request, session, token).call('POST', '/api/auth/logout');
    } catch {
      // A 401 (token already gone) or an unreachable API, logged by the client: the local
      // session ends anyway.
    }
  }
  throw redirect(LOGIN_PATH, {
    headers: {
      'Set-Cookie': await destroySession(session),
      // Drafts, the outbox and the offline caches leave the phone with the session (issue 32);
      // the sign-out form clears them itself first for browsers that ignore this. Cookies stay:
      // the session cookie ends above, and the theme is a preference of the phone, not the person.
      'Clear-Site-Data': CLEAR_SITE_DATA,
    },
  });
}
