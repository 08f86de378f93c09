import type { FastifyInstance } from 'fastify';
import { z } from '@contract/zod';
import { pageQuerySchema } from '@contract/envelope';
import { notFound, parseOr400 } from '../http/errors';
import { readBearerToken } from '@contract/auth';
import { principalOf, requireAuth } from '../http/auth';
import { resolveToken, tokenPolicy } from '../services/tokens';

const profileParams = z.object({ id: z.string() });
const notificationParams = z.object({ id: z.coerce.number().int().positive() });

/** How often an idle stream says it is alive, so proxies keep it open. */
const HEARTBEAT_MS = 25_000;

export async function notificationRoutes(app: FastifyInstance) {
  // Open streams end as soon as the API starts to stop (before it waits for connections to
  // close), so shutdown never waits on a browser, which reconnects to another process.
  const streams = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of streams) end();
  });

  /** One's own notifications only; anyone else's profile is "not found". */
  app.get('/api/notification/profile/:id', { preHandler: requireAuth }, async (request) => {
    const { id } = parseOr400(profileParams, request.params);
    if (id !== principalOf(request).profileId) throw notFound();
    return { payload: await app.notifier.list(id, parseOr400(pageQuerySchema, request.query)) };
  });

  app.post('/api/notification/:id/read', { preHandler: requireAuth }, async (request) => {
    const { id } = parseOr400(notificationParams, request.params);
    const principal = principalOf(request);
    if (!(await app.notifier.markRead(principal.profileId, id))) throw notFound();
    return { payload: { unread: await app.notifier.unreadCount(principal.profileId) } };
  });

  app.post('/api/notification/profile/:id/read-all', { preHandler: requireAuth }, async (request) => {
    const { id } = parseOr400(profileParams, request.params);
    if (id !== principalOf(request).profileId) throw notFound();
    const marked = await app.notifier.markAllRead(id);
    return { payload: { marked, unread: 0 } };
  });

  /**
   * Server-sent events: each new notification of the caller, with the unread count. The token
   * is checked again before each event and each heartbeat: once the session ends (sign-out on
   * any process, suspension, password change), nothing more is sent and the stream closes.
   */
  app.get('/api/notification/stream', { preHandler: requireAuth }, async (request, reply) => {
    const { profileId } = principalOf(request);
    const token = readBearerToken(request.headers.authorization)!;
    const policy = tokenPolicy(app.config);
    // Read straight from the database: another process may have ended the session.
    const stillSignedIn = async () => (await resolveToken(app.db, token, policy)).principal?.profileId === profileId;
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    res.write(`event: ready\ndata: ${JSON.stringify({ unread: await app.notifier.unreadCount(profileId) })}\n\n`);
    // One write at a time, in order, each after its check.
    let queue = Promise.resolve();
    const send = (text: string) => {
      queue = queue
        .then(async () => {
          if (res.writableEnded) return;
          if (await stillSignedIn()) res.write(text);
          else end();
        })
        .catch(() => end());
    };
    const unsubscribe = app.notifier.bus.subscribe(profileId, (event) => send(`event: notification\ndata: ${JSON.stringify(event)}\n\n`));
    const heartbeat = setInterval(() => send(': latido\n\n'), HEARTBEAT_MS);
    const close = () => {
      clearInterval(heartbeat);
      unsubscribe();
      streams.delete(end);
    };
    const end = () => {
      close();
      res.end();
    };
    streams.add(end);
    request.raw.on('close', close);
  });
}
