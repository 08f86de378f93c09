import { Outlet, type ShouldRevalidateFunction } from 'react-router';
import type { Route } from './+types/layout';
import { areaGuard, requireAuth } from '~/server/auth/auth.server';
import { AppShell } from '~/components/shell/app-shell';
import { FullScreenPlaceholder } from '~/components/shell/full-screen-placeholder';
import { GeneralErrorBoundary } from '~/components/shell/general-error-boundary';
import { isOutboxedReply } from '~/offline/names';

/** One module for the five role areas (/driver, /operator ...); the guard reads the area from the URL. */
export const middleware: Route.MiddlewareFunction[] = [areaGuard];

/** Also where another role's path, or the API being down, becomes the error page (see requireAuth). */
export async function loader({ context }: Route.LoaderArgs) {
  // The header's unread count, for the roles that have a notifications screen: the guard's
  // check of the caller brought it.
  const { user, unread } = await requireAuth(context);
  return { user, unread: unread ?? null };
}

/** A report kept in the outbox reached no server: nothing to read again (app/offline/names.ts). */
export const shouldRevalidate: ShouldRevalidateFunction = ({ defaultShouldRevalidate, actionResult }) =>
  !isOutboxedReply(actionResult) && defaultShouldRevalidate;

export default function AreaLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AppShell user={loaderData.user} unread={loaderData.unread}>
      <Outlet />
    </AppShell>
  );
}

export function HydrateFallback() {
  return <FullScreenPlaceholder signedIn />;
}

/** Errors of the area and its screens, inside the shell of the signed-in user. */
export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
