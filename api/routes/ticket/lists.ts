import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { nearbyQuerySchema, nearbyResponseSchema, ticketListQuerySchema, ticketListResponseSchema } from '@contract/ticket-list';
import { z } from '@contract/zod';
import { notFound } from '../../http/errors';
import { routeSchema } from '../../http/route-schema';
import { allowRoles, requireAuth } from '../../http/auth';
import { listTickets } from '../../domain/tickets/list';
import { nearbyTickets } from '../../domain/tickets/nearby';
import { canSeeEveryTicket } from '@contract/permissions';
import { myScope, seesOthersTicketDetails } from '../../domain/tickets/permissions';
import { profileExists } from '../../domain/tickets/reference';
import { actorOf } from './guards';
import { listAsSeenBy } from '../../domain/privacy/masking';

const uuid = z.uuid();
const tags: [string] = ['Eventos'];
const operatorParams = z.object({ id: z.string() });

/**
 * The three list scopes of docs/specification.md, "7. The calls it makes" (me, one operator, all) and the
 * possible-duplicates lookup.
 */
export async function ticketListRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const list = (summary: string, access: 'signed-in' | 'roles', errors: number[] = []) =>
    routeSchema({
      summary,
      tags,
      access,
      querystring: ticketListQuerySchema,
      success: { payload: ticketListResponseSchema },
      errors,
    });
  const mine = list('Eventos propios (conductor) o asignados (personal), con contadores', 'signed-in');
  app.get('/api/ticket/list/me', { onRequest: requireAuth, schema: mine }, async (request) => {
    const query = request.query;
    return {
      payload: listAsSeenBy(await listTickets(app.db, myScope(actorOf(request)), query, new Date(), app.counterCache), actorOf(request).role),
    };
  });

  app.get(
    '/api/ticket/list/operator/:id',
    {
      onRequest: [requireAuth, allowRoles(canSeeEveryTicket)],
      schema: {
        ...list('Eventos asignados a una persona', 'roles', [404]),
        params: operatorParams,
      },
    },
    async (request) => {
      const { id } = request.params;
      if (!uuid.safeParse(id).success || !(await profileExists(app.db, id))) throw notFound();
      const query = request.query;
      return {
        payload: listAsSeenBy(await listTickets(app.db, { kind: 'assignee', profileId: id }, query, new Date(), app.counterCache), actorOf(request).role),
      };
    },
  );

  const all = list('Todos los eventos, con contadores', 'roles');
  app.get('/api/ticket/list/all', { onRequest: [requireAuth, allowRoles(canSeeEveryTicket)], schema: all }, async (request) => {
    const query = request.query;
    return {
      payload: listAsSeenBy(await listTickets(app.db, { kind: 'all' }, query, new Date(), app.counterCache), actorOf(request).role),
    };
  });

  const nearby = routeSchema({
    summary: 'Eventos recientes cerca de un kilómetro y sentido (posibles duplicados)',
    tags,
    access: 'signed-in',
    querystring: nearbyQuerySchema,
    success: { payload: nearbyResponseSchema },
  });
  app.get('/api/ticket/nearby', { onRequest: requireAuth, schema: nearby }, async (request) => {
    const query = request.query;
    const withIds = seesOthersTicketDetails(actorOf(request).role);
    return {
      payload: await nearbyTickets(app.db, query, new Date(), withIds),
    };
  });
}
