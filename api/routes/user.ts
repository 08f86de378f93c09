import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { meQuerySchema, meResponseSchema, meWithUnreadSchema } from '@contract/auth';
import { pagedOf } from '@contract/envelope';
import { profileSchema, userListQuerySchema } from '@contract/profile';
import { routeSchema } from '../http/route-schema';
import { canManageAccounts } from '@contract/permissions';
import { allowRoles, principalOf, requireAuth } from '../http/auth';
import { listProfiles } from '../domain/accounts/profile-admin';
import { toMeResponse } from '../domain/accounts/profiles';

const tags: [string] = ['Usuarios'];

export async function userRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const me = routeSchema({
    summary: 'Quién es el usuario del token',
    tags,
    access: 'signed-in',
    querystring: meQuerySchema,
    success: { payload: meWithUnreadSchema.or(meResponseSchema) },
  });
  app.get('/api/user/me', { onRequest: requireAuth, schema: me }, async (request) => {
    // The account as requireAuth just resolved it from the token (active, not deleted): the
    // same row, reused for at most a few seconds and forgotten after any account write.
    const { profileId, email, firstName, lastName, role } = principalOf(request);
    const answer = toMeResponse({ id: profileId, email, firstName, lastName, profileCode: role });
    if (request.query.include !== 'unread') return { payload: answer };
    // The web app's signed-in pages show this count in their header (decision 125).
    return { payload: { ...answer, unread: await app.notifier.unreadCount(profileId) } };
  });

  /** The admin's users table: page, size, search and filters. */
  const list = routeSchema({
    summary: 'Usuarios, por página (administrador)',
    tags,
    access: 'roles',
    querystring: userListQuerySchema,
    success: { payload: pagedOf(profileSchema) },
  });
  app.get('/api/user/list', { onRequest: [requireAuth, allowRoles(canManageAccounts)], schema: list }, async (request) => {
    const query = request.query;
    const page = await listProfiles(app.db, query);
    const reader = principalOf(request);
    // A page of names, e-mails and RUTs: one entry per page read (decision 151).
    app.accessRecord.note({ actorId: reader.profileId, actorRole: reader.role, subjectId: null, ticketId: null, what: 'user-list' });
    return { payload: page };
  });
}
