import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { messages } from '@contract/messages';

export async function healthRoutes(app: FastifyInstance) {
  app.get('/api/health', async (request, reply) => {
    try {
      await app.db.execute(sql`select 1`);
      return { payload: { status: 'ok' } };
    } catch (err) {
      request.log.error({ err }, 'database unreachable');
      return reply.status(503).send({ errors: { message: messages.serviceUnavailable } });
    }
  });
}
