import type { Route } from './+types/web-manifest';
import { dashboardPath } from '~/navigation/screens';
import { readAuth, requestSession } from '~/server/auth/session.server';
import { themeColors } from '~/theme/theme-colors';
import { readThemeCookie } from '~/theme/theme-cookie';
import { commonT } from '~/utils/meta';

/** Icons made once from public/favicon.svg by scripts/make-icons.mjs. */
const ICONS = [
  { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
];

/**
 * The web app manifest (issue 32): the site installs on the home screen under a Spanish name,
 * opens at the driver's dashboard and is painted in the colours of the theme the visitor chose
 * (the theme cookie, as the document reads it; the root links the manifest with credentials).
 * Staff signed in when they install start at their own dashboard instead, where the driver's
 * would be "not found" for them. Short-lived and per visitor: a theme change shows within minutes.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const colors = themeColors(readThemeCookie(request.headers.get('Cookie')));
  const role = readAuth(await requestSession(request, context))?.user.role ?? 'DRIVER';
  const manifest = {
    id: '/',
    name: commonT('app.fullTitle', { page: commonT('app.title') }),
    short_name: commonT('app.name'),
    description: commonT('device.manifestDescription'),
    lang: 'es-CL',
    dir: 'ltr',
    start_url: dashboardPath(role),
    scope: '/',
    display: 'standalone',
    theme_color: colors.theme,
    background_color: colors.background,
    icons: ICONS,
  };
  return new Response(JSON.stringify(manifest), {
    headers: {
      'Content-Type': 'application/manifest+json; charset=utf-8',
      'Cache-Control': 'private, max-age=300',
      Vary: 'Cookie',
    },
  });
}
