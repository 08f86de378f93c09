import { type RouteConfig, index, prefix, route } from '@react-router/dev/routes';
import { AREA_ROUTES } from './navigation/area-routes';

/** Public pages first, then the role areas (docs/specification.md, "2. Screens and routes"), from app/navigation/area-routes.ts. */
export default [
  index('routes/home.tsx'),

  ...prefix('user', [
    index('routes/account/index.tsx'),
    route('login', 'routes/account/login.tsx'),
    route('two-step', 'routes/account/two-step.tsx'),
    route('two-step/enrol', 'routes/account/two-step-enrol.tsx'),
    route('recover-password', 'routes/account/recover-password.tsx'),
    route('register', 'routes/account/register.tsx'),
    route('reset-password', 'routes/account/reset-password.tsx'),
    route('confirm-email', 'routes/account/confirm-email.tsx'),
    route('logout', 'routes/account/logout.tsx'),
    // The notice of a new privacy policy version, once after sign-in (decision 146).
    route('privacy', 'routes/privacy/notice.tsx'),
  ]),

  // The five role areas (/driver, /operator ...) share one tree: the area guard reads the area
  // from the URL and answers what its role does not have with the not-found page.
  route(':area', 'routes/area/layout.tsx', { id: 'area' }, [
    index('routes/area/index.tsx', { id: 'area-index' }),
    ...AREA_ROUTES.map(({ path, file, id }) => route(path, file, { id: `area-${id}` })),
  ]),

  // The privacy policy, public and linked from every page's footer (decision 146).
  route('privacidad', 'routes/privacy/policy.tsx'),
  // The terms of use the sign-up asks to accept, public (decision 175).
  route('terminos', 'routes/terms/terms.tsx'),

  // The header's theme switcher posts here (a resource route: no page of its own).
  route('resources/theme', 'routes/resources/theme.ts'),

  // Resumable uploads (tus) passed through to the API with the session's token (contract/uploads.ts, decision 155).
  route('uploads', 'routes/resources/uploads.ts', { id: 'uploads' }),
  route('uploads/:id', 'routes/resources/uploads.ts', { id: 'upload' }),

  // The recovery codes just shown, as a .txt download (decision 172): posted, never in an address.
  route('resources/recovery-codes', 'routes/resources/recovery-codes.ts'),

  // The web app manifest, so the site installs on the home screen (issue 32).
  route('manifest.webmanifest', 'routes/resources/web-manifest.ts'),

  // Live notifications of the signed-in user (server-sent events).
  route('resources/notifications/stream', 'routes/resources/notifications-stream.ts'),

  // The benchmark's bare comparison page, only in builds made by `npm run bench`.
  ...(process.env.BENCH_FLOOR ? [route('bench/floor', 'routes/bench-floor.tsx')] : []),

  // Anything else: the not-found page with status 404.
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
