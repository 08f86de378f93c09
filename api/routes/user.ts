import type { FastifyInstance } from 'fastify';
import { notFound } from '../http/errors';
import { principalOf, requireAuth } from '../http/auth';
import { findLiveProfileById, toMeResponse } from '../services/profiles';

export async function userRoutes(app: FastifyInstance) {
  app.get('/api/user/me', { preHandler: requireAuth }, async (request) => {
    const me = await findLiveProfileById(app.db, principalOf(request).profileId);
    if (!me) throw notFound();
    return { payload: toMeResponse(me) };
  });
}
