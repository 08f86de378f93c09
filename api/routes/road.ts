import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../http/auth';
import { roadProfile } from '../services/tickets/reference';

/** GET /api/road/profile: stretches with sector and commune, so a form can fill them from the kilometre. */
export async function roadRoutes(app: FastifyInstance) {
  app.get('/api/road/profile', { preHandler: requireAuth }, async () => ({ payload: await roadProfile(app.db) }));
}
