import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../http/auth';
import { canSeeEveryTicket } from '../services/tickets/permissions';
import { listOperators } from '../services/tickets/reference';
import { allowRoles } from './ticket/guards';

/** /api/profile/...: the people tickets are assigned to. Account endpoints live in profile-accounts.ts. */
export async function profileRoutes(app: FastifyInstance) {
  app.get('/api/profile/operator', { preHandler: [requireAuth, allowRoles(canSeeEveryTicket)] }, async () => ({
    payload: await listOperators(app.db),
  }));
}
