import type { FastifyInstance } from 'fastify';

/** Periodic work of the API: mail retries (and, later, other sweeps). */
export function startJobs(app: FastifyInstance): () => void {
  const timers = [setInterval(() => void app.mailer.deliver(), 15_000)];
  for (const timer of timers) timer.unref();
  return () => timers.forEach(clearInterval);
}
