import http from 'node:http';
import { sql } from 'drizzle-orm';
import path from 'node:path';
import type { Writable } from 'node:stream';
import type { Logger } from 'pino';
import { isValidHost } from '@contract/valid-host.mjs';
import { Counter } from 'prom-client';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import { ApiError } from './http/errors';
import { messages } from '@contract/messages';
import { API_DRAINING_HEADER } from '@contract/draining';
import type { Config } from './config';
import type { CopyOut, Database } from './platform/db/client';
import { clientErrorHandler, registerErrorHandling } from './http/error-handler';
import { loggerOptions, registerAccessLog } from './http/logging';
import { registerRequestGuards } from './http/request-guards';
import { registerMetrics, type PoolStats } from './http/metrics';
import { registerOpenApi } from './http/openapi';
import { registerSerialization, registerValidation } from './http/route-schema';
import { registerIdempotency, REPLAYED_HEADER } from './http/idempotency';
import { LoginThrottle, type ThrottleLimits } from './domain/accounts/login-throttle';
import { Mailer } from './platform/mail/mailer';
import { createMailTransport, type MailTransport } from './platform/mail/transport';
import { localChannel, RESYNC_TOPIC, type ClusterChannel } from './platform/cluster/channel';
import { NotificationBus } from './domain/notifications/bus';
import { Notifier } from './domain/notifications/notifier';
import { guardedStorage, localFileStorage, StorageFull, type FileStorage } from './platform/storage/storage';
import { s3FileStorage } from './platform/storage/s3-storage';
import { ReadCache } from './platform/cache/read-cache';
import { PeerMonitor, type PeerProbe } from './platform/health/peers';
import { databaseRateLimitStore } from './http/rate-limit-store';
import type { ScopeCounters } from './domain/tickets/list';
import type { ResolvedToken } from './domain/accounts/tokens';
import type { Statistics } from '@contract/statistics';
import { authRoutes } from './routes/auth';
import { twoStepRoutes } from './routes/profile/two-step';
import { healthRoutes } from './routes/health';
import { userRoutes } from './routes/user';
import { profileAccountRoutes } from './routes/profile/accounts';
import { profileRoutes } from './routes/profile/own';
import { roadRoutes } from './routes/road';
import { ticketApiRoutes } from './routes/ticket';
import { reportRoutes } from './routes/report';
import { calendarRoutes } from './routes/calendar';
import { classificationRoutes } from './routes/classification';
import { notificationRoutes } from './routes/notification';
import { privacyDeleteRoutes } from './routes/privacy/delete';
import { privacyRequestRoutes } from './routes/privacy/requests';
import { privacyExportRoutes } from './routes/privacy/export';
import { accessRecordRoutes } from './routes/privacy/access-record';
import { AccessRecord, ACCESS_RECORD_DEFAULTS } from './domain/privacy/access-record';
import { privacyPolicyRoutes } from './routes/privacy/policy';
import { uploadRoutes } from './routes/upload';
import { uploadStore, type UploadStore } from './domain/uploads/tus-store';
import { UploadLocker } from './domain/uploads/locker';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
    loginThrottle: LoginThrottle;
    mailer: Mailer;
    notifier: Notifier;
    storage: FileStorage;
    /** Concession-wide statistics, 30 s at most (late counts move with the clock). */
    statisticsCache: ReadCache<Statistics>;
    /** Each list scope's counters, exact until its next due date (list.ts). */
    counterCache: ReadCache<ScopeCounters>;
    /** Who is behind each token, for a few seconds between account writes (http/auth.ts). */
    principalCache: ReadCache<ResolvedToken>;
    /** True once the process has begun to shut down: readiness fails first (server.ts). */
    draining: boolean;
    /** True once every route is compiled (migrations ran before the app was built): readiness waits for it. */
    warmedUp: boolean;
    /** Probes the shared peers (database, storage, SMTP) for /metrics and the logs; server.ts starts it (decision 141). */
    peers: PeerMonitor;
    /** PostgreSQL's COPY to a stream, for reports at the database's speed (none on the embedded database). */
    copyOut: CopyOut | undefined;
    /** Every route the API answers (method and URL pattern), for tests that must cover them all. */
    routeTable: { method: string; url: string }[];
    /** Staff reads of personal data, written in batches (domain/privacy/access-record.ts, decision 151). */
    accessRecord: AccessRecord;
  }
}

