import { randomUUID } from 'node:crypto';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { ERRORS, type Lock, type Locker, type RequestRelease } from '@tus/utils';
import type { Database } from '../../platform/db/client';
import type { ClusterChannel } from '../../platform/cluster/channel';
import { upload } from '../../platform/db/schema';

/** The cluster channel's topic asking whoever holds an upload's lock to let go of it. */
export const RELEASE_TOPIC = 'upload-release';

export type LeaseTimes = {
  /** How long a lock holds without being renewed: a process that died frees its uploads after this. */
  leaseMs: number;
  /** A request waiting for a lock gives up after this (tus answers it 500, the client tries again). */
  waitMs: number;
  /** Between two tries at a held lock. */
  pollMs: number;
};

export const LEASE_DEFAULTS: LeaseTimes = { leaseMs: 20_000, waitMs: 30_000, pollMs: 100 };

/**
 * A tus Locker whose locks are leases on the upload's row (docs/decisions/154-upload-locks-and-expiry.md),
 * so two API processes never append to one upload at once. A request that finds the lock held asks its
 * holder, on whichever process, to let go (RELEASE_TOPIC on the cluster channel, LISTEN/NOTIFY on
 * PostgreSQL): tus ends that request's body after its drain time and unlocks. A holder renews its
 * lease while it writes; one that died stops renewing, and its lease runs out.
 */
export class UploadLocker implements Locker {
  private readonly held = new Map<string, { token: string; release: RequestRelease }>();

  constructor(
    private readonly db: Database,
    private readonly channel: ClusterChannel,
    private readonly times: LeaseTimes = LEASE_DEFAULTS,
  ) {
    channel.subscribe(RELEASE_TOPIC, (id) => {
      if (typeof id === 'string') void this.held.get(id)?.release();
    });
  }

  newLock(id: string): Lock {
    return new UploadLease(this, id);
  }

  /** @internal */
  async take(id: string, token: string): Promise<boolean> {
    const rows = await this.db
      .update(upload)
      .set({ lockHolder: token, lockUntil: sql`now() + ${this.times.leaseMs} * interval '1 millisecond'` })
      .where(and(eq(upload.id, id), or(isNull(upload.lockHolder), lt(upload.lockUntil, sql`now()`))))
      .returning({ id: upload.id });
    return rows.length > 0;
  }

  /** @internal */
  async exists(id: string): Promise<boolean> {
    const rows = await this.db.select({ id: upload.id }).from(upload).where(eq(upload.id, id)).limit(1);
    return rows.length > 0;
  }

  /** @internal */
  async renew(id: string, token: string): Promise<void> {
    await this.db
      .update(upload)
      .set({ lockUntil: sql`now() + ${this.times.leaseMs} * interval '1 millisecond'` })
      .where(and(eq(upload.id, id), eq(upload.lockHolder, token)));
  }

  /** @internal */
  async give(id: string, token: string): Promise<void> {
    await this.db
      .update(upload)
      .set({ lockHolder: null, lockUntil: null })
      .where(and(eq(upload.id, id), eq(upload.lockHolder, token)));
  }

  /** @internal */
  hold(id: string, token: string, release: RequestRelease) {
    this.held.set(id, { token, release });
  }

  /** @internal */
  letGo(id: string, token: string) {
    if (this.held.get(id)?.token === token) this.held.delete(id);
  }

  /** @internal */
  askRelease(id: string) {
    this.channel.publish(RELEASE_TOPIC, id);
  }

  get leaseTimes() {
    return this.times;
  }
}

class UploadLease implements Lock {
  private readonly token = randomUUID();
  private renewal: NodeJS.Timeout | undefined;

  constructor(
    private readonly locker: UploadLocker,
    private readonly id: string,
  ) {}

  async lock(signal: AbortSignal, cancelReq: RequestRelease): Promise<void> {
    const { waitMs, pollMs, leaseMs } = this.locker.leaseTimes;
    const giveUp = Date.now() + waitMs;
    let asked = false;
    while (!(await this.locker.take(this.id, this.token))) {
      // No row: nothing to guard (the route answers 404 before tus for an unknown id).
      if (!(await this.locker.exists(this.id))) return;
      if (signal.aborted) throw ERRORS.ERR_LOCK_TIMEOUT;
      if (Date.now() > giveUp) throw ERRORS.ERR_LOCK_TIMEOUT;
      if (!asked) this.locker.askRelease(this.id);
      asked = true;
      await new Promise((resolve) => setTimeout(resolve, pollMs));
    }
    this.locker.hold(this.id, this.token, cancelReq);
    this.renewal = setInterval(() => void this.locker.renew(this.id, this.token).catch(() => undefined), Math.max(leaseMs / 3, 50));
    this.renewal.unref();
  }

  async unlock(): Promise<void> {
    clearInterval(this.renewal);
    this.locker.letGo(this.id, this.token);
    await this.locker.give(this.id, this.token);
  }
}
