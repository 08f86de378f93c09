import { LRUCache } from 'lru-cache';

type Entry<T> = { version: number; value?: T; pending?: Promise<T> };

/**
 * Reads that every page view repeats (a dashboard's statistics, a list's counters, the
 * caller behind a token), kept in an LRU cache. Concurrent requests share one computation,
 * and its answer is reused until what it reads is written (`invalidate`, called after those
 * writes), its own expiry (`validUntil`, e.g. the next due date a late count depends on) or
 * the TTL, whichever comes first; the TTL counts from when the computation started. At most
 * `maxEntries` keys are kept, the least recently used dropped first.
 */
export class ReadCache<T> {
  private readonly entries: LRUCache<string, Entry<T>>;
  /** Bumped by every write: a computation that started before it is never kept. */
  private version = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly clock: () => number = Date.now,
    maxEntries = 10_000,
  ) {
    // The clock is read at every look-up (tests move it by hand), not once per millisecond.
    this.entries = new LRUCache({ max: maxEntries, ttlResolution: 0, perf: { now: () => this.clock() } });
  }

  invalidate(): void {
    this.version++;
    this.entries.clear();
  }

  /** `validUntil` (epoch ms, inclusive) may shorten an answer's life below the TTL. */
  get(key: string, compute: () => Promise<T>, validUntil?: (value: T) => number): Promise<T> {
    const entry = this.entries.get(key);
    if (entry && entry.version === this.version) return entry.pending ?? Promise.resolve(entry.value as T);
    const start = this.clock();
    const started: Entry<T> = { version: this.version };
    const pending = compute().then(
      (value) => {
        if (this.entries.peek(key) === started) {
          const ttl = Math.min(this.ttlMs, validUntil ? validUntil(value) - start : Infinity);
          // No time left (lru-cache reads a TTL of 0 as "forever"): not kept.
          if (ttl > 0) this.entries.set(key, { version: started.version, value }, { ttl, start });
          else this.entries.delete(key);
        }
        return value;
      },
      (error: unknown) => {
        if (this.entries.peek(key) === started) this.entries.delete(key);
        throw error;
      },
    );
    started.pending = pending;
    this.entries.set(key, started, { ttl: this.ttlMs, start });
    return pending;
  }
}
