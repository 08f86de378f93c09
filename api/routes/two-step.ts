import type { FastifyInstance } from 'fastify';
import { z } from '@contract/zod';
import { messages } from '@contract/messages';
import { twoStepCodeSchema, twoStepDisableSchema } from '@contract/two-step';
import { conflict, parseOr400 } from '../http/errors';
import { principalOf, requireAuth, requireFirstStep, requireRole } from '../http/auth';
import {
  completeSignIn,
  confirmEnrolment,
  disableTwoStep,
  pendingEnrolment,
  resetTwoStep,
  startEnrolment,
  twoStepStatus,
} from '../services/two-step';

const idParams = z.object({ id: z.uuid() });

/**
 * Two-step sign-in (issue 16, decision 113). The sign-in call itself keeps section 7's contract
 * (api/routes/auth.ts); these calls finish it, and set it up or take it down.
 */
export async function twoStepRoutes(app: FastifyInstance) {
  /** The code after the password: the token becomes a full one. */
  app.post('/api/auth/second-step', { preHandler: requireFirstStep }, async (request) => {
    const { code } = parseOr400(twoStepCodeSchema, request.body);
    await completeSignIn(app.db, app.loginThrottle, principalOf(request), code, request.ip);
    return { payload: { signedIn: true } };
  });

  app.get('/api/profile/me/two-step', { preHandler: requireAuth }, async (request) => ({
    payload: await twoStepStatus(app.db, principalOf(request), app.config.twoStepRoles),
  }));

  /** Enrolment: from Mi perfil (a full token) or right after the password where it is required (`enrol`). */
  const enrolling = (stage: string) => {
    if (stage === 'verify') throw conflict(messages.twoStepNotDue);
  };

  /** The enrolment under way, if any (the page reloaded): the same secret, not a new one. */
  app.get('/api/profile/me/two-step/setup', { preHandler: requireFirstStep }, async (request) => {
    const caller = principalOf(request);
    enrolling(caller.stage);
    return { payload: await pendingEnrolment(app.db, caller) };
  });

  app.post('/api/profile/me/two-step/setup', { preHandler: requireFirstStep }, async (request) => {
    const caller = principalOf(request);
    enrolling(caller.stage);
    return { payload: await startEnrolment(app.db, caller) };
  });

  app.post('/api/profile/me/two-step/confirm', { preHandler: requireFirstStep }, async (request) => {
    const caller = principalOf(request);
    enrolling(caller.stage);
    const { code } = parseOr400(twoStepCodeSchema, request.body);
    return { payload: { recoveryCodes: await confirmEnrolment(app.db, caller, code) }, message: messages.twoStepEnabled };
  });

  app.post('/api/profile/me/two-step/disable', { preHandler: requireAuth }, async (request) => {
    const { currentPassword } = parseOr400(twoStepDisableSchema, request.body);
    await disableTwoStep(app.db, app.loginThrottle, principalOf(request), currentPassword, request.ip, app.config.twoStepRoles);
    return { payload: { message: messages.twoStepDisabled } };
  });

  /** An admin's reset for a user who lost their phone: their sessions end too. */
  app.post('/api/profile/:id/two-step/reset', { preHandler: [requireAuth, requireRole('ADMIN')] }, async (request) => {
    const { id } = parseOr400(idParams, request.params);
    await resetTwoStep(app.db, id);
    return { payload: { message: messages.twoStepReset } };
  });
}
