import { and, count, desc, eq, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { messages } from '@contract/messages';
import type { NewProfile, Profile, UpdateProfile, UserListQuery } from '@contract/profile';
import type { Paged } from '@contract/envelope';
import type { Role } from '@contract/roles';
import type { Database } from '../../platform/db/client';
import { profile, ticketFollower } from '../../platform/db/schema';
import { conflict, notFound } from '../../http/errors';
import { hashNewPassword } from './passwords';
import { findLiveProfileByEmail, findLiveProfileById, type ProfileRow } from './profiles';
import { revokeAllTokens, type Principal } from './tokens';
import { allWordsIn, searchWords } from '../search/words';
import { recordConsent } from '../privacy/consent';

export function toProfileDto(row: ProfileRow): Profile {
  return {
    uuid: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    profileCode: row.profileCode as Role,
    phone: row.phone,
    rut: row.rut,
    realAddress: row.realAddress,
    status: row.status as Profile['status'],
    emailConfirmed: row.emailConfirmedAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

async function assertEmailFree(db: Database, email: string, exceptId?: string) {
  const owner = await findLiveProfileByEmail(db, email);
  if (owner && owner.id !== exceptId) throw conflict(messages.emailTaken, { email: messages.emailTaken });
}

/**
 * Creates an account. Without an admin behind it (public sign-up) it is always a DRIVER, and its
 * address is unconfirmed until its owner opens the link (decision 135); an address an admin types
 * counts as confirmed.
 */
export async function createProfile(db: Database, input: NewProfile, actor: Principal | null): Promise<Profile> {
  const byAdmin = actor?.role === 'ADMIN';
  const role: Role = byAdmin ? input.profileCode : 'DRIVER';
  await assertEmailFree(db, input.email);
  const passwordHash = await hashNewPassword(input.password);
  try {
    // A driver's own sign-up records the policy version accepted with the account, or neither is stored (decision 146).
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(profile)
        .values({
          email: input.email,
          passwordHash,
          firstName: input.firstName,
          lastName: input.lastName,
          profileCode: role,
          phone: input.phone,
          rut: input.rut,
          realAddress: input.realAddress ?? null,
          emailConfirmedAt: byAdmin ? new Date() : null,
        })
        .returning();
      if (!byAdmin && input.privacyPolicyVersion) await recordConsent(tx, row!.id, input.privacyPolicyVersion);
      return toProfileDto(row!);
    });
  } catch (error) {
    // Two sign-ups racing for one address: the unique index decides.
    if (String((error as { code?: string }).code ?? (error as { cause?: { code?: string } }).cause?.code) === '23505') {
      throw conflict(messages.emailTaken, { email: messages.emailTaken });
    }
    throw error;
  }
}

async function liveOr404(db: Database, id: string): Promise<ProfileRow> {
  const row = await findLiveProfileById(db, id);
  if (!row) throw notFound();
  return row;
}

/** One live user, as the admin's edit and delete screens show it; 404 when unknown or deleted. */
export async function getProfile(db: Database, id: string): Promise<Profile> {
  return toProfileDto(await liveOr404(db, id));
}

/** True when `id` is the only active admin left. */
async function isLastActiveAdmin(db: Database, id: string): Promise<boolean> {
  const [{ n }] = (await db
    .select({ n: count() })
    .from(profile)
    .where(and(eq(profile.profileCode, 'ADMIN'), eq(profile.status, 'ACTIVE'), isNull(profile.deletedAt), ne(profile.id, id)))) as [
    { n: number },
  ];
  return Number(n) === 0;
}

export async function updateProfile(db: Database, input: UpdateProfile, actor: Principal): Promise<Profile> {
  const current = await liveOr404(db, input.uuid);
  if (current.profileCode !== input.profileCode) {
    if (current.id === actor.profileId) throw conflict(messages.cannotChangeOwnRole, { profileCode: messages.cannotChangeOwnRole });
    if (current.profileCode === 'ADMIN' && current.status === 'ACTIVE' && (await isLastActiveAdmin(db, current.id))) {
      throw conflict(messages.lastAdmin, { profileCode: messages.lastAdmin });
    }
  }
  await assertEmailFree(db, input.email, current.id);
  const passwordHash = input.password ? await hashNewPassword(input.password) : null;
  const row = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(profile)
      .set({
        email: input.email,
        firstName: input.firstName,
        lastName: input.lastName,
        profileCode: input.profileCode,
        phone: input.phone,
        rut: input.rut,
        realAddress: input.realAddress ?? null,
        updatedAt: new Date(),
        // An address an admin types counts as confirmed, as when they create the account (decision 135).
        ...(input.email !== current.email ? { emailConfirmedAt: new Date() } : {}),
        ...(passwordHash ? { passwordHash } : {}),
      })
      .where(eq(profile.id, current.id))
      .returning();
    // A new role or password ends the user's sessions in the same transaction (decision 133): a
    // promoted user signs in again, with the second step their new role may require. An admin
    // editing their own password keeps the session in use (nobody changes their own role).
    const rightsChanged = current.profileCode !== input.profileCode;
    if (passwordHash || rightsChanged) {
      const reason = rightsChanged ? 'rights' : 'admin';
      await revokeAllTokens(tx, current.id, reason, current.id === actor.profileId ? actor.tokenId : undefined);
    }
    return updated!;
  });
  return toProfileDto(row);
}

