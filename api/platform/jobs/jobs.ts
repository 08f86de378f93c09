import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { queryRows, type Database } from '../db/client';
import { jobLease } from '../db/schema';
import { sweepLateTickets } from '../../domain/notifications/late-sweep';
import { sweepDeadlineNotices } from '../../domain/notifications/deadline-sweep';
import { sweepOrphanFiles } from '../storage/orphan-sweep';
import { flushDigests } from '../../domain/notifications/digest';
import { pruneQuotas } from '../../domain/quotas/write-quotas';
import { sweepKeys } from '../../domain/idempotency/store';
import { applyRetention } from '../../domain/privacy/retention';
import { sweepExpiredUploads } from '../../domain/uploads/sweep';

/**
 * Takes this period's turn at `job` for `holder` when nobody holds it (or their lease ran out):
 * true for exactly one process per period, however many ask at once (docs/decisions/112).
 */
export async function takeTurn(db: Database, job: string, holder: string, leaseMs: number): Promise<boolean> {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`insert into ${jobLease} as l (name, holder, until)
        values (${job}, ${holder}, now() + ${leaseMs} * interval '1 millisecond')
        on conflict (name) do update set holder = excluded.holder, until = excluded.until
        where l.until <= now() or l.holder = excluded.holder
        returning l.name`,
  );
  return rows.length > 0;
}

/**
 * Periodic work of the API. Mail goes out from every process (each message is claimed by one,
 * platform/mail/queue.ts); the other jobs run on one process per period, whoever takes the
 * turn: the late-ticket sweep, the sweep of attachment files a crash left without a row
 * (platform/storage/orphan-sweep.ts) and, on the embedded database (which has no autovacuum), fresh
 * planner statistics: without them PostgreSQL guesses a month holds a few rows and sorts it
 * whole for every batch of a report. Each run logs its own failure.
 */
export function startJobs(app: FastifyInstance, options: { embedded: boolean }): () => void {
  const holder = randomUUID();
  const run = (job: () => Promise<unknown>) => void job().catch((err: unknown) => app.log.error({ err }, 'periodic job failed'));
  const every = (ms: number, job: () => Promise<unknown>) => setInterval(() => run(job), ms);
  /** Once per period across the deployment: the lease lasts a little less than the period. */
  const oncePer = (name: string, ms: number, job: () => Promise<unknown>) =>
    every(ms, async () => {
      if (await takeTurn(app.db, name, holder, ms - 1_000)) await job();
    });
  const timers = [
    // Held notification mails whose time came join the queue first (domain/notifications/digest.ts): each person's is taken by one process.
    every(15_000, async () => {
      await flushDigests(app.db, app.notifier.mailTiming);
      await app.mailer.deliver();
    }),
    oncePer('late-sweep', 60_000, () => sweepLateTickets(app.db, app.notifier)),
    // Deadline warnings and the first answer's breach (decision 182). One process per period saves the work;
    // exactly once does not rest on the lease: each notice is claimed by its row in deadline_notice, so sweeps
    // that overlap (a period shorter than a sweep, or of 1 s in tests/replicas, where every process gets a turn) send it once.
    oncePer('deadline-notices', app.config.deadlineSweepMs, () => sweepDeadlineNotices(app.db, app.notifier)),
    oncePer('orphan-files', 15 * 60_000, async () => {
      const { removed } = await sweepOrphanFiles(app.db, app.storage);
      if (removed > 0) app.log.info({ removed }, 'orphan attachment files removed');
    }),
    // Resumable uploads past UPLOAD_EXPIRY_HOURS: finished as their owner if every byte arrived, else removed (decision 154).
    oncePer('expired-uploads', 15 * 60_000, async () => {
      const { removed, finished } = await sweepExpiredUploads(app.uploadCompletion);
      if (removed + finished > 0) app.log.info({ removed, finished }, 'expired uploads swept');
    }),
    oncePer('write-quotas', 60 * 60_000, () => pruneQuotas(app.db)),
    // Submission keys past IDEMPOTENCY_KEY_HOURS (lookups ignore them already; decision 136).
    oncePer('idempotency-keys', 15 * 60_000, () => sweepKeys(app.db, app.config.idempotencyKeyMs)),
    // What is past its period, by contract/retention.ts (decision 149): counts only in the log, never identifiers.
    oncePer('retention', app.config.retentionJobMs, async () => {
      const maxIdleMs = Math.max(app.config.tokenIdleMs, app.config.driverTokenIdleMs);
      const counts = await applyRetention(app.db, app.storage, { days: app.config.retentionDays, maxIdleMs });
      app.log.info({ retention: counts }, 'retention applied');
    }),
    ...(options.embedded ? [every(30 * 60_000, () => app.db.execute(sql`analyze`))] : []),
  ];
  for (const timer of timers) timer.unref();
  return () => timers.forEach(clearInterval);
}
