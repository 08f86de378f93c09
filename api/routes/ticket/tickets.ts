import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { messages } from '@contract/messages';
import { isStaff } from '@contract/roles';
import { ticketCreateSchema, ticketUpdateSchema } from '@contract/ticket';
import { classificationSchema, ticketHistoryEntrySchema, ticketSchema } from '@contract/ticket-dto';
import { z } from '@contract/zod';
import { ApiError, badRequest, forbidden } from '../../http/errors';
import { routeSchema } from '../../http/route-schema';
import { allowRoles, requireAuth } from '../../http/auth';
import { canChangeTickets, canCreateTicket, canReadInternalNotes, canSendPhonePosition } from '@contract/permissions';
import { listClassifications } from '../../domain/tickets/reference';
import { readCalendar } from '../../domain/calendar/store';
import { deadlineOf } from '../../domain/tickets/deadline';
import type { TicketStatus } from '@contract/ticket-codes';
import { createTicket, ticketHistoryOf, toTicketDto, updateTicket } from '../../domain/tickets/store';
import { listComments } from '../../domain/tickets/comments';
import { listAttachments } from '../../domain/tickets/attachments';
import { ATTACHMENT_LIST_SIZE, COMMENT_LIST_SIZE, ticketQuerySchema, ticketWithConversationSchema } from '@contract/conversation';
import { chargeEvent } from '../../domain/quotas/write-quotas';
import { notifyTicketChange, publicRecipients } from '../../domain/notifications/ticket-events';
import { queueTicketReceipt } from '../../domain/notifications/receipt';
import { showsPerson } from '../../domain/privacy/access-record';
import { eventAsSeenBy, historyAsSeenBy } from '../../domain/privacy/masking';
import { actorOf, loadVisibleTicket, TICKET_ID, ticketParams, ticketOf, toApiError } from './guards';

const tags: [string] = ['Eventos'];

/**
 * A failed close says so in the specification's words (docs/specification.md, "8. The error catalogue"), not as a
 * generic validation failure.
 */
const closing = (request: FastifyRequest) => (request.body as { statusCode?: unknown } | null)?.statusCode === 'CLOSED';

