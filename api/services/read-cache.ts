type Entry<T> = { version: number; expiresAt: number; value?: T; pending?: Promise<T> };

/**
 * Reads that every page view repeats (a dashboard's statistics, a list's counters, the
 * caller behind a token). Concurrent requests share one computation, and its answer is
 * reused until what it reads is written (`invalidate`, called after those writes), its own
 * expiry (`validUntil`, e.g. the next due date a late count depends on) or the TTL,
 * whichever comes first. At most `maxEntries` keys are kept, the oldest dropped first.
 */
export class ReadCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private version = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly clock: () => number = Date.now,
    private readonly maxEntries = 10_000,
  ) {}

  invalidate(): void {
    this.version++;
  }

  /** `validUntil` (epoch ms, inclusive) may shorten an answer's life below the TTL. */
  get(key: string, compute: () => Promise<T>, validUntil?: (value: T) => number): Promise<T> {
    const now = this.clock();
    const entry = this.entries.get(key);
    if (entry && entry.version === this.version && now <= entry.expiresAt) {
      return entry.pending ?? Promise.resolve(entry.value as T);
    }
    const started: Entry<T> = { version: this.version, expiresAt: now + this.ttlMs };
    const pending = compute().then(
      (value) => {
        if (this.entries.get(key) === started) {
          const expiresAt = Math.min(started.expiresAt, validUntil ? validUntil(value) : Infinity);
          this.entries.set(key, { version: started.version, expiresAt, value });
        }
        return value;
      },
      (error: unknown) => {
        if (this.entries.get(key) === started) this.entries.delete(key);
        throw error;
      },
    );
    started.pending = pending;
    this.entries.delete(key);
    this.entries.set(key, started);
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
    return pending;
  }
}