export type AppDeps = {
  config: Config;
  db: Database;
  throttleLimits?: Partial<ThrottleLimits>;
  mailTransport?: MailTransport;
  storage?: FileStorage;
  /** Messages to the deployment's other API processes; this process alone by default. */
  channel?: ClusterChannel;
  /** Where log lines go instead of standard output (tests read them). */
  logStream?: Writable;
  /** The process's logger (http/logging.ts createApiLogger), shared with the database pool and the cluster channel. */
  logger?: Logger;
  /** The database pool's use, for /metrics (PostgreSQL only). */
  poolStats?: PoolStats;
  /** Statements sent to the database so far, for /metrics. */
  queryCount?: () => number;
  /** COPY … TO STDOUT (PostgreSQL only). */
  copyOut?: CopyOut;
  /** Where unfinished uploads wait instead of the configured store (tests). */
  uploadStore?: UploadStore;
};

const CACHE_TOPIC = 'cache';

/** JSON bodies are small: tickets and profiles. Files go through multipart with their own limits. */
const JSON_BODY_LIMIT = 256 * 1024;

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    ...loggerOptions(deps.config, deps.logStream, deps.logger),
    bodyLimit: JSON_BODY_LIMIT,
    // On close, idle keep-alive connections end at once; busy ones after their answer.
    forceCloseConnections: 'idle',
    // Only the web app's processes may say who the client is (server/client-address.mjs);
    // anyone else calling the API directly is known by their own socket address.
    trustProxy: deps.config.trustedWebAddresses.length > 0 ? deps.config.trustedWebAddresses : false,
    // A Host no URL can be built from ("[::1", "%00", empty): 400 in the envelope and the
    // connection closed before Fastify sees the request, as on the web app
    // (docs/decisions/131-no-request-stops-a-process.md).
    serverFactory: (handler, options) => {
      const server = http.createServer((req, res) => {
        if (req.headers.host !== undefined && !isValidHost(req.headers.host)) {
          res.shouldKeepAlive = false;
          res.writeHead(400, { 'content-type': 'application/json; charset=utf-8', connection: 'close' }).end(JSON.stringify({ errors: { message: messages.badRequest } }));
          req.resume();
          return;
        }
        // Shutting down (docs/decisions/143-web-fails-over-between-apis.md): a new request on a connection
        // kept alive from before does no work; its 503 names itself draining, so the web app sends
        // it to another API process at once, and the connection closes. Liveness and readiness
        // answer as usual (readiness says 503 itself). Requests already under way finish, their
        // answers closing their connections (the onSend hook below).
        if (app.draining && !req.url?.startsWith('/api/health') && !req.url?.startsWith('/api/ready')) {
          res.shouldKeepAlive = false;
          res
            .writeHead(503, { 'content-type': 'application/json; charset=utf-8', connection: 'close', 'retry-after': '1', [API_DRAINING_HEADER]: '1' })
            .end(JSON.stringify({ errors: { message: messages.serviceUnavailable } }));
          req.resume();
          return;
        }
        handler(req, res);
      });
      // What Fastify sets on a server of its own making (its defaults are filled in by now).
      const timeouts = options as { keepAliveTimeout?: number; requestTimeout?: number; connectionTimeout?: number };
      server.keepAliveTimeout = timeouts.keepAliveTimeout ?? 72_000;
      server.requestTimeout = timeouts.requestTimeout ?? 0;
      server.setTimeout(timeouts.connectionTimeout ?? 0);
      return server;
    },
    // The router's own refusals (a malformed or too long path parameter) in the envelope too.
    frameworkErrors: (error, _request, reply) => {
      void (reply as FastifyReply).status(400).send({ errors: { message: messages.badRequest } });
    },
    // What the HTTP parser refuses (a malformed Host, a body cut short) in the envelope, and the connection closed.
    clientErrorHandler,
  });
  app.decorate('config', deps.config);
  app.decorate('db', deps.db);
  app.decorate('copyOut', deps.copyOut);
  registerAccessLog(app);
  registerMetrics(app, deps.poolStats, deps.queryCount);
  registerValidation(app);
  registerSerialization(app, deps.config.env === 'test');
  // Exactly-once writes: the Idempotency-Key header on every write but the sign-in steps (decision 136).
  registerIdempotency(app);
  app.decorate('loginThrottle', new LoginThrottle(deps.db, { ...deps.config.signInLimits, ...deps.throttleLimits }));
  const transport =
    deps.mailTransport ??
    createMailTransport({
      smtpUrl: deps.config.smtpUrl,
      from: deps.config.mailFrom,
      outboxDir: path.join(deps.config.dataDir, 'outbox'),
    });
  app.decorate('mailer', new Mailer(deps.db, transport, app.log, app.metrics));
  const channel = deps.channel ?? localChannel();
  app.decorate(
    'notifier',
    new Notifier(deps.db, app.mailer, new NotificationBus(channel), deps.config.publicWebUrl, {
      holdMs: deps.config.mailHoldMs,
      periodMs: deps.config.mailDigestMs,
    }),
  );
  app.addHook('onClose', async () => {
    await app.mailer.idle();
    transport.close();
  });
  // Attachments: the S3-compatible store when configured (any process of the deployment reads
  // what another wrote), else the local folder (one machine, or one shared volume).
  const storage =
    deps.storage ??
    (deps.config.s3
      ? s3FileStorage(deps.config.s3)
      : localFileStorage(path.join(deps.config.dataDir, 'attachments'), { minFreeBytes: deps.config.attachmentMaxMb * 1024 * 1024 }));
  // While the peer monitor's last storage probe failed, attachment calls answer 503 (or, its disk
  // full, uploads 507) at once (decision 141).
  app.decorate(
    'storage',
    guardedStorage(storage, () => (app.peers.isUp('storage') !== false ? 'up' : app.peers.failureOf('storage') instanceof StorageFull ? 'full' : 'down')),
  );
  if (!deps.storage) app.addHook('onClose', async () => storage.close?.());
  registerAccessRecord(app, deps.db);
  app.decorate('statisticsCache', new ReadCache<Statistics>(30_000));
  app.decorate('counterCache', new ReadCache<ScopeCounters>(60_000));
  app.decorate('principalCache', new ReadCache<ResolvedToken>(5_000));
  // Any change to tickets (create, update, comment, attachment) makes cached ticket reads old;
  // any other write (sign-out, suspension, role, password...) may change who a token is.
  // Before the answer leaves, so the caller's next request already sees the change; and on
  // every other API process through the cluster channel (decision 112).
  const dropCaches = (which: 'tickets' | 'accounts' | 'all') => {
    if (which !== 'accounts') {
      app.statisticsCache.invalidate();
      app.counterCache.invalidate();
    }
    if (which !== 'tickets') app.principalCache.invalidate();
  };
  channel.subscribe(CACHE_TOPIC, (which) => dropCaches(which as 'tickets' | 'accounts'));
  channel.subscribe(RESYNC_TOPIC, () => dropCaches('all'));
  app.addHook('onSend', async (request, _reply, payload) => {
    if (request.method === 'GET' || request.method === 'HEAD') return payload;
    if (request.url.startsWith('/api/ticket')) channel.publish(CACHE_TOPIC, 'tickets');
    else if (!request.url.startsWith('/api/notification')) channel.publish(CACHE_TOPIC, 'accounts');
    return payload;
  });
  app.decorateRequest('principal', null);
  app.decorate('routeTable', []);
  app.decorate('draining', false);
  // While draining, every answer tells its keep-alive client to go (decision 143).
  app.addHook('onSend', async (_request, reply, payload) => {
    if (app.draining) reply.header('connection', 'close');
    return payload;
  });
  app.decorate('warmedUp', false);
  app.addHook('onReady', async () => {
    app.warmedUp = true;
  });
  // The peers every replica shares, watched without touching readiness (decision 141): the
  // database, the attachment storage (a probe written and removed), SMTP when configured.
  const probes: PeerProbe[] = [
    { name: 'database', check: () => deps.db.execute(sql`select 1`) },
    { name: 'storage', check: () => app.storage.ping() },
  ];
  if (transport.verify) probes.push({ name: 'mail', check: () => transport.verify!() });
  const localData = !deps.config.databaseUrl || !deps.config.s3;
  app.decorate(
    'peers',
    new PeerMonitor({
      probes,
      intervalMs: deps.config.healthCheck.intervalMs,
      timeoutMs: deps.config.healthCheck.timeoutMs,
      log: app.log,
      registry: app.metrics.registry,
      // The data folder's disk, when something of ours is written there (the embedded database, local attachments).
      diskPaths: localData ? [deps.config.dataDir] : [],
    }),
  );
  app.addHook('onClose', async () => app.peers.stop());
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') app.routeTable.push({ method, url: route.url });
  });

  // First, so every route (the plugins' own, such as CORS's preflight, too) answers in the envelope.
  registerErrorHandling(app);
  await app.register(helmet, { contentSecurityPolicy: { directives: { defaultSrc: ["'none'"] } } });
  await app.register(cors, {
    origin: deps.config.corsOrigins.length > 0 ? deps.config.corsOrigins : false,
    exposedHeaders: ['authorization', REPLAYED_HEADER],
  });
  // JSON only: any other body type is a 415, not something half-understood.
  app.removeContentTypeParser('text/plain');
  await app.register(multipart, {
    limits: { fileSize: deps.config.attachmentMaxMb * 1024 * 1024, files: deps.config.attachmentMaxFiles, fields: 10, parts: 20 },
  });
  // A malformed Host, or a multipart body to a route that reads none, is refused before any route runs.
  registerRequestGuards(app);
  // Per-route limits only (public account calls); sign-in has its own failure-based throttle.
  await app.register(rateLimit, {
    global: false,
    // Counted in the database: a limit holds for the deployment, not per process (docs/decisions/112-replicas.md).
    store: databaseRateLimitStore(deps.db),
    errorResponseBuilder: (_request, context) =>
      new ApiError(429, messages.tooManyAttempts, undefined, { 'retry-after': String(Math.ceil(context.ttl / 1000)) }),
  });

  await registerOpenApi(app);
  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(twoStepRoutes);
  await app.register(userRoutes);
  await app.register(profileAccountRoutes);
  await app.register(profileRoutes);
  await app.register(roadRoutes);
  await app.register(ticketApiRoutes);
  await app.register(reportRoutes);
  await app.register(calendarRoutes);
  await app.register(classificationRoutes);
  await app.register(notificationRoutes);
  await app.register(privacyDeleteRoutes);
  await app.register(privacyRequestRoutes);
  await app.register(privacyExportRoutes);
  await app.register(accessRecordRoutes);
  await app.register(privacyPolicyRoutes);
  // Resumable uploads (contract/uploads.ts, decisions 153 and 154): their bytes wait where attachments
  // would go (the bucket, or DATA_DIR/uploads), locked across processes through the database.
  const uploads = deps.uploadStore ?? uploadStore({ dataDir: deps.config.dataDir, s3: deps.config.s3 });
  app.decorate('uploads', uploads);
  if (!deps.uploadStore) app.addHook('onClose', async () => uploads.close?.());
  app.decorate('uploadCompletion', {
    db: deps.db,
    storage: app.storage,
    readUpload: (id: string) => uploads.read(id),
    removeUpload: (id: string) => uploads.remove(id),
    storedBytes: (id: string) => uploads.datastore.getUpload(id).then((u) => u.offset, () => undefined),
    quotas: deps.config.quotas,
    imageMaxPixels: deps.config.imageMaxPixels,
  });
  await app.register(uploadRoutes, { store: uploads, locker: new UploadLocker(deps.db, channel) });
  return app;
}

/**
 * The record of staff reads (decision 151): entries dropped past the cap or after a failed retry are counted for
 * /metrics and logged (no personal data: counts only); what waits is written when the app closes, before
 * server.ts closes the database.
 */
function registerAccessRecord(app: FastifyInstance, db: Database) {
  const dropped = new Counter({ name: 'access_record_dropped_total', help: 'Reads of personal data not recorded: dropped past the buffer cap or after a failed retry', registers: [app.metrics.registry] });
  let warned = false;
  const record = new AccessRecord(db, {
    ...ACCESS_RECORD_DEFAULTS,
    onDropped: (count) => {
      dropped.inc(count);
      if (!warned) app.log.error({ count }, 'access record buffer full: oldest entries dropped');
      warned = true;
    },
    onFailed: (err, count) => {
      dropped.inc(count);
      app.log.error({ err, count }, 'access record entries could not be written');
    },
  });
  app.decorate('accessRecord', record);
  app.addHook('onClose', async () => record.close());
}
