import type { Route } from './+types/axis-download';
import { roadAxisSchema } from '@contract/road';
import { axisToGeoJson } from '@contract/road-axis-geojson';
import { requireAuth } from '~/server/auth/auth.server';

/** GET /admin/road/axis/download: the stored axis as the same GeoJSON the import takes (decision 156). */
export async function loader({ context }: Route.LoaderArgs) {
  const { api } = await requireAuth(context);
  const axis = await api.get('/api/road/axis', roadAxisSchema);
  return new Response(JSON.stringify(axisToGeoJson(axis), null, 1), {
    headers: {
      'content-type': 'application/geo+json; charset=utf-8',
      'content-disposition': 'attachment; filename="eje-ruta.geojson"',
      'cache-control': 'private, no-store',
    },
  });
}
