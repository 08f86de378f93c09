import { generate } from 'otplib';
import { eq } from 'drizzle-orm';
import { profile } from '../../platform/db/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@contract/messages';
import { authBody, bearer, createTestApi, signIn, type TestApi } from '../../test/helper';

/**
 * Two-step sign-in for staff (docs/decisions/113-two-step-sign-in.md): TOTP after the password, recovery codes,
 * required for admins.
 */
let api: TestApi;
let admin: string;
beforeAll(async () => {
  api = await createTestApi({ demoTickets: 0, config: { twoStepRoles: ['ADMIN'] } });
});
afterAll(() => api.close());

let counter = 0;
/** A staff member of the test's own, created by an admin who has already set up a second step. */
async function newStaff(profileCode = 'OPERATOR', password = 'ruta-68-km-42') {
  const email = `staff${++counter}@concesion.demo`;
  const created = await api.app.inject({
    method: 'POST',
    url: '/api/profile/new',
    headers: bearer(admin),
    payload: { email, password, firstName: 'Ana', lastName: 'Rojas', phone: '+56 9 8765 4321', rut: '12.345.678-5', profileCode },
  });
  expect(created.statusCode, created.body).toBe(201);
  return { email, password, id: created.json().payload.uuid as string };
}

const post = (url: string, token: string, payload?: object) => api.app.inject({ method: 'POST', url, headers: bearer(token), payload });
const firstStep = async (email: string, password: string) => {
  const response = await api.app.inject({ method: 'POST', url: '/api/auth', headers: { 'x-forwarded-for': '10.20.0.1' }, payload: authBody(email, password) });
  expect(response.statusCode).toBe(200);
  return { token: String(response.headers.authorization).replace('Bearer ', ''), payload: response.json().payload };
};
const me = (token: string) => api.app.inject({ method: 'GET', url: '/api/user/me', headers: bearer(token) });

/** Enrols the token's owner: the secret as an app would read it, and the recovery codes. */
async function enrol(token: string) {
  const setup = await post('/api/profile/me/two-step/setup', token);
  expect(setup.statusCode, setup.body).toBe(200);
  const { secret, uri } = setup.json().payload as { secret: string; uri: string };
  expect(uri).toMatch(/^otpauth:\/\/totp\/.+secret=/);
  const code = await generate({ secret });
  const confirmed = await post('/api/profile/me/two-step/confirm', token, { code });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return { secret, code, recoveryCodes: confirmed.json().payload.recoveryCodes as string[] };
}

describe('an admin (second step required)', () => {
  it('signs in first with a token that opens nothing but enrolment, then enrols and gets in', async () => {
    const first = await firstStep('admin@concesion.demo', 'Demo-2026');
    // The sign-in contract of docs/specification.md, "7. The calls it makes" holds: the token in the header, the me
    // shape in the body.
    expect(first.payload).toMatchObject({ email: 'admin@concesion.demo', secondStep: 'enrol' });
    expect((await me(first.token)).statusCode).toBe(401);
    expect((await api.app.inject({ method: 'GET', url: '/api/user/list', headers: bearer(first.token) })).statusCode).toBe(401);
    const { recoveryCodes } = await enrol(first.token);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    expect((await me(first.token)).statusCode).toBe(200);
    admin = first.token;
  });

  it('may not turn it off', async () => {
    const off = await post('/api/profile/me/two-step/disable', admin, { currentPassword: 'Demo-2026' });
    expect(off.statusCode).toBe(409);
    expect(off.json().errors.message).toBe(messages.twoStepRequired);
  });
});

