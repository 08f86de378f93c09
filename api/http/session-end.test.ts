import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { messages } from '@contract/messages';
import { apiErrorSchema } from '@contract/envelope';
import { bearer, createTestApi, signIn, type TestApi } from '../test/helper';
import { hashToken } from '../domain/accounts/tokens';
import { authToken } from '../platform/db/schema';

/**
 * A session that ended says why in its next 401 (decision 138), so the web can tell the person
 * and bring them back where they were; a token that never was a session says nothing.
 */
let api: TestApi;
let admin: string;
beforeAll(async () => {
  api = await createTestApi({ demoTickets: 0 });
  admin = await signIn(api.app, 'admin@concesion.demo');
});
afterAll(() => api.close());

let counter = 0;
const call = (method: 'GET' | 'POST', url: string, token?: string, payload?: object) =>
  api.app.inject({ method, url, payload, headers: { 'x-forwarded-for': '10.9.0.1', ...(token ? bearer(token) : {}) } });

/** An account of the test's own, made by the admin, signed in. */
async function newPerson(profileCode = 'DRIVER') {
  const body = {
    email: `fin.sesion${++counter}@correo.cl`,
    password: 'secreto-1',
    firstName: 'Ana',
    lastName: 'Soto',
    phone: '+56 9 8765 4321',
    rut: '12.345.678-5',
    profileCode,
  };
  const created = await call('POST', '/api/profile/new', admin, body);
  expect(created.statusCode).toBe(201);
  return { body, id: created.json().payload.uuid as string, token: await signIn(api.app, body.email, body.password) };
}

/** The 401 a token gets now: its whole error body, checked against the contract. */
async function refusal(token: string) {
  const response = await call('GET', '/api/user/me', token);
  expect(response.statusCode).toBe(401);
  const body = response.json();
  expect(apiErrorSchema.strict().safeParse(body).success).toBe(true);
  return body.errors as { message: string; reason?: string; fields?: unknown };
}

describe('the 401 to a session that ended', () => {
  it('says "closed" after "Cerrar las demás sesiones" and after ending one session from the list; the session in use goes on', async () => {
    const person = await newPerson();
    const phone = await signIn(api.app, person.body.email, person.body.password);
    expect((await call('POST', '/api/profile/me/sessions/end-others', person.token)).statusCode).toBe(200);
    expect(await refusal(phone)).toEqual({ message: messages.unauthorized, reason: 'closed' });
    expect((await call('GET', '/api/user/me', person.token)).statusCode).toBe(200);

    const tablet = await signIn(api.app, person.body.email, person.body.password);
    const sessions = (await call('GET', '/api/profile/me/sessions', person.token)).json().payload as { id: number; current: boolean }[];
    const other = sessions.find((s) => !s.current)!;
    expect((await call('POST', `/api/profile/me/sessions/${other.id}/end`, person.token)).statusCode).toBe(200);
    expect((await refusal(tablet)).reason).toBe('closed');
  });

  it('says "admin" when an administrator ends the sessions or deletes the account, "suspended" when they suspend it (decision 172)', async () => {
    const ended = await newPerson('OPERATOR');
    expect((await call('POST', `/api/profile/${ended.id}/sessions/end`, admin)).statusCode).toBe(200);
    expect((await refusal(ended.token)).reason).toBe('admin');

    const suspended = await newPerson();
    expect((await call('POST', `/api/profile/disable/${suspended.id}`, admin)).statusCode).toBe(200);
    expect((await refusal(suspended.token)).reason).toBe('suspended');

    const deleted = await newPerson();
    expect((await call('POST', `/api/profile/delete/${deleted.id}`, admin)).statusCode).toBe(200);
    expect((await refusal(deleted.token)).reason).toBe('admin');
  });

  it('says "rights" when the role changed, "admin" when only the password was set by an administrator', async () => {
    const promoted = await newPerson('OPERATOR');
    const update = (person: typeof promoted, profileCode: string, password: string) =>
      call('POST', '/api/profile/update', admin, { ...person.body, uuid: person.id, profileCode, password });
    expect((await update(promoted, 'SUPERVISOR', '')).statusCode).toBe(200);
    expect((await refusal(promoted.token)).reason).toBe('rights');

    const newPassword = await newPerson('OPERATOR');
    expect((await update(newPassword, 'OPERATOR', 'otra-clave-9')).statusCode).toBe(200);
    expect((await refusal(newPassword.token)).reason).toBe('admin');
  });

  it('says "password" to the other sessions when the person changes their own password', async () => {
    const person = await newPerson();
    const phone = await signIn(api.app, person.body.email, person.body.password);
    const changed = await call('POST', '/api/profile/password', person.token, { currentPassword: 'secreto-1', password: 'nueva-clave-7', passwordConfirm: 'nueva-clave-7' });
    expect(changed.statusCode).toBe(200);
    expect((await refusal(phone)).reason).toBe('password');
  });

  it('says "signed-out" after signing out', async () => {
    const person = await newPerson();
    expect((await call('POST', '/api/auth/logout', person.token)).statusCode).toBe(200);
    expect((await refusal(person.token)).reason).toBe('signed-out');
  });

  it('says "idle" past the idle limit and "expired" past the absolute one', async () => {
    const idle = await newPerson('OPERATOR');
    await api.database.db
      .update(authToken)
      .set({ lastUsedAt: new Date(Date.now() - api.config.tokenIdleMs - 60_000) })
      .where(eq(authToken.tokenHash, hashToken(idle.token)));
    expect((await refusal(idle.token)).reason).toBe('idle');

    const old = await newPerson();
    await api.database.db
      .update(authToken)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authToken.tokenHash, hashToken(old.token)));
    expect((await refusal(old.token)).reason).toBe('expired');
  });

  it('says nothing for a token it never issued, nor without a token', async () => {
    expect(await refusal('not-a-token-we-issued')).toEqual({ message: messages.unauthorized });
    const none = await call('GET', '/api/user/me');
    expect(none.statusCode).toBe(401);
    expect(none.json().errors.reason).toBeUndefined();
  });
});
