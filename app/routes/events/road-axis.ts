import type { Route } from './+types/road-axis';
import { roadAxisSchema } from '@contract/road';
import { requireAuth } from '~/server/auth/auth.server';
import { cached } from '~/server/api/api-cache.server';

/** As the road profile: the same for everyone, changed only by the admin (forgotten then, road/axis.tsx). */
const TTL_MS = 30_000;

/**
 * GET /{area}/events/road-axis: the road's axis as JSON, for "Usar mi ubicación" on the new-event
 * form (app/components/events/where-am-i.tsx), fetched once when the driver asks. Static data:
 * the browser keeps it and only asks whether it changed (decision 157).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { api } = await requireAuth(context);
  const axis = await cached('road-axis', TTL_MS, () => api.shared().get('/api/road/axis', roadAxisSchema));
  const body = JSON.stringify(axis);
  const etag = `"${body.length.toString(36)}-${hash(body)}"`;
  const headers = { 'content-type': 'application/json', etag, 'cache-control': 'private, no-cache' };
  if (request.headers.get('if-none-match') === etag) return new Response(null, { status: 304, headers });
  return new Response(body, { headers });
}

/** FNV-1a: enough to tell one axis from another in a validator. */
function hash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(36);
}
