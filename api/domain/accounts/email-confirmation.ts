import { createHash, randomBytes } from 'node:crypto';
import { and, count, eq, gt, isNull, min } from 'drizzle-orm';
import { messages } from '@contract/messages';
import { fullName } from '@contract/person-name';
import type { Database } from '../../platform/db/client';
import { emailConfirmation, profile } from '../../platform/db/schema';
import { ApiError, badRequest, conflict, notFound } from '../../http/errors';
import type { Mailer } from '../../platform/mail/mailer';
import { enqueueMail } from '../../platform/mail/queue';
import { emailConfirmationTemplate } from '../../platform/mail/templates/email-confirmation';
import type { ProfileRow } from './profiles';

/*
 * A confirmed address (docs/decisions/135-mail-that-cannot-be-abused.md): no mail goes to an address
 * whose owner has not confirmed it, except this one. A driver who signs up is signed in at once and
 * gets a one-time link, stored hashed like a password reset (password-reset.ts); until they open it,
 * their notifications are in the app only.
 */

export const CONFIRMATION_LINK_VALID_MS = 48 * 60 * 60_000;
/** Links one account may be sent in an hour, the sign-up's included; counted in the database, so across replicas. */
export const CONFIRMATIONS_PER_HOUR = 3;
const HOUR_MS = 60 * 60_000;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** True when mail other than the confirmation may go to this person's address. */
export const mayMail = (person: { emailConfirmedAt: Date | null }) => person.emailConfirmedAt !== null;

type Recipient = Pick<ProfileRow, 'id' | 'email' | 'firstName' | 'lastName'>;

/** Stores a new link for the address the profile has now and queues its mail, with `db` (maybe the caller's transaction). */
async function storeConfirmation(db: Database, account: Recipient, publicWebUrl: string, now: Date): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(emailConfirmation).values({
    profileId: account.id,
    email: account.email,
    tokenHash: hashOf(token),
    createdAt: now,
    expiresAt: new Date(now.getTime() + CONFIRMATION_LINK_VALID_MS),
  });
  const link = `${publicWebUrl}/user/confirm-email?token=${token}`;
  await enqueueMail(db, [{ to: account.email, ...emailConfirmationTemplate({ fullName: fullName(account), link }) }]);
}

/** The sign-up's link: queued at once, delivered in the background. */
export async function sendEmailConfirmation(db: Database, mailer: Mailer, account: Recipient, publicWebUrl: string, now = new Date()): Promise<void> {
  await storeConfirmation(db, account, publicWebUrl, now);
  void mailer.deliver();
}

/**
 * "Reenviar confirmación" (Mi perfil): a new link, unless the address is confirmed already (409) or
 * the account had CONFIRMATIONS_PER_HOUR links in the last hour (429 with Retry-After). The profile's
 * row is locked while counting, so parallel requests cannot all pass the count.
 */
export async function resendEmailConfirmation(db: Database, mailer: Mailer, profileId: string, publicWebUrl: string, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    const [account] = await tx
      .select()
      .from(profile)
      .where(and(eq(profile.id, profileId), isNull(profile.deletedAt)))
      .for('update');
    if (!account) throw notFound();
    if (mayMail(account)) throw conflict(messages.emailAlreadyConfirmed);
    const since = new Date(now.getTime() - HOUR_MS);
    const [{ n, oldest }] = (await tx
      .select({ n: count(), oldest: min(emailConfirmation.createdAt) })
      .from(emailConfirmation)
      .where(and(eq(emailConfirmation.profileId, profileId), gt(emailConfirmation.createdAt, since)))) as [{ n: number; oldest: Date | string | null }];
    if (Number(n) >= CONFIRMATIONS_PER_HOUR) {
      // Until the oldest link of the hour leaves it.
      const freeAt = (oldest ? new Date(oldest).getTime() : now.getTime()) + HOUR_MS;
      const seconds = Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000));
      throw new ApiError(429, messages.emailConfirmationTooSoon, undefined, { 'retry-after': String(seconds) });
    }
    await storeConfirmation(tx, account, publicWebUrl, now);
  });
  void mailer.deliver();
}

/**
 * Opens a link: confirms the address it was sent to, if the profile still has that address, and
 * spends it. Invalid, used or stale (the address changed since) links are 400 with the token's message.
 */
export async function confirmEmail(db: Database, token: string, now = new Date()): Promise<void> {
  const invalid = () => badRequest(messages.emailConfirmationInvalid, { token: messages.emailConfirmationInvalid });
  const [link] = await db.select().from(emailConfirmation).where(eq(emailConfirmation.tokenHash, hashOf(token))).limit(1);
  if (!link || link.usedAt) throw invalid();
  if (link.expiresAt <= now) throw badRequest(messages.emailConfirmationExpired, { token: messages.emailConfirmationExpired });
  await db.transaction(async (tx) => {
    const spent = await tx
      .update(emailConfirmation)
      .set({ usedAt: now })
      .where(and(eq(emailConfirmation.id, link.id), isNull(emailConfirmation.usedAt)))
      .returning({ id: emailConfirmation.id });
    if (spent.length === 0) throw invalid();
    const confirmed = await tx
      .update(profile)
      .set({ emailConfirmedAt: now, updatedAt: now })
      .where(and(eq(profile.id, link.profileId), eq(profile.email, link.email), isNull(profile.deletedAt)))
      .returning({ id: profile.id });
    if (confirmed.length === 0) throw invalid();
  });
}
