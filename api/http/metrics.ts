import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { and, count, isNull, lte } from 'drizzle-orm';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { readBearerToken } from '@contract/auth';
import { mailQueue } from '../platform/db/schema';
import { MAIL_ATTEMPTS } from '../platform/mail/queue';
import type { ChannelHealth } from '../platform/cluster/channel';
import { notFound } from './errors';
import { routeLabelOf } from './logging';

/** A connection pool's use, when the database has one (PostgreSQL; the embedded one has none). */
export type PoolStats = () => { total: number; idle: number; waiting: number };

/**
 * The API's Prometheus metrics (docs/decisions/121-observability.md; what to alert on: docs/operations.md). One registry
 * per app: Prometheus scrapes each process, and sums across them.
 */
export class ApiMetrics {
  readonly registry = new Registry();
  readonly requests = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'API requests by method, route pattern and status, with their duration',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [this.registry],
  });
  readonly databaseErrors = new Counter({
    name: 'db_query_errors_total',
    help: 'Queries that failed, by kind (unavailable: no connection or timeout; refused: input the database refused; disk_full: no space to write; other)',
    labelNames: ['kind'] as const,
    registers: [this.registry],
  });
  readonly mailSent = new Counter({
    name: 'mail_sent_total',
    help: 'E-mails the mail server accepted',
    registers: [this.registry],
  });
  readonly mailFailed = new Counter({
    name: 'mail_failed_total',
    help: 'Delivery attempts that failed (retried later)',
    registers: [this.registry],
  });
  readonly mailGivenUp = new Counter({
    name: 'mail_given_up_total',
    help: 'E-mails given up after their last attempt: never delivered',
    registers: [this.registry],
  });
  readonly liveStreams = new Gauge({
    name: 'live_streams_open',
    help: 'Open live-notification streams',
    registers: [this.registry],
  });

  constructor(queueDepth: () => Promise<number>, poolStats?: PoolStats, queryCount?: () => number) {
    collectDefaultMetrics({ register: this.registry });
    if (queryCount) {
      new Counter({
        name: 'db_queries_total',
        help: 'Statements sent to the database (what one page view costs it: npm run bench)',
        registers: [this.registry],
        collect() {
          this.reset();
          this.inc(queryCount());
        },
      });
    }
    new Gauge({
      name: 'mail_queue_depth',
      help: 'E-mails waiting to be sent (due now or retrying later)',
      registers: [this.registry],
      async collect() {
        this.set(await queueDepth().catch(() => Number.NaN));
      },
    });
    if (poolStats) {
      new Gauge({
        name: 'db_pool_connections',
        help: 'Database pool connections by state (total, idle, waiting: requests queued for one)',
        labelNames: ['state'] as const,
        registers: [this.registry],
        collect() {
          const stats = poolStats();
          this.set({ state: 'total' }, stats.total);
          this.set({ state: 'idle' }, stats.idle);
          this.set({ state: 'waiting' }, stats.waiting);
        },
      });
    }
  }
}

/**
 * The cluster channel's LISTEN connection (docs/decisions/142-live-notifications-that-heal.md):
 * how long since its own heartbeat came back, and how many times it was replaced.
 */
export function watchChannel(metrics: ApiMetrics, health: ChannelHealth): void {
  new Gauge({
    name: 'cluster_listen_heartbeat_age_seconds',
    help: 'Seconds since this process last heard its own heartbeat back through LISTEN (above 2 periods: the listener is replaced)',
    registers: [metrics.registry],
    collect() {
      this.set(health.heartbeatAgeSeconds());
    },
  });
  new Counter({
    name: 'cluster_listen_reconnections_total',
    help: 'Times the LISTEN connection was replaced (lost, or silent past two heartbeats); each one resyncs the live streams',
    registers: [metrics.registry],
    collect() {
      this.reset();
      this.inc(health.reconnections());
    },
  });
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Counts every answer, and serves GET /metrics to whoever holds METRICS_TOKEN (as a bearer
 * token). Without the token configured, /metrics does not exist: the public never sees it.
 */
export function registerMetrics(app: FastifyInstance, poolStats?: PoolStats, queryCount?: () => number) {
  const metrics = new ApiMetrics(async () => {
    const [row] = await app.db
      .select({ n: count() })
      .from(mailQueue)
      .where(and(isNull(mailQueue.sentAt), lte(mailQueue.attempts, MAIL_ATTEMPTS - 1)));
    return row?.n ?? 0;
  }, poolStats, queryCount);
  app.decorate('metrics', metrics);
  app.addHook('onResponse', async (request, reply) => {
    const route = routeLabelOf(request);
    if (route === '/metrics') return;
    metrics.requests.observe(
      {
        method: request.method,
        route,
        status: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
  });
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const token = app.config.metricsToken;
    const given = readBearerToken(request.headers.authorization);
    if (!token || !given || !sameSecret(given, token)) throw notFound();
    reply.header('content-type', metrics.registry.contentType).header('cache-control', 'no-store');
    return metrics.registry.metrics();
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: ApiMetrics;
  }
}
