import { and, eq, isNull, ne } from 'drizzle-orm';
import { messages } from '@contract/messages';
import type { OwnPassword, OwnProfile, Profile } from '@contract/profile';
import type { Database } from '../../platform/db/client';
import { authToken, profile } from '../../platform/db/schema';
import { badRequest, notFound } from '../../http/errors';
import { toProfileDto } from './profile-admin';
import type { LoginThrottle } from './login-throttle';
import { hashNewPassword, verifyPassword } from './passwords';
import { findLiveProfileById } from './profiles';
import { revocation, type Principal } from './tokens';

/**
 * Mi perfil: what a signed-in person may see and change of their own account, whatever their role
 * (docs/decisions/103-mi-perfil-and-staff-actions.md). Always the caller's own row: no id is ever taken from the request.
 */
export async function ownProfile(db: Database, caller: Principal): Promise<Profile> {
  const row = await findLiveProfileById(db, caller.profileId);
  if (!row) throw notFound();
  return toProfileDto(row);
}

export async function updateOwnProfile(db: Database, caller: Principal, input: OwnProfile): Promise<Profile> {
  const [row] = await db
    .update(profile)
    .set({ firstName: input.firstName, lastName: input.lastName, phone: input.phone, realAddress: input.realAddress ?? null, updatedAt: new Date() })
    .where(and(eq(profile.id, caller.profileId), isNull(profile.deletedAt)))
    .returning();
  if (!row) throw notFound();
  return toProfileDto(row);
}

/**
 * A new password after the current one is checked, as a sign-in checks it and throttled
 * like one (per account and per address, failures only). The password and the end of every
 * other session are one transaction: the session in use stays, the others end at once.
 */
export async function changeOwnPassword(db: Database, throttle: LoginThrottle, caller: Principal, address: string, input: OwnPassword): Promise<void> {
  const account = `password-change:${caller.profileId}`;
  const attempt = await throttle.admit(account, address);
  const row = await findLiveProfileById(db, caller.profileId);
  if (!row) throw notFound();
  if (!(await verifyPassword(row.passwordHash, input.currentPassword))) {
    await throttle.failed(attempt);
    throw badRequest(messages.currentPasswordWrong, { currentPassword: messages.currentPasswordWrong });
  }
  await throttle.succeeded(attempt);
  const passwordHash = await hashNewPassword(input.password);
  const now = new Date();
  await db.transaction(async (tx) => {
    await tx.update(profile).set({ passwordHash, updatedAt: now }).where(eq(profile.id, caller.profileId));
    await tx
      .update(authToken)
      .set(revocation('password', now))
      .where(and(eq(authToken.profileId, caller.profileId), isNull(authToken.revokedAt), ne(authToken.id, caller.tokenId)));
  });
}
