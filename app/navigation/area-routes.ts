// Loaded by React Router's build to make app/routes.ts, where the app's import aliases do not
// resolve: relative imports, or type imports (they leave no import behind).
import { ACCESS_RECORD_ROLES, DELETE_OWN_ACCOUNT_ROLES, FOLLOW_TICKET_ROLES, PHONE_POSITION_SENDERS, PRIVACY_REQUEST_ANSWERERS, SERVICE_LEVEL_ROLES, TICKET_PERMISSIONS } from '../../contract/permissions';
import type { Role } from '@contract/roles';
import type { Screen } from './screens';

/**
 * Every page and resource route under a role area, and who has it: the roles whose menu has its
 * screen (SCREENS_BY_ROLE), and of those only the roles named, when some are. app/routes.ts
 * builds the one `/:area` route tree from this list, and the area guard answers anything a role
 * does not have with the not-found page (decision 125).
 */
export type AreaRoute = { path: string; file: string; id: string; screen?: Screen; roles?: readonly Role[] };
export const AREA_ROUTES: readonly AreaRoute[] = [
  { path: 'profile', file: 'routes/profile/index.tsx', id: 'profile' },
  // "Eliminar mi cuenta y mis datos" (decision 149): drivers only, as canDeleteOwnAccount says.
  { path: 'profile/data/delete', file: 'routes/privacy/delete-account.tsx', id: 'privacy-delete', roles: DELETE_OWN_ACCOUNT_ROLES },
  // Mis datos (issue 34, decision 148): every role's own data, and its file (a resource route, ZIP).
  { path: 'profile/data', file: 'routes/privacy/my-data.tsx', id: 'profile-data' },
  { path: 'profile/data/download', file: 'routes/privacy/my-data-download.ts', id: 'profile-data-download' },
  { path: 'dashboard', file: 'routes/dashboard/index.tsx', id: 'dashboard', screen: 'dashboard' },
  { path: 'events', file: 'routes/events/list.tsx', id: 'events', screen: 'events' },
  { path: 'events/new', file: 'routes/events/new.tsx', id: 'events-new', screen: 'events', roles: TICKET_PERMISSIONS.create },
  // The driver's outbox sends its reports here (app/offline/outbox.ts): a resource route, JSON.
  { path: 'events/outbox', file: 'routes/resources/outbox-event.ts', id: 'events-outbox', screen: 'events', roles: TICKET_PERMISSIONS.create },
  // The road's axis for "Usar mi ubicación" (decision 157): drivers only, as canSendPhonePosition says.
  { path: 'events/road-axis', file: 'routes/events/road-axis.ts', id: 'events-road-axis', screen: 'events', roles: PHONE_POSITION_SENDERS },
  // "Es el mismo: avíseme de sus novedades" / "Dejar de seguir" (decision 161): drivers only, posted to.
  { path: 'events/follow', file: 'routes/events/follow.ts', id: 'events-follow', screen: 'events', roles: FOLLOW_TICKET_ROLES },
  { path: 'events/:id', file: 'routes/events/detail.tsx', id: 'events-detail', screen: 'events' },
  { path: 'events/:id/attachments', file: 'routes/events/upload.ts', id: 'events-upload', screen: 'events', roles: TICKET_PERMISSIONS.attach },
  { path: 'events/:id/attachments/:attachmentId', file: 'routes/events/download.ts', id: 'events-download', screen: 'events' },
  { path: 'events/:id/attachments/:attachmentId/preview', file: 'routes/events/preview.ts', id: 'events-preview', screen: 'events' },
  { path: 'reports', file: 'routes/reports/index.tsx', id: 'reports', screen: 'reports' },
  { path: 'reports/download', file: 'routes/reports/download.ts', id: 'reports-download', screen: 'reports' },
  { path: 'reports/summary', file: 'routes/reports/summary.tsx', id: 'reports-summary', screen: 'reports' },
  // The month's service levels (issue 37, decision 183): not the operators.
  { path: 'reports/service-level', file: 'routes/reports/service-level.tsx', id: 'reports-service-level', screen: 'reports', roles: SERVICE_LEVEL_ROLES },
  { path: 'road', file: 'routes/road/profile.tsx', id: 'road', roles: ['ADMIN'] },
  // The road's axis: its import (GeoJSON, decision 156) and its download.
  { path: 'road/axis', file: 'routes/road/axis.tsx', id: 'road-axis', roles: ['ADMIN'] },
  { path: 'road/axis/download', file: 'routes/road/axis-download.ts', id: 'road-axis-download', roles: ['ADMIN'] },
  // The admin's calendars and each classification's deadlines (issue 37, decision 180), linked from the reports page
  // beside the road; removing a changed day has its own confirmation page (it works without JavaScript).
  { path: 'calendars', file: 'routes/admin/calendars/index.tsx', id: 'calendars', roles: ['ADMIN'] },
  { path: 'calendars/:id/day/:day/remove', file: 'routes/admin/calendars/remove-day.tsx', id: 'calendars-remove-day', roles: ['ADMIN'] },
  // Who read drivers' personal data (decision 151): linked from the reports page.
  { path: 'privacy/access', file: 'routes/privacy/access-record.tsx', id: 'privacy-access', roles: ACCESS_RECORD_ROLES },
  { path: 'assignments', file: 'routes/assignments/index.tsx', id: 'assignments', screen: 'assignments' },
  { path: 'notifications', file: 'routes/notifications/list.tsx', id: 'notifications', screen: 'notifications' },
  { path: 'users', file: 'routes/admin/users/list.tsx', id: 'users', screen: 'users' },
  { path: 'users/new', file: 'routes/admin/users/new.tsx', id: 'users-new', screen: 'users' },
  { path: 'users/:uuid/edit', file: 'routes/admin/users/edit.tsx', id: 'users-edit', screen: 'users' },
  { path: 'users/:uuid/delete', file: 'routes/admin/users/delete.tsx', id: 'users-delete', screen: 'users' },
  { path: 'users/:uuid/sessions', file: 'routes/admin/users/account-action.tsx', id: 'users-sessions', screen: 'users' },
  { path: 'users/:uuid/two-step', file: 'routes/admin/users/account-action.tsx', id: 'users-two-step', screen: 'users' },
  // The account panel's suspension and reactivation (decision 171): a confirmation page each, as the two above.
  { path: 'users/:uuid/suspend', file: 'routes/admin/users/account-action.tsx', id: 'users-suspend', screen: 'users' },
  { path: 'users/:uuid/reactivate', file: 'routes/admin/users/account-action.tsx', id: 'users-reactivate', screen: 'users' },
  // Requests under Ley 21.719 (decision 150): everyone files their own; the admin answers the queue.
  { path: 'profile/data/requests', file: 'routes/privacy/my-requests.tsx', id: 'privacy-my-requests' },
  { path: 'privacy/requests', file: 'routes/privacy/queue.tsx', id: 'privacy-queue', screen: 'users', roles: PRIVACY_REQUEST_ANSWERERS },
  { path: 'privacy/requests/:id', file: 'routes/privacy/answer.tsx', id: 'privacy-answer', screen: 'users', roles: PRIVACY_REQUEST_ANSWERERS },
];
