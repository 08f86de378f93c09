import type { MiddlewareFunction } from 'react-router';
import { REQUEST_ID_HEADER } from '@contract/request-id.mjs';
import { ROLE_HEADER } from '../server/log-headers.mjs';
import { readAuth, requestSession } from '~/session.server';

/** The request id server/web.mjs gave this request (none when the app runs without it: tests, development). */
export function requestIdOf(request: Request): string | null {
  return request.headers.get(REQUEST_ID_HEADER);
}

/**
 * Tells the access log (server/access-log.mjs) the signed-in user's role; the server removes
 * the header before the answer leaves. After sessionMiddleware.
 */
export const roleForAccessLog: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const response = await next();
  const role = readAuth(await requestSession(request, context))?.user.role;
  if (role) {
    try {
      response.headers.set(ROLE_HEADER, role);
    } catch {
      // A response passed through from the API (a download) has read-only headers: no role then.
    }
  }
  return response;
};
