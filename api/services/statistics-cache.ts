import type { Statistics } from '@contract/statistics';

/** How long an answer may be reused when no ticket changed (late counts move with the clock). */
const TTL_MS = 30_000;

type Entry = { version: number; at: number; value?: Statistics; pending?: Promise<Statistics> };

/**
 * The concession-wide statistics scan is the heaviest read of the API. Dashboards ask for it
 * on every visit, so concurrent requests share one computation, and its answer is reused
 * until any ticket changes (`invalidate`, called after every ticket write) or 30 s pass.
 */
export class StatisticsCache {
  private readonly entries = new Map<string, Entry>();
  private version = 0;

  constructor(private readonly clock: () => number = Date.now) {}

  invalidate(): void {
    this.version++;
  }

  get(key: string, compute: () => Promise<Statistics>): Promise<Statistics> {
    const entry = this.entries.get(key);
    if (entry && entry.version === this.version && this.clock() - entry.at < TTL_MS) {
      return entry.pending ?? Promise.resolve(entry.value!);
    }
    const started: Entry = { version: this.version, at: this.clock() };
    const pending = compute().then(
      (value) => {
        if (this.entries.get(key) === started) this.entries.set(key, { ...started, value });
        return value;
      },
      (error: unknown) => {
        if (this.entries.get(key) === started) this.entries.delete(key);
        throw error;
      },
    );
    started.pending = pending;
    this.entries.set(key, started);
    return pending;
  }
}
