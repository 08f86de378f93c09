import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { messages } from '@contract/messages';
import { healthSchema, readySchema } from '@contract/confirmations';
import { routeSchema } from '../http/route-schema';

export async function healthRoutes(app: FastifyInstance) {
  /**
   * Readiness for the load balancer: whether THIS process can serve
   * (docs/decisions/141-readiness-and-degraded-peers.md, which replaces decision 114's readiness):
   * 503 until it has warmed up (migrations done before the app was built, every route compiled:
   * Fastify's onReady) and as soon as it starts shutting down; 200 otherwise. Peers every replica
   * shares (PostgreSQL, the attachment storage, SMTP) are not asked here: their outage would take
   * every replica out of the balancer at once. The peer monitor (platform/health/peers.ts) watches them,
   * and the features that need them answer 503 with Retry-After on their own.
   */
  const ready = routeSchema({
    summary: 'Lista para recibir tráfico (balanceador de carga)',
    tags: ['Operación'],
    access: 'public',
    success: { payload: readySchema },
  });
  app.get('/api/ready', { schema: ready }, async (_request, reply) => {
    if (app.draining || !app.warmedUp)
      return reply
        .status(503)
        .header('retry-after', '1')
        .send({ errors: { message: messages.serviceUnavailable } });
    return { payload: { ready: true } };
  });

  const health = routeSchema({
    summary: 'El proceso vive y alcanza la base de datos',
    tags: ['Operación'],
    access: 'public',
    success: { payload: healthSchema },
  });
  app.get('/api/health', { schema: health }, async (request, reply) => {
    try {
      await app.db.execute(sql`select 1`);
      return { payload: { status: 'ok' } };
    } catch (err) {
      request.log.error({ err }, 'database unreachable');
      return reply.status(503).send({ errors: { message: messages.serviceUnavailable } });
    }
  });
}
