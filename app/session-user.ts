import { z } from '@contract/zod';
import type { MeResponse } from '@contract/auth';
import { roleSchema } from '@contract/role-schema';

/** Placeholder values the specification fixes for every session user (section 3). */
export const SESSION_USER_DEFAULTS = {
  avatar: '/static/images/avatars/1.svg',
  location: 'Santiago, Chile',
  description: 'Usuario de la plataforma de atención de la concesión',
  posts: '0',
  coverImg: '/static/images/placeholders/cover.svg',
  followers: '0',
} as const;

/** The session user of section 3 "Session user", kept in the signed session cookie. */
export const sessionUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  username: z.string(),
  name: z.string(),
  jobtitle: z.string(),
  role: roleSchema,
  avatar: z.string(),
  location: z.string(),
  description: z.string(),
  posts: z.string(),
  coverImg: z.string(),
  followers: z.string(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

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
