import type { FastifyInstance } from 'fastify';
import { messages } from '@contract/messages';
import { ownPasswordSchema, ownProfileSchema } from '@contract/profile';
import { z } from '@contract/zod';
import { notFound, parseOr400 } from '../http/errors';
import { principalOf, requireAuth } from '../http/auth';
import { changeOwnPassword, ownProfile, updateOwnProfile } from '../services/own-account';
import { endOwnSession, listOwnSessions } from '../services/sessions';
import { revokeAllTokens, tokenPolicy } from '../services/tokens';
import { canSeeEveryTicket } from '../services/tickets/permissions';
import { listOperators } from '../services/tickets/reference';
import { allowRoles } from './ticket/guards';

/**
 * /api/profile/...: the people tickets are assigned to, and the caller's own account (Mi
 * perfil, every role; decision 103). Admin account endpoints live in profile-accounts.ts.
 */
const sessionParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

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

  /** The caller's open sessions: device, address, last use (Mi perfil). */
  app.get('/api/profile/me/sessions', { preHandler: requireAuth }, async (request) => ({
    payload: await listOwnSessions(app.db, principalOf(request), tokenPolicy(app.config)),
  }));

  /** Ends one of the caller's sessions (another device's, or this one). */
  app.post('/api/profile/me/sessions/:id/end', { preHandler: requireAuth }, async (request) => {
    const { id } = parseOr400(sessionParams, request.params);
    if (!(await endOwnSession(app.db, principalOf(request), id))) throw notFound();
    return { payload: { ended: 1 } };
  });

  /** Ends every session of the caller but the one in use. */
  app.post('/api/profile/me/sessions/end-others', { preHandler: requireAuth }, async (request) => {
    const caller = principalOf(request);
    return { payload: { ended: await revokeAllTokens(app.db, caller.profileId, caller.tokenId) } };
  });

  /** The caller's new password; the current one is asked, and every other session ends. */
  app.post('/api/profile/password', { preHandler: requireAuth }, async (request) => {
    const input = parseOr400(ownPasswordSchema, request.body);
    await changeOwnPassword(app.db, app.loginThrottle, principalOf(request), request.ip, input);
    return { payload: { message: messages.ownPasswordChanged } };
  });
}
