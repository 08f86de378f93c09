import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meResponseSchema } from '@contract/auth';
import { messages } from '@contract/messages';
import { authToken, profile } from '../platform/db/schema';
import { hashToken } from '../domain/accounts/tokens';
import { DEVICE_HEADER } from '../domain/accounts/devices';
import { authBody, bearer, createTestApi, signIn, type TestApi } from '../test/helper';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi({ config: { corsOrigins: ['http://localhost:3000'] } });
});
afterAll(() => api.close());

const me = (token: string) => api.app.inject({ method: 'GET', url: '/api/user/me', headers: bearer(token) });

describe('POST /api/auth', () => {
  it('signs in: the token is in the authorization header and the body is the me shape', async () => {
    const response = await api.app.inject({
      method: 'POST',
      url: '/api/auth',
      headers: { origin: 'http://localhost:3000' },
      payload: authBody('operador@concesion.demo'),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers.authorization).toMatch(/^Bearer [A-Za-z0-9_-]{43}$/);
    expect(String(response.headers['access-control-expose-headers']).toLowerCase()).toContain('authorization');
    const body = response.json();
    expect(meResponseSchema.parse(body.payload).userProfileDto.groups).toEqual([{ code: 'OPERATOR' }]);
  });

  it('stores only a hash of the token', async () => {
    const token = await signIn(api.app, 'inspector@concesion.demo');
    const rows = await api.database.db.select({ hash: authToken.tokenHash }).from(authToken);
    expect(rows.some((r) => r.hash === token)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.hash))).toBe(true);
  });

  it('answers a wrong password and an unknown e-mail the same way', async () => {
    const wrong = await api.app.inject({ method: 'POST', url: '/api/auth', payload: authBody('supervisor@concesion.demo', 'nope-nope') });
    const unknown = await api.app.inject({ method: 'POST', url: '/api/auth', payload: authBody('nadie@concesion.demo', 'nope-nope') });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.body).toBe(unknown.body);
    expect(wrong.json()).toEqual({ errors: { message: messages.invalidCredentials } });
    expect(wrong.headers.authorization).toBeUndefined();
  });

  it('refuses anything but the exact body of docs/specification.md, "7. The calls it makes"', async () => {
    const response = await api.app.inject({
      method: 'POST',
      url: '/api/auth',
      payload: { email: 'operador@concesion.demo', password: 'Demo-2026', providerId: 'google', tokenId: '' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.fields).toHaveProperty('providerId');
  });

  it('validates e-mail and password with the catalogue messages', async () => {
    const response = await api.app.inject({
      method: 'POST',
      url: '/api/auth',
      payload: { email: 'no-es-correo', password: '', providerId: 'email', tokenId: '' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.fields).toEqual({
      email: messages.emailInvalid,
      password: messages.passwordRequired,
    });
  });
});

describe('GET /api/user/me', () => {
  it('answers email and userProfileDto exactly', async () => {
    const token = await signIn(api.app, 'conductor@concesion.demo');
    const response = await me(token);
    expect(response.statusCode).toBe(200);
    const payload = response.json().payload;
    expect(Object.keys(payload).sort()).toEqual(['email', 'userProfileDto']);
    expect(Object.keys(payload.userProfileDto).sort()).toEqual(['genre', 'groups', 'id', 'nickName']);
    expect(payload).toMatchObject({
      email: 'conductor@concesion.demo',
      userProfileDto: { nickName: 'Juan Pérez', genre: 'Conductor', groups: [{ code: 'DRIVER' }] },
    });
  });

  it('needs a token', async () => {
    const response = await api.app.inject({ method: 'GET', url: '/api/user/me' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ errors: { message: messages.unauthorized } });
  });
});

describe('tokens', () => {
  it('stops working after sign-out', async () => {
    const token = await signIn(api.app, 'operador@concesion.demo');
    expect((await me(token)).statusCode).toBe(200);
    const logout = await api.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) });
    expect(logout.statusCode).toBe(200);
    expect((await me(token)).statusCode).toBe(401);
  });

  it('expires after 30 idle minutes for staff and 120 for drivers, and after 12 hours however busy', async () => {
    expect([api.config.tokenIdleMs, api.config.driverTokenIdleMs, api.config.tokenMaxMs]).toEqual([30 * 60_000, 120 * 60_000, 12 * 3_600_000]);
    const idleFor = async (email: string, minutes: number) => {
      const token = await signIn(api.app, email);
      const [issued] = await api.database.db.select().from(authToken).where(eq(authToken.tokenHash, hashToken(token)));
      // Issued for the absolute limit, counted from sign-in.
      expect(issued!.expiresAt.getTime() - issued!.createdAt.getTime()).toBeGreaterThanOrEqual(12 * 3_600_000 - 1000);
      await api.database.db
        .update(authToken)
        .set({ lastUsedAt: new Date(Date.now() - minutes * 60_000) })
        .where(eq(authToken.tokenHash, hashToken(token)));
      return (await me(token)).statusCode;
    };
    expect(await idleFor('operador@concesion.demo', 29)).toBe(200);
    expect(await idleFor('supervisor@concesion.demo', 31)).toBe(401);
    expect(await idleFor('admin@concesion.demo', 31)).toBe(401);
    expect(await idleFor('conductor@concesion.demo', 31)).toBe(200);
    expect(await idleFor('conductor@concesion.demo', 121)).toBe(401);
  });

  it('expires at its absolute limit however busy', async () => {
    const token = await signIn(api.app, 'operador@concesion.demo');
    await api.database.db.update(authToken).set({ expiresAt: new Date(Date.now() - 1000), lastUsedAt: new Date() });
    expect((await me(token)).statusCode).toBe(401);
  });

  it('is refused once its user is suspended, and the user cannot sign in again', async () => {
    const token = await signIn(api.app, 'supervisor@concesion.demo');
    await api.database.db.update(profile).set({ status: 'SUSPENDED' }).where(eq(profile.email, 'supervisor@concesion.demo'));
    try {
      expect((await me(token)).statusCode).toBe(401);
      const again = await api.app.inject({ method: 'POST', url: '/api/auth', payload: authBody('supervisor@concesion.demo') });
      expect(again.statusCode).toBe(403);
      expect(again.json().errors.message).toBe(messages.accountSuspended);
    } finally {
      await api.database.db.update(profile).set({ status: 'ACTIVE' }).where(eq(profile.email, 'supervisor@concesion.demo'));
    }
  });

  it('ends when the browser holding it signs in again and hands it over, whoever signs in', async () => {
    const older = await signIn(api.app, 'operador@concesion.demo');
    const again = await api.app.inject({ method: 'POST', url: '/api/auth', headers: bearer(older), payload: authBody('operador@concesion.demo') });
    expect(again.statusCode).toBe(200);
    const newer = String(again.headers.authorization).replace(/^Bearer /, '');
    expect((await me(older)).statusCode).toBe(401);
    expect((await me(newer)).statusCode).toBe(200);
    // Another person signing in on the same browser ends the previous person's session as well.
    const other = await api.app.inject({ method: 'POST', url: '/api/auth', headers: bearer(newer), payload: authBody('inspector@concesion.demo') });
    expect(other.statusCode).toBe(200);
    expect((await me(newer)).statusCode).toBe(401);
  });

  it('stays when a sign-in with it fails', async () => {
    const token = await signIn(api.app, 'operador@concesion.demo');
    const wrong = await api.app.inject({ method: 'POST', url: '/api/auth', headers: bearer(token), payload: authBody('operador@concesion.demo', 'otra-clave') });
    expect(wrong.statusCode).toBe(401);
    expect((await me(token)).statusCode).toBe(200);
  });

  it('is refused once its user is deleted', async () => {
    const token = await signIn(api.app, 'inspector@concesion.demo');
    await api.database.db.update(profile).set({ deletedAt: new Date() }).where(eq(profile.email, 'inspector@concesion.demo'));
    try {
      expect((await me(token)).statusCode).toBe(401);
    } finally {
      await api.database.db.update(profile).set({ deletedAt: null }).where(eq(profile.email, 'inspector@concesion.demo'));
    }
  });
});

