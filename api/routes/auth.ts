import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authRequestSchema, signedOutSchema } from '@contract/auth';
import { authResponseSchema } from '@contract/two-step';
import { messages } from '@contract/messages';
import { ApiError, unauthorized } from '../http/errors';
import { routeSchema } from '../http/route-schema';
import { principalOf, requireFirstStep } from '../http/auth';
import { verifyAgainstNothing, verifyPassword } from '../domain/accounts/passwords';
import { findLiveProfileByEmail, toMeResponse } from '../domain/accounts/profiles';
import { issueToken, lastSessionEndedByAdmin, revokeToken, revokeTokenByValue, tokenPolicy } from '../domain/accounts/tokens';
import { DEVICE_HEADER, deviceTokenOf, knownDevice, rememberDevice } from '../domain/accounts/devices';
import { readBearerToken } from '@contract/auth';
import { stageAfterPassword } from '../domain/accounts/two-step';

export async function authRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  /** Sign-in: the token travels in the authorization header as "Bearer {token}". */
  const signIn = routeSchema({
    summary: 'Iniciar sesión',
    tags: ['Autenticación'],
    access: 'public',
    body: authRequestSchema,
    success: { payload: authResponseSchema },
    successHeaders: {
      authorization: 'Bearer {token}: el token para las demás llamadas',
      [DEVICE_HEADER]: 'Cuando el navegador aún no es un dispositivo conocido de la cuenta: su ficha de dispositivo, para enviarla en los próximos inicios de sesión',
    },
    errors: [401, 403, 429],
  });
  app.post('/api/auth', { schema: signIn }, async (request, reply) => {
    const body = request.body;
    const throttle = app.loginThrottle;
    // A browser that signed in to this account before is exempt from the account-wide limit (decision 133).
    const device = await knownDevice(app.db, deviceTokenOf(request.headers), { email: body.email });
    const attempt = await throttle.admit(body.email, request.ip, device);

    const account = await findLiveProfileByEmail(app.db, body.email);
    const passwordOk = account ? await verifyPassword(account.passwordHash, body.password) : await verifyAgainstNothing(body.password);
    if (!account || !passwordOk) {
      await throttle.failed(attempt);
      throw unauthorized(messages.invalidCredentials);
    }
    await throttle.succeeded(attempt);
    // Only someone who knows the password learns that the account is suspended.
    if (account.status !== 'ACTIVE') throw new ApiError(403, messages.accountSuspended);

    // Told once, at this sign-in, when an administrator ended the last session (decision 172).
    const lastSessionEnded = await lastSessionEndedByAdmin(app.db, account.id);

    // A browser signing in again hands over the token it held (this one's bearer): it ends here,
    // whoever it was for, so a replaced session or half-open second step stops working (decision 133).
    const replaced = readBearerToken(request.headers.authorization);
    if (replaced) await revokeTokenByValue(app.db, replaced, 'signed-out');

    // Staff with a second step get a token that opens only that step (decision 113).
    const stage = stageAfterPassword(account, app.config.twoStepRoles);
    const token = await issueToken(
      app.db,
      account.id,
      tokenPolicy(app.config),
      { userAgent: request.headers['user-agent'] ?? null, address: request.ip },
      stage,
    );
    reply.header('authorization', `Bearer ${token}`);
    reply.header('cache-control', 'no-store');
    // Fully signed in: this browser is now a known device of the account (after the second step where one is due).
    if (stage === 'full') {
      const deviceToken = await rememberDevice(app.db, account.id, device);
      if (deviceToken) reply.header(DEVICE_HEADER, deviceToken);
    }
    const told = lastSessionEnded ? { lastSessionEnded } : {};
    return {
      payload: stage === 'full' ? { ...toMeResponse(account), ...told } : { ...toMeResponse(account), secondStep: stage, ...told },
    };
  });

  /** Sign-out: the token stops working at once. */
  const signOut = routeSchema({
    summary: 'Cerrar sesión',
    tags: ['Autenticación'],
    access: 'signed-in',
    success: { payload: signedOutSchema },
  });
  app.post('/api/auth/logout', { onRequest: requireFirstStep, schema: signOut }, async (request) => {
    await revokeToken(app.db, principalOf(request).tokenId, 'signed-out');
    return { payload: { signedOut: true } };
  });
}
