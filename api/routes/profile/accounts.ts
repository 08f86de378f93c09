import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from '@contract/zod';
import { messages } from '@contract/messages';
import { confirmEmailSchema, newProfileSchema, profileSchema, resetPasswordSchema, updateProfileSchema } from '@contract/profile';
import { accountAccessSchema, sessionsEndedSchema } from '@contract/sessions';
import { messageSchema } from '@contract/confirmations';
import { emailSchema, readBearerToken } from '@contract/auth';
import { badRequest, forbidden } from '../../http/errors';
import { privacyPolicyVersionSchema } from '@contract/privacy-policy';
import { routeSchema } from '../../http/route-schema';
import { canManageAccounts } from '@contract/permissions';
import { allowRoles, principalOf, requireAuth, resolvePrincipal } from '../../http/auth';
import { createProfile, deleteProfile, getProfile, setSuspended, updateProfile } from '../../domain/accounts/profile-admin';
import { requestPasswordReset, resetPassword } from '../../domain/accounts/password-reset';
import { revokeAllTokens, tokenPolicy } from '../../domain/accounts/tokens';
import { accountAccess } from '../../domain/accounts/sessions';
import { confirmEmail, resendEmailConfirmation, sendEmailConfirmation } from '../../domain/accounts/email-confirmation';

const idParams = z.object({ id: z.uuid() });
const adminOnly = { onRequest: [requireAuth, allowRoles(canManageAccounts)] };
const tags: [string] = ['Cuentas'];
const deletedSchema = z.object({
  deleted: z.literal(true),
  message: z.string(),
});
const emailParams = z.object({ email: z.string() });
const hasBearer = (request: FastifyRequest) => readBearerToken(request.headers.authorization) !== null;

/** A per-address limit for calls anyone may make (recovery, reset): a token changes nothing. */
const publicLimit = (max: number, minutes: number) => ({
  config: { rateLimit: { max, timeWindow: minutes * 60_000 } },
});

