import type { Route } from './+types/notifications-stream';
import { createApiClient } from '~/server/api/api-client.server';
import { readAuth, requestSession } from '~/server/auth/session.server';

/**
 * Live notifications as server-sent events for the signed-in user. The web app holds the
 * token and relays the API's stream, so the browser never sees it.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await requestSession(request, context);
  const auth = readAuth(session);
  if (!auth) return new Response(null, { status: 401 });
  const upstream = await createApiClient(request, session, auth.token).stream('/api/notification/stream');
  return new Response(upstream.body, {
    headers: {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-accel-buffering': 'no',
    },
  });
}
