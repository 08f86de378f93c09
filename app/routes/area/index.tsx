import { redirect } from 'react-router';
import type { Route } from './+types/index';
import { requireAuth } from '~/auth.server';
import { dashboardPath } from '~/navigation';

/** A role's root (/operator ...) opens its dashboard. */
export async function loader({ context }: Route.LoaderArgs) {
  const { user } = await requireAuth(context);
  throw redirect(dashboardPath(user.role));
}
