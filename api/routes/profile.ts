import type { FastifyInstance } from 'fastify';
import { messages } from '@contract/messages';
import { ownPasswordSchema, ownProfileSchema } from '@contract/profile';
import { parseOr400 } from '../http/errors';
import { principalOf, requireAuth } from '../http/auth';
import { changeOwnPassword, ownProfile, updateOwnProfile } from '../services/own-account';
import { canSeeEveryTicket } from '../services/tickets/permissions';
import { listOperators } from '../services/tickets/reference';
import { allowRoles } from './ticket/guards';

/**
 * /api/profile/...: the people tickets are assigned to, and the caller's own account (Mi
 * perfil, every role; decision 103). Admin account endpoints live in profile-accounts.ts.
 */
export async function profileRoutes(app: FastifyInstance) {
  app.get('/api/profile/operator', { preHandler: [requireAuth, allowRoles(canSeeEveryTicket)] }, async () => ({
    payload: await listOperators(app.db),
  }));

  /** The caller's own account, as the admin's screens see a user. */
  app.get('/api/profile/me', { preHandler: requireAuth }, async (request) => ({
    payload: await ownProfile(app.db, principalOf(request)),
  }));

  /** Name, phone and address of the caller's own account. */
  app.post('/api/profile/me', { preHandler: requireAuth }, async (request) => {
    const input = parseOr400(ownProfileSchema, request.body);
    return { payload: await updateOwnProfile(app.db, principalOf(request), input), message: messages.profileSaved };
  });

  /** The caller's new password; the current one is asked, and every other session ends. */
  app.post('/api/profile/password', { preHandler: requireAuth }, async (request) => {
    const input = parseOr400(ownPasswordSchema, request.body);
    await changeOwnPassword(app.db, app.loginThrottle, principalOf(request), request.ip, input);
    return { payload: { message: messages.ownPasswordChanged } };
  });
}
