import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { Links, Meta, Outlet, Scripts, ScrollRestoration, data } from 'react-router';
import type { Route } from './+types/root';
import { describeError, GeneralErrorBoundary } from '~/components/general-error-boundary';
import { Toasts } from '~/components/toasts';
import { i18n } from '~/i18n/config';
import { i18nMiddleware } from '~/i18n/middleware.server';
import { commitSession, readAuth, requestSession, sessionMiddleware, takeToasts } from '~/session.server';
import appStylesHref from '~/styles/app.css?url';
import { PureLightTheme } from '~/theme';
import { pageTitle } from '~/utils/meta';
import { useNonce } from '~/utils/nonce';

export const middleware: Route.MiddlewareFunction[] = [i18nMiddleware, sessionMiddleware];

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await requestSession(request, context);
  const user = readAuth(session)?.user ?? null;
  const toasts = takeToasts(session);
  const headers = toasts.length > 0 ? { 'Set-Cookie': await commitSession(session) } : undefined;
  return data({ user, toasts }, { headers });
}

export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  { rel: 'stylesheet', href: appStylesHref },
];

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="es">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links nonce={nonce} />
      </head>
      <body>
        <ThemeProvider theme={PureLightTheme}>
          <CssBaseline />
          {children}
        </ThemeProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <Outlet />
      <Toasts toasts={loaderData.toasts} />
    </>
  );
}

export const meta: Route.MetaFunction = ({ error }) =>
  pageTitle(error ? describeError(error, i18n.t).title : i18n.t('common:app.title'));

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
