import { type RouteConfig, index, prefix, route } from '@react-router/dev/routes';

/**
 * Public pages first, then one block per role area (specification section 2). Every area
 * shares one guarded layout module and one module per screen; route ids keep them apart.
 */
export default [
  index('routes/home.tsx'),

  ...prefix('user', [
    index('routes/user/index.tsx'),
    route('login', 'routes/user/login.tsx'),
    route('two-step', 'routes/user/two-step.tsx'),
    route('two-step/enrol', 'routes/user/two-step-enrol.tsx'),
    route('recover-password', 'routes/user/recover-password.tsx'),
    route('register', 'routes/user/register.tsx'),
    route('reset-password', 'routes/user/reset-password.tsx'),
    route('logout', 'routes/user/logout.tsx'),
  ]),

  route('driver', 'routes/area/layout.tsx', { id: 'driver' }, [
    index('routes/area/index.tsx', { id: 'driver-index' }),
    route('profile', 'routes/profile/index.tsx', { id: 'driver-profile' }),
    route('dashboard', 'routes/dashboard/index.tsx', { id: 'driver-dashboard' }),
    route('events', 'routes/events/list.tsx', { id: 'driver-events' }),
    route('events/new', 'routes/events/new.tsx', { id: 'driver-events-new' }),
    route('events/:id', 'routes/events/detail.tsx', { id: 'driver-events-detail' }),
    route('events/:id/attachments', 'routes/events/upload.ts', { id: 'driver-events-upload' }),
    route('events/:id/attachments/:attachmentId', 'routes/events/download.ts', { id: 'driver-events-download' }),
    route('events/:id/attachments/:attachmentId/preview', 'routes/events/preview.ts', { id: 'driver-events-preview' }),
    route('notifications', 'routes/notifications/list.tsx', { id: 'driver-notifications' }),
  ]),

  route('operator', 'routes/area/layout.tsx', { id: 'operator' }, [
    index('routes/area/index.tsx', { id: 'operator-index' }),
    route('profile', 'routes/profile/index.tsx', { id: 'operator-profile' }),
    route('dashboard', 'routes/dashboard/index.tsx', { id: 'operator-dashboard' }),
    route('events', 'routes/events/list.tsx', { id: 'operator-events' }),
    route('events/new', 'routes/events/new.tsx', { id: 'operator-events-new' }),
    route('events/:id', 'routes/events/detail.tsx', { id: 'operator-events-detail' }),
    route('events/:id/attachments', 'routes/events/upload.ts', { id: 'operator-events-upload' }),
    route('events/:id/attachments/:attachmentId', 'routes/events/download.ts', { id: 'operator-events-download' }),
    route('events/:id/attachments/:attachmentId/preview', 'routes/events/preview.ts', { id: 'operator-events-preview' }),
    route('reports', 'routes/reports/index.tsx', { id: 'operator-reports' }),
    route('reports/download', 'routes/reports/download.ts', { id: 'operator-reports-download' }),
    route('reports/summary', 'routes/reports/summary.tsx', { id: 'operator-reports-summary' }),
    route('assignments', 'routes/assignments/index.tsx', { id: 'operator-assignments' }),
    route('notifications', 'routes/notifications/list.tsx', { id: 'operator-notifications' }),
  ]),

  route('supervisor', 'routes/area/layout.tsx', { id: 'supervisor' }, [
    index('routes/area/index.tsx', { id: 'supervisor-index' }),
    route('profile', 'routes/profile/index.tsx', { id: 'supervisor-profile' }),
    route('dashboard', 'routes/dashboard/index.tsx', { id: 'supervisor-dashboard' }),
    route('events', 'routes/events/list.tsx', { id: 'supervisor-events' }),
    route('events/new', 'routes/events/new.tsx', { id: 'supervisor-events-new' }),
    route('events/:id', 'routes/events/detail.tsx', { id: 'supervisor-events-detail' }),
    route('events/:id/attachments', 'routes/events/upload.ts', { id: 'supervisor-events-upload' }),
    route('events/:id/attachments/:attachmentId', 'routes/events/download.ts', { id: 'supervisor-events-download' }),
    route('events/:id/attachments/:attachmentId/preview', 'routes/events/preview.ts', { id: 'supervisor-events-preview' }),
    route('reports', 'routes/reports/index.tsx', { id: 'supervisor-reports' }),
    route('reports/download', 'routes/reports/download.ts', { id: 'supervisor-reports-download' }),
    route('reports/summary', 'routes/reports/summary.tsx', { id: 'supervisor-reports-summary' }),
    route('assignments', 'routes/assignments/index.tsx', { id: 'supervisor-assignments' }),
    route('notifications', 'routes/notifications/list.tsx', { id: 'supervisor-notifications' }),
  ]),

  route('inspector', 'routes/area/layout.tsx', { id: 'inspector' }, [
    index('routes/area/index.tsx', { id: 'inspector-index' }),
    route('profile', 'routes/profile/index.tsx', { id: 'inspector-profile' }),
    route('dashboard', 'routes/dashboard/index.tsx', { id: 'inspector-dashboard' }),
    route('events', 'routes/events/list.tsx', { id: 'inspector-events' }),
    route('events/:id', 'routes/events/detail.tsx', { id: 'inspector-events-detail' }),
    route('events/:id/attachments/:attachmentId', 'routes/events/download.ts', { id: 'inspector-events-download' }),
    route('events/:id/attachments/:attachmentId/preview', 'routes/events/preview.ts', { id: 'inspector-events-preview' }),
    route('reports', 'routes/reports/index.tsx', { id: 'inspector-reports' }),
    route('reports/download', 'routes/reports/download.ts', { id: 'inspector-reports-download' }),
    route('reports/summary', 'routes/reports/summary.tsx', { id: 'inspector-reports-summary' }),
  ]),

  route('admin', 'routes/area/layout.tsx', { id: 'admin' }, [
    index('routes/area/index.tsx', { id: 'admin-index' }),
    route('profile', 'routes/profile/index.tsx', { id: 'admin-profile' }),
    route('dashboard', 'routes/dashboard/index.tsx', { id: 'admin-dashboard' }),
    route('events', 'routes/events/list.tsx', { id: 'admin-events' }),
    route('events/new', 'routes/events/new.tsx', { id: 'admin-events-new' }),
    route('events/:id', 'routes/events/detail.tsx', { id: 'admin-events-detail' }),
    route('events/:id/attachments', 'routes/events/upload.ts', { id: 'admin-events-upload' }),
    route('events/:id/attachments/:attachmentId', 'routes/events/download.ts', { id: 'admin-events-download' }),
    route('events/:id/attachments/:attachmentId/preview', 'routes/events/preview.ts', { id: 'admin-events-preview' }),
    route('reports', 'routes/reports/index.tsx', { id: 'admin-reports' }),
    route('reports/download', 'routes/reports/download.ts', { id: 'admin-reports-download' }),
    route('reports/summary', 'routes/reports/summary.tsx', { id: 'admin-reports-summary' }),
    route('road', 'routes/road/profile.tsx', { id: 'admin-road' }),
    route('assignments', 'routes/assignments/index.tsx', { id: 'admin-assignments' }),
    route('notifications', 'routes/notifications/list.tsx', { id: 'admin-notifications' }),
    route('users', 'routes/users/list.tsx', { id: 'admin-users' }),
    route('users/new', 'routes/users/new.tsx', { id: 'admin-users-new' }),
    route('users/:uuid/edit', 'routes/users/edit.tsx', { id: 'admin-users-edit' }),
    route('users/:uuid/delete', 'routes/users/delete.tsx', { id: 'admin-users-delete' }),
    route('users/:uuid/sessions', 'routes/users/account-action.tsx', { id: 'admin-users-sessions' }),
    route('users/:uuid/two-step', 'routes/users/account-action.tsx', { id: 'admin-users-two-step' }),
  ]),

  // The header's theme switcher posts here (a resource route: no page of its own).
  route('resources/theme', 'routes/resources/theme.ts'),

  // Live notifications of the signed-in user (server-sent events).
  route('resources/notifications/stream', 'routes/resources/notifications-stream.ts'),

  // The benchmark's bare comparison page, only in builds made by `npm run bench`.
  ...(process.env.BENCH_FLOOR ? [route('bench/floor', 'routes/bench-floor.tsx')] : []),

  // Anything else: the not-found page with status 404.
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
