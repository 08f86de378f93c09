import type { MiddlewareFunction } from 'react-router';
import { REQUEST_ID_HEADER } from '@contract/request-id.mjs';
import { ROLE_HEADER, ROUTE_HEADER } from '../server/log-headers.mjs';
import { readAuth, requestSession } from '~/session.server';

/** The request id server/web.mjs gave this request (none when the app runs without it: tests, development). */
export function requestIdOf(request: Request): string | null {
  return request.headers.get(REQUEST_ID_HEADER);
}

/**
 * Tells the access log (server/access-log.mjs) the route pattern React Router matched and the
 * signed-in user's role; the server removes both headers before the answer leaves. First of the
 * root's middleware, so that a request another one refuses is named too.
 */
export const accessLogFields: MiddlewareFunction<Response> = async ({ request, context, pattern }, next) => {
  const response = await next();
  const role = readAuth(await requestSession(request, context))?.user.role;
  try {
    // React Router joins the matched paths without a leading slash ("operator/events/:id").
    response.headers.set(ROUTE_HEADER, `/${pattern}`.replace(/^\/+/, '/'));
    if (role) response.headers.set(ROLE_HEADER, role);
  } catch {
    // A response passed through from the API (a download) has read-only headers: the server
    // names its route itself then, and logs no role.
  }
  return response;
};
