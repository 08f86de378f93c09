import { redirect } from 'react-router';
import type { Route } from './+types/logout';
import { createApiClient } from '~/api-client.server';
import { LOGIN_PATH } from '~/navigation';
import { destroySession, readAuth, requestSession } from '~/session.server';

/** Signing out changes state, so GET does nothing but send the visitor on. */
export function loader() {
  throw redirect('/');
}

/** Revokes the API token, then ends the session even when the API cannot be reached. */
export async function action({ request, context }: Route.ActionArgs) {
  const session = await requestSession(request, context);
  const auth = readAuth(session);
  if (auth) {
    try {
      await createApiClient(request, session, auth.token).call('POST', '/api/auth/logout');
    } catch {
      // A 401 (token already gone) or an unreachable API, logged by the client: the local
      // session ends anyway.
    }
  }
  throw redirect(LOGIN_PATH, { headers: { 'Set-Cookie': await destroySession(session) } });
}
