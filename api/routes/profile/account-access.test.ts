import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from 'otplib';
import { messages } from '@contract/messages';
import { PRIVACY_POLICY_VERSION } from '@contract/privacy-policy';
import { authBody, bearer, createTestApi, signIn, type TestApi } from '../../test/helper';

/** The admin's account panel (decision 171) and what the next sign-in says after an admin ended a session (decision 172). */
let api: TestApi;
let admin: string;
beforeAll(async () => {
  api = await createTestApi({ demoTickets: 0 });
  admin = await signIn(api.app, 'admin@concesion.demo');
});
afterAll(() => api.close());

let counter = 0;
const post = (url: string, payload?: unknown, token?: string) =>
  api.app.inject({ method: 'POST', url, payload: payload as object, headers: { 'x-forwarded-for': '10.0.7.1', ...(token ? bearer(token) : {}) } });
const get = (url: string, token: string) => api.app.inject({ method: 'GET', url, headers: bearer(token) });

async function newAccount(profileCode = 'DRIVER') {
  const body = {
    email: `acceso${++counter}.${Date.now()}@correo.cl`,
    password: 'secreto-1',
    firstName: 'Rosa',
    lastName: 'Acceso',
    phone: '+56 9 8765 4321',
    rut: '12.345.678-5',
    profileCode,
    privacyPolicyVersion: PRIVACY_POLICY_VERSION,
  };
  const created = (await post('/api/profile/new', body, admin)).json().payload as { uuid: string };
  return { ...body, id: created.uuid };
}

describe('GET /api/profile/{id}/access', () => {
  it('says active or suspended, how many sessions are open and when one was last used, and whether a second step is enrolled', async () => {
    const person = await newAccount('OPERATOR');
    const fresh = (await get(`/api/profile/${person.id}/access`, admin)).json().payload;
    expect(fresh).toEqual({ status: 'ACTIVE', openSessions: 0, lastUsedAt: null, twoStepEnrolled: false });

    const one = await signIn(api.app, person.email, person.password);
    await signIn(api.app, person.email, person.password);
    const setup = (await post('/api/profile/me/two-step/setup', undefined, one)).json().payload;
    expect((await post('/api/profile/me/two-step/confirm', { code: await generate({ secret: setup.secret }) }, one)).statusCode).toBe(200);
    const open = (await get(`/api/profile/${person.id}/access`, admin)).json().payload;
    expect(open).toMatchObject({ status: 'ACTIVE', openSessions: 2, twoStepEnrolled: true });
    expect(Date.now() - Date.parse(open.lastUsedAt)).toBeLessThan(60_000);

    await post(`/api/profile/disable/${person.id}`, undefined, admin);
    const suspended = (await get(`/api/profile/${person.id}/access`, admin)).json().payload;
    expect(suspended).toMatchObject({ status: 'SUSPENDED', openSessions: 0, lastUsedAt: open.lastUsedAt });
  });

  it('is for admins only, and 404 for an unknown account', async () => {
    const person = await newAccount();
    const theirs = await signIn(api.app, person.email, person.password);
    expect((await get(`/api/profile/${person.id}/access`, theirs)).statusCode).toBe(403);
    const operator = await signIn(api.app, 'operador@concesion.demo');
    expect((await get(`/api/profile/${person.id}/access`, operator)).statusCode).toBe(403);
    expect((await api.app.inject({ method: 'GET', url: `/api/profile/${person.id}/access` })).statusCode).toBe(401);
    expect((await get('/api/profile/00000000-0000-4000-8000-000000000000/access', admin)).statusCode).toBe(404);
  });
});

describe('the sign-in after an admin ended the session', () => {
  it('says once that an administrator closed the last session', async () => {
    const person = await newAccount();
    const token = await signIn(api.app, person.email, person.password);
    expect((await post(`/api/profile/${person.id}/sessions/end`, undefined, admin)).json().payload.ended).toBe(1);
    // The session held says why it ended.
    expect((await get('/api/user/me', token)).json().errors.reason).toBe('admin');
    const next = await post('/api/auth', authBody(person.email, person.password));
    expect(next.json().payload.lastSessionEnded).toBe('admin');
    const after = await post('/api/auth', authBody(person.email, person.password));
    expect(after.json().payload).not.toHaveProperty('lastSessionEnded');
  });

  it('a suspended person is told so with the catalogue message, and once reactivated, that the suspension closed the session', async () => {
    const person = await newAccount();
    const token = await signIn(api.app, person.email, person.password);
    await post(`/api/profile/disable/${person.id}`, undefined, admin);
    expect((await get('/api/user/me', token)).json().errors.reason).toBe('suspended');
    const refused = await post('/api/auth', authBody(person.email, person.password));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errors.message).toBe(messages.accountSuspended);
    await post(`/api/profile/enable/${person.id}`, undefined, admin);
    const back = await post('/api/auth', authBody(person.email, person.password));
    expect(back.json().payload.lastSessionEnded).toBe('suspended');
  });

  it('says nothing after a sign-out of the person’s own', async () => {
    const person = await newAccount();
    const token = await signIn(api.app, person.email, person.password);
    await post('/api/auth/logout', undefined, token);
    const next = await post('/api/auth', authBody(person.email, person.password));
    expect(next.json().payload).not.toHaveProperty('lastSessionEnded');
  });
});
