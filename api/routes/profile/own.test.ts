import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@contract/messages';
import { bearer, createTestApi, signIn, type TestApi } from '../../test/helper';
import { PRIVACY_POLICY_VERSION } from '@contract/privacy-policy';

/**
 * Mi perfil (docs/decisions/103-mi-perfil-and-staff-actions.md): every role sees and changes its own account, and
 * only its own.
 */
let api: TestApi;
beforeAll(async () => {
  api = await createTestApi({ demoTickets: 0 });
});
afterAll(() => api.close());

let counter = 0;
/** A driver account of the test's own (sign-up), and its first token. */
async function newPerson(password = 'secreto-1') {
  const email = `mi.perfil${++counter}@correo.cl`;
  const created = await api.app.inject({
    method: 'POST',
    url: '/api/profile/new',
    headers: { 'x-forwarded-for': `10.7.0.${counter}` },
    payload: { email, password, firstName: 'Ana', lastName: 'Soto', phone: '+56 9 8765 4321', rut: '12.345.678-5', privacyPolicyVersion: PRIVACY_POLICY_VERSION },
  });
  expect(created.statusCode).toBe(201);
  return { email, password, id: created.json().payload.uuid as string, token: await signIn(api.app, email, password) };
}
const call = (method: 'GET' | 'POST', url: string, token?: string, payload?: object, ip = '10.6.0.1') =>
  api.app.inject({ method, url, payload, headers: { 'x-forwarded-for': ip, ...(token ? bearer(token) : {}) } });
const alive = async (token: string) => (await call('GET', '/api/user/me', token)).statusCode;

