import { LRUCache } from 'lru-cache';

/**
 * Short-lived copies of API answers that many page views of this web process repeat and
 * that are the same for everyone of a role (reference-data.server.ts), in an LRU cache of at
 * most 1 000 answers, each with its own time to live. A write made through this process forgets
 * what it changed where the write is made (`forget`, e.g. `forgetOperators` after an account
 * changed); another web process's writes show up here after the time to live at most.
 *
 * Nothing about a person is kept here: who a token is and the unread count are asked on every
 * page, so a session ended or a notification sent from anywhere shows at the next request.
 */
const entries = new LRUCache<string, Promise<unknown>>({
  max: 1_000,
  // Read the clock at every look-up (tests move it by hand), not once per millisecond.
  ttlResolution: 0,
  perf: { now: () => Date.now() },
});

/** The answer kept under `key`, or `load()`'s, kept for `ttlMs`; concurrent callers share one load. */
export function cached<T>(key: string, ttlMs: number, load: () => Promise<T>): Promise<T> {
  const kept = entries.get(key);
  if (kept) return kept as Promise<T>;
  const value = load();
  entries.set(key, value, { ttl: ttlMs });
  // A failure is never kept: the next page asks again.
  value.catch(() => {
    if (entries.peek(key) === value) entries.delete(key);
  });
  return value;
}

/** Forgets one kept answer: called where a write changes what it holds. */
export function forget(key: string): void {
  entries.delete(key);
}

/** For tests: start from nothing. */
export function forgetAll(): void {
  entries.clear();
}