describe('a staff member who chooses a second step', () => {
  it('is asked a current code after the password; a wrong code is refused and a used one is never taken again', async () => {
    const person = await newStaff();
    const { token } = await firstStep(person.email, person.password);
    expect((await me(token)).statusCode).toBe(200); // optional: nothing asked before enrolling
    const status = await api.app.inject({ method: 'GET', url: '/api/profile/me/two-step', headers: bearer(token) });
    expect(status.json().payload).toEqual({ enabled: false, required: false, available: true, recoveryCodesLeft: 0 });
    const { secret, code: enrolledWith } = await enrol(token);

    const next = await firstStep(person.email, person.password);
    expect(next.payload.secondStep).toBe('verify');
    expect((await me(next.token)).statusCode).toBe(401);
    const wrong = await post('/api/auth/second-step', next.token, { code: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors.fields.code).toBe(messages.twoStepCodeWrong);
    // The code the enrolment used (same 30 s) is spent: replay refused.
    const replay = await post('/api/auth/second-step', next.token, { code: enrolledWith });
    expect(replay.statusCode).toBe(400);
    expect((await me(next.token)).statusCode).toBe(401);
    // A code of the next step (the app a little ahead) is accepted once.
    const ahead = await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
    expect((await post('/api/auth/second-step', next.token, { code: ahead })).statusCode).toBe(200);
    expect((await me(next.token)).statusCode).toBe(200);
    const again = await firstStep(person.email, person.password);
    expect((await post('/api/auth/second-step', again.token, { code: ahead })).statusCode).toBe(400);
  });

  it('can use each recovery code once instead', async () => {
    const person = await newStaff('SUPERVISOR');
    const { token } = await firstStep(person.email, person.password);
    const { recoveryCodes } = await enrol(token);
    const one = await firstStep(person.email, person.password);
    expect((await post('/api/auth/second-step', one.token, { code: recoveryCodes[0]!.toUpperCase() })).statusCode).toBe(200);
    const two = await firstStep(person.email, person.password);
    expect((await post('/api/auth/second-step', two.token, { code: recoveryCodes[0]! })).statusCode).toBe(400);
    const left = await api.app.inject({ method: 'GET', url: '/api/profile/me/two-step', headers: bearer(one.token) });
    expect(left.json().payload.recoveryCodesLeft).toBe(9);
  });

  it('ends a half-open session after five wrong codes', async () => {
    const person = await newStaff('INSPECTOR');
    const { token } = await firstStep(person.email, person.password);
    const { secret } = await enrol(token);
    const next = await firstStep(person.email, person.password);
    for (let i = 0; i < 4; i++) expect((await post('/api/auth/second-step', next.token, { code: '123456' })).statusCode).toBe(400);
    const fifth = await post('/api/auth/second-step', next.token, { code: '654321' });
    expect(fifth.statusCode).toBe(401);
    expect(fifth.json().errors.message).toBe(messages.twoStepTooManyTries);
    const late = await post('/api/auth/second-step', next.token, { code: await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }) });
    expect(late.statusCode).toBe(401);
  });

  it('counts wrong codes per account across sign-ins: signing in again buys no more guesses', async () => {
    const person = await newStaff('SUPERVISOR');
    const { token } = await firstStep(person.email, person.password);
    await enrol(token);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 2; attempt++) {
      const next = await firstStep(person.email, person.password);
      for (let i = 0; i < 3; i++) statuses.push((await post('/api/auth/second-step', next.token, { code: '111111' })).statusCode);
    }
    // Five wrong codes from this address, over two sign-ins: the sixth is refused before it is checked.
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
  });

  it('turns it off with the password; an admin resets it and ends the sessions', async () => {
    const person = await newStaff();
    const { token } = await firstStep(person.email, person.password);
    await enrol(token);
    // A session alone cannot swap the authenticator app: setting up again is refused while it is on.
    const swap = await post('/api/profile/me/two-step/setup', token);
    expect(swap.statusCode).toBe(409);
    expect(swap.json().errors.message).toBe(messages.twoStepAlreadyOn);
    expect((await post('/api/profile/me/two-step/disable', token, { currentPassword: 'no-es' })).statusCode).toBe(400);
    expect((await post('/api/profile/me/two-step/disable', token, { currentPassword: person.password })).statusCode).toBe(200);
    expect((await firstStep(person.email, person.password)).payload.secondStep).toBeUndefined();

    await enrol(token);
    const operator = await signIn(api.app, 'operador@concesion.demo');
    expect((await post(`/api/profile/${person.id}/two-step/reset`, operator)).statusCode).toBe(403);
    const reset = await post(`/api/profile/${person.id}/two-step/reset`, admin);
    expect(reset.statusCode).toBe(200);
    expect((await me(token)).statusCode).toBe(401);
    const after = await firstStep(person.email, person.password);
    expect(after.payload.secondStep).toBeUndefined();
    expect((await me(after.token)).statusCode).toBe(200);
  });

  it('is refused to drivers with 403 on every call of one’s own second step, as any call outside the permission table', async () => {
    const driver = await signIn(api.app, 'conductor@concesion.demo');
    const calls = [
      api.app.inject({ method: 'GET', url: '/api/profile/me/two-step', headers: bearer(driver) }),
      api.app.inject({ method: 'GET', url: '/api/profile/me/two-step/setup', headers: bearer(driver) }),
      post('/api/profile/me/two-step/setup', driver),
      post('/api/profile/me/two-step/confirm', driver, { code: '123456' }),
      post('/api/profile/me/two-step/disable', driver, { currentPassword: 'Demo-2026' }),
      post('/api/auth/second-step', driver, { code: '123456' }),
    ];
    for (const answer of await Promise.all(calls)) {
      expect(answer.statusCode, answer.body).toBe(403);
      expect(answer.json()).toEqual({ errors: { message: messages.forbidden } });
    }
    // Nothing was started for them: no pending secret was written.
    const [row] = await api.database.db.select().from(profile).where(eq(profile.email, 'conductor@concesion.demo'));
    expect(row!.totpPendingSecret).toBeNull();
  });
});

