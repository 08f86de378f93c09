import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { formatMessage, messages } from '@contract/messages';
import { canAnswerPrivacyRequests } from '@contract/permissions';
import { formatDate } from '@contract/date-time';
import {
  blockingSchema,
  ownPrivacyRequestsSchema,
  privacyQueueQuerySchema,
  privacyQueueSchema,
  privacyRequestAnswerSchema,
  privacyRequestCreateSchema,
  privacyRequestSchema,
} from '@contract/privacy-requests';
import { z } from '@contract/zod';
import { notFound } from '../../http/errors';
import { routeSchema } from '../../http/route-schema';
import { allowRoles, principalOf, requireAuth } from '../../http/auth';
import { answerRequest, fileRequest, liftBlocking, ownRequests, readRequest, requestQueue } from '../../domain/privacy/requests';

/**
 * /api/privacy/requests and /api/privacy/blocking: requests under Ley 21.719 that an admin answers
 * (rectification, opposition, blocking; docs/decisions/150-privacy-requests-and-blocking.md). Everyone files
 * and reads their own; anyone else's request is "not found"; only the admin lists and answers.
 */
const requestParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

const tags: [string] = ['Datos personales'];

export async function privacyRequestRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  const file = routeSchema({
    summary: 'Presentar una solicitud propia de rectificación, oposición o bloqueo (Ley 21.719)',
    tags,
    access: 'signed-in',
    body: privacyRequestCreateSchema,
    success: { status: 201, payload: privacyRequestSchema },
    errors: [404, 409],
  });
  app.post('/api/privacy/requests', { onRequest: requireAuth, schema: file }, async (request, reply) => {
    const filed = await fileRequest(app.db, principalOf(request).profileId, request.body, app.config.privacyRequestDays);
    return reply.status(201).send({ payload: filed, message: formatMessage(messages.privacyRequestFiled, { date: formatDate(filed.dueAt) }) });
  });

  const mine = routeSchema({
    summary: 'Las solicitudes propias, de la más reciente a la más antigua, y si los datos propios están bloqueados',
    tags,
    access: 'signed-in',
    success: { payload: ownPrivacyRequestsSchema },
  });
  app.get('/api/privacy/requests/me', { onRequest: requireAuth, schema: mine }, async (request) => ({
    payload: await ownRequests(app.db, principalOf(request).profileId),
  }));

  const queue = routeSchema({
    summary: 'La cola de solicitudes: pendientes por plazo (la más próxima a vencer primero) o respondidas',
    tags,
    access: 'roles',
    querystring: privacyQueueQuerySchema,
    success: { payload: privacyQueueSchema },
  });
  app.get('/api/privacy/requests', { onRequest: [requireAuth, allowRoles(canAnswerPrivacyRequests)], schema: queue }, async (request) => ({
    payload: await requestQueue(app.db, request.query),
  }));

  const one = routeSchema({
    summary: 'Una solicitud: la propia, o cualquiera para el administrador',
    tags,
    access: 'signed-in',
    params: requestParams,
    success: { payload: privacyRequestSchema },
    errors: [404],
  });
  app.get('/api/privacy/requests/:id', { onRequest: requireAuth, schema: one }, async (request) => {
    const caller = principalOf(request);
    const found = await readRequest(app.db, request.params.id, { profileId: caller.profileId, mayAnswer: canAnswerPrivacyRequests(caller.role) });
    if (!found) throw notFound();
    return { payload: found };
  });

  const answer = routeSchema({
    summary: 'Responder una solicitud pendiente (una sola vez): acogerla o rechazarla, con la respuesta escrita',
    tags,
    access: 'roles',
    params: requestParams,
    body: privacyRequestAnswerSchema,
    success: { payload: privacyRequestSchema },
    errors: [404, 409],
  });
  app.post('/api/privacy/requests/:id/answer', { onRequest: [requireAuth, allowRoles(canAnswerPrivacyRequests)], schema: answer }, async (request) => {
    const { answered, announce } = await answerRequest(app.db, request.params.id, principalOf(request).profileId, request.body, {
      publish: (profileId, note, unread) =>
        app.notifier.bus.publish(profileId, {
          notification: { id: note.id, type: 'PRIVACY_REQUEST_ANSWERED', ticketId: null, folio: null, message: note.message, body: note.body, read: false, createdAt: note.createdAt.toISOString() },
          unread,
        }),
      deliverMail: () => void app.mailer.deliver(),
      publicWebUrl: app.config.publicWebUrl,
    });
    announce();
    return { payload: answered, message: messages.privacyRequestAnswered };
  });

  const lift = routeSchema({
    summary: 'Levantar el bloqueo de los datos propios',
    tags,
    access: 'signed-in',
    success: { payload: blockingSchema },
  });
  app.post('/api/privacy/blocking/lift', { onRequest: requireAuth, schema: lift }, async (request) => {
    await liftBlocking(app.db, principalOf(request).profileId);
    return { payload: { blockedAt: null }, message: messages.privacyBlockingLifted };
  });
}
