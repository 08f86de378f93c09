import { redirect } from 'react-router';
import type { Route } from './+types/home';
import { dashboardPath, LOGIN_PATH } from '~/navigation/screens';
import { readAuth, requestSession } from '~/server/auth/session.server';

/** "/" opens the signed-in role's dashboard (whose guard checks the token) or the login screen. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const auth = readAuth(await requestSession(request, context));
  throw redirect(auth ? dashboardPath(auth.user.role) : LOGIN_PATH);
}
