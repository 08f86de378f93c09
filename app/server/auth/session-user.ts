import { z } from '@contract/zod';
import type { MeResponse } from '@contract/auth';
import { roleSchema } from '@contract/role-schema';

/**
 * Placeholder values the specification fixes for every session user (docs/specification.md, "Session user (kept
 * locally)").
 */
export const SESSION_USER_DEFAULTS = {
  avatar: '/static/images/avatars/1.svg',
  location: 'Santiago, Chile',
  description: 'Usuario de la plataforma de atención de la concesión',
  posts: '0',
  coverImg: '/static/images/placeholders/cover.svg',
  followers: '0',
} as const;

/**
 * What the session cookie keeps of the session user (docs/specification.md, "Session user (kept locally)"): the
 * fields that differ from one person to the next. The placeholders are the same for everyone, so they are
 * added when the cookie is read, not carried in every request.
 */
export const storedUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  username: z.string(),
  name: z.string(),
  jobtitle: z.string(),
  role: roleSchema,
});
export type StoredUser = z.infer<typeof storedUserSchema>;

/** The session user of docs/specification.md, "Session user (kept locally)": the stored fields and the placeholders. */
export type SessionUser = StoredUser & typeof SESSION_USER_DEFAULTS;

/** Reads a stored user (extra keys of an older cookie are dropped) into the whole session user. */
export const sessionUserSchema = storedUserSchema.transform((user): SessionUser => ({ ...user, ...SESSION_USER_DEFAULTS }));

/** What the cookie keeps of a session user. */
export function storedUser({ id, email, username, name, jobtitle, role }: SessionUser): StoredUser {
  return { id, email, username, name, jobtitle, role };
}

/**
 * Maps GET /api/user/me onto the session user: username is the e-mail, name the
 * profile's nickName, jobtitle its genre, role the code of its first group.
 * Returns null when the profile has no group, since no role area could be chosen.
 */
export function toSessionUser(me: MeResponse): SessionUser | null {
  const role = me.userProfileDto.groups[0]?.code;
  if (!role) return null;
  return {
    id: me.userProfileDto.id,
    email: me.email,
    username: me.email,
    name: me.userProfileDto.nickName,
    jobtitle: me.userProfileDto.genre,
    role,
    ...SESSION_USER_DEFAULTS,
  };
}
