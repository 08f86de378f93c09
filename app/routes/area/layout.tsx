import { Outlet } from 'react-router';
import type { Route } from './+types/layout';
import { areaGuard, requireAuth } from '~/auth.server';
import { AppShell } from '~/components/app-shell';

/** One module for the five role areas (/driver, /operator ...); the guard reads the area from the URL. */
export const middleware: Route.MiddlewareFunction[] = [areaGuard];

export function loader({ context }: Route.LoaderArgs) {
  return { user: requireAuth(context).user };
}

export default function AreaLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AppShell user={loaderData.user}>
      <Outlet />
    </AppShell>
  );
}
