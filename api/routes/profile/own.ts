import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { messages } from '@contract/messages';
import { ownPasswordSchema, ownProfileSchema, profileSchema } from '@contract/profile';
import { operatorSchema } from '@contract/operator';
import { sessionListSchema, sessionsEndedSchema } from '@contract/sessions';
import { messageSchema } from '@contract/confirmations';
import { z } from '@contract/zod';
import { notFound } from '../../http/errors';
import { routeSchema } from '../../http/route-schema';
import { allowRoles, principalOf, requireAuth } from '../../http/auth';
import { changeOwnPassword, ownProfile, updateOwnProfile } from '../../domain/accounts/own-profile';
import { endOwnSession, listOwnSessions } from '../../domain/accounts/sessions';
import { revokeAllTokens, tokenPolicy } from '../../domain/accounts/tokens';
import { canSeeEveryTicket } from '@contract/permissions';
import { listOperators } from '../../domain/tickets/reference';

/**
 * /api/profile/...: the people tickets are assigned to, and the caller's own account (Mi
 * perfil, every role; decision 103). Admin account endpoints live in profile-accounts.ts.
 */
const sessionParams = z.object({
  id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});

const tags: [string] = ['Perfil'];

export async function profileRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const operators = routeSchema({
    summary: 'Personas a quienes se asignan eventos',
    tags,
    access: 'roles',
    success: { payload: z.array(operatorSchema) },
  });
  app.get(
    '/api/profile/operator',
    {
      onRequest: [requireAuth, allowRoles(canSeeEveryTicket)],
      schema: operators,
    },
    async () => ({
      payload: await listOperators(app.db),
    }),
  );

  /** The caller's own account, as the admin's screens see a user. */
  const me = routeSchema({
    summary: 'La cuenta propia',
    tags,
    access: 'signed-in',
    success: { payload: profileSchema },
    errors: [404],
  });
  app.get('/api/profile/me', { onRequest: requireAuth, schema: me }, async (request) => ({
    payload: await ownProfile(app.db, principalOf(request)),
  }));

  /** Name, phone and address of the caller's own account. */
  const saveMe = routeSchema({
    summary: 'Guardar nombre, teléfono y dirección propios',
    tags,
    access: 'signed-in',
    body: ownProfileSchema,
    success: { payload: profileSchema },
    errors: [404],
  });
  app.post('/api/profile/me', { onRequest: requireAuth, schema: saveMe }, async (request) => {
    const input = request.body;
    return {
      payload: await updateOwnProfile(app.db, principalOf(request), input),
      message: messages.profileSaved,
    };
  });

  /** The caller's open sessions: device, address, last use (Mi perfil). */
  const sessions = routeSchema({
    summary: 'Las sesiones abiertas propias',
    tags,
    access: 'signed-in',
    success: { payload: sessionListSchema },
  });
  app.get('/api/profile/me/sessions', { onRequest: requireAuth, schema: sessions }, async (request) => ({
    payload: await listOwnSessions(app.db, principalOf(request), tokenPolicy(app.config)),
  }));

  /** Ends one of the caller's sessions (another device's, or this one). */
  const endOne = routeSchema({
    summary: 'Cerrar una sesión propia',
    tags,
    access: 'signed-in',
    params: sessionParams,
    success: { payload: sessionsEndedSchema },
    errors: [404],
  });
  app.post('/api/profile/me/sessions/:id/end', { onRequest: requireAuth, schema: endOne }, async (request) => {
    const { id } = request.params;
    if (!(await endOwnSession(app.db, principalOf(request), id))) throw notFound();
    return { payload: { ended: 1 } };
  });

  /** Ends every session of the caller but the one in use. */
  const endOthers = routeSchema({
    summary: 'Cerrar las demás sesiones propias',
    tags,
    access: 'signed-in',
    success: { payload: sessionsEndedSchema },
  });
  app.post('/api/profile/me/sessions/end-others', { onRequest: requireAuth, schema: endOthers }, async (request) => {
    const caller = principalOf(request);
    return {
      payload: {
        ended: await revokeAllTokens(app.db, caller.profileId, 'closed', caller.tokenId),
      },
    };
  });

  /** The caller's new password; the current one is asked, and every other session ends. */
  const password = routeSchema({
    summary: 'Cambiar la contraseña propia (pide la actual; cierra las demás sesiones)',
    tags,
    access: 'signed-in',
    body: ownPasswordSchema,
    success: { payload: messageSchema },
    errors: [404, 429],
  });
  app.post('/api/profile/password', { onRequest: requireAuth, schema: password }, async (request) => {
    const input = request.body;
    await changeOwnPassword(app.db, app.loginThrottle, principalOf(request), request.ip, input);
    return { payload: { message: messages.ownPasswordChanged } };
  });
}