describe('sign-in rate limit', () => {
  const attempt = (target: TestApi, email: string, password: string, address: string, device?: string) =>
    target.app.inject({
      method: 'POST',
      url: '/api/auth',
      headers: { 'x-forwarded-for': address, ...(device ? { [DEVICE_HEADER]: device } : {}) },
      payload: authBody(email, password),
    });

  it('answers 429 in Spanish after five failures for one account from one address, even with the right password', async () => {
    const local = await createTestApi({ demoTickets: 0 });
    try {
      for (let i = 0; i < 5; i++) expect((await attempt(local, 'admin@concesion.demo', 'mal-clave', '203.0.113.7')).statusCode).toBe(401);
      const blocked = await attempt(local, 'admin@concesion.demo', 'Demo-2026', '203.0.113.7');
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual({ errors: { message: messages.tooManyAttempts } });
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      // Other people from the same address still get in.
      expect((await attempt(local, 'operador@concesion.demo', 'Demo-2026', '203.0.113.7')).statusCode).toBe(200);
    } finally {
      await local.close();
    }
  });

  it('limits one account from every address, and lets its owner in from a browser that signed in before (decision 133)', async () => {
    const local = await createTestApi({ demoTickets: 0 });
    try {
      // The owner signed in once from this browser: it got a device token, and sends it back.
      const before = await attempt(local, 'admin@concesion.demo', 'Demo-2026', '192.0.2.44');
      const device = String(before.headers[DEVICE_HEADER]);
      expect(device).toMatch(/^[A-Za-z0-9_-]{43}$/);
      // 30 unknown e-mails from one address, then wrong admin passwords from three addresses.
      for (let i = 0; i < 30; i++) expect((await attempt(local, `nadie${i}@concesion.demo`, 'mal-clave', '198.51.100.66')).statusCode).toBe(401);
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) statuses.push((await attempt(local, 'admin@concesion.demo', 'mal-clave', `198.51.100.${100 + (i % 3)}`)).statusCode);
      expect(statuses).toEqual([...Array<number>(10).fill(401), 429, 429]);
      // An unknown browser, even with the right password and a fresh address, waits: told so in Spanish, with Retry-After.
      const stranger = await attempt(local, 'admin@concesion.demo', 'Demo-2026', '192.0.2.45');
      expect(stranger.statusCode).toBe(429);
      expect(stranger.json()).toEqual({ errors: { message: messages.tooManyAttempts } });
      expect(Number(stranger.headers['retry-after'])).toBeGreaterThan(0);
      // The owner's browser gets in at once, and keeps its device token (no new one is issued).
      const owner = await attempt(local, 'admin@concesion.demo', 'Demo-2026', '192.0.2.45', device);
      expect(owner.statusCode).toBe(200);
      expect(owner.headers[DEVICE_HEADER]).toBeUndefined();
    } finally {
      await local.close();
    }
  });

  it('locks a known device out after its own few failures, and never lets one account’s device token exempt another account', async () => {
    const local = await createTestApi({ demoTickets: 0, throttleLimits: { perAccount: 3 } });
    try {
      const operatorDevice = String((await attempt(local, 'operador@concesion.demo', 'Demo-2026', '192.0.2.50')).headers[DEVICE_HEADER]);
      const device = String((await attempt(local, 'supervisor@concesion.demo', 'Demo-2026', '192.0.2.50')).headers[DEVICE_HEADER]);
      for (let i = 0; i < 3; i++) await attempt(local, 'supervisor@concesion.demo', 'mal-clave', `198.51.100.${i}`);
      // The operator's device token is an unknown device for the supervisor's account.
      expect((await attempt(local, 'supervisor@concesion.demo', 'Demo-2026', '192.0.2.50', operatorDevice)).statusCode).toBe(429);
      // The supervisor's own device: five wrong passwords, then it is refused too, even with the right one.
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) statuses.push((await attempt(local, 'supervisor@concesion.demo', i < 5 ? 'mal-clave' : 'Demo-2026', '192.0.2.50', device)).statusCode);
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    } finally {
      await local.close();
    }
  });

  it('checks no more passwords than the limit among 40 parallel guesses from 40 addresses', async () => {
    const local = await createTestApi({ demoTickets: 0 });
    try {
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, i) => attempt(local, 'supervisor@concesion.demo', `clave-${i}`, `203.0.113.${i + 1}`)),
      );
      const statuses = answers.map((answer) => answer.statusCode);
      expect(statuses.filter((status) => status === 401)).toHaveLength(10);
      expect(statuses.filter((status) => status === 429)).toHaveLength(30);
    } finally {
      await local.close();
    }
  });

  it('counts a caller that is not the web app by its own address, whatever X-Forwarded-For it sends', async () => {
    const local = await createTestApi({ demoTickets: 0 });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        const response = await local.app.inject({
          method: 'POST',
          url: '/api/auth',
          remoteAddress: '203.0.113.200',
          headers: { 'x-forwarded-for': `10.1.2.${i}` },
          payload: authBody('admin@concesion.demo', 'mal-clave'),
        });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    } finally {
      await local.close();
    }
  });

  it('never throttles many successful sign-ins from one office address', async () => {
    const emails = ['admin', 'supervisor', 'operador', 'inspector', 'conductor'].map((n) => `${n}@concesion.demo`);
    for (let round = 0; round < 8; round++) {
      for (const email of emails) expect((await attempt(api, email, 'Demo-2026', '198.51.100.20')).statusCode).toBe(200);
    }
  });

  it('limits failures from one address across many accounts', async () => {
    const local = await createTestApi({ demoTickets: 0, throttleLimits: { perAddress: 4 } });
    try {
      for (const n of [1, 2, 3, 4]) expect((await attempt(local, `x${n}@concesion.demo`, 'bad-bad', '192.0.2.9')).statusCode).toBe(401);
      expect((await attempt(local, 'x5@concesion.demo', 'bad-bad', '192.0.2.9')).statusCode).toBe(429);
    } finally {
      await local.close();
    }
  });
});
