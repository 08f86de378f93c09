import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from '@contract/zod';
import { pageQuerySchema } from '@contract/envelope';
import { notificationListSchema } from '@contract/notification';
import { allReadSchema, unreadSchema } from '@contract/confirmations';
import { notFound } from '../http/errors';
import { routeSchema } from '../http/route-schema';
import { readBearerToken } from '@contract/auth';
import { principalOf, requireAuth } from '../http/auth';
import { resolveToken, tokenPolicy } from '../domain/accounts/tokens';

const profileParams = z.object({ id: z.string() });
const notificationParams = z.object({ id: z.coerce.number().int().positive() });

/** How often an idle stream says it is alive, so proxies keep it open. */
const HEARTBEAT_MS = 25_000;

const tags: [string] = ['Notificaciones'];

export async function notificationRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  // Open streams end as soon as the API starts to stop (before it waits for connections to
  // close), so shutdown never waits on a browser, which reconnects to another process.
  const streams = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of streams) end();
  });

  /** One's own notifications only; anyone else's profile is "not found". */
  const list = routeSchema({
    summary: 'Notificaciones propias, por página, con el número de no leídas',
    tags,
    access: 'signed-in',
    params: profileParams,
    querystring: pageQuerySchema,
    success: { payload: notificationListSchema },
    errors: [404],
  });
  app.get('/api/notification/profile/:id', { onRequest: requireAuth, schema: list }, async (request) => {
    const { id } = request.params;
    const me = principalOf(request);
    if (id !== me.profileId) throw notFound();
    return { payload: await app.notifier.list({ id, role: me.role }, request.query) };
  });

  const read = routeSchema({
    summary: 'Marcar una notificación como leída',
    tags,
    access: 'signed-in',
    params: notificationParams,
    success: { payload: unreadSchema },
    errors: [404],
  });
  app.post('/api/notification/:id/read', { onRequest: requireAuth, schema: read }, async (request) => {
    const { id } = request.params;
    const principal = principalOf(request);
    if (!(await app.notifier.markRead(principal.profileId, id))) throw notFound();
    return {
      payload: {
        unread: await app.notifier.unreadCount(principal.profileId),
      },
    };
  });

  const readAll = routeSchema({
    summary: 'Marcar todas las notificaciones propias como leídas',
    tags,
    access: 'signed-in',
    params: profileParams,
    success: { payload: allReadSchema },
    errors: [404],
  });
  app.post('/api/notification/profile/:id/read-all', { onRequest: requireAuth, schema: readAll }, async (request) => {
    const { id } = request.params;
    if (id !== principalOf(request).profileId) throw notFound();
    const marked = await app.notifier.markAllRead(id);
    return { payload: { marked, unread: 0 } };
  });

  /**
   * Server-sent events: each new notification of the caller, with the unread count. The token
   * is checked again before each event and each heartbeat: once the session ends (sign-out on
   * any process, suspension, password change), nothing more is sent and the stream closes.
   */
  const stream = routeSchema({
    summary: 'Notificaciones en vivo (server-sent events: `ready` con las no leídas, luego `notification`)',
    tags,
    access: 'signed-in',
    success: {
      content: {
        'text/event-stream': 'Eventos `ready` y `notification` (JSON en `data`), y un latido cada 25 s',
      },
    },
  });
  app.get('/api/notification/stream', { onRequest: requireAuth, schema: stream }, async (request, reply) => {
    const { profileId } = principalOf(request);
    const token = readBearerToken(request.headers.authorization)!;
    const policy = tokenPolicy(app.config);
    // Read straight from the database: another process may have ended the session.
    const stillSignedIn = async () => (await resolveToken(app.db, token, policy)).principal?.profileId === profileId;
    reply.hijack();
    const res = reply.raw;
    // The stream lives as long as the connection that asked for it (the web's relay, which ends
    // it when its browser leaves): once closed, nothing is sent, no token check is made, and its
    // subscriptions go (decision 142). Counted once each way for /metrics.
    let open = true;
    app.metrics.liveStreams.inc();
    const close = () => {
      if (!open) return;
      open = false;
      clearInterval(heartbeat);
      unsubscribe();
      stopResync();
      streams.delete(end);
      app.metrics.liveStreams.dec();
    };
    const end = () => {
      close();
      res.end();
    };
    res.once('close', close);
    const gone = () => !open || res.destroyed || res.writableEnded;
    // One write at a time, in order, each after its check.
    let queue = Promise.resolve();
    const send = (text: string | (() => Promise<string>)) => {
      queue = queue
        .then(async () => {
          if (gone()) return;
          if (!(await stillSignedIn())) return end();
          const body = typeof text === 'string' ? text : await text();
          if (!gone()) res.write(body);
        })
        .catch(() => end());
    };
    const readyEvent = async () => `event: ready\ndata: ${JSON.stringify({ unread: await app.notifier.unreadCount(profileId) })}\n\n`;
    const unsubscribe = app.notifier.bus.subscribe(profileId, (event) => send(`event: notification\ndata: ${JSON.stringify(event)}\n\n`));
    // Notifications may have been missed (the LISTEN connection was replaced): a fresh `ready`
    // with the count as it is now, which the browser takes as "refetch what you show".
    const stopResync = app.notifier.bus.onResync(() => send(readyEvent));
    const heartbeat = setInterval(() => send(': latido\n\n'), HEARTBEAT_MS);
    streams.add(end);
    // A web whose browser left while the request waited for its checks has closed already: that
    // 'close' came before the listener above, and nothing else would ever end the stream.
    if (res.destroyed || request.raw.socket?.destroyed) return close();
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    try {
      res.write(await readyEvent());
    } catch {
      end();
    }
  });
}