export async function profileAccountRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  /** Sign-up is limited per address, except for a signed-in admin creating users (a real token, not any bearer). */
  const signUpLimit = {
    config: {
      rateLimit: {
        max: 10,
        timeWindow: 60 * 60_000,
        allowList: async (request: FastifyRequest) => {
          const caller = await resolvePrincipal(app, request);
          return caller !== null && canManageAccounts(caller.role) && caller.stage === 'full';
        },
      },
    },
  };

  /** Sign-up (no token: a DRIVER) or an admin creating any user type. */
  /** Anyone may sign up; a caller with a token must be an admin (checked before the body is read). */
  async function noneOrAdmin(this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
    if (!hasBearer(request)) return;
    await requireAuth.call(this, request, reply, () => {});
    if (!canManageAccounts(principalOf(request).role)) throw forbidden();
  }
  const signUp = routeSchema({
    summary: 'Registro de un conductor (sin token) o alta de cualquier usuario (administrador)',
    tags,
    access: 'public',
    body: newProfileSchema,
    success: { status: 201, payload: profileSchema },
    errors: [400, 401, 403, 409, 429],
  });
  app.post('/api/profile/new', { ...signUpLimit, preValidation: noneOrAdmin, schema: signUp }, async (request, reply) => {
    const actor = request.principal;
    // A driver signing up accepts the policy in force; an admin's new user is shown it at first sign-in (decision 146).
    if (!actor) {
      const version = privacyPolicyVersionSchema.safeParse(request.body.privacyPolicyVersion);
      if (!version.success) {
        const message = version.error.issues[0]?.message ?? messages.privacyPolicyRequired;
        throw badRequest(message, { privacyPolicyVersion: message });
      }
    }
    const created = await createProfile(app.db, request.body, actor);
    // A driver who signed up is signed in at once; the link that confirms the address follows (decision 135).
    if (!created.emailConfirmed) {
      const account = { id: created.uuid, email: created.email, firstName: created.firstName, lastName: created.lastName };
      app.mailer.prepareLater(() => sendEmailConfirmation(app.db, app.mailer, account, app.config.publicWebUrl));
    }
    return reply.status(201).send({ payload: created });
  });

  /**
   * One user for the admin's edit and delete screens (docs/specification.md, "7. The calls it makes" lists no
   * such call; the web needs it).
   */
  const one = routeSchema({
    summary: 'Un usuario (administrador)',
    tags,
    access: 'roles',
    params: idParams,
    success: { payload: profileSchema },
    errors: [404],
  });
  app.get('/api/profile/:id', { ...adminOnly, schema: one }, async (request) => {
    const { id } = request.params;
    const found = await getProfile(app.db, id);
    const reader = principalOf(request);
    // The admin opening someone's account is recorded (decision 151); their own is not.
    if (reader.profileId !== id) app.accessRecord.note({ actorId: reader.profileId, actorRole: reader.role, subjectId: id, ticketId: null, what: 'user' });
    return { payload: found };
  });

  const update = routeSchema({
    summary: 'Modificar un usuario (administrador)',
    tags,
    access: 'roles',
    body: updateProfileSchema,
    success: { payload: profileSchema },
    errors: [404, 409],
  });
  app.post('/api/profile/update', { ...adminOnly, schema: update }, async (request) => {
    const input = request.body;
    return {
      payload: await updateProfile(app.db, input, principalOf(request)),
    };
  });

  const remove = routeSchema({
    summary: 'Eliminar un usuario (administrador)',
    tags,
    access: 'roles',
    params: idParams,
    success: { payload: deletedSchema },
    errors: [404, 409],
  });
  app.post('/api/profile/delete/:id', { ...adminOnly, schema: remove }, async (request) => {
    const { id } = request.params;
    await deleteProfile(app.db, id, principalOf(request));
    return { payload: { deleted: true, message: messages.userDeleted } };
  });

  const disable = routeSchema({
    summary: 'Suspender un usuario (administrador)',
    tags,
    access: 'roles',
    params: idParams,
    success: { payload: profileSchema },
    errors: [404, 409],
  });
  app.post('/api/profile/disable/:id', { ...adminOnly, schema: disable }, async (request) => {
    const { id } = request.params;
    return {
      payload: await setSuspended(app.db, id, true, principalOf(request)),
    };
  });

  /** Ends every session of a user (a lost phone, a shared computer): they sign in again. */
  const endAll = routeSchema({
    summary: 'Cerrar todas las sesiones de un usuario (administrador)',
    tags,
    access: 'roles',
    params: idParams,
    success: { payload: sessionsEndedSchema },
    errors: [404],
  });
  app.post('/api/profile/:id/sessions/end', { ...adminOnly, schema: endAll }, async (request) => {
    const { id } = request.params;
    const target = await getProfile(app.db, id);
    const actor = principalOf(request);
    const own = target.uuid === actor.profileId;
    const ended = await revokeAllTokens(app.db, target.uuid, own ? 'closed' : 'admin', own ? actor.tokenId : undefined);
    return { payload: { ended } };
  });

  /**
   * The account's sign-in state for the admin's user page, shown in one panel with its actions (decision 171):
   * active or suspended, open sessions (how many, last use), second step enrolled or not.
   */
  const access = routeSchema({
    summary: 'Estado de acceso de un usuario: suspensión, sesiones abiertas, segundo paso (administrador)',
    tags,
    access: 'roles',
    params: idParams,
    success: { payload: accountAccessSchema },
    errors: [404],
  });
  app.get('/api/profile/:id/access', { ...adminOnly, schema: access }, async (request) => {
    return { payload: await accountAccess(app.db, request.params.id, tokenPolicy(app.config)) };
  });

  /** The inverse of disable: reactivates a suspended user. */
  const enable = routeSchema({
    summary: 'Reactivar un usuario suspendido (administrador)',
    tags,
    access: 'roles',
    params: idParams,
    success: { payload: profileSchema },
    errors: [404, 409],
  });
  app.post('/api/profile/enable/:id', { ...adminOnly, schema: enable }, async (request) => {
    const { id } = request.params;
    return {
      payload: await setSuspended(app.db, id, false, principalOf(request)),
    };
  });

  /**
   * Forgotten password. A GET because docs/specification.md, "7. The calls it makes" says so; it only queues a mail.
   * The answer goes before the address is even looked up: same status, body and time whether or not it has an
   * account (docs/product-decisions.md, "Accounts").
   */
  const forgotten = routeSchema({
    summary: 'Contraseña olvidada: envía el enlace si la dirección tiene cuenta (misma respuesta si no)',
    tags,
    access: 'public',
    params: emailParams,
    success: { payload: messageSchema },
    errors: [429],
  });
  app.get('/api/profile/forgotten/:email', { ...publicLimit(5, 15), schema: forgotten }, async (request) => {
    const email = request.params.email.trim().toLowerCase();
    if (emailSchema.safeParse(email).success) {
      app.mailer.prepareLater(() => requestPasswordReset(app.db, app.mailer, email, app.config.publicWebUrl));
    }
    return { payload: { message: messages.recoverSent } };
  });

  const reset = routeSchema({
    summary: 'Nueva contraseña con el enlace recibido',
    tags,
    access: 'public',
    body: resetPasswordSchema,
    success: { payload: messageSchema },
    errors: [429],
  });
  app.post('/api/profile/reset', { ...publicLimit(10, 15), schema: reset }, async (request) => {
    const input = request.body;
    await resetPassword(app.db, input.token, input.password);
    return { payload: { message: messages.passwordChanged } };
  });

  /**
   * Opens the e-mailed confirmation link (decision 135). No token is needed: the link is the proof,
   * and it may be opened on another device than the one signed in. The web page POSTs it from a
   * button, so a mail scanner following the link confirms nothing.
   */
  const confirm = routeSchema({
    summary: 'Confirmar el correo con el enlace recibido',
    tags,
    access: 'public',
    body: confirmEmailSchema,
    success: { payload: messageSchema },
    errors: [429],
  });
  app.post('/api/profile/confirm-email', { ...publicLimit(10, 15), schema: confirm }, async (request) => {
    await confirmEmail(app.db, request.body.token);
    return { payload: { message: messages.emailConfirmed } };
  });

  /** "Reenviar confirmación" (Mi perfil): limited per account (in the database) and per address. */
  const resend = routeSchema({
    summary: 'Reenviar el enlace que confirma el correo propio',
    tags,
    access: 'signed-in',
    success: { payload: messageSchema },
    errors: [404, 409, 429],
  });
  app.post('/api/profile/me/confirm-email', { ...publicLimit(10, 60), onRequest: requireAuth, schema: resend }, async (request) => {
    await resendEmailConfirmation(app.db, app.mailer, principalOf(request).profileId, app.config.publicWebUrl);
    return { payload: { message: messages.emailConfirmationSent } };
  });
}
