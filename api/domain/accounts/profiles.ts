import { and, eq, isNull } from 'drizzle-orm';
import type { MeResponse } from '@contract/auth';
import { roleLabels } from '@contract/messages';
import type { Role } from '@contract/roles';
import type { Database } from '../../platform/db/client';
import { profile } from '../../platform/db/schema';
import { fullName } from '@contract/person-name';

export type ProfileRow = typeof profile.$inferSelect;


/** GET /api/user/me, exactly as docs/specification.md, "Server me response" reads it. */
export function toMeResponse(p: Pick<ProfileRow, 'id' | 'email' | 'firstName' | 'lastName' | 'profileCode'>): MeResponse {
  const role = p.profileCode as Role;
  return {
    email: p.email,
    userProfileDto: {
      id: p.id,
      nickName: fullName(p),
      genre: roleLabels[role],
      groups: [{ code: role }],
    },
  };
}

/** The live (not deleted) account with this address, if any. */
export async function findLiveProfileByEmail(db: Database, email: string): Promise<ProfileRow | undefined> {
  const [row] = await db
    .select()
    .from(profile)
    .where(and(eq(profile.email, email.toLowerCase()), isNull(profile.deletedAt)))
    .limit(1);
  return row;
}

export async function findLiveProfileById(db: Database, id: string): Promise<ProfileRow | undefined> {
  const [row] = await db
    .select()
    .from(profile)
    .where(and(eq(profile.id, id), isNull(profile.deletedAt)))
    .limit(1);
  return row;
}
