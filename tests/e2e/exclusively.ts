import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';

/** Longer than a test may run (playwright.config.ts, or a spec's own): an older lock was left by a worker that died. */
const STALE_MS = 150_000;

/**
 * Runs `work` while no other worker of the run holds the lock `name`: for tests that change one shared record
 * of the demo data and read it back (the js and nojs projects run the same test at once on two workers). The lock
 * is a directory, which only one process can make.
 */
export async function exclusively<T>(name: string, work: () => Promise<T>): Promise<T> {
  const dir = path.join('.e2e-data', 'locks', name);
  await mkdir(path.dirname(dir), { recursive: true });
  for (;;) {
    try {
      await mkdir(dir);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const made = await stat(dir).then((s) => s.mtimeMs, () => Date.now());
    if (Date.now() - made > STALE_MS) await rm(dir, { recursive: true, force: true });
    else await new Promise((resolve) => setTimeout(resolve, 100));
  }
  try {
    return await work();
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
