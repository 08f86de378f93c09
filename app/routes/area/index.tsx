import { redirect } from 'react-router';
import type { Route } from './+types/index';
import { requireAuth } from '~/server/auth/auth.server';
import { dashboardPath } from '~/navigation/screens';

/** A role's root (/operator ...) opens its dashboard. */
export async function loader({ context }: Route.LoaderArgs) {
  const { user } = await requireAuth(context);
  throw redirect(dashboardPath(user.role));
}

/**
 * Never rendered (the loader always throws): its presence makes this a page, so that what the
 * guard refuses here (an area that does not exist, "/no-existe", or another role's) is the
 * not-found page, not a bare answer.
 */
export default function AreaIndex() {
  return null;
}
