import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { meResponseSchema } from '@contract/auth';
import { pagedOf } from '@contract/envelope';
import { profileSchema, userListQuerySchema } from '@contract/profile';
import { routeSchema } from '../http/route-schema';
import { principalOf, requireAuth, requireRole } from '../http/auth';
import { listProfiles } from '../services/accounts';
import { toMeResponse } from '../services/profiles';

const tags: [string] = ['Usuarios'];

export async function userRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const me = routeSchema({
    summary: 'Quién es el usuario del token',
    tags,
    access: 'signed-in',
    success: { payload: meResponseSchema },
  });
  app.get('/api/user/me', { onRequest: requireAuth, schema: me }, async (request) => {
    // The account as requireAuth just resolved it from the token (active, not deleted): the
    // same row, reused for at most a few seconds and forgotten after any account write.
    const { profileId, email, firstName, lastName, role } = principalOf(request);
    return {
      payload: toMeResponse({
        id: profileId,
        email,
        firstName,
        lastName,
        profileCode: role,
      }),
    };
  });

  /** The admin's users table: page, size, search and filters. */
  const list = routeSchema({
    summary: 'Usuarios, por página (administrador)',
    tags,
    access: 'roles',
    querystring: userListQuerySchema,
    success: { payload: pagedOf(profileSchema) },
  });
  app.get('/api/user/list', { onRequest: [requireAuth, requireRole('ADMIN')], schema: list }, async (request) => {
    const query = request.query;
    return { payload: await listProfiles(app.db, query) };
  });
}
