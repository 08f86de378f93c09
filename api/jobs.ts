import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { sweepLateTickets } from './services/notifications/late-sweep';

/**
 * Periodic work of the API: mail retries, the late-ticket sweep and, on the embedded
 * database (which has no autovacuum), fresh planner statistics: without them PostgreSQL
 * guesses a month holds a few rows and sorts it whole for every batch of a report.
 * Each run logs its own failure.
 */
export function startJobs(app: FastifyInstance, options: { embedded: boolean }): () => void {
  const every = (ms: number, job: () => Promise<unknown>) =>
    setInterval(() => void job().catch((err: unknown) => app.log.error({ err }, 'periodic job failed')), ms);
  const timers = [
    every(15_000, () => app.mailer.deliver()),
    every(60_000, () => sweepLateTickets(app.db, app.notifier)),
    ...(options.embedded ? [every(30 * 60_000, () => app.db.execute(sql`analyze`))] : []),
  ];
  for (const timer of timers) timer.unref();
  return () => timers.forEach(clearInterval);
}
