/**
 * Counts failed sign-ins in a sliding window, per account and per client address.
 * Only failures count, so a whole office behind one address signing in correctly is
 * never throttled; the address limit is high and the account limit low.
 * Kept in memory: the API runs as one process (see docs/decisions).
 */
export type ThrottleLimits = { windowMs: number; perAccount: number; perAddress: number };

export const defaultThrottleLimits: ThrottleLimits = {
  windowMs: 15 * 60_000,
  perAccount: 5,
  perAddress: 30,
};

const MAX_KEYS = 50_000;

export class LoginThrottle {
  private failures = new Map<string, number[]>();

  constructor(
    private readonly limits: ThrottleLimits = defaultThrottleLimits,
    private readonly clock: () => number = Date.now,
  ) {}

  /** Seconds to wait before another attempt, or 0 when it may go ahead. */
  retryAfterSeconds(account: string, address: string): number {
    const now = this.clock();
    const waits = [
      this.waitFor(`a:${account}`, this.limits.perAccount, now),
      this.waitFor(`i:${address}`, this.limits.perAddress, now),
    ];
    return Math.max(...waits);
  }

  recordFailure(account: string, address: string): void {
    const now = this.clock();
    if (this.failures.size > MAX_KEYS) this.prune(now);
    for (const key of [`a:${account}`, `i:${address}`]) {
      const list = this.recent(key, now);
      list.push(now);
      this.failures.set(key, list);
    }
  }

  /** A correct password clears the account's failures (not the address's). */
  recordSuccess(account: string): void {
    this.failures.delete(`a:${account}`);
  }

  private waitFor(key: string, limit: number, now: number): number {
    const list = this.recent(key, now);
    if (list.length < limit) return 0;
    const oldest = list[list.length - limit]!;
    return Math.max(1, Math.ceil((oldest + this.limits.windowMs - now) / 1000));
  }

  private recent(key: string, now: number): number[] {
    const list = (this.failures.get(key) ?? []).filter((t) => now - t < this.limits.windowMs);
    if (list.length === 0) this.failures.delete(key);
    else this.failures.set(key, list);
    return list;
  }

  private prune(now: number): void {
    for (const key of this.failures.keys()) this.recent(key, now);
  }
}