async function assertMayRemove(db: Database, target: ProfileRow, actor: Principal) {
  if (target.id === actor.profileId) throw conflict(messages.cannotRemoveSelf);
  if (target.profileCode === 'ADMIN' && target.status === 'ACTIVE' && (await isLastActiveAdmin(db, target.id))) {
    throw conflict(messages.lastAdmin);
  }
}

/** Soft delete: the row stays so tickets, comments and history keep the person's name. */
export async function deleteProfile(db: Database, id: string, actor: Principal): Promise<void> {
  const target = await liveOr404(db, id);
  await assertMayRemove(db, target, actor);
  await db.transaction(async (tx) => {
    await tx.update(profile).set({ deletedAt: new Date(), updatedAt: new Date() }).where(eq(profile.id, id));
    // A removed account follows nothing (decision 161); the foreign key's CASCADE fires only on a hard delete.
    await tx.delete(ticketFollower).where(eq(ticketFollower.profileId, id));
    await revokeAllTokens(tx, id, 'admin');
  });
}

/** Suspends or reactivates; either way every session of the user ends with the change (decision 133). */
export async function setSuspended(db: Database, id: string, suspended: boolean, actor: Principal): Promise<Profile> {
  const target = await liveOr404(db, id);
  if (suspended) await assertMayRemove(db, target, actor);
  const row = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(profile)
      .set({ status: suspended ? 'SUSPENDED' : 'ACTIVE', updatedAt: new Date() })
      .where(eq(profile.id, id))
      .returning();
    // A suspension says so to whoever still holds a session, and at the sign-in after reactivation (decision 172).
    await revokeAllTokens(tx, id, suspended ? 'suspended' : 'admin');
    return updated!;
  });
  return toProfileDto(row);
}

export async function listProfiles(db: Database, query: UserListQuery): Promise<Paged<Profile>> {
  const filters: SQL[] = [isNull(profile.deletedAt)];
  if (query.profileCode) filters.push(eq(profile.profileCode, query.profileCode));
  if (query.status) filters.push(eq(profile.status, query.status));
  if (query.q) {
    // The events list's rule (decision 169): every word, in any order, accents and case aside,
    // in the e-mail, the name or the RUT (with its dash or without it, as 123456785).
    const document = sql`ticket_search_fold(${profile.email} || ' ' || ${profile.firstName} || ' ' || ${profile.lastName} || ' ' || coalesce(${profile.rut}, '') || ' ' || coalesce(replace(${profile.rut}, '-', ''), ''))`;
    const condition = allWordsIn(document, searchWords(query.q));
    if (condition) filters.push(condition);
  }
  const where = and(...filters);
  const [rows, [totalRow]] = await Promise.all([
    db
      .select()
      .from(profile)
      .where(where)
      .orderBy(profile.lastName, profile.firstName, desc(profile.createdAt))
      .limit(query.size)
      .offset(query.page * query.size),
    db.select({ n: count() }).from(profile).where(where),
  ]);
  return { content: rows.map(toProfileDto), page: query.page, size: query.size, total: Number(totalRow!.n) };
}
