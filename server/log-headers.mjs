// Headers between the app and its own HTTP server (server/web.mjs), never sent to a browser.

/** The signed-in user's role, for the access log: set by app/server/observability/observability.server.ts, removed by server/access-log.mjs. */
export const ROLE_HEADER = 'x-log-role';

/** The route pattern React Router matched ("/:area/events/:id"), set and removed the same way. */
export const ROUTE_HEADER = 'x-log-route';
