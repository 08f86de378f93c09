import type { MiddlewareFunction } from 'react-router';
import { REQUEST_ID_HEADER } from '@contract/request-id.mjs';
import { ROLE_HEADER, ROUTE_HEADER } from '../../../server/log-headers.mjs';
import { roleOfArea } from '~/navigation/screens';
import { readAuth, requestSession } from '~/server/auth/session.server';

/** The request id server/web.mjs gave this request (none when the app runs without it: tests, development). */
export function requestIdOf(request: Request): string | null {
  return request.headers.get(REQUEST_ID_HEADER);
}

/**
 * A request's name in the log and the metrics: React Router's pattern (joined without a leading
 * slash, "operator/events/:id"), with the role area written out ("/driver/events/new", as each
 * area's pages are told apart), unless it is no area at all (then ":area": one name for any
 * address, never one per address tried).
 */
export function routeLabel(pattern: string, area: string | undefined): string {
  const label = `/${pattern}`.replace(/^\/+/, '/');
  return area && roleOfArea(area) ? label.replace(/^\/:area(?=\/|$)/, `/${area}`) : label;
}

/**
 * Tells the access log (server/access-log.mjs) the route pattern React Router matched and the
 * signed-in user's role; the server removes both headers before the answer leaves. First of the
 * root's middleware, so that a request another one refuses is named too.
 */
export const accessLogFields: MiddlewareFunction<Response> = async ({ request, context, pattern, params }, next) => {
  const response = await next();
  const role = readAuth(await requestSession(request, context))?.user.role;
  try {
    response.headers.set(ROUTE_HEADER, routeLabel(pattern, params.area));
    if (role) response.headers.set(ROLE_HEADER, role);
  } catch {
    // A response passed through from the API (a download) has read-only headers: the server
    // names its route itself then, and logs no role.
  }
  return response;
};