/**
 * Any change of a person's rights ends their open sessions at once (decision 133), and a role that
 * needs the second step asks for it at the next sign-in.
 */
describe('a change of rights', () => {
  const update = (person: { email: string; id: string }, profileCode: string) =>
    post('/api/profile/update', admin, {
      uuid: person.id,
      email: person.email,
      firstName: 'Ana',
      lastName: 'Rojas',
      phone: '+56 9 8765 4321',
      rut: '12.345.678-5',
      profileCode,
    });

  it('promotion to ADMIN ends the password-only sessions, which never act as admin; the next sign-in asks for the second step', async () => {
    const person = await newStaff('OPERATOR');
    const { token, payload } = await firstStep(person.email, person.password);
    expect(payload.secondStep).toBeUndefined();
    // The old session is cached as an operator's, and in use.
    expect((await me(token)).statusCode).toBe(200);
    expect((await api.app.inject({ method: 'GET', url: '/api/user/list', headers: bearer(token) })).statusCode).toBe(403);
    const promoted = await update(person, 'ADMIN');
    expect(promoted.statusCode, promoted.body).toBe(200);
    // Neither as admin nor as anything else.
    expect((await api.app.inject({ method: 'GET', url: '/api/user/list', headers: bearer(token) })).statusCode).toBe(401);
    expect((await me(token)).statusCode).toBe(401);
    const again = await firstStep(person.email, person.password);
    expect(again.payload.secondStep).toBe('enrol');
    expect((await me(again.token)).statusCode).toBe(401);
  });

  it('demotion, suspension and deletion end every session of the person too', async () => {
    for (const change of ['demote', 'suspend', 'delete'] as const) {
      const person = await newStaff('SUPERVISOR');
      const sessions = [(await firstStep(person.email, person.password)).token, (await firstStep(person.email, person.password)).token];
      for (const token of sessions) expect((await me(token)).statusCode).toBe(200);
      const answer =
        change === 'demote'
          ? await update(person, 'OPERATOR')
          : await post(change === 'suspend' ? `/api/profile/disable/${person.id}` : `/api/profile/delete/${person.id}`, admin);
      expect(answer.statusCode, `${change}: ${answer.body}`).toBe(200);
      for (const token of sessions) expect((await me(token)).statusCode, change).toBe(401);
    }
  });

  it('an edit that changes no rights keeps the sessions', async () => {
    const person = await newStaff('OPERATOR');
    const { token } = await firstStep(person.email, person.password);
    expect((await update(person, 'OPERATOR')).statusCode).toBe(200);
    expect((await me(token)).statusCode).toBe(200);
  });
});

describe('a second step under parallel guessing', () => {
  it('checks no more codes than the account’s limit among 40 parallel guesses from 40 addresses', async () => {
    const person = await newStaff('SUPERVISOR');
    const { token } = await firstStep(person.email, person.password);
    await enrol(token);
    const halfOpen: { token: string }[] = [];
    for (let i = 0; i < 8; i++) halfOpen.push(await firstStep(person.email, person.password));
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        api.app.inject({
          method: 'POST',
          url: '/api/auth/second-step',
          headers: { ...bearer(halfOpen[i % 8]!.token), 'x-forwarded-for': `203.0.113.${i + 1}` },
          payload: { code: String(100000 + i) },
        }),
      ),
    );
    // A code was checked when the answer says it was wrong (400) or the half-open session ended on it.
    const checked = answers.filter(
      (answer) => answer.statusCode === 400 || (answer.statusCode === 401 && answer.json().errors.message === messages.twoStepTooManyTries),
    );
    expect(checked.length).toBeLessThanOrEqual(10);
    expect(answers.filter((answer) => answer.statusCode === 429).length).toBeGreaterThanOrEqual(30);
  });

  it('a replaced half-open token stops working: signing in again from the same browser hands it over', async () => {
    const person = await newStaff('INSPECTOR');
    const { token } = await firstStep(person.email, person.password);
    const { secret } = await enrol(token);
    const first = await firstStep(person.email, person.password);
    expect(first.payload.secondStep).toBe('verify');
    const again = await api.app.inject({
      method: 'POST',
      url: '/api/auth',
      headers: { ...bearer(first.token), 'x-forwarded-for': '10.20.0.1' },
      payload: authBody(person.email, person.password),
    });
    expect(again.statusCode).toBe(200);
    const code = await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
    expect((await post('/api/auth/second-step', first.token, { code })).statusCode).toBe(401);
    const second = String(again.headers.authorization).replace('Bearer ', '');
    expect((await post('/api/auth/second-step', second, { code })).statusCode).toBe(200);
  });
});
