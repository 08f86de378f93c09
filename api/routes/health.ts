import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { messages } from '@contract/messages';
import { healthSchema, readySchema } from '@contract/confirmations';
import { routeSchema } from '../http/route-schema';

/** How long readiness waits for the database before saying no. */
const READY_CHECK_MS = 1_000;

const within = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms).unref())]);

export async function healthRoutes(app: FastifyInstance) {
  /**
   * Readiness for the load balancer (docs/decisions/114-graceful-shutdown-and-readiness.md): 503 as soon as the
   * process starts shutting down, or while the database or the attachment storage cannot be reached; 200 otherwise.
   */
  const ready = routeSchema({
    summary: 'Lista para recibir tráfico (balanceador de carga)',
    tags: ['Operación'],
    access: 'public',
    success: { payload: readySchema },
  });
  app.get('/api/ready', { schema: ready }, async (request, reply) => {
    if (app.draining)
      return reply
        .status(503)
        .header('retry-after', '1')
        .send({ errors: { message: messages.serviceUnavailable } });
    try {
      await within(app.db.execute(sql`select 1`), READY_CHECK_MS);
      await within(app.storage.ping(), READY_CHECK_MS);
      return { payload: { ready: true } };
    } catch (err) {
      request.log.error({ err }, 'not ready');
      return reply
        .status(503)
        .header('retry-after', '5')
        .send({ errors: { message: messages.serviceUnavailable } });
    }
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
