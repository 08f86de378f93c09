import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from '@contract/zod';
import { messages } from '@contract/messages';
import { newProfileSchema, resetPasswordSchema, updateProfileSchema } from '@contract/profile';
import { emailSchema, readBearerToken } from '@contract/auth';
import { forbidden, parseOr400 } from '../http/errors';
import { principalOf, requireAuth, requireRole, resolvePrincipal } from '../http/auth';
import { createProfile, deleteProfile, getProfile, setSuspended, updateProfile } from '../services/accounts';
import { requestPasswordReset, resetPassword } from '../services/password-reset';
import { revokeAllTokens } from '../services/tokens';

const idParams = z.object({ id: z.uuid() });
const adminOnly = { preHandler: [requireAuth, requireRole('ADMIN')] };
const hasBearer = (request: FastifyRequest) => readBearerToken(request.headers.authorization) !== null;

/** A per-address limit for calls anyone may make (recovery, reset): a token changes nothing. */
const publicLimit = (max: number, minutes: number) => ({ config: { rateLimit: { max, timeWindow: minutes * 60_000 } } });

export async function profileAccountRoutes(app: FastifyInstance) {
  /** Sign-up is limited per address, except for a signed-in admin creating users (a real token, not any bearer). */
  const signUpLimit = {
    config: {
      rateLimit: {
        max: 10,
        timeWindow: 60 * 60_000,
        allowList: async (request: FastifyRequest) => {
          const caller = await resolvePrincipal(app, request);
          return caller?.role === 'ADMIN' && caller.stage === 'full';
        },
      },
    },
  };

  /** Sign-up (no token: a DRIVER) or an admin creating any user type. */
  app.post('/api/profile/new', signUpLimit, async (request, reply) => {
    let actor = null;
    if (hasBearer(request)) {
      await requireAuth.call(app, request, reply, () => {});
      actor = principalOf(request);
      if (actor.role !== 'ADMIN') throw forbidden();
    }
    const input = parseOr400(newProfileSchema, request.body);
    const created = await createProfile(app.db, input, actor);
    return reply.status(201).send({ payload: created });
  });

  /** One user for the admin's edit and delete screens (section 7 lists no such call; the web needs it). */
  app.get('/api/profile/:id', adminOnly, async (request) => {
    const { id } = parseOr400(idParams, request.params);
    return { payload: await getProfile(app.db, id) };
  });

  app.post('/api/profile/update', adminOnly, async (request) => {
    const input = parseOr400(updateProfileSchema, request.body);
    return { payload: await updateProfile(app.db, input, principalOf(request)) };
  });

  app.post('/api/profile/delete/:id', adminOnly, async (request) => {
    const { id } = parseOr400(idParams, request.params);
    await deleteProfile(app.db, id, principalOf(request));
    return { payload: { deleted: true, message: messages.userDeleted } };
  });

  app.post('/api/profile/disable/:id', adminOnly, async (request) => {
    const { id } = parseOr400(idParams, request.params);
    return { payload: await setSuspended(app.db, id, true, principalOf(request)) };
  });

  /** Ends every session of a user (a lost phone, a shared computer): they sign in again. */
  app.post('/api/profile/:id/sessions/end', adminOnly, async (request) => {
    const { id } = parseOr400(idParams, request.params);
    const target = await getProfile(app.db, id);
    const actor = principalOf(request);
    const ended = await revokeAllTokens(app.db, target.uuid, target.uuid === actor.profileId ? actor.tokenId : undefined);
    return { payload: { ended } };
  });

  /** The inverse of disable: reactivates a suspended user. */
  app.post('/api/profile/enable/:id', adminOnly, async (request) => {
    const { id } = parseOr400(idParams, request.params);
    return { payload: await setSuspended(app.db, id, false, principalOf(request)) };
  });

  /**
   * Forgotten password. A GET because section 7 says so; it only queues a mail. The answer goes
   * before the address is even looked up: same status, body and time whether or not it has an
   * account (issue 16, item 11).
   */
  app.get('/api/profile/forgotten/:email', publicLimit(5, 15), async (request) => {
    const email = String((request.params as { email?: string }).email ?? '').trim().toLowerCase();
    if (emailSchema.safeParse(email).success) {
      app.mailer.prepareLater(() => requestPasswordReset(app.db, app.mailer, email, app.config.publicWebUrl));
    }
    return { payload: { message: messages.recoverSent } };
  });

  app.post('/api/profile/reset', publicLimit(10, 15), async (request) => {
    const input = parseOr400(resetPasswordSchema, request.body);
    await resetPassword(app.db, input.token, input.password);
    return { payload: { message: messages.passwordChanged } };
  });
}
