import type { FastifyInstance } from 'fastify';
import { ticketListRoutes } from './lists';
import { ticketRoutes } from './tickets';
import { conversationRoutes } from './conversation';

/**
 * /api/ticket/... Static segments (category, nearby, list/...) always win over the
 * numeric :id in Fastify's router, whatever the registration order.
 */
export async function ticketApiRoutes(app: FastifyInstance) {
  app.decorateRequest('ticket', null);
  await app.register(ticketListRoutes);
  await app.register(ticketRoutes);
  await app.register(conversationRoutes);
}
