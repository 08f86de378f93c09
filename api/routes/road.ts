import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from '@contract/zod';
import { messages } from '@contract/messages';
import { canManageAccounts } from '@contract/permissions';
import { destinationsBodySchema, roadAxisSchema, roadProfileSchema } from '@contract/road';
import { AXIS_MAX_BYTES, parseAxisGeoJson } from '@contract/road-axis-geojson';
import { routeSchema } from '../http/route-schema';
import { allowRoles, requireAuth } from '../http/auth';
import { badRequest } from '../http/errors';
import { roadProfile, roadRange } from '../domain/tickets/reference';
import { axisETag, readAxis, saveAxis, saveDestinations } from '../domain/road/axis';

const tags: [string] = ['Ruta'];
/** The road's data is the admin's (docs/decisions/156-road-axis-and-projection.md). */
const adminOnly = [requireAuth, allowRoles(canManageAccounts)];

/**
 * GET /api/road/profile: stretches with sector and commune, so a form can fill them from the kilometre.
 * GET and PUT /api/road/axis: the carriageways' lines, for "Usar mi ubicación" (decisions 156-157).
 * PUT /api/road/destinations: where each orientation leads.
 */
export async function roadRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const profile = routeSchema({
    summary: 'Perfil de la ruta: tramos, kilómetros, sentidos y sus destinos',
    tags,
    access: 'signed-in',
    success: { payload: roadProfileSchema },
  });
  app.get('/api/road/profile', { onRequest: requireAuth, schema: profile }, async () => ({ payload: await roadProfile(app.db) }));

  const getAxis = routeSchema({
    summary: 'Eje de la ruta: los puntos de cada calzada con su kilómetro (ETag; 304 si no cambió)',
    tags,
    access: 'signed-in',
    success: { payload: roadAxisSchema },
    errors: [304],
  });
  app.get('/api/road/axis', { onRequest: requireAuth, schema: getAxis }, async (request, reply) => {
    const axis = await readAxis(app.db);
    const etag = axisETag(axis);
    // Static data read once per form: the browser keeps it and asks again only whether it changed.
    reply.header('etag', etag).header('cache-control', 'private, no-cache');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return { payload: axis };
  });

  const putAxis = routeSchema({
    summary: 'Importar el eje de la ruta (GeoJSON FeatureCollection de LineString, una por calzada)',
    tags,
    access: 'roles',
    body: z.unknown(),
    success: { payload: roadAxisSchema },
  });
  app.put('/api/road/axis', { onRequest: adminOnly, schema: putAxis, bodyLimit: AXIS_MAX_BYTES }, async (request) => {
    const range = (await roadRange(app.db)) ?? { minKm: 0, maxKm: 0 };
    const parsed = parseAxisGeoJson(request.body, range);
    if (!parsed.ok) throw badRequest(messages.validationFailed, { axis: parsed.errors.join('\n') });
    await saveAxis(app.db, parsed.axis);
    return { payload: parsed.axis };
  });

  const putDestinations = routeSchema({
    summary: 'Nombrar el destino de cada sentido ("hacia Valparaíso")',
    tags,
    access: 'roles',
    body: destinationsBodySchema,
    success: { payload: roadProfileSchema },
  });
  app.put('/api/road/destinations', { onRequest: adminOnly, schema: putDestinations }, async (request) => {
    await saveDestinations(app.db, request.body);
    return { payload: await roadProfile(app.db) };
  });
}
