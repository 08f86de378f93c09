import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { DEVICE_TOKEN_HEADER } from '@contract/auth';
import type { Database } from '../../platform/db/client';
import { profile, signInDevice } from '../../platform/db/schema';
import { hashToken } from './tokens';

/**
 * OWASP's device cookie (docs/decisions/133-sessions-follow-rights-and-sign-in-limits.md): after a
 * right password the API hands the browser a random device token for that account (only its hash
 * is stored); the web keeps it in a long-lived cookie of its own and sends it back with the next
 * sign-ins, in this header, both ways. A known device skips the account-wide limit (login-throttle.ts).
 */
export const DEVICE_HEADER = DEVICE_TOKEN_HEADER;

/** The known device of `account` (an e-mail, or a profile id with `byId`) behind `token`, or null. */
export async function knownDevice(db: Database, token: string | undefined, account: { email: string } | { profileId: string }): Promise<number | null> {
  if (!token || token.length > 100) return null;
  const owner = 'email' in account ? eq(profile.email, account.email) : eq(profile.id, account.profileId);
  const [row] = await db
    .select({ id: signInDevice.id })
    .from(signInDevice)
    .innerJoin(profile, eq(profile.id, signInDevice.profileId))
    .where(and(eq(signInDevice.tokenHash, hashToken(token)), owner, isNull(profile.deletedAt)))
    .limit(1);
  return row?.id ?? null;
}

/** After a right password: the device's token, a new one when the browser had none for this account. */
export async function rememberDevice(db: Database, profileId: string, known: number | null): Promise<string | null> {
  if (known !== null) {
    await db.update(signInDevice).set({ lastUsedAt: new Date() }).where(eq(signInDevice.id, known));
    return null;
  }
  const token = randomBytes(32).toString('base64url');
  await db.insert(signInDevice).values({ profileId, tokenHash: hashToken(token) });
  return token;
}

/** The device token a request carries, if any (one header value). */
export function deviceTokenOf(headers: Record<string, string | string[] | undefined>): string | undefined {
  const value = headers[DEVICE_HEADER];
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}
