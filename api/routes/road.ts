import type { FastifyInstance } from 'fastify';
import { roadProfileSchema } from '@contract/road';
import { routeSchema } from '../http/route-schema';
import { requireAuth } from '../http/auth';
import { roadProfile } from '../domain/tickets/reference';

/** GET /api/road/profile: stretches with sector and commune, so a form can fill them from the kilometre. */
export async function roadRoutes(app: FastifyInstance) {
  const profile = routeSchema({
    summary: 'Perfil de la ruta: tramos, kilómetros y sentidos',
    tags: ['Ruta'],
    access: 'signed-in',
    success: { payload: roadProfileSchema },
  });
  app.get('/api/road/profile', { onRequest: requireAuth, schema: profile }, async () => ({ payload: await roadProfile(app.db) }));
}
