import { useEffect, type ReactNode } from 'react';
import { Links, Meta, Outlet, Scripts, ScrollRestoration, data, useRouteLoaderData, type ShouldRevalidateFunction } from 'react-router';
import type { Route } from './+types/root';
import { FullScreenPlaceholder } from '~/components/shell/full-screen-placeholder';
import { describeError, GeneralErrorBoundary, type RootLoaderData } from '~/components/shell/general-error-boundary';
import { RouteFocus } from '~/components/shell/route-focus';
import { Toasts } from '~/components/shell/toasts';
import { SiteFooter } from '~/components/shell/site-footer';
import { LinkFailureNotice } from '~/offline/link-failure-notice';
import { i18n } from '~/i18n/config';
import { i18nMiddleware } from '~/i18n/middleware.server';
import { originCheckMiddleware } from '~/server/auth/origin-check.server';
import { formBodyMiddleware } from '~/server/form-body.server';
import { accessLogFields, requestIdOf } from '~/server/observability/observability.server';
import { commitSession, readAuth, requestSession, sessionMiddleware, takeToasts } from '~/server/auth/session.server';
import appStylesHref from '~/styles/app.css?url';
import { DEFAULT_THEME, type ThemeName } from '~/theme/registry';
import { ThemeStyle } from '~/theme/theme-style';
import { ThemeChoiceProvider, useThemeChoiceState } from '~/theme/theme-choice';
import { themeColors } from '~/theme/theme-colors';
import { readThemeCookie } from '~/theme/theme-cookie';
import { commonT, pageTitle } from '~/utils/meta';
import { useNonce } from '~/utils/nonce';
import { isOutboxedReply } from '~/offline/names';

export const middleware: Route.MiddlewareFunction[] = [accessLogFields, originCheckMiddleware, formBodyMiddleware, i18nMiddleware, sessionMiddleware];

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await requestSession(request, context);
  const theme = readThemeCookie(request.headers.get('Cookie'));
  const user = readAuth(session)?.user ?? null;
  const toasts = takeToasts(session);
  const headers = toasts.length > 0 ? { 'Set-Cookie': await commitSession(session) } : undefined;
  const rootData: RootLoaderData & { toasts: typeof toasts; theme: ThemeName } = { user, toasts, theme, requestId: requestIdOf(request) };
  return data(rootData, { headers });
}

/**
 * A refused action (4xx) may have queued toasts (the close form's errors): the root reads
 * them again then too, where React Router would skip every loader after an error status.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ defaultShouldRevalidate, actionStatus, actionResult }) =>
  !isOutboxedReply(actionResult) && (defaultShouldRevalidate || (actionStatus !== undefined && actionStatus >= 400 && actionStatus < 500));

export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  // With credentials: the manifest's colours follow the theme cookie (app/routes/resources/web-manifest.ts).
  { rel: 'manifest', href: '/manifest.webmanifest', crossOrigin: 'use-credentials' },
  { rel: 'stylesheet', href: appStylesHref },
];

/**
 * The document. The chosen theme is in the first byte: `data-theme` on <html> and its CSS
 * variables in one precomputed <style>; the one MUI component, the phone's drawer, gets the
 * precomputed MUI theme itself (app/components/shell/mobile-drawer.tsx). The baseline CssBaseline
 * would inject lives in app.css.
 */
const RELOAD_FROM_BFCACHE = "addEventListener('pageshow',function(e){if(e.persisted)location.reload()})";

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const root = useRouteLoaderData<typeof loader>('root');
  const serverTheme = root?.theme ?? DEFAULT_THEME;
  const choice = useThemeChoiceState(serverTheme);
  const { theme } = choice;
  return (
    <html lang="es" data-theme={theme}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={themeColors(theme).theme} />
        <Meta />
        <ThemeStyle theme={theme} />
        <Links nonce={nonce} />
        {/*
         * A signed-in page the browser restores from its back-forward cache (Back after
         * "Cerrar sesión") asks the server again, which sends an ended session to sign-in.
         * Inline and first, so it holds before (and without) the app's scripts (decision 104).
         */}
        {root?.user ? <script nonce={nonce} dangerouslySetInnerHTML={{ __html: RELOAD_FROM_BFCACHE }} /> : null}
      </head>
      <body>
        <ThemeChoiceProvider value={choice}>
          {children}
        </ThemeChoiceProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  // Scripts run after the first paint (decision 062): a page says when it has become
  // interactive, for anything that must wait for it (the browser tests of JavaScript features).
  useEffect(() => {
    document.documentElement.dataset.hydrated = '';
  }, []);
  useOfflineSupport(loaderData.user?.id ?? null);
  return (
    <>
      <Outlet />
      <SiteFooter />
      <Toasts toasts={loaderData.toasts} />
      <RouteFocus toasts={loaderData.toasts} />
      <LinkFailureNotice />
    </>
  );
}

/**
 * The service worker and the outbox (app/offline/register.ts, decision 139), loaded once the page
 * has loaded: nothing of them is in the first-load JavaScript.
 */
function useOfflineSupport(accountId: string | null) {
  useEffect(() => {
    let stop: (() => void) | undefined;
    let ended = false;
    const start = () => {
      void import('~/offline/register')
        .then((offline) => offline.startOffline(accountId))
        .then((stopOffline) => (ended ? stopOffline() : (stop = stopOffline)))
        .catch(() => undefined);
    };
    if (document.readyState === 'complete') start();
    else window.addEventListener('load', start, { once: true });
    return () => {
      ended = true;
      window.removeEventListener('load', start);
      stop?.();
    };
  }, [accountId]);
}

/**
 * The placeholder of docs/specification.md, "Role routes", while the client initialises (only used if a route
 * ever hydrates data).
 */
export function HydrateFallback() {
  const root = useRouteLoaderData<typeof loader>('root');
  return <FullScreenPlaceholder signedIn={Boolean(root?.user)} />;
}

export const meta: Route.MetaFunction = ({ error, loaderData, location }) =>
  pageTitle(error ? describeError(error, i18n.t, { role: loaderData?.user?.role ?? null, path: location.pathname }).title : commonT('app.title'));

export function ErrorBoundary() {
  return (
    <>
      <GeneralErrorBoundary />
      <SiteFooter />
    </>
  );
}
