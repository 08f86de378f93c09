import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { messages } from '@contract/messages';
import type { Database } from '../../platform/db/client';
import { loginFailure, passwordReset, profile } from '../../platform/db/schema';
import { badRequest } from '../../http/errors';
import type { Mailer } from '../../platform/mail/mailer';
import { hashNewPassword } from './passwords';
import { findLiveProfileByEmail } from './profiles';
import { revokeAllTokens } from './tokens';
import { mayMail } from './email-confirmation';
import { fullName } from '@contract/person-name';
import { passwordResetTemplate } from '../../platform/mail/templates/password-reset';

export const RESET_LINK_VALID_MS = 60 * 60_000;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Sends a single-use link to a known, active, confirmed address. The caller answers the same
 * whatever happens here, so nobody learns which addresses have accounts. An address its owner has
 * not confirmed gets nothing: no mail but the confirmation goes to it (decision 135).
 */
export async function requestPasswordReset(
  db: Database,
  mailer: Mailer,
  email: string,
  publicWebUrl: string,
  now = new Date(),
): Promise<void> {
  const account = await findLiveProfileByEmail(db, email);
  if (!account || account.status !== 'ACTIVE' || !mayMail(account)) return;
  const token = randomBytes(32).toString('base64url');
  await db.insert(passwordReset).values({
    profileId: account.id,
    tokenHash: hashOf(token),
    expiresAt: new Date(now.getTime() + RESET_LINK_VALID_MS),
  });
  const link = `${publicWebUrl}/user/reset-password?token=${token}`;
  await mailer.queue({ to: account.email, ...passwordResetTemplate({ fullName: fullName(account), link }) });
}

/**
 * Sets the new password, spends the link and every other link of the user (an older mail must
 * not set a password again), ends every session of the user and forgets the account's failed
 * sign-ins: one transaction.
 */
export async function resetPassword(db: Database, token: string, password: string, now = new Date()): Promise<void> {
  const [link] = await db
    .select()
    .from(passwordReset)
    .where(eq(passwordReset.tokenHash, hashOf(token)))
    .limit(1);
  if (!link || link.usedAt) throw badRequest(messages.resetLinkInvalid, { token: messages.resetLinkInvalid });
  if (link.expiresAt <= now) throw badRequest(messages.resetLinkExpired, { token: messages.resetLinkExpired });
  const passwordHash = await hashNewPassword(password);
  await db.transaction(async (tx) => {
    // Spend the link first, guarded on "still unused", so two tabs cannot both use it.
    const spent = await tx
      .update(passwordReset)
      .set({ usedAt: now })
      .where(and(eq(passwordReset.id, link.id), isNull(passwordReset.usedAt)))
      .returning({ id: passwordReset.id });
    if (spent.length === 0) throw badRequest(messages.resetLinkInvalid, { token: messages.resetLinkInvalid });
    await tx
      .update(passwordReset)
      .set({ usedAt: now })
      .where(and(eq(passwordReset.profileId, link.profileId), isNull(passwordReset.usedAt)));
    const [owner] = await tx.update(profile).set({ passwordHash, updatedAt: now }).where(eq(profile.id, link.profileId)).returning({ email: profile.email });
    await revokeAllTokens(tx, link.profileId, 'password');
    // Whoever guessed the old password is moot now, and the owner proved the mailbox: the
    // account's sign-in limit starts over, so they get in from any browser (decision 133).
    if (owner) await tx.delete(loginFailure).where(eq(loginFailure.account, owner.email));
  });
}
