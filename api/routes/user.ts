import type { FastifyInstance } from 'fastify';
import { userListQuerySchema } from '@contract/profile';
import { notFound, parseOr400 } from '../http/errors';
import { principalOf, requireAuth, requireRole } from '../http/auth';
import { listProfiles } from '../services/accounts';
import { findLiveProfileById, toMeResponse } from '../services/profiles';

export async function userRoutes(app: FastifyInstance) {
  app.get('/api/user/me', { preHandler: requireAuth }, async (request) => {
    const me = await findLiveProfileById(app.db, principalOf(request).profileId);
    if (!me) throw notFound();
    return { payload: toMeResponse(me) };
  });

  /** The admin's users table: page, size, search and filters. */
  app.get('/api/user/list', { preHandler: [requireAuth, requireRole('ADMIN')] }, async (request) => {
    const query = parseOr400(userListQuerySchema, request.query);
    return { payload: await listProfiles(app.db, query) };
  });
}
