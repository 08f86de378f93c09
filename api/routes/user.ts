import type { FastifyInstance } from 'fastify';
import { userListQuerySchema } from '@contract/profile';
import { parseOr400 } from '../http/errors';
import { principalOf, requireAuth, requireRole } from '../http/auth';
import { listProfiles } from '../services/accounts';
import { toMeResponse } from '../services/profiles';

export async function userRoutes(app: FastifyInstance) {
  app.get('/api/user/me', { preHandler: requireAuth }, async (request) => {
    // The account as requireAuth just resolved it from the token (active, not deleted): the
    // same row, reused for at most a few seconds and forgotten after any account write.
    const { profileId, email, firstName, lastName, role } = principalOf(request);
    return { payload: toMeResponse({ id: profileId, email, firstName, lastName, profileCode: role }) };
  });

  /** The admin's users table: page, size, search and filters. */
  app.get('/api/user/list', { preHandler: [requireAuth, requireRole('ADMIN')] }, async (request) => {
    const query = parseOr400(userListQuerySchema, request.query);
    return { payload: await listProfiles(app.db, query) };
  });
}
