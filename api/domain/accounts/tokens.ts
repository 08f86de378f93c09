import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, isNull, ne } from 'drizzle-orm';
import type { Role } from '@contract/roles';
import { ENDED_BY_ADMIN, isSessionEndReason, type EndedByAdmin, type SessionEndReason } from '@contract/session-end';
import type { Database } from '../../platform/db/client';
import { authToken, profile } from '../../platform/db/schema';

/** How long tokens live: idle limits by role (staff shorter than drivers), and an absolute one. */
export type TokenPolicy = { staffIdleMs: number; driverIdleMs: number; maxMs: number };

export function tokenPolicy(config: { tokenIdleMs: number; driverTokenIdleMs: number; tokenMaxMs: number }): TokenPolicy {
  return { staffIdleMs: config.tokenIdleMs, driverIdleMs: config.driverTokenIdleMs, maxMs: config.tokenMaxMs };
}

export const idleLimitOf = (role: Role | string, policy: TokenPolicy): number => (role === 'DRIVER' ? policy.driverIdleMs : policy.staffIdleMs);

/** Who is calling: resolved from the bearer token on every request. */
export type Principal = {
  tokenId: number;
  profileId: string;
  email: string;
  role: Role;
  firstName: string;
  lastName: string;
  /** `full`, or after the password only: `verify` (a code is due) or `enrol` (a second step must be set up). */
  stage: TokenStage;
};

export type TokenStage = 'full' | 'verify' | 'enrol';

/** How often the idle clock is written back; saves a write on every request. */
const TOUCH_EVERY_MS = 60_000;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Where a session was opened, as its owner will see it in their list of sessions. */
export type SessionOrigin = { userAgent: string | null; address: string | null };

/** A random opaque token; only its hash is stored. */
export async function issueToken(
  db: Database,
  profileId: string,
  policy: TokenPolicy,
  origin?: SessionOrigin,
  stage: TokenStage = 'full',
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = Date.now();
  await db.insert(authToken).values({
    profileId,
    tokenHash: hashToken(token),
    lastUsedAt: new Date(now),
    expiresAt: new Date(now + policy.maxMs),
    userAgent: origin?.userAgent?.slice(0, 300) ?? null,
    address: origin?.address?.slice(0, 64) ?? null,
    stage,
  });
  return token;
}

/**
 * The principal behind a token (null when it is unknown, revoked, idle too long, past its
 * absolute expiry, or its user is suspended or deleted), and the last instant (epoch ms)
 * that answer holds by the clock alone: the token's expiry or the end of its idle window.
 * `ended` says why a token that was a full session is no longer one (decision 138); an
 * unknown token, or one that never passed its second step, has none.
 */
export type ResolvedToken = { principal: Principal | null; validUntil: number; ended?: SessionEndReason };

export async function resolveToken(
  db: Database,
  token: string,
  policy: TokenPolicy,
  now = new Date(),
): Promise<ResolvedToken> {
  const none: ResolvedToken = { principal: null, validUntil: Infinity };
  const [row] = await db
    .select({
      tokenId: authToken.id,
      lastUsedAt: authToken.lastUsedAt,
      expiresAt: authToken.expiresAt,
      profileId: profile.id,
      email: profile.email,
      role: profile.profileCode,
      firstName: profile.firstName,
      lastName: profile.lastName,
      status: profile.status,
      deletedAt: profile.deletedAt,
      stage: authToken.stage,
      revokedAt: authToken.revokedAt,
      endReason: authToken.endReason,
    })
    .from(authToken)
    .innerJoin(profile, eq(profile.id, authToken.profileId))
    .where(eq(authToken.tokenHash, hashToken(token)))
    .limit(1);
  if (!row) return none;
  const over = (reason: SessionEndReason | null): ResolvedToken =>
    row.stage === 'full' && reason ? { ...none, ended: reason } : none;
  if (row.revokedAt) return over(isSessionEndReason(row.endReason) ? row.endReason : null);
  if (row.deletedAt) return over('admin');
  if (row.status !== 'ACTIVE') return over('suspended');
  if (row.expiresAt <= now) return over('expired');
  const idleMs = idleLimitOf(row.role, policy);
  if (now.getTime() - row.lastUsedAt.getTime() > idleMs) return over('idle');
  let lastUsed = row.lastUsedAt.getTime();
  if (now.getTime() - lastUsed > TOUCH_EVERY_MS) {
    await db.update(authToken).set({ lastUsedAt: now }).where(eq(authToken.id, row.tokenId));
    lastUsed = now.getTime();
  }
  const validUntil = Math.min(row.expiresAt.getTime() - 1, lastUsed + idleMs);
  const principal: Principal = {
    tokenId: row.tokenId,
    profileId: row.profileId,
    email: row.email,
    role: row.role as Role,
    firstName: row.firstName,
    lastName: row.lastName,
    stage: row.stage as TokenStage,
  };
  return { principal, validUntil };
}

/** What every revocation writes: when, and why (told to the token's holder in its next 401). */
export const revocation = (reason: SessionEndReason, at = new Date()) => ({ revokedAt: at, endReason: reason });

export async function revokeToken(db: Database, tokenId: number, reason: SessionEndReason): Promise<void> {
  await db.update(authToken).set(revocation(reason)).where(eq(authToken.id, tokenId));
}

/** Ends the session of a token as its holder presents it (a browser signing in again hands over the one it held). */
export async function revokeTokenByValue(db: Database, token: string, reason: SessionEndReason): Promise<void> {
  await db
    .update(authToken)
    .set(revocation(reason))
    .where(and(eq(authToken.tokenHash, hashToken(token)), isNull(authToken.revokedAt)));
}

/** Ends every session of a user, optionally keeping the one in use; answers how many ended. */
export async function revokeAllTokens(db: Database, profileId: string, reason: SessionEndReason, exceptTokenId?: number): Promise<number> {
  const live = and(eq(authToken.profileId, profileId), isNull(authToken.revokedAt));
  const ended = await db
    .update(authToken)
    .set(revocation(reason))
    .where(exceptTokenId === undefined ? live : and(live, ne(authToken.id, exceptTokenId)))
    .returning({ id: authToken.id });
  return ended.length;
}

/**
 * Whether an administrator ended the person's last full session (ended by them, or by a suspension):
 * the sign-in that follows tells them (decision 172). Asked before the new token exists, so it is said once.
 */
export async function lastSessionEndedByAdmin(db: Database, profileId: string): Promise<EndedByAdmin | null> {
  const [last] = await db
    .select({ endReason: authToken.endReason })
    .from(authToken)
    .where(and(eq(authToken.profileId, profileId), eq(authToken.stage, 'full')))
    .orderBy(desc(authToken.id))
    .limit(1);
  const reason = last?.endReason;
  return (ENDED_BY_ADMIN as readonly string[]).includes(reason ?? '') ? (reason as EndedByAdmin) : null;
}