describe('GET and POST /api/profile/me', () => {
  it('shows each role its own account, never a password', async () => {
    for (const email of ['admin@concesion.demo', 'supervisor@concesion.demo', 'operador@concesion.demo', 'inspector@concesion.demo', 'conductor@concesion.demo']) {
      const response = await call('GET', '/api/profile/me', await signIn(api.app, email));
      expect(response.statusCode).toBe(200);
      expect(response.json().payload).toMatchObject({ email, status: 'ACTIVE' });
      expect(JSON.stringify(response.json())).not.toMatch(/password/i);
    }
  });

  it('saves name, phone and address, normalised, and nothing else', async () => {
    const person = await newPerson();
    const response = await call('POST', '/api/profile/me', person.token, {
      firstName: ' Ana María ',
      lastName: 'Soto Pérez',
      phone: '9 1234 5678',
      realAddress: 'Camino a Melipilla 1234',
      email: 'otra@correo.cl',
      profileCode: 'ADMIN',
      rut: '11.111.111-1',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(messages.profileSaved);
    expect(response.json().payload).toMatchObject({
      firstName: 'Ana María',
      lastName: 'Soto Pérez',
      phone: '+56912345678',
      realAddress: 'Camino a Melipilla 1234',
      email: person.email,
      profileCode: 'DRIVER',
      rut: '12345678-5',
    });
    expect((await call('GET', '/api/profile/me', person.token)).json().payload.phone).toBe('+56912345678');
  });

  it('answers the catalogue messages for bad values and 401 without a session', async () => {
    const person = await newPerson();
    const response = await call('POST', '/api/profile/me', person.token, { firstName: '', lastName: 'Soto', phone: '12' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.fields).toMatchObject({ firstName: messages.firstNameRequired, phone: messages.phoneInvalid });
    expect((await call('GET', '/api/profile/me')).statusCode).toBe(401);
    expect((await call('POST', '/api/profile/me', undefined, { firstName: 'X', lastName: 'Y', phone: '+56912345678' })).statusCode).toBe(401);
  });
});

describe('POST /api/profile/password', () => {
  it('refuses a wrong current password beside its field and changes nothing', async () => {
    const person = await newPerson();
    const response = await call('POST', '/api/profile/password', person.token, { currentPassword: 'no-es-esta', password: 'nueva-clave-1' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ message: messages.currentPasswordWrong, fields: { currentPassword: messages.currentPasswordWrong } });
    expect(await signIn(api.app, person.email, person.password)).toBeTruthy();
    const short = await call('POST', '/api/profile/password', person.token, { currentPassword: person.password, password: '123' });
    expect(short.json().errors.fields.password).toBe(messages.passwordMin);
  });

  it('changes the password and ends every other session, keeping the one in use', async () => {
    const person = await newPerson();
    const other = await signIn(api.app, person.email, person.password);
    const response = await call('POST', '/api/profile/password', person.token, { currentPassword: person.password, password: 'nueva-clave-1' });
    expect(response.statusCode).toBe(200);
    expect(response.json().payload.message).toBe(messages.ownPasswordChanged);
    expect(await alive(person.token)).toBe(200);
    expect(await alive(other)).toBe(401);
    const oldPassword = await api.app.inject({
      method: 'POST',
      url: '/api/auth',
      headers: { 'x-forwarded-for': '10.5.0.9' },
      payload: { email: person.email, password: person.password, providerId: 'email', tokenId: '' },
    });
    expect(oldPassword.statusCode).toBe(401);
    expect(await signIn(api.app, person.email, 'nueva-clave-1')).toBeTruthy();
  });

  it('is throttled against guessing: the sixth wrong try in a row is a 429 with Retry-After', async () => {
    const person = await newPerson();
    for (let n = 0; n < 5; n++) {
      expect((await call('POST', '/api/profile/password', person.token, { currentPassword: `mala-${n}`, password: 'nueva-clave-1' })).statusCode).toBe(400);
    }
    const blocked = await call('POST', '/api/profile/password', person.token, { currentPassword: person.password, password: 'nueva-clave-1' });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('sessions (Mi perfil, and the admin)', () => {
  const signInFrom = async (email: string, password: string, address: string, userAgent: string) => {
    const response = await api.app.inject({
      method: 'POST',
      url: '/api/auth',
      headers: { 'x-forwarded-for': address, 'user-agent': userAgent },
      payload: { email, password, providerId: 'email', tokenId: '' },
    });
    expect(response.statusCode).toBe(200);
    return String(response.headers.authorization).replace('Bearer ', '');
  };
  const phone = 'Mozilla/5.0 (Linux; Android 14) Chrome/156 Mobile';
  const desk = 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140';

  it('lists where each session was opened and when it was last used, and ends one or all the others', async () => {
    const person = await newPerson();
    const onPhone = await signInFrom(person.email, person.password, '198.51.100.4', phone);
    const onDesk = await signInFrom(person.email, person.password, '198.51.100.5', desk);
    const list = (await call('GET', '/api/profile/me/sessions', onDesk)).json().payload as { id: number; userAgent: string; address: string; current: boolean }[];
    expect(list).toHaveLength(3);
    expect(list.find((s) => s.current)).toMatchObject({ userAgent: desk, address: '198.51.100.5' });
    const phoneSession = list.find((s) => s.userAgent === phone)!;
    expect(phoneSession).toMatchObject({ address: '198.51.100.4', current: false });

    expect((await call('POST', `/api/profile/me/sessions/${phoneSession.id}/end`, onDesk)).statusCode).toBe(200);
    expect(await alive(onPhone)).toBe(401);
    expect(await alive(person.token)).toBe(200);
    const others = await call('POST', '/api/profile/me/sessions/end-others', onDesk);
    expect(others.json().payload).toEqual({ ended: 1 });
    expect(await alive(person.token)).toBe(401);
    expect(await alive(onDesk)).toBe(200);
    expect((await call('GET', '/api/profile/me/sessions', onDesk)).json().payload).toHaveLength(1);
  });

  it("never shows or ends someone else's session", async () => {
    const one = await newPerson();
    const other = await newPerson();
    const [theirs] = (await call('GET', '/api/profile/me/sessions', other.token)).json().payload as { id: number }[];
    const attempt = await call('POST', `/api/profile/me/sessions/${theirs!.id}/end`, one.token);
    expect(attempt.statusCode).toBe(404);
    expect(await alive(other.token)).toBe(200);
    for (const bad of ['0', '-1', 'x', '99999999999999999999']) {
      expect((await call('POST', `/api/profile/me/sessions/${bad}/end`, one.token)).statusCode).toBe(400);
    }
  });

  it('lets an admin end every session of a user, and nobody else', async () => {
    const person = await newPerson();
    const second = await signIn(api.app, person.email, person.password);
    for (const email of ['supervisor@concesion.demo', 'operador@concesion.demo', 'conductor@concesion.demo']) {
      const refused = await call('POST', `/api/profile/${person.id}/sessions/end`, await signIn(api.app, email));
      expect(refused.statusCode).toBe(403);
    }
    expect(await alive(person.token)).toBe(200);
    const admin = await signIn(api.app, 'admin@concesion.demo');
    const ended = await call('POST', `/api/profile/${person.id}/sessions/end`, admin);
    expect(ended.json().payload).toEqual({ ended: 2 });
    expect(await alive(person.token)).toBe(401);
    expect(await alive(second)).toBe(401);
    expect((await call('POST', '/api/profile/00000000-0000-4000-8000-000000000000/sessions/end', admin)).statusCode).toBe(404);
  });
});
