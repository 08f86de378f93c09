import type { Readable } from 'node:stream';

/**
 * The bounded set of exports one API process runs at once (EXPORT_CONNECTIONS, default 4;
 * docs/decisions/144-downloads-with-backpressure.md). On PostgreSQL each detail CSV holds a COPY
 * connection of its own for as long as its reader takes (decision 122), so without a cap 40
 * downloads opened 35 connections. A further export is refused before it starts (503 with
 * Retry-After), never queued: a waiting download would hold its browser and the web process
 * with nothing to show.
 */
export class ExportConnections {
  private used = 0;

  constructor(readonly max: number) {
    if (!Number.isInteger(max) || max < 1) throw new Error(`ExportConnections: max must be a positive integer, not ${max}`);
  }

  /** Exports running now (each holding, on PostgreSQL, at most one COPY connection). */
  get inUse(): number {
    return this.used;
  }

  /**
   * A place for one export, or null when all `max` are taken. The returned function gives it
   * back; calling it again does nothing, so every way an export ends may call it.
   */
  tryAcquire(): (() => void) | null {
    if (this.used >= this.max) return null;
    this.used++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.used--;
    };
  }
}

/**
 * Gives an export's place back once `body` is over (read to its end, failed, or destroyed
 * because its reader left) and `work` has settled (the report's writer, which waits for its COPY
 * connection to close): a connection is counted until it is really gone.
 */
export function releaseWhenOver(release: () => void, body: Readable, work: Promise<unknown>): void {
  const over = body.closed ? Promise.resolve() : new Promise<void>((resolve) => body.once('close', () => resolve()));
  void Promise.allSettled([over, work]).then(release);
}
