import { and, count, desc, eq, gt, lt } from 'drizzle-orm';
import { messages } from '@contract/messages';
import type { Database } from '../../platform/db/client';
import { loginFailure } from '../../platform/db/schema';
import { ApiError } from '../../http/errors';

/**
 * Failed password checks (sign-in, own password change), counted in the database so every
 * API process sees the same numbers (docs/decisions/111-sign-in-throttle.md). Only failures
 * count, so an office behind one address signing in correctly is never throttled, and the
 * limits are built so an attacker cannot keep an account's owner out:
 * - one account from one address: a few failures, then that pair waits out the window;
 * - one address across accounts: a higher limit, then that address waits;
 * - one account from everywhere: no lock at all, but every further check of it is slowed
 *   down progressively (capped), so guessing from many addresses stays slow while the owner,
 *   from their own address, still gets in after a short wait.
 */
export type ThrottleLimits = {
  windowMs: number;
  perPair: number;
  perAddress: number;
  /** Failures of one account, from any address, before its checks start to slow down. */
  accountSlowAfter: number;
  firstDelayMs: number;
  maxDelayMs: number;
};

export const defaultThrottleLimits: ThrottleLimits = {
  windowMs: 15 * 60_000,
  perPair: 5,
  perAddress: 50,
  accountSlowAfter: 10,
  firstDelayMs: 250,
  maxDelayMs: 8_000,
};

/** What a check may do now: wait `delayMs` and go ahead, or be refused for `retryAfterSeconds`. */
export type ThrottleVerdict = { retryAfterSeconds: number; delayMs: number };

const PRUNE_EVERY_MS = 60_000;

export class LoginThrottle {
  private readonly limits: ThrottleLimits;
  private lastPrune = 0;

  constructor(
    private readonly db: Database,
    limits: Partial<ThrottleLimits> = {},
    private readonly clock: () => number = Date.now,
  ) {
    this.limits = { ...defaultThrottleLimits, ...limits };
  }

  async check(account: string, address: string): Promise<ThrottleVerdict> {
    const now = this.clock();
    const since = new Date(now - this.limits.windowMs);
    const [pairWait, addressWait, [accountFailures]] = await Promise.all([
      this.waitFor(and(eq(loginFailure.account, account), eq(loginFailure.address, address)), this.limits.perPair, since, now),
      this.waitFor(eq(loginFailure.address, address), this.limits.perAddress, since, now),
      this.db
        .select({ n: count() })
        .from(loginFailure)
        .where(and(eq(loginFailure.account, account), gt(loginFailure.at, since))),
    ]);
    const over = (accountFailures?.n ?? 0) - this.limits.accountSlowAfter;
    const delayMs = over < 0 ? 0 : Math.min(this.limits.maxDelayMs, this.limits.firstDelayMs * 2 ** Math.min(over, 20));
    return { retryAfterSeconds: Math.max(pairWait, addressWait), delayMs };
  }

  /** Before a password check: waits out a slow-down, or refuses with 429 and Retry-After. */
  async admit(account: string, address: string): Promise<void> {
    const { retryAfterSeconds, delayMs } = await this.check(account, address);
    if (retryAfterSeconds > 0) {
      throw new ApiError(429, messages.tooManyAttempts, undefined, { 'retry-after': String(retryAfterSeconds) });
    }
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
  }

  async recordFailure(account: string, address: string): Promise<void> {
    const now = this.clock();
    await this.db.insert(loginFailure).values({ account, address, at: new Date(now) });
    if (now - this.lastPrune > PRUNE_EVERY_MS) {
      this.lastPrune = now;
      await this.db.delete(loginFailure).where(lt(loginFailure.at, new Date(now - this.limits.windowMs)));
    }
  }

  /** The right password from an address clears that pair's failures (not other addresses'). */
  async recordSuccess(account: string, address: string): Promise<void> {
    await this.db.delete(loginFailure).where(and(eq(loginFailure.account, account), eq(loginFailure.address, address)));
  }

  /** Seconds until the `limit`-th most recent failure leaves the window (0: under the limit). */
  private async waitFor(where: ReturnType<typeof and>, limit: number, since: Date, now: number): Promise<number> {
    const [row] = await this.db
      .select({ at: loginFailure.at })
      .from(loginFailure)
      .where(and(where, gt(loginFailure.at, since)))
      .orderBy(desc(loginFailure.at))
      .offset(limit - 1)
      .limit(1);
    if (!row) return 0;
    return Math.max(1, Math.ceil((row.at.getTime() + this.limits.windowMs - now) / 1000));
  }
}
