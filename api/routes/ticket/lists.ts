import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { nearbyQuerySchema, nearbyResponseSchema, ticketListQuerySchema, ticketListResponseSchema } from '@contract/ticket-list';
import { z } from '@contract/zod';
import { ApiError, notFound } from '../../http/errors';
import { formatMessage, messages } from '@contract/messages';
import { FOLIO_PATTERN, followParamsSchema, followResultSchema, myReportsSchema } from '@contract/ticket-follow';
import { NEARBY_HOURS } from '@contract/ticket-list';
import { followedFolios, followTicket, myReports, unfollowTicket } from '../../domain/tickets/followers';
import { routeSchema } from '../../http/route-schema';
import { allowRoles, requireAuth } from '../../http/auth';
import { listTickets } from '../../domain/tickets/list';
import { nearbyTickets } from '../../domain/tickets/nearby';
import { canFollowTickets, canSeeEveryTicket } from '@contract/permissions';
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
    const actor = actorOf(request);
    const withIds = seesOthersTicketDetails(actor.role);
    const now = new Date();
    const found = await nearbyTickets(app.db, query, now, withIds);
    if (!canFollowTickets(actor.role)) return { payload: found };
    // A driver sees which of them they follow already (decision 161).
    const followed = await followedFolios(app.db, actor.profileId, new Date(now.getTime() - NEARBY_HOURS * 3_600_000));
    return { payload: found.map((t) => ({ ...t, following: followed.has(t.folio) })) };
  });

  // "Es el mismo: avíseme de sus novedades" (issue 36, decision 161): drivers only.
  const drivers = { onRequest: [requireAuth, allowRoles(canFollowTickets)] };
  const follow = routeSchema({
    summary: 'Seguir un evento de los posibles duplicados (conductor): recibir sus novedades públicas en vez de reportarlo otra vez',
    tags,
    access: 'roles',
    params: followParamsSchema,
    success: { payload: followResultSchema },
    errors: [404, 409],
  });
  app.put('/api/ticket/follow/:folio', { ...drivers, schema: follow }, async (request) => {
    const { folio } = request.params;
    const outcome = FOLIO_PATTERN.test(folio) ? await followTicket(app.db, actorOf(request).profileId, folio, new Date()) : 'not-followable';
    if (outcome === 'not-followable') throw new ApiError(404, messages.ticketNotFollowable);
    if (outcome === 'own') throw new ApiError(409, messages.ownTicketNotFollowable);
    return { payload: { folio, following: true }, message: formatMessage(messages.ticketFollowed, { folio }) };
  });

  const unfollow = routeSchema({
    summary: 'Dejar de seguir un evento (conductor)',
    tags,
    access: 'roles',
    params: followParamsSchema,
    success: { payload: followResultSchema },
  });
  app.delete('/api/ticket/follow/:folio', { ...drivers, schema: unfollow }, async (request) => {
    const { folio } = request.params;
    await unfollowTicket(app.db, actorOf(request).profileId, folio);
    return { payload: { folio, following: false }, message: formatMessage(messages.ticketUnfollowed, { folio }) };
  });

  const mineAndFollowed = routeSchema({
    summary: 'Mis reportes (conductor): sus últimos eventos y los que sigue, con su estado y la última respuesta pública',
    tags,
    access: 'roles',
    success: { payload: myReportsSchema },
  });
  app.get('/api/ticket/my-reports', { ...drivers, schema: mineAndFollowed }, async (request) => ({
    payload: await myReports(app.db, actorOf(request).profileId),
  }));
}
