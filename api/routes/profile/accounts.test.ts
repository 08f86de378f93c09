import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { messages } from '@contract/messages';
import { normalizePhone } from '@contract/phone';
import { normalizeRut } from '@contract/rut';
import { demoUsers } from '../../platform/db/seed';
import { passwordReset } from '../../platform/db/schema';
import { deleteProfile } from '../../domain/accounts/profile-admin';
import { validTicketBody } from '../../test/tickets';
import { anotherProcess, authBody, bearer, createTestApi, signIn, type TestApi } from '../../test/helper';
import { PRIVACY_POLICY_VERSION } from '@contract/privacy-policy';

let api: TestApi;
let admin: string;
beforeAll(async () => {
  api = await createTestApi({ demoTickets: 0, cluster: true });
  admin = await signIn(api.app, 'admin@concesion.demo');
});
afterAll(() => api.close());

let counter = 0;
const person = (overrides: Record<string, unknown> = {}) => ({
  email: `persona${++counter}@correo.cl`,
  password: 'secreto-1',
  firstName: 'María',
  lastName: 'Soto',
  phone: '+56 9 8765 4321',
  rut: '12.345.678-5',
  realAddress: 'Av. Siempre Viva 742, Curacaví',
  privacyPolicyVersion: PRIVACY_POLICY_VERSION,
  ...overrides,
});
const post = (url: string, payload?: unknown, token?: string, ip = '10.0.0.1') =>
  api.app.inject({ method: 'POST', url, payload: payload as object, headers: { 'x-forwarded-for': ip, ...(token ? bearer(token) : {}) } });
const me = (token: string) => api.app.inject({ method: 'GET', url: '/api/user/me', headers: bearer(token) });

describe('sign-up (POST /api/profile/new without a token)', () => {
  it('creates a DRIVER whatever type is asked for, who can then sign in', async () => {
    const body = person({ profileCode: 'ADMIN' });
    const response = await post('/api/profile/new', body);
    expect(response.statusCode).toBe(201);
    const created = response.json().payload;
    expect(created).toMatchObject({ email: body.email, profileCode: 'DRIVER', rut: '12345678-5', phone: '+56987654321', status: 'ACTIVE' });
    expect(created).not.toHaveProperty('password');
    expect(created).not.toHaveProperty('passwordHash');
    const token = await signIn(api.app, body.email, body.password);
    expect((await me(token)).json().payload.userProfileDto.groups).toEqual([{ code: 'DRIVER' }]);
  });

  it('refuses an address already registered with a 409 and its message', async () => {
    const response = await post('/api/profile/new', person({ email: 'OPERADOR@concesion.demo' }));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ errors: { message: messages.emailTaken, fields: { email: messages.emailTaken } } });
  });

  it('validates every field with the catalogue messages and stores nothing', async () => {
    const response = await post('/api/profile/new', { email: 'x', password: '123', firstName: '', lastName: ' ', phone: '12', rut: '12.345.678-9' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.fields).toEqual({
      email: messages.emailInvalid,
      password: messages.passwordMin,
      firstName: messages.firstNameRequired,
      lastName: messages.lastNameRequired,
      phone: messages.phoneInvalid,
      rut: messages.rutInvalid,
    });
    const list = await api.app.inject({ method: 'GET', url: '/api/user/list?q=x', headers: bearer(admin) });
    expect(list.json().payload.content.find((p: { email: string }) => p.email === 'x')).toBeUndefined();
  });

  it('refuses line breaks and control characters in names with a 400 and the field, and stores nothing', async () => {
    const body = person({ firstName: 'María\r\nBcc: todos@correo.cl', lastName: 'Soto\u202e' });
    const response = await post('/api/profile/new', body);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      message: messages.validationFailed,
      fields: { firstName: messages.nameInvalidCharacters, lastName: messages.nameInvalidCharacters },
    });
    const list = await api.app.inject({ method: 'GET', url: `/api/user/list?q=${body.email}`, headers: bearer(admin) });
    expect(list.json().payload.content).toEqual([]);
    const driver = await signIn(api.app, 'conductor@concesion.demo');
    const own = await api.app.inject({
      method: 'POST',
      url: '/api/profile/me',
      headers: bearer(driver),
      payload: { firstName: 'Carla\u0085', lastName: 'Conductora', phone: '+56 9 8765 4321' },
    });
    expect(own.statusCode).toBe(400);
    expect(own.json().errors.fields).toEqual({ firstName: messages.nameInvalidCharacters });
    // The reporter's name on a ticket, staff recording on someone's behalf.
    const operator = await signIn(api.app, 'operador@concesion.demo');
    const ticket = await api.app.inject({
      method: 'POST',
      url: '/api/ticket',
      headers: bearer(operator),
      payload: validTicketBody({ fullName: 'Camila\nRojas' }),
    });
    expect(ticket.statusCode).toBe(400);
    expect(ticket.json().errors.fields).toEqual({ fullName: messages.nameInvalidCharacters });
  });

  it('is rate limited per address', async () => {
    let last = 0;
    for (let i = 0; i < 11; i++) last = (await post('/api/profile/new', { email: 'bad' }, undefined, '172.16.5.5')).statusCode;
    expect(last).toBe(429);
    const other = await post('/api/profile/new', { email: 'bad' }, undefined, '172.16.5.6');
    expect(other.statusCode).toBe(400);
  });
});

