import type { TFunction } from 'i18next';
import { useT } from '~/hooks/use-t';
import { isRouteErrorResponse, Link, useLocation, useRevalidator, useRouteError, useRouteLoaderData } from 'react-router';
import { isLinkFailure } from '~/offline/link-failure';
import { Button } from '~/components/ui/button';
import type { SessionUser } from '~/server/auth/session-user';
import { isErrorPageData } from '~/utils/error-data';
import { AppShell } from './app-shell';

/** What the root loader returns that the boundary needs (root.tsx satisfies it). */
export type RootLoaderData = { user: SessionUser | null; requestId?: string | null };

/** `offline`: the browser could not reach the web at all (no status of ours to show; decision 138). */
export type ErrorPage = {
  status: number;
  title: string;
  description: string;
  offline?: boolean;
  /** A plain line after a message the specification fixes (issue 36). */
  plain?: string;
  /** Where to go instead ("Mis reportes" for a driver). */
  next?: { to: string; label: string };
};

/**
 * A 404 as a driver (or anyone not signed in) should read it (issue 36, decision 162): what
 * happened in plain Spanish, never an API path or "contacte con el administrador".
 */
function plainNotFound(t: TFunction<['common', 'messages']>, status: number, path: string | undefined): ErrorPage {
  const event = path !== undefined && /^\/driver\/events\/[^/]+/.test(path);
  return {
    status,
    title: t(event ? 'common:errors.driver.eventTitle' : 'common:errors.notFound.title'),
    description: t(event ? 'common:errors.driver.eventDescription' : 'common:errors.notFound.description'),
    next: { to: '/driver/dashboard', label: t('common:errors.driver.myReports') },
  };
}

/** The id of the request that failed (an API call's, else the page's) for the user to quote to support. */
export function referenceOf(error: unknown, root: RootLoaderData | undefined): string | null {
  const fromError = isRouteErrorResponse(error) && isErrorPageData(error.data) ? error.data.requestId : null;
  return fromError ?? root?.requestId ?? null;
}

/** Turns whatever a route threw into the Spanish page to show; never technical details. */
export function describeError(
  error: unknown,
  t: TFunction<['common', 'messages']>,
  viewer: { role: string | null; path?: string } = { role: null },
): ErrorPage {
  const driver = viewer.role === 'DRIVER';
  const unexpected = { title: t('common:errors.unexpected.title'), description: t('common:errors.unexpected.description') };
  // A page or a form the link failed to bring (React Router's fetch threw): no connection, not a fault.
  if (isLinkFailure(error)) {
    return { status: 503, title: t('common:offline.noConnectionTitle'), description: t('common:offline.noConnectionDescription'), offline: true };
  }
  if (!isRouteErrorResponse(error)) return { status: 500, ...unexpected };
  const body = isErrorPageData(error.data) ? error.data : null;
  const status = error.status;
  switch (status) {
    case 404:
      if (driver) return plainNotFound(t, status, viewer.path);
      if (body?.reason === 'service-error') {
        // docs/specification.md, "8. The error catalogue", for the staff; a plain line after it.
        const description = t('messages:serviceError', { url: body.url });
        return { status, title: t('common:errors.serviceError.title'), description, plain: t('common:errors.serviceError.plain') };
      }
      return { status, title: t('common:errors.notFound.title'), description: t('common:errors.notFound.description') };
    case 403: {
      const description = body?.reason === 'api-error' ? body.message : t('common:errors.forbidden.description');
      return { status, title: t('common:errors.forbidden.title'), description };
    }
    case 405:
      return {
        status,
        title: t('common:errors.methodNotAllowed.title'),
        description: t('common:errors.methodNotAllowed.description'),
      };
    case 503:
    case 507:
      // One feature down while the rest works (the attachments; a full disk): the API's own words
      // (docs/decisions/141-readiness-and-degraded-peers.md).
      return {
        status,
        title: t('common:errors.unavailable.title'),
        description: body?.reason === 'api-error' ? body.message : t('common:errors.unavailable.description'),
      };
    default:
      if (status < 500 && body?.reason === 'api-error') {
        return { status, title: t('common:errors.code', { status }), description: body.message };
      }
      return { status, ...unexpected };
  }
}

/**
 * The one error boundary: not found (404), service error, service unavailable (503),
 * unexpected (500). A signed-in user keeps the shell around it: the user comes from the
 * root loader (the session cookie), which still ran when a role area's guard or a screen
 * failed (see app/server/auth/auth.server.ts). Details of unexpected errors stay in the server log.
 */
export function GeneralErrorBoundary() {
  const error = useRouteError();
  const t = useT<['common', 'messages']>(['common', 'messages']);
  const root = useRouteLoaderData<RootLoaderData>('root');
  const user = root?.user ?? null;
  const location = useLocation();
  const page = describeError(error, t, { role: user?.role ?? null, path: location.pathname });
  const reference = referenceOf(error, root);
  const revalidator = useRevalidator();
  const card = page.offline ? (
    <div className="error-card">
      <h1>{page.title}</h1>
      <p>{page.description}</p>
      <Button type="button" variant="contained" disabled={revalidator.state !== 'idle'} onClick={() => void revalidator.revalidate()}>
        {revalidator.state !== 'idle' ? t('app.loading') : t('offline.retry')}
      </Button>
    </div>
  ) : (
    <div className="error-card">
      <p className="error-code">{t('errors.code', { status: page.status })}</p>
      <h1>{page.title}</h1>
      <p>{page.description}</p>
      {page.plain ? <p>{page.plain}</p> : null}
      {page.next ? (
        <p>
          <Link to={page.next.to}>{page.next.label}</Link>
        </p>
      ) : null}
      {reference ? <p className="error-reference">{t('errors.reference', { id: reference })}</p> : null}
      <Link className="error-home" to="/">
        {t('errors.backHome')}
      </Link>
    </div>
  );
  if (user) {
    return (
      <AppShell user={user}>
        <div className="error-panel">{card}</div>
      </AppShell>
    );
  }
  return (
    <main className="error-page" id="main">
      {card}
    </main>
  );
}
