import type { FastifyInstance } from 'fastify';
import { sweepLateTickets } from './services/notifications/late-sweep';

/** Periodic work of the API: mail retries and the late-ticket sweep. Each run logs its own failure. */
export function startJobs(app: FastifyInstance): () => void {
  const every = (ms: number, job: () => Promise<unknown>) =>
    setInterval(() => void job().catch((err: unknown) => app.log.error({ err }, 'periodic job failed')), ms);
  const timers = [
    every(15_000, () => app.mailer.deliver()),
    every(60_000, () => sweepLateTickets(app.db, app.notifier)),
  ];
  for (const timer of timers) timer.unref();
  return () => timers.forEach(clearInterval);
}
