import type { FastifyInstance } from 'fastify';
import { nearbyQuerySchema, ticketListQuerySchema } from '@contract/ticket-list';
import { z } from '@contract/zod';
import { notFound, parseOr400 } from '../../http/errors';
import { requireAuth } from '../../http/auth';
import { listTickets } from '../../services/tickets/list';
import { nearbyTickets } from '../../services/tickets/nearby';
import { canSeeEveryTicket, myScope, seesOthersTicketDetails } from '../../services/tickets/permissions';
import { profileExists } from '../../services/tickets/reference';
import { actorOf, allowRoles } from './guards';

const uuid = z.uuid();

/** The three list scopes of section 7 (me, one operator, all) and the possible-duplicates lookup. */
export async function ticketListRoutes(app: FastifyInstance) {
  app.get('/api/ticket/list/me', { preHandler: requireAuth }, async (request) => {
    const query = parseOr400(ticketListQuerySchema, request.query);
    return { payload: await listTickets(app.db, myScope(actorOf(request)), query, new Date(), app.counterCache) };
  });

  app.get(
    '/api/ticket/list/operator/:id',
    { preHandler: [requireAuth, allowRoles(canSeeEveryTicket)] },
    async (request) => {
      const { id } = request.params as { id: string };
      if (!uuid.safeParse(id).success || !(await profileExists(app.db, id))) throw notFound();
      const query = parseOr400(ticketListQuerySchema, request.query);
      return { payload: await listTickets(app.db, { kind: 'assignee', profileId: id }, query, new Date(), app.counterCache) };
    },
  );

  app.get('/api/ticket/list/all', { preHandler: [requireAuth, allowRoles(canSeeEveryTicket)] }, async (request) => {
    const query = parseOr400(ticketListQuerySchema, request.query);
    return { payload: await listTickets(app.db, { kind: 'all' }, query, new Date(), app.counterCache) };
  });

  app.get('/api/ticket/nearby', { preHandler: requireAuth }, async (request) => {
    const query = parseOr400(nearbyQuerySchema, request.query);
    const withIds = seesOthersTicketDetails(actorOf(request).role);
    return { payload: await nearbyTickets(app.db, query, new Date(), withIds) };
  });
}
