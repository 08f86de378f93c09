import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from '@contract/zod';
import { messages } from '@contract/messages';
import { recoveryCodesSchema, twoStepCodeSchema, twoStepDisableSchema, twoStepSetupSchema, twoStepStatusSchema } from '@contract/two-step';
import { messageSchema, signedInSchema } from '@contract/confirmations';
import { conflict } from '../../http/errors';
import { routeSchema } from '../../http/route-schema';
import { canManageAccounts, canUseTwoStep } from '@contract/permissions';
import { allowRoles, principalOf, requireAuth, requireFirstStep } from '../../http/auth';
import { DEVICE_HEADER, deviceTokenOf } from '../../domain/accounts/devices';
import { completeSignIn, confirmEnrolment, disableTwoStep, pendingEnrolment, resetTwoStep, startEnrolment, twoStepStatus } from '../../domain/accounts/two-step';

const idParams = z.object({ id: z.uuid() });

/**
 * Two-step sign-in (docs/decisions/113-two-step-sign-in.md). The sign-in call itself keeps the contract of
 * docs/specification.md, "7. The calls it makes" (api/routes/auth.ts); these calls finish it, and set it up or take it down.
 */
const tags: [string] = ['Segundo paso'];

/**
 * Every call of one's own second step is for the roles that may have one (contract/permissions.ts): a driver gets 403,
 * as for any call outside the permission table (decision 133).
 */
const twoStepUsers = allowRoles(canUseTwoStep);

export async function twoStepRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  /** The code after the password: the token becomes a full one. */
  const secondStep = routeSchema({
    summary: 'Completar el inicio de sesión con el segundo paso',
    tags,
    access: 'roles',
    body: twoStepCodeSchema,
    success: { payload: signedInSchema },
    successHeaders: {
      [DEVICE_HEADER]: 'Cuando el navegador aún no es un dispositivo conocido de la cuenta: su ficha de dispositivo',
    },
    errors: [409, 429],
  });
  app.post('/api/auth/second-step', { onRequest: [requireFirstStep, twoStepUsers], schema: secondStep }, async (request, reply) => {
    const { code } = request.body;
    const { deviceToken } = await completeSignIn(app.db, app.config.totpKeys, app.loginThrottle, principalOf(request), code, request.ip, deviceTokenOf(request.headers));
    // Fully signed in: the browser becomes a known device of the account (decision 133).
    if (deviceToken) reply.header(DEVICE_HEADER, deviceToken);
    return { payload: { signedIn: true } };
  });

  const status = routeSchema({
    summary: 'Estado del segundo paso de la cuenta propia',
    tags,
    access: 'roles',
    success: { payload: twoStepStatusSchema },
    errors: [404],
  });
  app.get('/api/profile/me/two-step', { onRequest: [requireAuth, twoStepUsers], schema: status }, async (request) => ({
    payload: await twoStepStatus(app.db, principalOf(request), app.config.twoStepRoles),
  }));

  /** Enrolment: from Mi perfil (a full token) or right after the password where it is required (`enrol`). */
  const enrolling = (stage: string) => {
    if (stage === 'verify') throw conflict(messages.twoStepNotDue);
  };

  /** The enrolment under way, if any (the page reloaded): the same secret, not a new one. */
  const pending = routeSchema({
    summary: 'La activación en curso, si hay una',
    tags,
    access: 'roles',
    success: { payload: twoStepSetupSchema.nullable() },
    errors: [404, 409],
  });
  app.get('/api/profile/me/two-step/setup', { onRequest: [requireFirstStep, twoStepUsers], schema: pending }, async (request) => {
    const caller = principalOf(request);
    enrolling(caller.stage);
    return { payload: await pendingEnrolment(app.db, app.config.totpKeys, caller) };
  });

  const setup = routeSchema({
    summary: 'Empezar a activar el segundo paso (nuevo secreto)',
    tags,
    access: 'roles',
    success: { payload: twoStepSetupSchema },
    errors: [404, 409],
  });
  app.post('/api/profile/me/two-step/setup', { onRequest: [requireFirstStep, twoStepUsers], schema: setup }, async (request) => {
    const caller = principalOf(request);
    enrolling(caller.stage);
    return { payload: await startEnrolment(app.db, app.config.totpKeys, caller) };
  });

  const confirm = routeSchema({
    summary: 'Confirmar la activación con un código; entrega los códigos de recuperación',
    tags,
    access: 'roles',
    body: twoStepCodeSchema,
    success: { payload: recoveryCodesSchema },
    errors: [404, 409, 429],
  });
  app.post('/api/profile/me/two-step/confirm', { onRequest: [requireFirstStep, twoStepUsers], schema: confirm }, async (request) => {
    const caller = principalOf(request);
    enrolling(caller.stage);
    const { code } = request.body;
    return {
      payload: {
        recoveryCodes: await confirmEnrolment(app.db, app.config.totpKeys, caller, code),
      },
      message: messages.twoStepEnabled,
    };
  });

  const disable = routeSchema({
    summary: 'Desactivar el segundo paso (con la contraseña)',
    tags,
    access: 'roles',
    body: twoStepDisableSchema,
    success: { payload: messageSchema },
    errors: [403, 404, 409, 429],
  });
  app.post('/api/profile/me/two-step/disable', { onRequest: [requireAuth, twoStepUsers], schema: disable }, async (request) => {
    const { currentPassword } = request.body;
    await disableTwoStep(app.db, app.loginThrottle, principalOf(request), currentPassword, request.ip, app.config.twoStepRoles);
    return { payload: { message: messages.twoStepDisabled } };
  });

  /** An admin's reset for a user who lost their phone: their sessions end too. */
  const reset = routeSchema({
    summary: 'Restablecer el segundo paso de un usuario (administrador)',
    tags,
    access: 'roles',
    params: idParams,
    success: { payload: messageSchema },
    errors: [404],
  });
  app.post('/api/profile/:id/two-step/reset', { onRequest: [requireAuth, allowRoles(canManageAccounts)], schema: reset }, async (request) => {
    const { id } = request.params;
    await resetTwoStep(app.db, id);
    return { payload: { message: messages.twoStepReset } };
  });
}
