import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { messages } from '@contract/messages';
import { canDeleteOwnAccount } from '@contract/permissions';
import { messageSchema } from '@contract/confirmations';
import { deleteAccountSchema } from '@contract/privacy-delete';
import { badRequest, notFound } from '../../http/errors';
import { routeSchema } from '../../http/route-schema';
import { allowRoles, principalOf, requireAuth } from '../../http/auth';
import { findLiveProfileById } from '../../domain/accounts/profiles';
import { verifyPassword } from '../../domain/accounts/passwords';
import { anonymiseProfile } from '../../domain/privacy/anonymise';
import { removeUploadsOf } from '../../domain/uploads/sweep';

const tags: [string] = ['Privacidad'];

/**
 * POST /api/privacy/me/delete: "Eliminar mi cuenta y mis datos" (Ley 19.628 art. 7 as amended; decision 149). The
 * password again confirms it and re-authenticates; wrong, nothing changes (400). Then the account closes at once
 * (every session ends) and the person's identifiers are removed (api/domain/privacy/anonymise.ts).
 */
export async function privacyDeleteRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const remove = routeSchema({
    summary: 'Eliminar la cuenta propia y sus datos personales (pide la contraseña; cierra todas las sesiones)',
    tags,
    access: 'roles',
    body: deleteAccountSchema,
    success: { payload: messageSchema },
    errors: [404, 429],
  });
  app.post('/api/privacy/me/delete', { onRequest: [requireAuth, allowRoles(canDeleteOwnAccount)], schema: remove }, async (request) => {
    const caller = principalOf(request);
    // Throttled as a sign-in is: per account and per address, failures only.
    const attempt = await app.loginThrottle.admit(`account-delete:${caller.profileId}`, request.ip);
    const row = await findLiveProfileById(app.db, caller.profileId);
    if (!row) throw notFound();
    if (!(await verifyPassword(row.passwordHash, request.body.password))) {
      await app.loginThrottle.failed(attempt);
      throw badRequest(messages.deletePasswordWrong, { password: messages.deletePasswordWrong });
    }
    await app.loginThrottle.succeeded(attempt);
    const done = await anonymiseProfile(app.db, app.storage, caller.profileId, request.idempotency?.key);
    // Their unfinished uploads too, bytes and rows (decision 154): nothing of theirs waits to be attached.
    await removeUploadsOf(app.db, caller.profileId, (id) => app.uploads.remove(id));
    request.log.info({ closedEvents: done?.closedEvents ?? 0, openEvents: done?.openEvents ?? 0 }, 'account suppressed at its holder\'s request');
    return { payload: { message: messages.accountDeleted } };
  });
}