/** One ticket: read, create, update (status, assignee, close, reopen), history; and the categories. */
export async function ticketRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const categories = routeSchema({
    summary: 'Tipos y subtipos de evento',
    tags,
    access: 'signed-in',
    success: { payload: z.array(classificationSchema) },
  });
  app.get('/api/ticket/category', { onRequest: requireAuth, schema: categories }, async () => ({
    payload: await listClassifications(app.db),
  }));

  const one = routeSchema({
    summary: 'Un evento; con include=conversation, también su historial y sus primeros comentarios y adjuntos',
    tags,
    access: 'signed-in',
    params: ticketParams,
    querystring: ticketQuerySchema,
    success: { payload: ticketWithConversationSchema.or(ticketSchema) },
    errors: [404],
  });
  app.get(`/api/ticket/${TICKET_ID}`, { onRequest: requireAuth, preValidation: loadVisibleTicket, schema: one }, async (request) => {
    const found = ticketOf(request);
    const now = new Date();
    // The time left on the event's own calendar (decision 181).
    const event = { ...toTicketDto(found, now), deadline: deadlineOf(await readCalendar(app.db, found.calendarId), found as { statusCode: TicketStatus; dueAt: Date; pausedAt: Date | null }, now) };
    const { role, profileId } = actorOf(request);
    // Staff opening a person's contact data leave a trace; the person reading their own does not (decision 151).
    if (profileId !== found.reporterId && showsPerson(found)) {
      app.accessRecord.note({ actorId: profileId, actorRole: role, subjectId: found.reporterId, ticketId: found.id, what: 'event' });
    }
    // The RUT whole only to the roles that handle events (decision 147).
    if (request.query.include !== 'conversation') return { payload: eventAsSeenBy(event, role) };
    // The detail page's reads in one answer, each as its own call gives it (decision 125).
    const [history, comments, attachments] = await Promise.all([
      ticketHistoryOf(app.db, found.id, canReadInternalNotes(role)),
      listComments(app.db, found.id, role, { page: 0, size: COMMENT_LIST_SIZE }),
      listAttachments(app.db, found.id, { page: 0, size: ATTACHMENT_LIST_SIZE }),
    ]);
    return { payload: eventAsSeenBy({ ...event, history, comments, attachments }, role) };
  });

  const history = routeSchema({
    summary: 'El historial de un evento',
    tags,
    access: 'signed-in',
    params: ticketParams,
    success: { payload: z.array(ticketHistoryEntrySchema) },
    errors: [404],
  });
  app.get(
    `/api/ticket/${TICKET_ID}/history`,
    {
      onRequest: requireAuth,
      preValidation: loadVisibleTicket,
      schema: history,
    },
    async (request) => {
      const actor = actorOf(request);
      const found = ticketOf(request);
      return {
        payload: historyAsSeenBy(await ticketHistoryOf(app.db, found.id, canReadInternalNotes(actor.role)), actor.role),
      };
    },
  );

  // Staff record on someone's behalf and must say through which channel (named with the other fields).
  const channelMissing = (request: FastifyRequest) =>
    isStaff(actorOf(request).role) && (request.body as { channelCode?: unknown } | null)?.channelCode === undefined;
  const create = routeSchema({
    summary: 'Crear un evento',
    tags,
    access: 'roles',
    body: ticketCreateSchema,
    success: { status: 201, payload: ticketSchema },
    errors: [409, 429],
  });
  app.post(
    '/api/ticket',
    {
      onRequest: [requireAuth, allowRoles(canCreateTicket)],
      schema: create,
      config: {
        onInvalid: (request, failure) =>
          channelMissing(request)
            ? {
                ...failure,
                fields: {
                  channelCode: messages.channelRequired,
                  ...failure.fields,
                },
              }
            : failure,
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const body = request.body;
      if (channelMissing(request))
        throw badRequest(messages.validationFailed, {
          channelCode: messages.channelRequired,
        });
      // Only a driver's own phone says where the event is; staff record calls (decision 157).
      if (body.position && !canSendPhonePosition(actor.role)) throw badRequest(messages.validationFailed, { position: messages.positionNotAllowed });
      try {
        const created = await createTicket(app.db, actor, body, new Date(), app.config.deadlineWarningShare, (tx) => chargeEvent(tx, app.config.quotas, actor));
        // The reporter's receipt, after the answer: a mail problem never fails the report.
        app.mailer.prepareLater(() => queueTicketReceipt(app.db, app.mailer, actor, created, app.config.publicWebUrl));
        return reply.status(201).send({ payload: created });
      } catch (error) {
        throw toApiError(error);
      }
    },
  );

  const update = routeSchema({
    summary: 'Modificar un evento: datos, estado, asignación, cierre (con motivo) o reapertura',
    tags,
    access: 'roles',
    params: ticketParams,
    body: ticketUpdateSchema,
    success: { payload: ticketSchema },
    errors: [404, 409],
  });
  // Seeing comes before changing: a driver asking about someone else's ticket gets 404.
  const changersOnly = async (request: FastifyRequest) => {
    if (!canChangeTickets(actorOf(request).role)) throw forbidden();
  };
  app.put(
    `/api/ticket/${TICKET_ID}`,
    {
      onRequest: requireAuth,
      preValidation: [loadVisibleTicket, changersOnly],
      schema: update,
      config: {
        onInvalid: (request, failure) => (closing(request) ? { ...failure, message: messages.ticketNotClosed } : failure),
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const before = ticketOf(request);
      const id = before.id;
      const closingNow = closing(request);
      try {
        const updated = await updateTicket(app.db, actor, id, request.body, new Date(), app.config.deadlineWarningShare);
        await notifyTicketChange(app.notifier, before, updated, actor.profileId, await publicRecipients(app.db, updated), request.body.closureMessage);
        return { payload: updated };
      } catch (error) {
        const mapped = toApiError(error);
        if (closingNow && mapped instanceof ApiError && mapped.statusCode === 400) {
          throw new ApiError(400, messages.ticketNotClosed, mapped.fields);
        }
        throw mapped;
      }
    },
  );
}