describe('the enumeration sign-up allows (an accepted risk, decision 135)', () => {
  it('answers "already registered", and counts those probes in the per-address limit shared by every API process', async () => {
    const other = await anotherProcess(api);
    try {
      const probe = (app: typeof api.app, email: string) =>
        app.inject({ method: 'POST', url: '/api/profile/new', payload: person({ email }), headers: { 'x-forwarded-for': '172.16.9.9' } });
      const answers: number[] = [];
      for (let i = 0; i < 10; i++) answers.push((await probe(i % 2 ? other : api.app, i % 2 ? 'operador@concesion.demo' : `nadie${i}.${counter}@correo.cl`)).statusCode);
      expect(answers.filter((s) => s === 409)).toHaveLength(5);
      const refused = await probe(other, 'supervisor@concesion.demo');
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.body).not.toContain(messages.emailTaken);
    } finally {
      await other.close();
    }
  });
});

describe('demo people', () => {
  it('have valid RUTs and phones, so an admin can save them unchanged', () => {
    for (const person of demoUsers) {
      expect(normalizeRut(person.rut), person.email).toBe(person.rut);
      expect(normalizePhone(person.phone), person.email).toBe(person.phone);
    }
  });
});

describe('user administration', () => {
  it('lets the admin create any user type', async () => {
    const response = await post('/api/profile/new', person({ profileCode: 'SUPERVISOR' }), admin);
    expect(response.statusCode).toBe(201);
    expect(response.json().payload.profileCode).toBe('SUPERVISOR');
  });

  it('updates a user; an empty password keeps the old one and me reflects the edit at once', async () => {
    const body = person();
    const created = (await post('/api/profile/new', { ...body, profileCode: 'OPERATOR' }, admin)).json().payload;
    const token = await signIn(api.app, body.email, body.password);
    expect((await me(token)).json().payload.userProfileDto.nickName).not.toBe('Marisol Soto');
    const response = await post(
      '/api/profile/update',
      { ...body, uuid: created.uuid, profileCode: 'OPERATOR', firstName: 'Marisol', password: '' },
      admin,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().payload.firstName).toBe('Marisol');
    expect((await me(token)).json().payload.userProfileDto.nickName).toBe('Marisol Soto');
    await signIn(api.app, body.email, body.password);
  });

  it('ends the sessions in use at a role change: the next call is refused, and a new sign-in has the new role (decision 133)', async () => {
    const body = person();
    const created = (await post('/api/profile/new', { ...body, profileCode: 'OPERATOR' }, admin)).json().payload;
    const token = await signIn(api.app, body.email, body.password);
    const everyTicket = (bearerToken: string) => api.app.inject({ method: 'GET', url: '/api/ticket/list/all', headers: bearer(bearerToken) });
    expect((await everyTicket(token)).statusCode).toBe(200);
    await post('/api/profile/update', { ...body, uuid: created.uuid, profileCode: 'DRIVER', password: '' }, admin);
    expect((await everyTicket(token)).statusCode).toBe(401);
    expect((await everyTicket(await signIn(api.app, body.email, body.password))).statusCode).toBe(403);
  });

  it('changes the password when one is given', async () => {
    const body = person();
    const created = (await post('/api/profile/new', body, admin)).json().payload;
    await post('/api/profile/update', { ...body, uuid: created.uuid, profileCode: 'DRIVER', password: 'otra-clave' }, admin);
    await expect(signIn(api.app, body.email, body.password)).rejects.toThrow();
    await signIn(api.app, body.email, 'otra-clave');
  });

  it('lists users with search by name, e-mail and RUT, and filters by type and state', async () => {
    const list = (query: string) => api.app.inject({ method: 'GET', url: `/api/user/list?${query}`, headers: bearer(admin) }).then((r) => r.json().payload);
    expect((await list('q=Carolina')).content.map((p: { email: string }) => p.email)).toEqual(['operador@concesion.demo']);
    expect((await list('q=inspector@')).content).toHaveLength(1);
    expect((await list('q=13.579.246-2')).content.map((p: { email: string }) => p.email)).toEqual(['operador@concesion.demo']);
    // The events list's word rule (decision 169): any order, accents and case aside, RUT in any form.
    for (const q of ['Reyes Carolina', 'carolina REYES', 'reyes operador@', '135792462', '13579246-2']) {
      expect((await list(`q=${encodeURIComponent(q)}`)).content.map((p: { email: string }) => p.email), q).toEqual(['operador@concesion.demo']);
    }
    expect((await list('q=valdes andrea')).content.map((p: { email: string }) => p.email)).toEqual(['admin@concesion.demo']);
    expect((await list('q=carolina valdes')).content).toEqual([]);
    // LIKE's wildcards are searched for as themselves: nobody's name, e-mail or RUT holds them.
    for (const wildcard of ['%', '_', '%25', '1_', '\\']) expect((await list(`q=${encodeURIComponent(wildcard)}`)).content, wildcard).toEqual([]);
    const drivers = await list('profileCode=DRIVER&size=100');
    expect(drivers.content.every((p: { profileCode: string }) => p.profileCode === 'DRIVER')).toBe(true);
    expect(drivers.total).toBe(drivers.content.length);
    const paged = await list('size=2&page=1');
    expect(paged).toMatchObject({ page: 1, size: 2 });
    expect(paged.content).toHaveLength(2);
  });

  it('suspends a user: the live session stops at its next request and sign-in says why', async () => {
    const body = person();
    const created = (await post('/api/profile/new', { ...body, profileCode: 'OPERATOR' }, admin)).json().payload;
    const token = await signIn(api.app, body.email, body.password);
    // Used just before: the API may have kept who the token is, and must forget it.
    expect((await me(token)).statusCode).toBe(200);
    expect((await post(`/api/profile/disable/${created.uuid}`, undefined, admin)).json().payload.status).toBe('SUSPENDED');
    expect((await me(token)).statusCode).toBe(401);
    const again = await post('/api/auth', authBody(body.email, body.password));
    expect(again.statusCode).toBe(403);
    expect(again.json().errors.message).toBe(messages.accountSuspended);
    expect((await post(`/api/profile/enable/${created.uuid}`, undefined, admin)).json().payload.status).toBe('ACTIVE');
    await signIn(api.app, body.email, body.password);
  });

  it('deletes softly: the account can no longer sign in and its address is free again', async () => {
    const body = person();
    const created = (await post('/api/profile/new', body, admin)).json().payload;
    const token = await signIn(api.app, body.email, body.password);
    expect((await post(`/api/profile/delete/${created.uuid}`, undefined, admin)).statusCode).toBe(200);
    expect((await me(token)).statusCode).toBe(401);
    expect((await post('/api/auth', authBody(body.email, body.password))).statusCode).toBe(401);
    expect((await post('/api/profile/new', body)).statusCode).toBe(201);
  });

  it('keeps an admin from deleting, suspending or demoting themself', async () => {
    const adminId = (await me(admin)).json().payload.userProfileDto.id;
    for (const url of [`/api/profile/delete/${adminId}`, `/api/profile/disable/${adminId}`]) {
      const response = await post(url, undefined, admin);
      expect(response.statusCode).toBe(409);
      expect(response.json().errors.message).toBe(messages.cannotRemoveSelf);
    }
    const demote = await post(
      '/api/profile/update',
      { uuid: adminId, email: 'admin@concesion.demo', firstName: 'Andrea', lastName: 'Valdés', profileCode: 'OPERATOR', phone: '+56911111111', rut: '11111111-1' },
      admin,
    );
    expect(demote.statusCode).toBe(409);
  });

  it('never removes the last active admin', async () => {
    const adminId = (await me(admin)).json().payload.userProfileDto.id;
    const someoneElse = { tokenId: 0, profileId: '00000000-0000-4000-8000-000000000000', email: 'x', role: 'ADMIN' as const, firstName: 'x', lastName: 'x', stage: 'full' as const };
    await expect(deleteProfile(api.database.db, adminId, someoneElse)).rejects.toMatchObject({ statusCode: 409, message: messages.lastAdmin });
  });

  it('reads one user for the edit screen, never with the password, and 404 once deleted', async () => {
    const body = person({ profileCode: 'INSPECTOR' });
    const created = (await post('/api/profile/new', body, admin)).json().payload;
    const read = await api.app.inject({ method: 'GET', url: `/api/profile/${created.uuid}`, headers: bearer(admin) });
    expect(read.statusCode).toBe(200);
    expect(read.json().payload).toEqual(created);
    expect(read.body).not.toContain('password');
    await post(`/api/profile/delete/${created.uuid}`, undefined, admin);
    const gone = await api.app.inject({ method: 'GET', url: `/api/profile/${created.uuid}`, headers: bearer(admin) });
    expect(gone.statusCode).toBe(404);
    const malformed = await api.app.inject({ method: 'GET', url: '/api/profile/not-a-uuid', headers: bearer(admin) });
    expect(malformed.statusCode).toBe(400);
  });

  it('answers 404 for an unknown user', async () => {
    const unknown = await api.app.inject({ method: 'GET', url: '/api/profile/00000000-0000-4000-8000-000000000000', headers: bearer(admin) });
    expect(unknown.statusCode).toBe(404);
    const response = await post('/api/profile/disable/00000000-0000-4000-8000-000000000000', undefined, admin);
    expect(response.statusCode).toBe(404);
  });

  it('refuses every user endpoint to every non-admin role', async () => {
    const someone = (await me(admin)).json().payload.userProfileDto.id;
    for (const email of ['operador', 'supervisor', 'inspector', 'conductor'].map((n) => `${n}@concesion.demo`)) {
      const token = await signIn(api.app, email);
      const calls = [
        api.app.inject({ method: 'GET', url: '/api/user/list', headers: bearer(token) }),
        api.app.inject({ method: 'GET', url: `/api/profile/${someone}`, headers: bearer(token) }),
        post('/api/profile/new', person(), token),
        post('/api/profile/update', { uuid: someone }, token),
        post(`/api/profile/delete/${someone}`, undefined, token),
        post(`/api/profile/disable/${someone}`, undefined, token),
        post(`/api/profile/enable/${someone}`, undefined, token),
      ];
      for (const response of await Promise.all(calls)) expect(response.statusCode, `${email} ${response.raw.req.url}`).toBe(403);
    }
  });
});

