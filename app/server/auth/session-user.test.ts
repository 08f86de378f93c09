import { describe, expect, it } from 'vitest';
import type { MeResponse } from '@contract/auth';
import { SESSION_USER_DEFAULTS, sessionUserSchema, storedUser, toSessionUser } from './session-user';

const me: MeResponse = {
  email: 'operador@concesion.demo',
  userProfileDto: {
    id: '6f1c2a0e-1111-4d2b-9c3a-000000000001',
    nickName: 'Olga Operadora',
    genre: 'Operadora de turno',
    groups: [{ code: 'OPERATOR' }, { code: 'ADMIN' }],
  },
};

describe('toSessionUser', () => {
  it('maps the me response exactly as docs/specification.md, "Session user (kept locally)" describes', () => {
    expect(toSessionUser(me)).toEqual({
      id: '6f1c2a0e-1111-4d2b-9c3a-000000000001',
      email: 'operador@concesion.demo',
      username: 'operador@concesion.demo',
      name: 'Olga Operadora',
      jobtitle: 'Operadora de turno',
      role: 'OPERATOR',
      avatar: SESSION_USER_DEFAULTS.avatar,
      location: SESSION_USER_DEFAULTS.location,
      description: SESSION_USER_DEFAULTS.description,
      posts: SESSION_USER_DEFAULTS.posts,
      coverImg: SESSION_USER_DEFAULTS.coverImg,
      followers: SESSION_USER_DEFAULTS.followers,
    });
  });

  it('takes the role from the first group only', () => {
    const driver = { ...me, userProfileDto: { ...me.userProfileDto, groups: [{ code: 'DRIVER' as const }] } };
    expect(toSessionUser(driver)?.role).toBe('DRIVER');
  });

  it('returns null for a profile without groups', () => {
    expect(toSessionUser({ ...me, userProfileDto: { ...me.userProfileDto, groups: [] } })).toBeNull();
  });

  it('is stored without its placeholders and read back whole', () => {
    const user = toSessionUser(me)!;
    const stored = storedUser(user);
    expect(Object.keys(stored).sort()).toEqual(['email', 'id', 'jobtitle', 'name', 'role', 'username']);
    expect(sessionUserSchema.parse(stored)).toEqual(user);
    // A cookie written before the placeholders left it still reads the same.
    expect(sessionUserSchema.parse(user)).toEqual(user);
  });
});
