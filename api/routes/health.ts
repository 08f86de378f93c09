import type { FastifyInstance } from 'fastify';
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

  /**
   * Liveness (the supervisor's restart check): the process runs and answers. No peer is asked:
   * with PostgreSQL down, a liveness check that queried it would have every API process restarted
   * in a loop (and a restart cannot even migrate), where waiting keeps them ready to serve the
   * moment it returns (decision 141).
   */
  const health = routeSchema({
    summary: 'El proceso vive y responde',
    tags: ['Operación'],
    access: 'public',
    success: { payload: healthSchema },
  });
  app.get('/api/health', { schema: health }, async () => ({ payload: { status: 'ok' as const } }));
}
