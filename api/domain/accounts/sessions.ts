import { and, count, desc, eq, gt, isNull, max } from 'drizzle-orm';
import type { AccountAccess, Session } from '@contract/sessions';
import type { Role } from '@contract/roles';
import type { Database } from '../../platform/db/client';
import { authToken } from '../../platform/db/schema';
import { notFound } from '../../http/errors';
import { findLiveProfileById } from './profiles';
import { idleLimitOf, revocation, type Principal, type TokenPolicy } from './tokens';

/** Sessions still usable: not ended, not past their absolute limit nor their role's idle limit. */
export async function listOwnSessions(db: Database, caller: Principal, policy: TokenPolicy, now = new Date()): Promise<Session[]> {
  const idleSince = new Date(now.getTime() - idleLimitOf(caller.role, policy));
  const rows = await db
    .select()
    .from(authToken)
    .where(
      and(
        eq(authToken.profileId, caller.profileId),
        isNull(authToken.revokedAt),
        gt(authToken.expiresAt, now),
        gt(authToken.lastUsedAt, idleSince),
      ),
    )
    .orderBy(desc(authToken.lastUsedAt))
    .limit(50);
  return rows.map((row) => ({
    id: row.id,
    userAgent: row.userAgent,
    address: row.address,
    createdAt: row.createdAt.toISOString(),
    // The session in use is being used right now (the stored time is written at most once a minute).
    lastUsedAt: (row.id === caller.tokenId ? now : row.lastUsedAt).toISOString(),
    current: row.id === caller.tokenId,
  }));
}

/** Ends one of the caller's own sessions; false when it is not theirs or already over. */
export async function endOwnSession(db: Database, caller: Principal, sessionId: number): Promise<boolean> {
  const ended = await db
    .update(authToken)
    .set(revocation('closed'))
    .where(and(eq(authToken.id, sessionId), eq(authToken.profileId, caller.profileId), isNull(authToken.revokedAt)))
    .returning({ id: authToken.id });
  return ended.length > 0;
}

/**
 * Someone's account as the admin's user page shows it (decision 171): its status, how many full sessions are
 * still usable, the last use of any of its sessions, and whether a second step is enrolled. 404 when unknown or deleted.
 */
export async function accountAccess(db: Database, profileId: string, policy: TokenPolicy, now = new Date()): Promise<AccountAccess> {
  const row = await findLiveProfileById(db, profileId);
  if (!row) throw notFound();
  const idleSince = new Date(now.getTime() - idleLimitOf(row.profileCode as Role, policy));
  const full = and(eq(authToken.profileId, profileId), eq(authToken.stage, 'full'));
  const [[open], [ever]] = await Promise.all([
    db
      .select({ n: count() })
      .from(authToken)
      .where(and(full, isNull(authToken.revokedAt), gt(authToken.expiresAt, now), gt(authToken.lastUsedAt, idleSince))),
    // Open or ended: when the person was last seen.
    db.select({ last: max(authToken.lastUsedAt) }).from(authToken).where(full),
  ]);
  // A suspended account has no usable session whatever its rows say (the suspension ended them).
  const suspended = row.status !== 'ACTIVE';
  const last = ever?.last ? new Date(ever.last as unknown as string | Date).toISOString() : null;
  return {
    status: suspended ? 'SUSPENDED' : 'ACTIVE',
    openSessions: suspended ? 0 : Number(open?.n ?? 0),
    lastUsedAt: last,
    twoStepEnrolled: row.totpSecret !== null,
  };
}
