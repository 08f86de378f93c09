import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/client';
import { jobLease } from '../../platform/db/schema';
import { takeTurn } from '../../platform/jobs/jobs';

/** How long a download's hold lasts unless renewed: a process that died frees the account within it. */
export const EXPORT_LEASE_MS = 120_000;
/** How often a running download renews its hold. */
const RENEW_MS = 30_000;

/**
 * One download of a person's file at a time, across every API process: a lease in `job_lease` named after
 * the account (the same leases the periodic jobs take, decision 112), renewed while the file streams and
 * removed when it is over. Null when another download of the same account holds it.
 */
export async function holdExportLease(db: Database, subjectId: string): Promise<(() => Promise<void>) | null> {
  const name = `privacy-export:${subjectId}`;
  const holder = randomUUID();
  if (!(await takeTurn(db, name, holder, EXPORT_LEASE_MS))) return null;
  const timer = setInterval(() => void takeTurn(db, name, holder, EXPORT_LEASE_MS).catch(() => undefined), RENEW_MS);
  timer.unref();
  let released = false;
  return async () => {
    if (released) return;
    released = true;
    clearInterval(timer);
    await db.delete(jobLease).where(and(eq(jobLease.name, name), eq(jobLease.holder, holder)));
  };
}
