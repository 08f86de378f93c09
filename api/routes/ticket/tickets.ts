import type { FastifyInstance } from 'fastify';
import { messages } from '@contract/messages';
import { ticketCreateSchemaFor, ticketUpdateSchema } from '@contract/ticket';
import { ApiError, badRequest, fieldErrors, forbidden, parseOr400 } from '../../http/errors';
import { requireAuth } from '../../http/auth';
import { canChangeTickets, canCreateTicket } from '../../services/tickets/permissions';
import { listClassifications } from '../../services/tickets/reference';
import { createTicket, ticketHistoryOf, toTicketDto, updateTicket } from '../../services/tickets/store';
import { seesInternalNotes } from '../../services/tickets/comments';
import { notifyTicketChange } from '../../services/notifications/ticket-events';
import { actorOf, allowRoles, TICKET_ID, ticketIdOf, toApiError, visibleTicket } from './guards';

/** One ticket: read, create, update (status, assignee, close, reopen), history; and the categories. */
export async function ticketRoutes(app: FastifyInstance) {
  app.get('/api/ticket/category', { preHandler: requireAuth }, async () => ({
    payload: await listClassifications(app.db),
  }));

  app.get(`/api/ticket/${TICKET_ID}`, { preHandler: requireAuth }, async (request) => {
    const found = await visibleTicket(app.db, actorOf(request), ticketIdOf(request));
    return { payload: toTicketDto(found, new Date()) };
  });

  app.get(`/api/ticket/${TICKET_ID}/history`, { preHandler: requireAuth }, async (request) => {
    const actor = actorOf(request);
    const found = await visibleTicket(app.db, actor, ticketIdOf(request));
    return { payload: await ticketHistoryOf(app.db, found.id, seesInternalNotes(actor.role)) };
  });

  app.post('/api/ticket', { preHandler: [requireAuth, allowRoles(canCreateTicket)] }, async (request, reply) => {
    const actor = actorOf(request);
    const body = parseOr400(ticketCreateSchemaFor(actor.role), request.body);
    try {
      const created = await createTicket(app.db, actor, body, new Date());
      return reply.status(201).send({ payload: created });
    } catch (error) {
      throw toApiError(error);
    }
  });

  app.put(`/api/ticket/${TICKET_ID}`, { preHandler: requireAuth }, async (request) => {
    const actor = actorOf(request);
    const id = ticketIdOf(request);
    // Seeing comes before changing: a driver asking about someone else's ticket gets 404.
    const before = await visibleTicket(app.db, actor, id);
    if (!canChangeTickets(actor.role)) throw forbidden();

    // A failed close says so in the specification's words.
    const closing = (request.body as { statusCode?: unknown } | null)?.statusCode === 'CLOSED';
    const parsed = ticketUpdateSchema.safeParse(request.body ?? {});
    if (!parsed.success) {
      throw badRequest(closing ? messages.ticketNotClosed : messages.validationFailed, fieldErrors(parsed.error));
    }
    try {
      const updated = await updateTicket(app.db, actor, id, parsed.data, new Date());
      await notifyTicketChange(app.notifier, before, updated, actor.profileId);
      return { payload: updated };
    } catch (error) {
      const mapped = toApiError(error);
      if (closing && mapped instanceof ApiError && mapped.statusCode === 400) {
        throw new ApiError(400, messages.ticketNotClosed, mapped.fields);
      }
      throw mapped;
    }
  });
}
