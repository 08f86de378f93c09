import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Session } from '@contract/sessions';
import type { Database } from '../../platform/db/client';
import { authToken } from '../../platform/db/schema';
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
