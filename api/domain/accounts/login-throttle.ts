import { and, count, desc, eq, gt, lt, or, sql, type SQL } from 'drizzle-orm';
import { messages } from '@contract/messages';
import type { Database } from '../../platform/db/client';
import { loginFailure } from '../../platform/db/schema';
import { ApiError } from '../../http/errors';

/**
 * Failed secret checks (sign-in, second-step codes, own password change), counted in the database
 * so every API process sees the same numbers (docs/decisions/111-sign-in-throttle.md, changed by
 * docs/decisions/133-sessions-follow-rights-and-sign-in-limits.md). Only failures count, so an
 * office behind one address signing in correctly is never throttled:
 * - one account from one address: a few failures, then that pair waits out the window;
 * - one address across accounts: a higher limit, then that address waits;
 * - one account from every address together: a real limit, then unknown devices wait;
 * - a known device of the account (its device cookie, devices.ts) is exempt from the three
 *   above and has a small limit of its own, so the owner gets in while someone else guesses.
 *
 * Every check is a reservation: before the secret is checked, one transaction under advisory
 * locks (the account's, then the address's) counts the window and inserts the attempt's row only
 * while under every limit. The row is the failure, already recorded; the right secret gives it back.
 * So N requests in parallel, on any number of processes, never check more than the limit allows.
 */
export type ThrottleLimits = {
  windowMs: number;
  perPair: number;
  perAddress: number;
  /** Failures of one account from anywhere (devices it knows aside) before unknown devices are refused. */
  perAccount: number;
  /** Failures of one known device before that device too is refused. */
  perDevice: number;
};

export const defaultThrottleLimits: ThrottleLimits = {
  windowMs: 15 * 60_000,
  perPair: 5,
  perAddress: 50,
  perAccount: 10,
  perDevice: 5,
};

/** An admitted attempt: its reserved row, to give back (`succeeded`) or keep as a failure (`failed`). */
export type Attempt = { slot: number; account: string; address: string; device: number | null };

const PRUNE_EVERY_MS = 60_000;
/** The advisory lock spaces of the throttle (pg_advisory_xact_lock(space, hashtext(key))). */
const ACCOUNT_LOCK = 4_110_133;
const ADDRESS_LOCK = 4_110_134;

export class LoginThrottle {
  readonly limits: ThrottleLimits;
  private lastPrune = 0;

  constructor(
    private readonly db: Database,
    limits: Partial<ThrottleLimits> = {},
    private readonly clock: () => number = Date.now,
  ) {
    this.limits = { ...defaultThrottleLimits, ...limits };
  }

  /**
   * Before a secret is checked: reserves the attempt, or refuses with 429 and Retry-After.
   * `device` is the caller's known device of this account (devices.ts), or null.
   */
  async admit(account: string, address: string, device: number | null = null): Promise<Attempt> {
    const now = this.clock();
    const since = new Date(now - this.limits.windowMs);
    const verdict = await this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${ACCOUNT_LOCK}::int4, hashtext(${account}))`);
      const waits =
        device !== null
          ? [await this.waitFor(tx, eq(loginFailure.device, device), this.limits.perDevice, since, now)]
          : await (async () => {
              await tx.execute(sql`select pg_advisory_xact_lock(${ADDRESS_LOCK}::int4, hashtext(${address}))`);
              return [
                await this.waitFor(tx, and(eq(loginFailure.account, account), eq(loginFailure.address, address))!, this.limits.perPair, since, now),
                await this.waitFor(tx, eq(loginFailure.address, address), this.limits.perAddress, since, now),
                await this.waitFor(tx, eq(loginFailure.account, account), this.limits.perAccount, since, now),
              ];
            })();
      const retryAfterSeconds = Math.max(...waits);
      if (retryAfterSeconds > 0) return { retryAfterSeconds, slot: null };
      const [row] = await tx.insert(loginFailure).values({ account, address, device, at: new Date(now) }).returning({ id: loginFailure.id });
      return { retryAfterSeconds: 0, slot: row!.id };
    });
    if (verdict.slot === null) {
      throw new ApiError(429, messages.tooManyAttempts, undefined, { 'retry-after': String(verdict.retryAfterSeconds) });
    }
    return { slot: verdict.slot, account, address, device };
  }

  /** The secret was wrong: the reserved row stays, as the failure, dated now. */
  async failed(attempt: Attempt): Promise<void> {
    const now = this.clock();
    await this.db.update(loginFailure).set({ at: new Date(now) }).where(eq(loginFailure.id, attempt.slot));
    if (now - this.lastPrune > PRUNE_EVERY_MS) {
      this.lastPrune = now;
      await this.db.delete(loginFailure).where(lt(loginFailure.at, new Date(now - this.limits.windowMs)));
    }
  }

  /**
   * The right secret: the slot is given back, and that address's (or that device's) failures of
   * the account are forgotten (not other addresses').
   */
  async succeeded(attempt: Attempt): Promise<void> {
    const mine = attempt.device !== null ? eq(loginFailure.device, attempt.device) : eq(loginFailure.address, attempt.address);
    await this.db.delete(loginFailure).where(or(eq(loginFailure.id, attempt.slot), and(eq(loginFailure.account, attempt.account), mine)));
  }

  /** Failures of an account in the window, from everywhere (tests and the owner's own view). */
  async failuresOf(account: string): Promise<number> {
    const since = new Date(this.clock() - this.limits.windowMs);
    const [row] = await this.db
      .select({ n: count() })
      .from(loginFailure)
      .where(and(eq(loginFailure.account, account), gt(loginFailure.at, since)));
    return Number(row?.n ?? 0);
  }

  /** Forgets every failure of an account (a password set through a reset link: its owner proved it). */
  async forget(account: string): Promise<void> {
    await this.db.delete(loginFailure).where(eq(loginFailure.account, account));
  }

  /** Seconds until the `limit`-th most recent failure leaves the window (0: under the limit). */
  private async waitFor(db: Pick<Database, 'select'>, where: SQL, limit: number, since: Date, now: number): Promise<number> {
    const [row] = await db
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