/** The reset link of the newest mail sent to `email`, once the mail is out. */
async function linkForMail(email: string) {
  await api.app.mailer.idle();
  const outbox = path.join(api.config.dataDir, 'outbox');
  const mails = readdirSync(outbox).map((f) => readFileSync(path.join(outbox, f), 'utf8'));
  const mail = mails.reverse().find((m) => m.includes(`To: ${email}`));
  const raw = mail?.replace(/=\r?\n/g, '').match(/token=3D([A-Za-z0-9_-]+)|token=([A-Za-z0-9_-]+)/);
  return raw ? (raw[1] ?? raw[2])! : null;
}

describe('password recovery', () => {
  const linkFor = linkForMail;

  it('answers the same for a known and an unknown address, and mails only the known one', async () => {
    const known = await api.app.inject({ method: 'GET', url: '/api/profile/forgotten/conductor@concesion.demo' });
    const unknown = await api.app.inject({ method: 'GET', url: '/api/profile/forgotten/nadie@concesion.demo' });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    expect(known.json().payload.message).toBe(messages.recoverSent);
    expect(await linkFor('conductor@concesion.demo')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await linkFor('nadie@concesion.demo')).toBeNull();
  });

  it('sets a new password once, ends the other sessions, and refuses the link again', async () => {
    const body = person();
    // Created by an admin: a confirmed address (a self-registered one gets no reset mail until confirmed, decision 135).
    await post('/api/profile/new', body, admin);
    const oldSession = await signIn(api.app, body.email, body.password);
    await api.app.inject({ method: 'GET', url: `/api/profile/forgotten/${body.email}` });
    const token = (await linkFor(body.email))!;
    const reset = await post('/api/profile/reset', { token, password: 'nueva-clave' });
    expect(reset.statusCode).toBe(200);
    expect((await me(oldSession)).statusCode).toBe(401);
    await signIn(api.app, body.email, 'nueva-clave');
    const reused = await post('/api/profile/reset', { token, password: 'otra-mas' });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().errors.message).toBe(messages.resetLinkInvalid);
  });

  it('lets the owner in from a new browser after a reset, while the account was locked by guessing (decision 133)', async () => {
    const body = person();
    // Created by an admin: a confirmed address, which reset links reach (decision 135).
    await post('/api/profile/new', body, admin);
    const attempt = (password: string, address: string) =>
      api.app.inject({ method: 'POST', url: '/api/auth', headers: { 'x-forwarded-for': address }, payload: { email: body.email, password, providerId: 'email', tokenId: '' } });
    for (let i = 0; i < 10; i++) expect((await attempt(`adivina-${i}`, `10.77.0.${i + 1}`)).statusCode).toBe(401);
    expect((await attempt(body.password, '10.77.1.1')).statusCode).toBe(429);
    await api.app.inject({ method: 'GET', url: `/api/profile/forgotten/${body.email}`, headers: { 'x-forwarded-for': '10.77.2.2' } });
    const token = (await linkFor(body.email))!;
    expect((await post('/api/profile/reset', { token, password: 'nueva-clave-77' })).statusCode).toBe(200);
    expect((await attempt('nueva-clave-77', '10.77.1.1')).statusCode).toBe(200);
  });

  it('refuses an older link once a newer one set the password', async () => {
    const body = person();
    await post('/api/profile/new', body, admin);
    const forgotten = () => api.app.inject({ method: 'GET', url: `/api/profile/forgotten/${body.email}`, headers: { 'x-forwarded-for': '10.3.3.3' } });
    await forgotten();
    const older = (await linkFor(body.email))!;
    await forgotten();
    const newer = (await linkFor(body.email))!;
    expect(newer).not.toBe(older);
    expect((await post('/api/profile/reset', { token: newer, password: 'nueva-clave' })).statusCode).toBe(200);
    const late = await post('/api/profile/reset', { token: older, password: 'la-del-atacante' });
    expect(late.statusCode).toBe(400);
    expect(late.json().errors.message).toBe(messages.resetLinkInvalid);
    await signIn(api.app, body.email, 'nueva-clave');
  });

  it('answers before looking the address up: the same answer, whether or not the address has an account', async () => {
    // Hold the work the answer leaves behind: the answers must come back without it.
    const held: (() => Promise<void>)[] = [];
    const later = vi.spyOn(api.app.mailer, 'prepareLater').mockImplementation((work) => void held.push(work));
    try {
      const answers = await Promise.all(
        ['conductor@concesion.demo', 'nadie@concesion.demo'].map((email) =>
          api.app.inject({ method: 'GET', url: `/api/profile/forgotten/${email}`, headers: { 'x-forwarded-for': '10.4.4.4' } }),
        ),
      );
      expect(answers.map((a) => [a.statusCode, a.body])).toEqual([
        [200, JSON.stringify({ payload: { message: messages.recoverSent } })],
        [200, JSON.stringify({ payload: { message: messages.recoverSent } })],
      ]);
      // The lookup (and the link, for the known address) happen only now.
      expect(held).toHaveLength(2);
    } finally {
      later.mockRestore();
    }
    await Promise.all(held.map((work) => work()));
    expect(await linkFor('conductor@concesion.demo')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('is limited per address whatever authorization header comes with it', async () => {
    const withBearer = { 'x-forwarded-for': '10.6.6.6', authorization: 'Bearer anything' };
    const forgotten: number[] = [];
    for (let i = 0; i < 6; i++) {
      forgotten.push((await api.app.inject({ method: 'GET', url: '/api/profile/forgotten/conductor@concesion.demo', headers: withBearer })).statusCode);
    }
    expect(forgotten).toEqual([200, 200, 200, 200, 200, 429]);
    const resets: number[] = [];
    for (let i = 0; i < 11; i++) {
      resets.push((await api.app.inject({ method: 'POST', url: '/api/profile/reset', headers: withBearer, payload: { token: 'x'.repeat(43), password: 'nueva-clave' } })).statusCode);
    }
    expect(resets.at(-1)).toBe(429);
    // Sign-up: only a real admin's token lifts its limit, not a driver's.
    const driver = await signIn(api.app, 'conductor@concesion.demo');
    const signUps: number[] = [];
    for (let i = 0; i < 11; i++) signUps.push((await post('/api/profile/new', { email: 'bad' }, driver, '10.6.6.7')).statusCode);
    expect(signUps.at(-1)).toBe(429);
  });

  it('refuses an expired link', async () => {
    const body = person();
    await post('/api/profile/new', body, admin);
    await api.app.inject({ method: 'GET', url: `/api/profile/forgotten/${body.email}` });
    const token = (await linkFor(body.email))!;
    await api.database.db.update(passwordReset).set({ expiresAt: new Date(Date.now() - 1000) }).where(isNull(passwordReset.usedAt));
    const response = await post('/api/profile/reset', { token, password: 'nueva-clave' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.message).toBe(messages.resetLinkExpired);
  });
});

describe('common passwords', () => {
  it('are refused wherever a password is chosen, on the password field, with nothing changed', async () => {
    const tooCommon = { password: messages.passwordTooCommon };
    const signUp = await post('/api/profile/new', person({ password: 'Password1' }), undefined, '10.12.0.1');
    expect(signUp.statusCode).toBe(400);
    expect(signUp.json().errors.fields).toEqual(tooCommon);
    // With spaces and tabs around it, and the published demo password (decision 132).
    for (const [password, address] of [[' \tPassword1  ', '10.12.0.5'], ['Demo-2026', '10.12.0.6'], ['\tdEMO-2026 ', '10.12.0.7']]) {
      const padded = await post('/api/profile/new', person({ password }), undefined, address);
      expect(padded.statusCode, password).toBe(400);
      expect(padded.json().errors.fields, password).toEqual(tooCommon);
    }

    const body = person();
    const created = (await post('/api/profile/new', body, admin)).json().payload;
    const update = await post('/api/profile/update', { ...body, uuid: created.uuid, profileCode: 'DRIVER', password: 'qwerty123' }, admin);
    expect(update.json().errors.fields).toEqual(tooCommon);

    const token = await signIn(api.app, body.email, body.password);
    const own = await api.app.inject({
      method: 'POST',
      url: '/api/profile/password',
      headers: { ...bearer(token), 'x-forwarded-for': '10.12.0.2' },
      payload: { currentPassword: body.password, password: 'iloveyou' },
    });
    expect(own.json().errors.fields).toEqual(tooCommon);

    await api.app.inject({ method: 'GET', url: `/api/profile/forgotten/${body.email}`, headers: { 'x-forwarded-for': '10.12.0.3' } });
    const link = (await linkForMail(body.email))!;
    const reset = await post('/api/profile/reset', { token: link, password: 'football' }, undefined, '10.12.0.4');
    expect(reset.json().errors.fields).toEqual(tooCommon);
    // The link still works for a better password, and the old one was kept until then.
    await signIn(api.app, body.email, body.password);
    expect((await post('/api/profile/reset', { token: link, password: 'ruta-68-km-42' }, undefined, '10.12.0.4')).statusCode).toBe(200);
  });
});

describe('an admin setting a user’s password', () => {
  it('ends that user’s sessions, and keeps the admin’s own when editing themself', async () => {
    const body = person();
    const created = (await post('/api/profile/new', body, admin)).json().payload;
    const session = await signIn(api.app, body.email, body.password);
    const update = await post('/api/profile/update', { ...body, uuid: created.uuid, profileCode: 'DRIVER', password: 'otra-clave-9' }, admin);
    expect(update.statusCode).toBe(200);
    expect((await me(session)).statusCode).toBe(401);
    await signIn(api.app, body.email, 'otra-clave-9');

    const ownAdmin = await signIn(api.app, 'admin@concesion.demo');
    const otherAdminSession = await signIn(api.app, 'admin@concesion.demo');
    const self = (await api.app.inject({ method: 'GET', url: '/api/user/me', headers: bearer(ownAdmin) })).json().payload.userProfileDto as { id: string };
    const current = (await api.app.inject({ method: 'GET', url: `/api/profile/${self.id}`, headers: bearer(ownAdmin) })).json().payload;
    // Not the demo password again: a published password is refused (decision 132).
    const changed = await post('/api/profile/update', { ...current, realAddress: current.realAddress ?? '', password: 'Ruta-68-Segura!' }, ownAdmin);
    expect(changed.json()).toMatchObject({ payload: { email: 'admin@concesion.demo' } });
    expect((await me(ownAdmin)).statusCode).toBe(200);
    expect((await me(otherAdminSession)).statusCode).toBe(401);
    admin = ownAdmin;
  });
});

describe('text the database cannot store', () => {
  it('refuses a NUL character with a 400, never a 500', async () => {
    const response = await post('/api/profile/new', person({ firstName: 'A\u0000B' }), undefined, '10.0.0.77');
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.fields.firstName).toBe(messages.invalidCharacters);
  });
});
